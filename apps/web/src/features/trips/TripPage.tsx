import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import {
  CAR_REF,
  DRIVER_REF,
  dayOfDateTime,
  isTripStatus,
  mayTakeTripAction,
  PLANNED_TRIP_STATUSES,
  RUNNING_TRIP_STATUSES,
  TRIP_ACTION_RULES,
  type TripAction,
  type TripStatus,
} from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { useTripLive } from '#src/features/live/useTripLive.ts';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { QueuePanel } from './QueuePanel.tsx';
import { TripRiders } from './TripRiders.tsx';
import { TripStops } from './TripStops.tsx';
import { TripWhy } from './TripWhy.tsx';
import { useFavoriteTrips } from './useFavoriteTrips.ts';
import { type Trip, tripChoice, useOpenTrips, useTrip, useTripAction } from './useTrip.ts';

/** The trip's own actions, in the order a trip lives them. */
const TRIP_BUTTONS: TripAction[] = [
  'send',
  'approve',
  'start',
  'end',
  'clear',
  'group',
  'ungroup',
  'release',
  'cancel',
];

/**
 * /trips/{id} (spec section 2: trip breakdown and assign log; issue 12): the trip's status, driver
 * and vehicle, its riders in order with what can be done with each, the trip's next actions, its
 * notes and who assigned or cleared it when. Changes by others arrive over the socket.
 */
export function TripPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { trip, riders } = useTrip(id);
  const action = useTripAction(trip.data);
  const { act, pending } = action;
  const busy = pending !== null;
  const { can } = useSession();
  const navigate = useNavigate();
  const { favorites, toggle: toggleFavorite } = useFavoriteTrips();
  const unit = trip.data?.unit ?? undefined;
  const others = useOpenTrips(unit, dayOfDateTime(trip.data?.date));
  const drivers = useRefOptions('trips', unit ? { ...DRIVER_REF, query: { unit } } : undefined);
  const cars = useRefOptions('trips', unit ? { ...CAR_REF, query: { unit } } : undefined);
  // a running trip's ETAs, for those who may watch the live map
  const live = useTripLive(
    trip.data ?? undefined,
    RUNNING_TRIP_STATUSES.includes(trip.data?.status as TripStatus) && can('liveMap', 'view'),
  );
  if (trip.isError) return <Alert color="red">{serverErrorText(trip.error)}</Alert>;
  if (trip.data === null) return <Alert color="yellow">{t('trip.notFound')}</Alert>;
  if (!trip.data) return <Text c="dimmed">{t('common.loading')}</Text>;
  const data = trip.data;
  const status = isTripStatus(data.status) ? data.status : 'new';
  const label = (options: typeof drivers.data, value: unknown) =>
    value ? (options?.find((o) => o.value === String(value))?.label ?? `#${String(value)}`) : t('trip.none');
  const grouped = riders.filter((r) => r.forceJoin === 'AUTO').length;
  const needs: Partial<Record<TripAction, boolean>> = {
    send: !!data.driver,
    clear: !!data.driver,
    message: !!data.driver,
    group: riders.length > 1 && grouped < riders.length,
    ungroup: grouped > 0,
  };
  const may = (action: TripAction) =>
    mayTakeTripAction(status, action) && can('trips', TRIP_ACTION_RULES[action].permission) && needs[action] !== false;
  // the queue panel beside a trip that can still take riders
  const queued = PLANNED_TRIP_STATUSES.includes(status) && can('trips', 'view');
  const otherTrips = (others.data ?? []).filter((o) => o._id !== data._id).map((o) => tripChoice(t, o));
  const run = async (action: TripAction) => {
    const ok = await act(action);
    // a released trip is no more: back to the list
    if (ok && action === 'release') await navigate('/trips');
  };
  return (
    <Stack>
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <PageTitle>{t('trip.title', { id: data._id })}</PageTitle>
          <output aria-label={t('trip.status')}>
            <StatusBadge status={data.status} kind="tripStatus" />
          </output>
          <ActionIcon
            variant="subtle"
            color="yellow"
            aria-pressed={favorites.includes(data._id)}
            aria-label={t('trip.favorite')}
            onClick={() => void toggleFavorite(data._id)}
          >
            {favorites.includes(data._id) ? <IconStarFilled size={20} /> : <IconStar size={20} />}
          </ActionIcon>
        </Group>
        <Group gap="xs">
          {TRIP_BUTTONS.filter(may).map((action) => (
            <Button
              key={action}
              variant={['send', 'approve', 'start', 'end'].includes(action) ? 'filled' : 'default'}
              color={action === 'cancel' ? 'red' : undefined}
              loading={pending === action}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {t(`trip.actions.${action}`)}
            </Button>
          ))}
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, lg: queued ? 8 : 12 }}>
          <Stack>
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
                {data.distance !== undefined ? (
                  <Text>
                    {t('trip.distance')}: <b>{t('trip.km', { count: Math.round(data.distance / 100) / 10 })}</b>
                  </Text>
                ) : null}
                {data.duration !== undefined ? (
                  <Text>
                    {t('trip.duration')}: <b>{t('trip.minutes', { count: Math.round(data.duration / 60) })}</b>
                  </Text>
                ) : null}
              </Group>
              {!data.driver && PLANNED_TRIP_STATUSES.includes(status) && can('trips', 'assign') ? (
                <AssignForm drivers={drivers.data ?? []} cars={cars.data ?? []} act={act} busy={busy} />
              ) : null}
              {may('merge') && otherTrips.length > 0 ? <MergeForm trips={otherTrips} act={act} busy={busy} /> : null}
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t('trip.riders')}
              </Title>
              <TripRiders status={data.status} riders={riders} act={act} busy={busy} otherTrips={otherTrips} />
            </Paper>
            <Paper withBorder p="md">
              <Title order={4} mb="sm">
                {t('trip.stops')}
              </Title>
              <TripStops plan={data.plan} riders={riders} live={live.data} />
            </Paper>
            {riders.length > 1 ? (
              <Paper withBorder p="md">
                <Title order={4} mb="sm">
                  {t('trip.why.title')}
                </Title>
                <TripWhy plan={data.plan} rules={data.rules} riders={riders} />
              </Paper>
            ) : null}
            <TripEntries
              title={t('trip.messages')}
              label={t('trip.message')}
              button={t('trip.actions.message')}
              entries={data.messages}
              add={may('message') ? (text) => act('message', { text }) : undefined}
              busy={busy}
            />
            <TripEntries
              title={t('trip.notes')}
              label={t('trip.note')}
              button={t('trip.actions.note')}
              entries={data.notes}
              add={may('note') ? (text) => act('note', { text }) : undefined}
              busy={busy}
            />
            <AssignLog trip={data} driverLabel={(v) => label(drivers.data, v)} carLabel={(v) => label(cars.data, v)} />
          </Stack>
        </Grid.Col>
        {queued && unit ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <QueuePanel unit={unit} day={dayOfDateTime(data.date)} into={action} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

/** Another trip of the day whose riders join this one (spec: merge). */
function MergeForm({ trips, act, busy }: { trips: Options; act: Act; busy: boolean }) {
  const { t } = useTranslation();
  const [other, setOther] = useState<string | null>(null);
  return (
    <Group align="end" mt="md">
      <Select label={t('trip.mergeWith')} data={trips} value={other} onChange={setOther} searchable w={300} />
      <Button variant="default" disabled={!other || busy} onClick={() => void act('merge', { trip: Number(other) })}>
        {t('trip.actions.merge')}
      </Button>
    </Group>
  );
}

type Options = { value: string; label: string }[];
type Act = ReturnType<typeof useTripAction>['act'];

/** A driver and a vehicle for a trip that has none; the driver's own vehicle when none is chosen. */
function AssignForm({ drivers, cars, act, busy }: { drivers: Options; cars: Options; act: Act; busy: boolean }) {
  const { t } = useTranslation();
  const [driver, setDriver] = useState<string | null>(null);
  const [car, setCar] = useState<string | null>(null);
  return (
    <Group align="end" mt="md">
      <Select label={t('trip.driver')} data={drivers} value={driver} onChange={setDriver} searchable w={260} />
      <Select label={t('trip.car')} data={cars} value={car} onChange={setCar} searchable clearable w={220} />
      <Button
        disabled={!driver || busy}
        onClick={() => void act('assign', { driver: Number(driver), ...(car ? { car: Number(car) } : {}) })}
      >
        {t('trip.actions.assign')}
      </Button>
    </Group>
  );
}

type Entry = { text: string; user?: string; time?: string };

/**
 * Texts written on the trip, only ever added (time, author and text tell them apart), and a new one
 * when the user may write it: the notes (spec: add note) and the messages to the driver.
 */
function TripEntries(props: {
  title: string;
  label: string;
  button: string;
  entries: Entry[] | undefined;
  add: ((text: string) => Promise<boolean>) | undefined;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const entries = props.entries ?? [];
  const { add } = props;
  if (!add && entries.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {props.title}
      </Title>
      <Stack gap="xs">
        {entries.map((e) => (
          <Text key={`${e.time}|${e.user}|${e.text}`} size="sm">
            <b>{e.user}</b> {e.time}: {e.text}
          </Text>
        ))}
        {add ? (
          <Group align="end">
            <Textarea
              label={props.label}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={1}
              style={{ flex: 1 }}
            />
            <Button
              disabled={!text.trim() || props.busy}
              onClick={() => void add(text).then((ok) => ok && setText(''))}
            >
              {props.button}
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
