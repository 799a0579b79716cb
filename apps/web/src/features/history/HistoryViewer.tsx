import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { ResourceDef } from '@tc/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNewYork } from '#src/app/formatTime.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { Pager } from '#src/components/Pager.tsx';
import { loadRefs, type Row } from '#src/features/resources/useResourcePage.ts';
import { historyColumns, historyLines, historyRows } from './historyLines.ts';
import { HISTORY_PAGE_SIZE, type HistoryRecord, useCreation, useHistory } from './useHistory.ts';

export interface HistoryViewerProps {
  collection: string;
  id: number;
  /** The record's resource: its changes read by field labels and referenced names (else as data). */
  def?: ResourceDef;
}

function formatData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data, null, 1);
}

/**
 * Per record: time (America/New_York), user, operation and data, newest first and a page at a time
 * (the count says how many there are: none is cut silently), with who created it and when.
 */
export function HistoryViewer({ collection, id, def }: HistoryViewerProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHistory(collection, id, page);
  const created = useCreation(collection, id).data;
  const records = history.data?.data ?? [];
  const count = history.data?.count ?? 0;
  const specs = useMemo(() => (def ? historyColumns(def) : undefined), [def]);
  // the names of what the page's values refer to, asked as the record's form asks them
  const refs = useQuery({
    queryKey: ['find', collection, 'historyRefs', id, page, records.map((r) => r._id)],
    queryFn: () =>
      loadRefs({ ...(def as ResourceDef), columns: [...(specs?.values() ?? [])] }, historyRows(records) as Row[]),
    enabled: !!def && records.length > 0,
  });
  const columns = useMemo<ColumnDef<HistoryRecord, unknown>[]>(
    () => [
      // newest first, as the server pages them: sorting one page on the client would mislead
      {
        id: 'time',
        accessorKey: 'time',
        header: t('history.time'),
        enableSorting: false,
        cell: (c) => formatNewYork(c.row.original.time),
      },
      { id: 'user', accessorKey: 'user', header: t('history.user'), enableSorting: false },
      {
        id: 'operation',
        accessorKey: 'operation',
        header: t('history.operation'),
        enableSorting: false,
        cell: (c) => t(`history.operations.${c.row.original.operation}`),
      },
      {
        id: 'data',
        accessorFn: (record) => formatData(record.data),
        header: t('history.data'),
        enableSorting: false,
        cell: (c) =>
          def && specs ? (
            <Stack gap={0}>
              {historyLines(def, specs, c.row.original, t, refs.data ?? {}).map((line) => (
                <Text key={line} size="sm">
                  {line}
                </Text>
              ))}
            </Stack>
          ) : (
            <Code block style={{ maxWidth: 480, maxHeight: 160, overflow: 'auto' }}>
              {formatData(c.row.original.data)}
            </Code>
          ),
      },
    ],
    [t, def, specs, refs.data],
  );

  return (
    <Stack gap="xs">
      <Group gap="xl">
        <Text size="sm">
          {t('history.createdBy')}: <b>{created?.user ?? '—'}</b>
        </Text>
        <Text size="sm">
          {t('history.createdAt')}: <b>{created ? formatNewYork(created.time) : '—'}</b>
        </Text>
        <Text size="xs" c="dimmed">
          {t('history.timeZone')}
        </Text>
      </Group>
      {history.error ? <Alert color="red">{serverErrorText(history.error)}</Alert> : null}
      <DataTable data={records} columns={columns} loading={history.isLoading} />
      <Group justify="space-between">
        <Text size="sm">{t('jobs.total', { count })}</Text>
        <Pager page={page} pages={Math.ceil(count / HISTORY_PAGE_SIZE)} onPage={setPage} />
      </Group>
    </Stack>
  );
}
