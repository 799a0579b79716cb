import { Anchor, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { HOME_LIST_SIZES, type HomeListSize, type RecentJob, statFontSize } from '@tc/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '#src/components/DataTable.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';

/** A statistic: its label and its value, drawn at the spec's size (80, else 240 over the length), opening `to` when given. */
export function StatTile({
  label,
  value,
  to,
  hint,
}: {
  label: string;
  value: number | string;
  to?: string;
  hint?: string;
}) {
  const number = (
    <Text
      component="span"
      fw={700}
      lh={1.1}
      style={{ fontSize: statFontSize(value) }}
      aria-label={`${label}: ${value}`}
    >
      {value}
    </Text>
  );
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {to ? (
          <Anchor component={Link} to={to} underline="hover" c="inherit">
            {number}
          </Anchor>
        ) : (
          number
        )}
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "Show 5 / show 10" of a home list. */
export function ListSize({
  value,
  onChange,
  label,
}: {
  value: HomeListSize;
  onChange: (v: HomeListSize) => void;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={label}
      value={String(value)}
      onChange={(v) => onChange(Number(v) as HomeListSize)}
      data={HOME_LIST_SIZES.map((n) => ({ value: String(n), label: t('home.show', { count: n }) }))}
    />
  );
}

/** A list of reservations on a home screen: id (opening it), date, status, passenger. */
export function RecentJobsTable({
  title,
  rows,
  loading,
  action,
}: {
  title: string;
  rows: RecentJob[] | undefined;
  loading: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const columns: ColumnDef<RecentJob, unknown>[] = [
    {
      id: 'id',
      header: t('home.columns.id'),
      accessorKey: 'id',
      cell: ({ row }) => (
        <Anchor component={Link} to={`/jobs/edit/${row.original.id}`}>
          {row.original.id}
        </Anchor>
      ),
    },
    {
      id: 'date',
      header: t('home.columns.date'),
      accessorFn: (r) => r.date ?? '',
      cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{row.original.date ?? ''}</span>,
    },
    {
      id: 'status',
      header: t('home.columns.status'),
      accessorKey: 'status',
      cell: ({ row }) => <StatusBadge status={row.original.status} kind="jobStatus" />,
    },
    { id: 'passenger', header: t('home.columns.passenger'), accessorKey: 'passenger' },
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {title}
          </Title>
          {action}
        </Group>
        <DataTable data={rows ?? []} columns={columns} label={title} loading={loading} minWidth={360} />
      </Stack>
    </Paper>
  );
}
