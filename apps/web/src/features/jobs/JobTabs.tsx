import { Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { type JobEvent, jobTimeline } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { find, findKey } from '#src/api/find.ts';
import { formatInZone } from '#src/app/formatTime.ts';
import { useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useMoney } from '#src/app/useMoney.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import type { HistoryRecord } from '#src/features/history/useHistory.ts';
import type { Row } from '#src/features/resources/useResourcePage.ts';

const status = (t: TFunction, s: string) => t(`values.jobStatus.${s}`);

/** One event of a reservation's life, as a sentence. */
function eventText(t: TFunction, e: JobEvent): string {
  switch (e.kind) {
    case 'booked':
      return t('jobSummary.booked', { status: status(t, e.status) });
    case 'status':
      return t('jobSummary.status', { from: status(t, e.from), to: status(t, e.to) });
    case 'trip':
      return e.trip === null ? t('jobSummary.released') : t('jobSummary.routed', { trip: e.trip });
    case 'driver':
      return e.driver === null ? t('jobSummary.noDriver') : t('jobSummary.driver', { driver: e.driver });
    case 'changed':
      return t('jobSummary.changed', { fields: e.fields.map((f) => t(fieldLabelKey('jobs', f))).join(', ') });
    case 'deleted':
      return t('jobSummary.deleted');
  }
}

/** The reservation's life (issue 11, point 6): booked, changed, routed, picked, dropped; who and when, on the site's clock. */
export function JobSummaryTab({ record }: { record: Row }) {
  const { t } = useTranslation();
  const zone = useSiteTimeZone();
  const body = {
    col: 'history',
    query: { collection: 'jobs', id: record._id },
    sort: { time: 1, _id: 1 },
    limit: 500,
  } as const;
  const history = useQuery({ queryKey: findKey(body), queryFn: () => find<HistoryRecord>(body) });
  const events = jobTimeline(
    (history.data?.data ?? []).map((h) => ({ ...h, data: h.data as Record<string, unknown> | null })),
  );
  if (history.isLoading) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (events.length === 0) return <Text c="dimmed">{t('jobSummary.none')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={events.length - 1} aria-label={t('form.tabs.summary')}>
      {events.map((e) => (
        <Timeline.Item key={`${e.time}:${e.kind}:${eventText(t, e)}`} title={eventText(t, e)}>
          <Text size="xs" c="dimmed">
            {formatInZone(e.time, zone)}
            {e.user ? ` · ${e.user}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

interface Trans {
  _id: number;
  date: string;
  type: string;
  amount: number;
  last4?: string;
  reference?: string;
  status?: string;
}

/** The reservation's charges and refunds (`trans`), newest first. */
export function JobPaymentsTab({ record }: { record: Row }) {
  const { t } = useTranslation();
  const money = useMoney();
  const body = { col: 'trans', query: { job: record._id }, sort: { _id: -1 }, limit: 100 } as const;
  const trans = useQuery({ queryKey: findKey(body), queryFn: () => find<Trans>(body) });
  const columns = useMemo<ColumnDef<Trans, unknown>[]>(
    () => [
      { id: 'date', accessorKey: 'date', header: t('jobPayments.date') },
      { id: 'type', header: t('jobPayments.type'), cell: (c) => t(`jobPayments.types.${c.row.original.type}`) },
      { id: 'amount', header: t('jobPayments.amount'), cell: (c) => money.format(c.row.original.amount) },
      {
        id: 'card',
        header: t('jobPayments.card'),
        cell: (c) => (c.row.original.last4 ? `···· ${c.row.original.last4}` : ''),
      },
      { id: 'reference', accessorKey: 'reference', header: t('jobPayments.reference') },
    ],
    [t, money],
  );
  return <DataTable data={trans.data?.data ?? []} columns={columns} loading={trans.isLoading} />;
}
