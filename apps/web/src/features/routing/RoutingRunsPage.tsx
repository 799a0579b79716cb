import { Alert, Anchor, Button, Group, Popover, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { RunLogEntry, StoredDoc } from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '#src/api/client.ts';
import { find, findKey } from '#src/api/find.ts';
import { i18n } from '#src/app/i18n.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';

/** A line of a run's log in the user's language. */
function logLine(e: RunLogEntry): string {
  const words = (() => {
    switch (e.event) {
      case 'start':
        return i18n.t(e.assign ? 'routingRuns.events.startAssign' : 'routingRuns.events.start', e);
      case 'day':
        return i18n.t(e.estimated ? 'routingRuns.events.dayEstimated' : 'routingRuns.events.day', e);
      case 'failed':
        // the refusal in the user's language where it is the catalogue's, else as the server said it
        return i18n.t('routingRuns.events.failed', {
          error: serverErrorText(new ApiError(e.error, 0, undefined, e.code, e.details ?? {})),
        });
      default:
        return i18n.t(`routingRuns.events.${e.event}`, e);
    }
  })();
  return `${e.at} ${words}`;
}

/** How many of the latest runs the page lists. */
const RUNS_SHOWN = 200;
/** How many of a run's trips are links; the others are counted. */
const TRIPS_SHOWN = 6;

/**
 * The routing scheduler's runs of the site (add-on 550, docs/routing.md), newest first: when each
 * was due, its schedule, its outcome, what it routed and left in the queue, its trips, its log, and
 * "Undo" while nothing of a written run changed; above them, when each active schedule runs next.
 * Kept current by /socket (a new run is a change of routingRuns).
 */
export function RoutingRunsPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<number | null>(null);
  const body = {
    col: 'routingRuns',
    query: site === null ? {} : { unit: site },
    sort: { _id: -1 as const },
    limit: RUNS_SHOWN,
  };
  const runs = useQuery({ queryKey: findKey(body), queryFn: () => find(body) });
  const schedulesBody = {
    col: 'routingSchedules',
    query: site === null ? {} : { unit: site },
    sort: { name: 1 as const },
    limit: 200,
  };
  const schedules = useQuery({ queryKey: findKey(schedulesBody), queryFn: () => find(schedulesBody) });
  // when each active schedule runs next, as the scheduler keeps it: its key is under the runs' finds,
  // so a new run (which moves its schedule on) asks again, as /socket and Run now refresh those; and
  // each minute, for a run due ("now") and a schedule another user edits meanwhile
  const next = useQuery({
    queryKey: ['find', 'routingRuns', 'next', site],
    queryFn: () => call('routingschedulenext', site === null ? {} : { unit: site }),
    refetchInterval: 60_000,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const runNow = async () => {
    if (!chosen) return;
    setRunning(true);
    setFailure(null);
    try {
      await call('routingschedulerun', { id: Number(chosen) }, { priority: 'highest' });
      await queryClient.invalidateQueries({ queryKey: ['find'] });
    } catch (err) {
      // a long run goes on after the call gives up waiting: its outcome comes over /socket
      if (err instanceof ApiError && err.code === 'timeout') notifySuccess(t('routingRuns.stillRunning'));
      else setFailure(serverErrorText(err));
    } finally {
      setRunning(false);
    }
  };
  const undo = async (id: number) => {
    setUndoing(id);
    setFailure(null);
    try {
      const run = await call('routingrunundo', { id });
      notifySuccess(t('routingRuns.undone', { count: ((run.trips as number[] | undefined) ?? []).length }));
      await queryClient.invalidateQueries({ queryKey: ['find'] });
    } catch (err) {
      setFailure(serverErrorText(err));
    } finally {
      setUndoing(null);
    }
  };
  const columns: ColumnDef<StoredDoc, unknown>[] = [
    { id: 'dueAt', accessorKey: 'dueAt', header: t('routingRuns.dueAt') },
    { id: 'name', accessorKey: 'name', header: t('routingRuns.schedule') },
    {
      id: 'outcome',
      accessorKey: 'outcome',
      header: t('routingRuns.outcome'),
      cell: (c) => <StatusBadge status={String(c.row.original.outcome)} kind="scheduleOutcome" />,
    },
    { id: 'days', header: t('routingRuns.days'), cell: (c) => ((c.row.original.days as string[]) ?? []).join(', ') },
    { id: 'routed', accessorKey: 'routed', header: t('routingRuns.routed'), meta: { align: 'right' } },
    { id: 'queued', accessorKey: 'queued', header: t('routingRuns.queued'), meta: { align: 'right' } },
    {
      id: 'trips',
      header: t('routingRuns.trips'),
      enableSorting: false,
      cell: (c) => {
        const trips = (c.row.original.trips as number[] | undefined) ?? [];
        return (
          <Group gap={6}>
            {trips.slice(0, TRIPS_SHOWN).map((id) => (
              <Anchor key={id} component={Link} to={`/trips/${id}`} size="sm">
                {id}
              </Anchor>
            ))}
            {trips.length > TRIPS_SHOWN ? (
              <Text size="sm" c="dimmed">
                {t('routingRuns.more', { count: trips.length - TRIPS_SHOWN })}
              </Text>
            ) : null}
          </Group>
        );
      },
    },
    {
      id: 'log',
      header: t('routingRuns.log'),
      enableSorting: false,
      cell: (c) => {
        const log = ((c.row.original.log as RunLogEntry[] | undefined) ?? []).map(logLine);
        return (
          <Popover width={460} position="left" withArrow shadow="md">
            <Popover.Target>
              <Button size="xs" variant="subtle" disabled={log.length === 0}>
                {t('routingRuns.showLog', { count: log.length })}
              </Button>
            </Popover.Target>
            <Popover.Dropdown>
              <Text size="xs" style={{ whiteSpace: 'pre-line' }}>
                {log.join('\n')}
              </Text>
            </Popover.Dropdown>
          </Popover>
        );
      },
    },
    {
      id: 'undo',
      header: '',
      enableSorting: false,
      cell: (c) =>
        c.row.original.outcome === 'written' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={undoing === c.row.original._id}
            onClick={() => void undo(c.row.original._id)}
          >
            {t('routingRuns.undo')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Stack>
      <PageTitle>{t('routingRuns.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('routingRuns.intro')}
      </Text>
      {next.data === undefined ? null : next.data.length === 0 ? (
        <Text size="sm">{t('routingRuns.noneActive')}</Text>
      ) : (
        <Stack component="section" gap={0} aria-label={t('routingRuns.nextRuns')}>
          <Text size="sm" fw={500}>
            {t('routingRuns.nextRuns')}
          </Text>
          {next.data.map((r) => (
            <Text size="sm" key={r.id}>
              {r.on
                ? t('routingRuns.nextRun', { name: r.name, at: r.at, days: r.days.join(', ') })
                : t('routingRuns.nextRunOff', { name: r.name })}
            </Text>
          ))}
        </Stack>
      )}
      <Group align="end">
        <Select
          label={t('routingRuns.schedule')}
          data={(schedules.data?.data ?? []).map((x) => ({ value: String(x._id), label: String(x.name) }))}
          value={chosen}
          onChange={setChosen}
          w={320}
        />
        <Button onClick={() => void runNow()} disabled={!chosen} loading={running}>
          {t('routingRuns.runNow')}
        </Button>
      </Group>
      {failure ? <Alert color="red">{failure}</Alert> : null}
      {runs.error ? <Alert color="red">{serverErrorText(runs.error)}</Alert> : null}
      <DataTable
        data={runs.data?.data ?? []}
        columns={columns}
        loading={runs.isLoading}
        label={t('routingRuns.title')}
        empty={t('routingRuns.none')}
        minWidth={760}
      />
    </Stack>
  );
}
