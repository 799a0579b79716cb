import { Button, Group, Paper, Title } from '@mantine/core';
import { IconFileTypeCsv, IconPhoto } from '@tabler/icons-react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import Papa from 'papaparse';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '#src/features/resources/csv.ts';

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

export interface EChartProps {
  title: string;
  /** The file names' stem. */
  name: string;
  option: ChartOption;
  /** The chart's data as a table: a header and rows (its CSV). */
  table: { header: string[]; rows: (string | number | null)[][] };
}

/** One chart (ECharts, canvas) with its title and downloads: the picture as PNG, its data as CSV. */
export function EChart({ title, name, option, table }: EChartProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    const c = echarts.init(box.current);
    chart.current = c;
    const resize = new ResizeObserver(() => c.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ animation: false, tooltip: { trigger: 'axis' }, ...option }, true);
  }, [option]);
  const png = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const a = document.createElement('a');
    a.href = url;
    a.download = `${name}.png`;
    a.click();
  };
  const csv = () =>
    downloadText(`${name}.csv`, Papa.unparse({ fields: table.header, data: table.rows }, { escapeFormulae: true }));
  return (
    <Paper withBorder p="md" radius="md" aria-label={title} component="section">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPhoto size={14} />}
            onClick={png}
            aria-label={t('analytics.downloadPng', { title })}
          >
            {t('analytics.png')}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconFileTypeCsv size={14} />}
            onClick={csv}
            aria-label={t('analytics.downloadCsv', { title })}
          >
            {t('analytics.csv')}
          </Button>
        </Group>
      </Group>
      <div ref={box} style={{ height: 280, width: '100%' }} role="img" aria-label={t('analytics.chartOf', { title })} />
    </Paper>
  );
}
