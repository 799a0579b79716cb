import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNewYork } from '#src/app/formatTime.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { type HistoryRecord, useHistory } from './useHistory.ts';

export interface HistoryViewerProps {
  collection: string;
  id: number;
}

function formatData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data, null, 1);
}

/** Per record: time (America/New_York), user, operation and data, with who created it and when. */
export function HistoryViewer({ collection, id }: HistoryViewerProps) {
  const { t } = useTranslation();
  const history = useHistory(collection, id);
  const records = history.data?.data ?? [];
  const created = records.find((record) => record.operation === 'insert') ?? records[0];
  const columns = useMemo<ColumnDef<HistoryRecord, unknown>[]>(
    () => [
      { id: 'time', accessorKey: 'time', header: t('history.time'), cell: (c) => formatNewYork(c.row.original.time) },
      { id: 'user', accessorKey: 'user', header: t('history.user') },
      {
        id: 'operation',
        accessorKey: 'operation',
        header: t('history.operation'),
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
    </Stack>
  );
}
