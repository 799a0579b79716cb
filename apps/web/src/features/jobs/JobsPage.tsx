import { Badge, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { DEFAULT_PAGE_SIZE, FILTER_DEBOUNCE_MS, PAGE_SIZES } from '@tc/domain';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleKey } from '#src/app/navigation/access.ts';
import type { ScreenDef } from '#src/app/navigation/screens.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { Pager } from '#src/components/Pager.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { DayNavigator } from './DayNavigator.tsx';
import { type JobRow, useJobsList } from './useJobsList.ts';

/**
 * The reservations of one day, server-paged with the total count. The full list with per-column
 * filters and saved state comes with the generic resource table (issue 3).
 */
export function JobsPage({ def }: { def: ScreenDef }) {
  const { t } = useTranslation();
  const { template } = useSession();
  const { site } = useSite();
  const [day, setDay] = useState(() => dayjs().format('YYYY-MM-DD'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useJobsList({ site, day, search: debounced, page, pageSize });
  const count = list.data?.count ?? 0;
  const columns = useMemo<ColumnDef<JobRow, unknown>[]>(
    () => [
      { id: '_id', accessorKey: '_id', header: t('jobs.columns.id') },
      { id: 'date', accessorKey: 'date', header: t('jobs.columns.date') },
      {
        id: 'passenger',
        header: t('jobs.columns.passenger'),
        accessorFn: (j) => [j.firstName, j.lastName].filter(Boolean).join(' '),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('jobs.columns.status'),
        cell: (c) => <Badge variant="light">{t(`jobStatus.${c.row.original.status}`)}</Badge>,
      },
      { id: 'from', header: t('jobs.columns.from'), accessorFn: (j) => j.from?.address ?? '' },
      { id: 'to', header: t('jobs.columns.to'), accessorFn: (j) => j.to?.address ?? '' },
      { id: 'seats', accessorKey: 'seats', header: t('jobs.columns.seats') },
    ],
    [t],
  );
  const changeDay = (next: string | null) => {
    if (!next) return;
    setDay(next);
    setPage(1);
  };
  return (
    <Stack>
      <PageTitle>{t(titleKey(def, template))}</PageTitle>
      <Group justify="space-between" align="end">
        <TextInput
          label={t('common.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          maw={320}
        />
        <DayNavigator day={day} onChange={changeDay} />
      </Group>
      <DataTable data={list.data?.data ?? []} columns={columns} loading={list.isLoading} />
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {t('jobs.total', { count })}
        </Text>
        <Group>
          <Select
            aria-label={t('jobs.pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(v) => {
              setPageSize(Number(v ?? DEFAULT_PAGE_SIZE));
              setPage(1);
            }}
            w={90}
            allowDeselect={false}
          />
          <Pager pages={Math.ceil(count / pageSize)} page={page} onPage={setPage} />
        </Group>
      </Group>
    </Stack>
  );
}
