import { Button, Group, Paper, ScrollArea, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUEUED_JOB_STATUSES, type StoredDoc, withinDay } from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { riderName, tripChoice, useOpenTrips, type useTripAction } from './useTrip.ts';

type Place = { address?: string };

/** On a trip's page, the page's action runner for that trip: a move waits for the page's actions, and they for it. */
type QueueInto = ReturnType<typeof useTripAction>;

/**
 * The queue panel (spec section 2): the reservations of a site's day that wait to be routed (new or
 * waiting, in no trip). "Move to trip" routes one into a trip of that day that has not started
 * (`tripaction` add; on a trip's page, that trip, through the page's own action runner); "Remove from
 * queue" puts it on hold, out of routing until someone releases it from the reservations list.
 * docs/dispatch.md.
 */
export function QueuePanel({ unit, day, into }: { unit: number; day: string; into?: QueueInto }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: ['find', 'jobs', 'queue', unit, day],
    queryFn: async () =>
      (
        await find({
          col: 'jobs',
          query: {
            unit,
            status: { $in: [...QUEUED_JOB_STATUSES] },
            date: withinDay(day),
          },
          sort: { date: 1 },
          limit: 200,
        })
      ).data.filter((j) => !j.trip),
  });
  const trips = useOpenTrips(into ? undefined : unit, day);
  const choices = (trips.data ?? []).map((trip) => tripChoice(t, trip));
  const done = async (work: () => Promise<unknown>, message: string) => {
    try {
      await work();
      notifySuccess(message);
    } catch (err) {
      notifyError(err);
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
      await queryClient.invalidateQueries({ queryKey: ['find', 'trips'] });
    }
  };
  const moveTo = async (job: StoredDoc, tripId?: number) => {
    if (into) {
      await into.act('add', { job: job._id });
      return;
    }
    // the trip's version as it is now: the panel acts on the trip, not on a version shown elsewhere
    const trip = (trips.data ?? []).find((x) => x._id === tripId);
    if (!trip) return;
    await done(
      () => call('tripaction', { id: trip._id, _version: trip._version, action: 'add', job: job._id }),
      t('queue.moved', { id: trip._id }),
    );
  };
  const hold = (job: StoredDoc) =>
    done(
      () =>
        call('update', { col: 'jobs', query: { _id: job._id }, data: { status: 'onhold', _version: job._version } }),
      t('queue.removed'),
    );
  const rows = queue.data ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-label={t('queue.title')}>
      <Title order={4} mb="sm">
        {t('queue.title')} ({rows.length})
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {queue.isError ? t('queue.failed') : t('queue.empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={720} type="auto" offsetScrollbars>
          <Stack gap="xs">
            {rows.map((job) => (
              <QueuedJob
                key={job._id}
                job={job}
                choices={into ? undefined : choices}
                onMove={can('trips', 'editQueue') ? (tripId) => void moveTo(job, tripId) : undefined}
                busy={into?.pending != null}
                onHold={can('jobs', 'edit') ? () => void hold(job) : undefined}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function QueuedJob(props: {
  job: StoredDoc;
  choices: { value: string; label: string }[] | undefined;
  onMove: ((trip?: number) => void) | undefined;
  onHold: (() => void) | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { job, choices } = props;
  const [trip, setTrip] = useState<string | null>(null);
  const name = riderName(job);
  return (
    <Paper withBorder p="xs" component="article" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {String(job.date ?? '').slice(11)} {name}
        </Text>
        <StatusBadge status={String(job.status)} kind="jobStatus" />
      </Group>
      <Text size="xs" c="dimmed">
        {(job.from as Place | undefined)?.address} → {(job.to as Place | undefined)?.address}
      </Text>
      <Group gap="xs" mt={4}>
        {props.onMove && choices ? (
          <Select
            size="xs"
            aria-label={t('queue.trip')}
            placeholder={t('queue.trip')}
            data={choices}
            value={trip}
            onChange={setTrip}
            w={180}
          />
        ) : null}
        {props.onMove ? (
          <Button
            size="compact-xs"
            disabled={props.busy || (choices !== undefined && !trip)}
            onClick={() => props.onMove?.(trip ? Number(trip) : undefined)}
          >
            {t('queue.move')}
          </Button>
        ) : null}
        {props.onHold ? (
          <Button size="compact-xs" variant="subtle" onClick={props.onHold}>
            {t('queue.remove')}
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
