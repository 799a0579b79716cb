import { Alert, Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { FILTER_DEBOUNCE_MS, PAGE_SIZES } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { find, findKey } from '#src/api/find.ts';
import { formatNewYork } from '#src/app/formatTime.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { DataTable } from '#src/components/DataTable.tsx';
import { DayInput } from '#src/components/DayInput.tsx';
import { Pager } from '#src/components/Pager.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import {
  changedFields,
  collectionLabel,
  HISTORY_COLLECTIONS,
  type HistoryFilters,
  historyQuery,
  NO_HISTORY_FILTERS,
  recordPath,
  resourceOf,
} from './historyQuery.ts';
import type { HistoryRecord } from './useHistory.ts';

const OPERATIONS = ['insert', 'update', 'delete'] as const;
/**
 * Settings › History (spec section 2): every change of the console in one server-paged table, newest
 * first, filtered by collection, user, operation and period; times in America/New_York as the
 * record's history viewer shows them; a row opens its record.
 */
export function HistoryPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<HistoryFilters>(NO_HISTORY_FILTERS);
  const [user] = useDebouncedValue(filters.user, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(20);
  const patch = (p: Partial<HistoryFilters>) => {
    setFilters((f) => ({ ...f, ...p }));
    setPage(1);
  };
  const body = {
    col: 'history',
    query: historyQuery({ ...filters, user }),
    sort: { time: -1, _id: -1 },
    skip: (page - 1) * limit,
    limit,
    count: true,
  } as const;
  const history = useQuery({
    queryKey: findKey(body),
    queryFn: () => find<HistoryRecord>(body, { priority: 'highest' }),
    placeholderData: keepPreviousData,
  });
  const count = history.data?.count ?? 0;
  const columns = useMemo<ColumnDef<HistoryRecord, unknown>[]>(
    () => [
      { id: 'time', header: t('history.time'), cell: (c) => formatNewYork(c.row.original.time), enableSorting: false },
      { id: 'user', header: t('history.user'), cell: (c) => c.row.original.user ?? '', enableSorting: false },
      {
        id: 'collection',
        header: t('history.collection'),
        cell: (c) => collectionLabel(t, c.row.original.collection),
        enableSorting: false,
      },
      {
        id: 'record',
        header: t('history.record'),
        enableSorting: false,
        cell: (c) => {
          const r = c.row.original;
          const path = r.operation === 'delete' ? undefined : recordPath(r.collection, r.id);
          return path ? (
            <Anchor component={Link} to={path}>
              {r.id}
            </Anchor>
          ) : (
            r.id
          );
        },
      },
      {
        id: 'operation',
        header: t('history.operation'),
        enableSorting: false,
        cell: (c) => (
          <Badge variant="light" color={{ insert: 'green', update: 'blue', delete: 'red' }[c.row.original.operation]}>
            {t(`history.operations.${c.row.original.operation}`)}
          </Badge>
        ),
      },
      {
        id: 'fields',
        header: t('history.fields'),
        enableSorting: false,
        cell: (c) => {
          const def = resourceOf(c.row.original.collection);
          return changedFields(c.row.original)
            .map((f) => (def ? t(fieldLabelKey(def.key, f), { defaultValue: f }) : f))
            .join(', ');
        },
      },
    ],
    [t],
  );
  return (
    <Stack>
      <PageTitle>{t('screens.history')}</PageTitle>
      <Text c="dimmed" size="sm">
        {t('history.intro')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('history.collection')}
          clearable
          searchable
          data={HISTORY_COLLECTIONS.map((c) => ({ value: c, label: collectionLabel(t, c) }))}
          value={filters.collection}
          onChange={(collection) => patch({ collection })}
          w={200}
        />
        <TextInput
          label={t('history.user')}
          value={filters.user}
          onChange={(e) => patch({ user: e.currentTarget.value })}
          w={200}
        />
        <Select
          label={t('history.operation')}
          clearable
          data={OPERATIONS.map((o) => ({ value: o, label: t(`history.operations.${o}`) }))}
          value={filters.operation}
          onChange={(v) => patch({ operation: v as HistoryFilters['operation'] })}
          w={160}
        />
        <DayInput label={t('history.from')} clearable value={filters.from} onChange={(from) => patch({ from })} />
        <DayInput label={t('history.to')} clearable value={filters.to} onChange={(to) => patch({ to })} />
        <Button variant="subtle" onClick={() => patch(NO_HISTORY_FILTERS)}>
          {t('history.clear')}
        </Button>
      </Group>
      {history.error ? <Alert color="red">{serverErrorText(history.error)}</Alert> : null}
      <DataTable
        data={history.data?.data ?? []}
        columns={columns}
        loading={history.isLoading}
        label={t('screens.history')}
      />
      <Group justify="space-between">
        <Text size="sm">{t('jobs.total', { count })}</Text>
        <Group>
          <Select
            aria-label={t('jobs.pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(limit)}
            onChange={(v) => {
              setLimit(Number(v ?? 20));
              setPage(1);
            }}
            w={90}
          />
          <Pager page={page} pages={Math.ceil(count / limit)} onPage={setPage} />
        </Group>
      </Group>
    </Stack>
  );
}
