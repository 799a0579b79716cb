import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNewYork } from '#src/app/formatTime.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { Pager } from '#src/components/Pager.tsx';
import { HISTORY_PAGE_SIZE, type HistoryRecord, useCreation, useHistory } from './useHistory.ts';

export interface HistoryViewerProps {
  collection: string;
  id: number;
}

function formatData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data, null, 1);
}

/**
 * Per record: time (America/New_York), user, operation and data, newest first and a page at a time
 * (the count says how many there are: none is cut silently), with who created it and when.
 */
export function HistoryViewer({ collection, id }: HistoryViewerProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useHistory(collection, id, page);
  const created = useCreation(collection, id).data;
  const records = history.data?.data ?? [];
  const count = history.data?.count ?? 0;
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
        cell: (c) => (
          <Code block style={{ maxWidth: 480, maxHeight: 160, overflow: 'auto' }}>
            {formatData(c.row.original.data)}
          </Code>
        ),
      },
    ],
    [t],
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
