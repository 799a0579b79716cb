import { type Analytics, JOB_STATUSES, TRIP_STATUSES } from '@tc/domain';
import type { ChartOption, EChartProps } from './EChart.tsx';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Chart = Omit<EChartProps, 'name'> & { key: string };

const AXIS = { type: 'value' as const, minInterval: 1 };

/** A stacked bar per day of each status that occurs (reservations or trips). */
function byStatus(
  key: string,
  title: string,
  days: string[],
  counts: Record<string, number[]>,
  statuses: readonly string[],
  label: (s: string) => string,
): Chart {
  const present = statuses.filter((s) => counts[s]?.some((n) => n > 0));
  const option: ChartOption = {
    legend: { top: 0 },
    grid: { top: 64, left: 40, right: 16, bottom: 24 },
    xAxis: { type: 'category', data: days },
    yAxis: AXIS,
    series: present.map((s) => ({ name: label(s), type: 'bar', stack: 'all', data: counts[s] })),
  };
  return {
    key,
    title,
    option,
    table: { header: ['day', ...present], rows: days.map((d, i) => [d, ...present.map((s) => counts[s]?.[i] ?? 0)]) },
  };
}

/** Days as lines of one or two axes. */
function lines(
  key: string,
  title: string,
  days: string[],
  series: { name: string; data: (number | null)[]; axis?: 0 | 1; bar?: boolean }[],
  axes: string[],
): Chart {
  const option: ChartOption = {
    legend: { top: 0 },
    grid: { top: 40, left: 48, right: 48, bottom: 24 },
    xAxis: { type: 'category', data: days },
    yAxis: axes.map((name) => ({ type: 'value', name })),
    series: series.map((s) => ({
      name: s.name,
      type: s.bar ? 'bar' : 'line',
      yAxisIndex: s.axis ?? 0,
      data: s.data,
      connectNulls: false,
    })),
  };
  return {
    key,
    title,
    option,
    table: {
      header: ['day', ...series.map((s) => s.name)],
      rows: days.map((d, i) => [d, ...series.map((s) => s.data[i] ?? null)]),
    },
  };
}

function pie(key: string, title: string, parts: { name: string; value: number }[], valueName: string): Chart {
  return {
    key,
    title,
    option: {
      tooltip: { trigger: 'item' },
      legend: { type: 'scroll', bottom: 0 },
      // names beside the slices while they fit; else in the legend and the tooltip only
      series: [
        { type: 'pie', radius: ['35%', '65%'], top: 0, bottom: 24, label: { show: parts.length <= 6 }, data: parts },
      ],
    },
    table: { header: ['name', valueName], rows: parts.map((p) => [p.name, p.value]) },
  };
}

/** The analytics page's charts (issue 14, point 3), titled in the user's language. */
export function analyticsCharts(a: Analytics, t: Translate): Chart[] {
  const percent = (part: number[], whole: number[]) =>
    whole.map((w, i) => (w ? Math.round((1000 * (part[i] ?? 0)) / w) / 10 : null));
  const zero = a.days.map(() => 0);
  return [
    byStatus('reservations', t('analytics.reservations'), a.days, a.jobs, JOB_STATUSES, (s) =>
      t(`values.jobStatus.${s}`),
    ),
    byStatus('trips', t('analytics.trips'), a.days, a.trips, TRIP_STATUSES, (s) => t(`values.tripStatus.${s}`)),
    lines(
      'on-time',
      t('analytics.onTime', { minutes: a.onTime.lateMinutes }),
      a.days,
      [
        { name: t('analytics.pickups'), data: a.onTime.pickups, bar: true },
        { name: t('analytics.onTimePercent'), data: percent(a.onTime.onTime, a.onTime.pickups), axis: 1 },
      ],
      [t('analytics.count'), '%'],
    ),
    lines(
      'vehicle-use',
      t('analytics.vehicles'),
      a.days,
      [
        { name: t('analytics.hours'), data: a.vehicles.hours, bar: true },
        { name: t('analytics.km'), data: a.vehicles.km, bar: true },
        { name: t('analytics.occupancy'), data: a.vehicles.occupancy, axis: 1 },
      ],
      [t('analytics.hoursKm'), '%'],
    ),
    lines(
      'sharing',
      t('analytics.sharing'),
      a.days,
      [
        { name: t('analytics.sharedRatio'), data: a.sharing.ratio },
        { name: t('analytics.detour'), data: a.sharing.detour, axis: 1 },
      ],
      ['%', t('analytics.minutes')],
    ),
    lines(
      'cancellations',
      t('analytics.cancellations'),
      a.days,
      [
        { name: t('values.jobStatus.canceled'), data: a.jobs.canceled ?? zero, bar: true },
        { name: t('values.jobStatus.noshow'), data: a.jobs.noshow ?? zero, bar: true },
      ],
      [t('analytics.count')],
    ),
    pie('revenue-service', t('analytics.revenueByService'), a.revenue.byService, t('analytics.revenue')),
    pie('revenue-profile', t('analytics.revenueByProfile'), a.revenue.byProfile, t('analytics.revenue')),
  ];
}
