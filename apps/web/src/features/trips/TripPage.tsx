import { Alert, Button, Group, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  CAR_REF,
  DRIVER_REF,
  isTripStatus,
  mayTakeTripAction,
  PLANNED_TRIP_STATUSES,
  TRIP_ACTION_RULES,
  type TripAction,
} from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { TripRiders } from './TripRiders.tsx';
import { type Trip, useTrip, useTripAction } from './useTrip.ts';

/** The trip's own actions, in the order a trip lives them. */
const TRIP_BUTTONS: TripAction[] = ['send', 'approve', 'start', 'end', 'clear', 'cancel'];

/**
 * /trips/{id} (spec section 2: trip breakdown and assign log; issue 12): the trip's status, driver
 * and vehicle, its riders in order with what can be done with each, the trip's next actions, its
 * notes and who assigned or cleared it when. Changes by others arrive over the socket.
 */
export function TripPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { trip, riders } = useTrip(id);
  const act = useTripAction(trip.data);
  const { can } = useSession();
  const unit = trip.data?.unit;
  const drivers = useRefOptions('trips', unit ? { ...DRIVER_REF, query: { unit } } : undefined);
  const cars = useRefOptions('trips', unit ? { ...CAR_REF, query: { unit } } : undefined);
  if (trip.isError) return <Alert color="red">{serverErrorText(trip.error)}</Alert>;
  if (trip.data === null) return <Alert color="yellow">{t('trip.notFound')}</Alert>;
  if (!trip.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  const data = trip.data;
  const status = isTripStatus(data.status) ? data.status : 'new';
  const label = (options: typeof drivers.data, value: unknown) =>
    value ? (options?.find((o) => o.value === String(value))?.label ?? `#${String(value)}`) : t('trip.none');
  const may = (action: TripAction) =>
    mayTakeTripAction(status, action) &&
    can('trips', TRIP_ACTION_RULES[action].permission) &&
    (action === 'send' || action === 'clear' ? !!data.driver : true);
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <PageTitle>{t('trip.title', { id: data._id })}</PageTitle>
          <output aria-label={t('trip.status')}>
            <StatusBadge status={data.status} kind="tripStatus" />
          </output>
        </Group>
        <Group gap="xs">
          {TRIP_BUTTONS.filter(may).map((action) => (
            <Button
              key={action}
              variant={action === 'cancel' || action === 'clear' ? 'default' : 'filled'}
              color={action === 'cancel' ? 'red' : undefined}
              onClick={() => void act(action)}
            >
              {t(`trip.actions.${action}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Group gap="xl">
          <Text>
            {t('trip.when')}: <b>{data.date}</b>
          </Text>
          <Text>
            {t('trip.driver')}: <b>{label(drivers.data, data.driver)}</b>
          </Text>
          <Text>
            {t('trip.car')}: <b>{label(cars.data, data.car)}</b>
          </Text>
        </Group>
        {!data.driver && PLANNED_TRIP_STATUSES.includes(status) && can('trips', 'assign') ? (
          <AssignForm drivers={drivers.data ?? []} cars={cars.data ?? []} act={act} />
        ) : null}
      </Paper>
      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          {t('trip.riders')}
        </Title>
        <TripRiders status={data.status} riders={riders} act={act} />
      </Paper>
      <TripNotes trip={data} act={act} />
      <AssignLog trip={data} driverLabel={(v) => label(drivers.data, v)} carLabel={(v) => label(cars.data, v)} />
    </Stack>
  );
}

type Options = { value: string; label: string }[];
type Act = ReturnType<typeof useTripAction>;

/** A driver and a vehicle for a trip that has none; the driver's own vehicle when none is chosen. */
function AssignForm({ drivers, cars, act }: { drivers: Options; cars: Options; act: Act }) {
  const { t } = useTranslation();
  const [driver, setDriver] = useState<string | null>(null);
  const [car, setCar] = useState<string | null>(null);
  return (
    <Group align="end" mt="md">
      <Select label={t('trip.driver')} data={drivers} value={driver} onChange={setDriver} searchable w={260} />
      <Select label={t('trip.car')} data={cars} value={car} onChange={setCar} searchable clearable w={220} />
      <Button
        disabled={!driver}
        onClick={() => void act('assign', { driver: Number(driver), ...(car ? { car: Number(car) } : {}) })}
      >
        {t('trip.actions.assign')}
      </Button>
    </Group>
  );
}

function TripNotes({ trip, act }: { trip: Trip; act: Act }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [text, setText] = useState('');
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('trip.notes')}
      </Title>
      <Stack gap="xs">
        {/* notes are only added: time, author and text tell them apart */}
        {(trip.notes ?? []).map((n) => (
          <Text key={`${n.time}|${n.user}|${n.text}`} size="sm">
            <b>{n.user}</b> {n.time}: {n.text}
          </Text>
        ))}
        {can('trips', 'addNote') ? (
          <Group align="end">
            <Textarea
              label={t('trip.note')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={1}
              style={{ flex: 1 }}
            />
            <Button disabled={!text.trim()} onClick={() => void act('note', { text }).then((ok) => ok && setText(''))}>
              {t('trip.actions.note')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Who assigned or cleared which driver and vehicle, when (spec: the trip's assign log). */
function AssignLog(props: { trip: Trip; driverLabel: (v: unknown) => string; carLabel: (v: unknown) => string }) {
  const { t } = useTranslation();
  const log = props.trip.assignLog ?? [];
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('trip.assignLog')}
      </Title>
      {log.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('trip.noAssignments')}
        </Text>
      ) : (
        <Table aria-label={t('trip.assignLog')}>
          <Table.Tbody>
            {log.map((e) => (
              <Table.Tr key={`${e.time}|${e.action}|${e.driver}|${e.car}`}>
                <Table.Td>{e.time}</Table.Td>
                <Table.Td>{e.user}</Table.Td>
                <Table.Td>{t(`trip.log.${e.action}`)}</Table.Td>
                <Table.Td>{props.driverLabel(e.driver)}</Table.Td>
                <Table.Td>{props.carLabel(e.car)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
