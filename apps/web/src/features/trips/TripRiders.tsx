import { Anchor, Button, Group, Menu, Table } from '@mantine/core';
import {
  isTripStatus,
  mayTakeTripAction,
  RIDER_ACTIONS,
  type StoredDoc,
  TRIP_ACTION_RULES,
  type TripAction,
} from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '#src/app/session/useSession.ts';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { riderName } from './useTrip.ts';

type Place = { address?: string };
const RIDER_BUTTONS = ['pickup', 'dropoff', 'noshow', 'remove'] as const;

export interface TripRidersProps {
  status: string | undefined;
  riders: StoredDoc[];
  act: (action: TripAction, more: Record<string, unknown>) => Promise<boolean>;
  /** An action on the trip is under way: none other until it is done. */
  busy: boolean;
  /** Trips of the day a rider may move to. */
  otherTrips: { value: string; label: string }[];
}

/** A trip's riders in the order they ride: each one's time, places, seats and status, and what can be done with them now. */
export function TripRiders({ status, riders, act, busy, otherTrips }: TripRidersProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const current = isTripStatus(status) ? status : 'new';
  const allowed = (action: (typeof RIDER_BUTTONS)[number], rider: string) =>
    mayTakeTripAction(current, action) &&
    can('trips', TRIP_ACTION_RULES[action].permission) &&
    (action === 'remove' || RIDER_ACTIONS[action].from.includes(rider as never));
  const mayMove =
    otherTrips.length > 0 && mayTakeTripAction(current, 'move') && can('trips', TRIP_ACTION_RULES.move.permission);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label={t('trip.riders')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trip.time')}</Table.Th>
            <Table.Th>{t('trip.rider')}</Table.Th>
            <Table.Th>{t('trip.from')}</Table.Th>
            <Table.Th>{t('trip.to')}</Table.Th>
            <Table.Th>{t('trip.seats')}</Table.Th>
            <Table.Th>{t('trip.status')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {riders.map((r) => {
            const riderStatus = String(r.status);
            const name = riderName(r);
            return (
              <Table.Tr key={r._id}>
                <Table.Td>{String(r.date ?? '').slice(11)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/jobs/edit/${r._id}`}>
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{(r.from as Place | undefined)?.address}</Table.Td>
                <Table.Td>{(r.to as Place | undefined)?.address}</Table.Td>
                <Table.Td>{String(r.seats ?? '')}</Table.Td>
                <Table.Td>
                  <StatusBadge status={riderStatus} kind="jobStatus" />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {RIDER_BUTTONS.filter((a) => allowed(a, riderStatus)).map((a) => (
                      <Button
                        key={a}
                        size="compact-xs"
                        variant={a === 'remove' ? 'subtle' : 'default'}
                        aria-label={t(`trip.riderAction.${a}`, { name })}
                        disabled={busy}
                        onClick={() => void act(a, { job: r._id })}
                      >
                        {t(`trip.actions.${a}`)}
                      </Button>
                    ))}
                    {mayMove ? (
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            disabled={busy}
                            aria-label={t('trip.riderAction.move', { name })}
                          >
                            {t('trip.actions.move')}
                          </Button>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {otherTrips.map((o) => (
                            <Menu.Item
                              key={o.value}
                              onClick={() => void act('move', { job: r._id, trip: Number(o.value) })}
                            >
                              {o.label}
                            </Menu.Item>
                          ))}
                        </Menu.Dropdown>
                      </Menu>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
