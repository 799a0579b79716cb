import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv, IconPlayerPlay, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
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
          <Table.ScrollContainer minWidth={500}>
            <Table striped withTableBorder aria-label={t(`reports.types.${answer.type}`)}>
              <Table.Thead>
                <Table.Tr>
                  {answer.columns.map((c) => (
                    <Table.Th key={c.key} ta={c.kind === 'text' || c.kind === 'day' ? 'left' : 'right'}>
                      {label(c.key)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {answer.rows.map((r, i) => (
                  // a report's rows have no id: their place is their identity
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced whole on each run
                  <Table.Tr key={i}>
                    {answer.columns.map((c) => (
                      <Table.Td key={c.key} ta={c.kind === 'text' || c.kind === 'day' ? 'left' : 'right'}>
                        {cell(c.kind, r[c.key] ?? null)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {answer.rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={answer.columns.length}>{t('common.noResults')}</Table.Td>
                  </Table.Tr>
                ) : null}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  {reportLines({ ...answer, rows: [] }, t('reports.total'))[0]?.map((v, i) => {
                    const c = answer.columns[i];
                    return (
                      <Table.Td
                        key={c?.key ?? i}
                        ta={c && c.kind !== 'text' && c.kind !== 'day' && typeof v !== 'string' ? 'right' : 'left'}
                      >
                        {c ? cell(c.kind, v) : ''}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : null}
    </Stack>
  );
}
