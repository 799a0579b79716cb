import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPlayerPlay, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  localDay,
  REPORT_FILTERS,
  REPORT_NAMES,
  REPORT_TYPES,
  type ReportAnswer,
  type ReportCell,
  type ReportColumnKind,
  type ReportName,
  type ResourceDef,
  resourceByKey,
} from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import writeXlsxFile from 'write-excel-file/browser';
import { call } from '#src/api/client.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useMoney } from '#src/app/useMoney.ts';
import { type DataColumnMeta, DataTable } from '#src/components/DataTable.tsx';
import { DayInput } from '#src/components/DayInput.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { downloadText } from '#src/features/resources/csv.ts';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { reportCsv, reportFileName, reportLines } from './reportFile.ts';

type Filter = (typeof REPORT_FILTERS)[ReportName][number];
const JOBS = resourceByKey('jobs') as ResourceDef;
const TRIPS = resourceByKey('trips') as ResourceDef;
/** Where a filter's choices come from: a reference of reservations (trips for suppliers). */
const FILTER_REFS: Record<Filter, { resource: ResourceDef; field: string }> = {
  service: { resource: JOBS, field: 'service' },
  profile: { resource: JOBS, field: 'profile' },
  driver: { resource: JOBS, field: 'driver' },
  supplier: { resource: TRIPS, field: 'supplier' },
};

/** /reports: the eight reports (spec section 2), each a sub-page. */
export function ReportsPage({ report }: { report?: string }) {
  const { t } = useTranslation();
  if (report && (REPORT_NAMES as string[]).includes(report))
    return <ReportPage key={report} report={report as ReportName} />;
  return (
    <Stack>
      <PageTitle>{t('screens.reports')}</PageTitle>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {REPORT_NAMES.map((name) => (
          <Paper key={name} withBorder p="md" radius="md">
            <Anchor component={Link} to={`/reports/${name}`} fw={600}>
              {t(`pages.reports.${name}`)}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`reports.about.${name}`)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function FilterSelect({
  filter,
  value,
  onChange,
}: {
  filter: Filter;
  value: string | null;
  onChange: (v: string | null) => void;
}) {
  const { t } = useTranslation();
  const { resource, field } = FILTER_REFS[filter];
  const ref =
    resource.columns.find((c) => c.field === field)?.ref ?? resource.references?.find((r) => r.field === field)?.ref;
  const options = useRefOptions(resource.key, ref);
  if (options.isError) return null;
  return (
    <Select
      label={t(`reports.filters.${filter}`)}
      data={options.data ?? []}
      value={value}
      onChange={onChange}
      clearable
      searchable
      w={200}
    />
  );
}

/** One report: its type, period and filters (spec section 5: type, start and end date required), its table, files and print. */
function ReportPage({ report }: { report: ReportName }) {
  const { t } = useTranslation();
  const { site } = useSite();
  const today = localDay(useSiteTimeZone());
  const money = useMoney();
  const types = REPORT_TYPES[report];
  const [type, setType] = useState<string | null>(types[0]);
  const [from, setFrom] = useState<string | null>(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState<string | null>(today);
  const [filters, setFilters] = useState<Partial<Record<Filter, string | null>>>({});
  const run = useMutation({
    mutationFn: () =>
      call('report', {
        report,
        type: type as string,
        from: from as string,
        to: to as string,
        ...(site !== null ? { unit: site } : {}),
        ...Object.fromEntries(
          Object.entries(filters)
            .filter(([, v]) => v)
            .map(([k, v]) => [k, Number(v)]),
        ),
      }),
  });
  const answer = run.data;
  const label = (key: string) => t(`reports.columns.${key}`);
  const cell = (kind: ReportColumnKind, v: ReportCell) => {
    if (v === null) return '';
    if (typeof v === 'string') return v;
    if (kind === 'money') return money.format(v);
    if (kind === 'percent') return `${v}%`;
    return String(v);
  };
  // the report's columns, numbers to the right, with its totals line (the same as the files')
  const columnsOf = (r: ReportAnswer): ColumnDef<Record<string, ReportCell>, unknown>[] => {
    const totals = reportLines({ ...r, rows: [] }, t('reports.total'))[0] ?? [];
    return r.columns.map((c, i) => ({
      id: c.key,
      header: label(c.key),
      accessorFn: (row) => row[c.key] ?? null,
      cell: ({ getValue }) => cell(c.kind, getValue() as ReportCell),
      footer: () => {
        const v = totals[i] ?? null;
        return typeof v === 'string' ? v : cell(c.kind, v);
      },
      meta: { align: c.kind === 'text' || c.kind === 'day' ? 'left' : 'right' } satisfies DataColumnMeta,
    }));
  };
  const xlsx = async (r: ReportAnswer) => {
    const header = r.columns.map((c) => ({ value: label(c.key), fontWeight: 'bold' as const }));
    const lines = reportLines(r, t('reports.total')).map((line) => line.map((v) => (v === null ? null : { value: v })));
    await writeXlsxFile([header, ...lines]).toFile(reportFileName(r, 'xlsx'));
  };
  return (
    <Stack>
      <PageTitle>{t(`pages.reports.${report}`)}</PageTitle>
      <Paper withBorder p="md" radius="md" className="tc-no-print">
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('reports.type')}
            required
            data={types.map((v) => ({ value: v, label: t(`reports.types.${v}`) }))}
            value={type}
            onChange={setType}
            w={240}
          />
          <DayInput label={t('reports.from')} required clearable value={from} onChange={setFrom} />
          <DayInput label={t('reports.to')} required clearable value={to} onChange={setTo} />
          {REPORT_FILTERS[report].map((f) => (
            <FilterSelect
              key={f}
              filter={f}
              value={filters[f] ?? null}
              onChange={(v) => setFilters((s) => ({ ...s, [f]: v }))}
            />
          ))}
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!type || !from || !to}
            loading={run.isPending}
            onClick={() => run.mutate()}
          >
            {t('reports.run')}
          </Button>
        </Group>
      </Paper>
      {run.error ? <Alert color="red">{serverErrorText(run.error)}</Alert> : null}
      {answer ? (
        <>
          <Group justify="space-between" className="tc-no-print">
            <Text size="sm" c="dimmed">
              {t('reports.period', { type: t(`reports.types.${answer.type}`), from: answer.from, to: answer.to })}
            </Text>
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconFileTypeCsv size={16} />}
                onClick={() =>
                  downloadText(reportFileName(answer, 'csv'), reportCsv(answer, label, t('reports.total')))
                }
              >
                {t('reports.csv')}
              </Button>
              <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void xlsx(answer)}>
                {t('reports.xlsx')}
              </Button>
              <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
                {t('reports.print')}
              </Button>
            </Group>
          </Group>
          <Text className="tc-print-only" fw={600}>
            {t('reports.period', { type: t(`reports.types.${answer.type}`), from: answer.from, to: answer.to })}
          </Text>
          <DataTable
            data={answer.rows}
            columns={columnsOf(answer)}
            label={t(`reports.types.${answer.type}`)}
            footer
            minWidth={500}
          />
        </>
      ) : null}
    </Stack>
  );
}
