import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, localDay } from '@tc/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { DayInput } from '#src/components/DayInput.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { analyticsCharts } from './charts.ts';
import { EChart } from './EChart.tsx';

/** /analytics (issue 14, point 3): charts of a period and the chosen site, each downloadable as PNG and CSV. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const today = localDay(useSiteTimeZone());
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const data = useQuery({
    queryKey: ['find', 'jobs', 'analytics', site, from, to],
    queryFn: () => call('analytics', { from, to, ...(site !== null ? { unit: site } : {}) }, { priority: 'highest' }),
    placeholderData: keepPreviousData,
  });
  const charts = useMemo(() => (data.data ? analyticsCharts(data.data, t) : []), [data.data, t]);
  return (
    <Stack>
      <PageTitle>{t('screens.analytics')}</PageTitle>
      <Group align="flex-end">
        <DayInput label={t('reports.from')} value={from} onChange={(d) => d && setFrom(d)} />
        <DayInput label={t('reports.to')} value={to} onChange={(d) => d && setTo(d)} />
        {data.isFetching ? (
          <Text size="sm" c="dimmed">
            {t('common.loading')}
          </Text>
        ) : null}
      </Group>
      {data.error ? <Alert color="red">{serverErrorText(data.error)}</Alert> : null}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {charts.map((c) => (
          <EChart key={c.key} name={`${c.key}_${from}_${to}`} title={c.title} option={c.option} table={c.table} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
