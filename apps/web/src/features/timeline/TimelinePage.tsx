import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Box, Button, Drawer, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isTripStatus,
  localDateTime,
  localDay,
  PLANNED_TRIP_STATUSES,
  type StoredDoc,
  statusColor,
  withinDay,
} from '@tc/domain';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { DayNavigator } from '#src/components/DayNavigator.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { QueuePanel } from '#src/features/trips/QueuePanel.tsx';
import type { Trip } from '#src/features/trips/useTrip.ts';
import { hoursShown, lanes, minuteOfDay, reassignSteps, type Span, spanOf, tripSpan } from './timelineLayout.ts';

type Driver = StoredDoc & { firstName?: string; lastName?: string };
type Shift = StoredDoc & { driver?: number; start?: string; end?: string; breaks?: { start: string; end: string }[] };

const LANE = 30;

/** True while a trip is dragged: the click that ends the drag opens no trip. */
const Dragging = createContext<{ current: boolean }>({ current: false });
const NAMES = 180;

/**
 * /timeline (spec section 2; issue 12, point 4): the site's drivers by the hours of a day, each with
 * their shift, breaks and trips as bars coloured by status, and a line for now. Dragging a trip not
 * yet started onto another driver reassigns it (clearing the driver it had first, spec section 8);
 * onto "No driver", clears it. Trips and shifts changed elsewhere arrive over the socket.
 */
export function TimelinePage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const zone = useSiteTimeZone();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(() => localDay(zone));
  const [queueOpen, setQueueOpen] = useState(false);
  const dragging = useRef(false);
  const now = useNow(zone);
  const trips = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'trips', 'timeline', site, day],
    queryFn: async () =>
      (
        await find<Trip>({
          col: 'trips',
          query: { unit: site, date: withinDay(day), status: { $ne: 'canceled' } },
          project: { date: 1, status: 1, driver: 1, car: 1, duration: 1, stops: 1 },
          sort: { date: 1 },
          limit: 1000,
        })
      ).data,
  });
  const shifts = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'driverShifts', 'timeline', site, day],
    queryFn: async () =>
      (
        await find<Shift>({
          col: 'driverShifts',
          query: { unit: site, start: { $lte: `${day} 23:59` }, end: { $gte: `${day} 00:00` } },
          limit: 1000,
        })
      ).data,
  });
  const drivers = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'drivers', 'timeline', site],
    queryFn: async () =>
      (
        await find<Driver>({
          col: 'drivers',
          query: { unit: site },
          project: { firstName: 1, lastName: 1 },
          sort: { lastName: 1 },
          limit: 1000,
        })
      ).data,
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  const failed = [trips, shifts, drivers].find((q) => q.isError);
  const dayTrips = trips.data ?? [];
  const dayShifts = shifts.data ?? [];
  const working = new Set<number>([
    ...dayShifts.map((s) => s.driver).filter((d): d is number => typeof d === 'number'),
    ...dayTrips.map((x) => x.driver).filter((d): d is number => typeof d === 'number'),
  ]);
  const rows = (drivers.data ?? []).filter((d) => working.has(d._id));
  const tripSpans = new Map(dayTrips.map((x) => [x._id, tripSpan(day, String(x.date), x.duration)]));
  const shiftSpans = dayShifts.map((s) => ({ shift: s, span: spanOf(day, String(s.start), String(s.end)) }));
  const nowMinute = now.slice(0, 10) === day ? minuteOfDay(day, now) : null;
  const hours = hoursShown([...tripSpans.values(), ...shiftSpans.map((s) => s.span)], nowMinute);
  const scale = { from: hours.from * 60, minutes: (hours.to - hours.from) * 60 };
  const mayAssign = can('trips', 'assign');

  const reassign = async (trip: Trip, to: number | null) => {
    const steps = reassignSteps(trip.driver, to);
    if (steps.length === 0) return;
    if (steps.length === 2 && !(await confirmClearFirst(t, trip, nameOf(rows, trip.driver), nameOf(rows, to)))) return;
    try {
      let version = trip._version;
      for (const action of steps) {
        const done = await call('tripaction', {
          id: trip._id,
          _version: version,
          action,
          ...(action === 'assign' && to !== null ? { driver: to } : {}),
        });
        version = done._version;
      }
      notifySuccess(
        to === null
          ? t('trip.done.clear', { id: trip._id })
          : t('timeline.reassigned', { id: trip._id, name: nameOf(rows, to) }),
      );
    } catch (err) {
      notifyError(err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['find', 'trips'] });
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
    }
  };
  // the pointer's release also clicks the bar it carried: that click is not a request to open it
  const dragStart = () => {
    dragging.current = true;
  };
  const dragStop = () =>
    setTimeout(() => {
      dragging.current = false;
    }, 0);
  const onDragEnd = (e: DragEndEvent) => {
    dragStop();
    const trip = dayTrips.find((x) => `trip-${x._id}` === e.active.id);
    if (!trip || !e.over) return;
    const to = e.over.id === 'driver-none' ? null : Number(String(e.over.id).slice('driver-'.length));
    void reassign(trip, to);
  };

  const bar = (trip: Trip) => {
    const span = tripSpans.get(trip._id) as Span;
    const draggable = mayAssign && isTripStatus(trip.status) && PLANNED_TRIP_STATUSES.includes(trip.status);
    return { trip, span, draggable };
  };
  const unassigned = dayTrips.filter((x) => !x.driver).map(bar);
  return (
    <Stack>
      <Group justify="space-between">
        <PageTitle>{t('timeline.title')}</PageTitle>
        <Group gap="sm">
          <DayNavigator day={day} today={localDay(zone)} onChange={(d) => d && setDay(d)} />
          <Button variant="default" onClick={() => setQueueOpen(true)}>
            {t('queue.title')}
          </Button>
        </Group>
      </Group>
      {failed ? <Alert color="red">{serverErrorText(failed.error)}</Alert> : null}
      <Legend />
      <Paper withBorder p="xs" style={{ overflowX: 'auto' }}>
        <Box miw={760} role="grid" aria-label={t('timeline.title')}>
          <HourRuler from={hours.from} to={hours.to} />
          <Box pos="relative">
            <Dragging.Provider value={dragging}>
              <DndContext
                sensors={sensors}
                // the row under the pointer takes the trip, not the one its bar overlaps most
                collisionDetection={pointerWithin}
                onDragStart={dragStart}
                onDragEnd={onDragEnd}
                onDragCancel={dragStop}
              >
                <Row id="driver-none" label={t('timeline.noDriver')} bars={unassigned} scale={scale} />
                {rows.map((d) => (
                  <Row
                    key={d._id}
                    id={`driver-${d._id}`}
                    label={nameOf(rows, d._id)}
                    shifts={shiftSpans.filter((s) => s.shift.driver === d._id)}
                    day={day}
                    bars={dayTrips.filter((x) => x.driver === d._id).map(bar)}
                    scale={scale}
                  />
                ))}
              </DndContext>
            </Dragging.Provider>
            {nowMinute === null ? null : <NowLine minute={nowMinute} scale={scale} />}
          </Box>
          {rows.length === 0 && unassigned.length === 0 && !trips.isLoading ? (
            <Text c="dimmed" size="sm" p="sm">
              {t('timeline.empty')}
            </Text>
          ) : null}
        </Box>
      </Paper>
      <Drawer
        opened={queueOpen}
        onClose={() => setQueueOpen(false)}
        position="right"
        size="md"
        title={t('queue.title')}
      >
        <QueuePanel unit={site} day={day} />
      </Drawer>
    </Stack>
  );
}

type Scale = { from: number; minutes: number };
type Bar = { trip: Trip; span: Span; draggable: boolean };

const left = (minute: number, scale: Scale) => `${((minute - scale.from) / scale.minutes) * 100}%`;
const width = (span: Span, scale: Scale) => `${((span.end - span.start) / scale.minutes) * 100}%`;

function nameOf(drivers: Driver[], id: number | null | undefined): string {
  const d = drivers.find((x) => x._id === id);
  return d ? [d.firstName, d.lastName].filter(Boolean).join(' ') : `#${id ?? ''}`;
}

/** The site's time now, once a minute: the line for now moves with it. */
function useNow(zone: string): string {
  const [now, setNow] = useState(() => localDateTime(zone));
  useEffect(() => {
    setNow(localDateTime(zone));
    const timer = setInterval(() => setNow(localDateTime(zone)), 60_000);
    return () => clearInterval(timer);
  }, [zone]);
  return now;
}

function HourRuler({ from, to }: { from: number; to: number }) {
  const hours = Array.from({ length: to - from }, (_, i) => from + i);
  return (
    <Group gap={0} wrap="nowrap" pl={NAMES} role="row">
      {hours.map((h) => (
        <Text
          key={h}
          size="xs"
          c="dimmed"
          role="columnheader"
          style={{ flex: 1, borderLeft: '1px solid var(--mantine-color-gray-3)', paddingLeft: 2 }}
        >
          {String(h).padStart(2, '0')}:00
        </Text>
      ))}
    </Group>
  );
}

/** A driver's row (or the row of trips without driver): a drop target for trips. */
function Row(props: {
  id: string;
  label: string;
  bars: Bar[];
  scale: Scale;
  shifts?: { shift: Shift; span: Span }[];
  day?: string;
}) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: props.id });
  const laneOf = lanes(props.bars.map((b) => b.span));
  const height = (Math.max(0, ...laneOf) + 1) * LANE + 6;
  return (
    <Group
      gap={0}
      wrap="nowrap"
      role="row"
      aria-label={props.label}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm" fw={500} w={NAMES} miw={NAMES} truncate="end" role="rowheader" pr="xs">
        {props.label}
      </Text>
      <Box
        ref={setNodeRef}
        role="gridcell"
        pos="relative"
        h={height}
        style={{ flex: 1, background: isOver ? 'var(--mantine-color-blue-0)' : undefined }}
      >
        {props.shifts?.map(({ shift, span }) => (
          <Box key={shift._id}>
            <Band span={span} scale={props.scale} color="var(--mantine-color-gray-1)" label={t('timeline.shift')} />
            {(shift.breaks ?? []).map((b) => (
              <Band
                key={`${b.start}|${b.end}`}
                span={spanOf(props.day ?? '', b.start, b.end)}
                scale={props.scale}
                color="repeating-linear-gradient(45deg, var(--mantine-color-orange-1) 0 6px, var(--mantine-color-orange-0) 6px 12px)"
                label={t('timeline.break')}
              />
            ))}
          </Box>
        ))}
        {props.bars.map((b, i) => (
          <TripBar key={b.trip._id} bar={b} lane={laneOf[i] ?? 0} scale={props.scale} />
        ))}
      </Box>
    </Group>
  );
}

function Band({ span, scale, color, label }: { span: Span; scale: Scale; color: string; label: string }) {
  return (
    <Box
      title={label}
      pos="absolute"
      top={0}
      bottom={0}
      style={{ left: left(span.start, scale), width: width(span, scale), background: color }}
    />
  );
}

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function TripBar({ bar, lane, scale }: { bar: Bar; lane: number; scale: Scale }) {
  const { t } = useTranslation();
  const { trip, span, draggable } = bar;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `trip-${trip._id}`,
    disabled: !draggable,
  });
  const dragging = useContext(Dragging);
  const navigate = useNavigate();
  const status = String(trip.status);
  const label = t('timeline.trip', {
    id: trip._id,
    from: hhmm(span.start),
    to: hhmm(span.end),
    status: t(`values.tripStatus.${status}`),
  });
  const color = statusColor(status);
  return (
    <Tooltip label={label} openDelay={300}>
      <Box
        ref={setNodeRef}
        {...listeners}
        {...attributes}
        aria-label={label}
        aria-roledescription={draggable ? t('timeline.draggable') : undefined}
        // a click opens the trip; the click that ends a drag does not
        onClick={() => {
          if (!dragging.current) void navigate(`/trips/${trip._id}`);
        }}
        onKeyDown={(e: React.KeyboardEvent) => {
          if (e.key === 'Enter') void navigate(`/trips/${trip._id}`);
          else listeners?.onKeyDown?.(e);
        }}
        pos="absolute"
        top={3 + lane * LANE}
        h={LANE - 4}
        style={{
          left: left(span.start, scale),
          width: width(span, scale),
          minWidth: 28,
          background: `var(--mantine-color-${color}-light)`,
          border: `1px solid var(--mantine-color-${color}-filled)`,
          borderRadius: 4,
          cursor: draggable ? 'grab' : 'pointer',
          zIndex: isDragging ? 10 : 1,
          transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
          overflow: 'hidden',
        }}
      >
        <Text size="xs" fw={600} px={4} c={`${color}.9`} style={{ whiteSpace: 'nowrap', lineHeight: `${LANE - 6}px` }}>
          #{trip._id}
        </Text>
      </Box>
    </Tooltip>
  );
}

function NowLine({ minute, scale }: { minute: number; scale: Scale }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-label={t('timeline.now')}
      pos="absolute"
      top={0}
      bottom={0}
      style={{
        left: `calc(${NAMES}px + (100% - ${NAMES}px) * ${(minute - scale.from) / scale.minutes})`,
        borderLeft: '2px solid var(--mantine-color-red-6)',
        pointerEvents: 'none',
        zIndex: 5,
      }}
    />
  );
}

/** The status colours of the bars, with the shift and break bands. */
function Legend() {
  const { t } = useTranslation();
  const swatch = (background: string, border?: string): ReactNode => (
    <Box w={14} h={14} style={{ background, border, borderRadius: 3 }} />
  );
  return (
    <Group gap="md">
      {(['new', 'sent', 'approved', 'in route', 'picking up', 'done'] as const).map((s) => (
        <Group key={s} gap={4}>
          {swatch(
            `var(--mantine-color-${statusColor(s)}-light)`,
            `1px solid var(--mantine-color-${statusColor(s)}-filled)`,
          )}
          <Text size="xs">{t(`values.tripStatus.${s}`)}</Text>
        </Group>
      ))}
      <Group gap={4}>
        {swatch('var(--mantine-color-gray-1)')}
        <Text size="xs">{t('timeline.shift')}</Text>
      </Group>
      <Group gap={4}>
        {swatch('var(--mantine-color-orange-1)')}
        <Text size="xs">{t('timeline.break')}</Text>
      </Group>
    </Group>
  );
}

function confirmClearFirst(
  t: (key: string, values?: Record<string, unknown>) => string,
  trip: Trip,
  from: string,
  to: string,
): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('timeline.reassignTitle'),
      children: t('timeline.reassignText', { id: trip._id, from, to }),
      labels: { confirm: t('timeline.reassign'), cancel: t('common.cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
