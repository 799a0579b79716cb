import type { Analytics } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { analyticsCharts } from './charts.ts';

const a: Analytics = {
  from: '2026-12-01',
  to: '2026-12-02',
  days: ['2026-12-01', '2026-12-02'],
  jobs: { new: [2, 0], canceled: [1, 3], noshow: [0, 0] },
  trips: { done: [1, 1] },
  onTime: { pickups: [4, 0], onTime: [3, 0], lateMinutes: 30 },
  vehicles: { hours: [1.5, 0], km: [20, 0], occupancy: [41.7, null] },
  sharing: { ratio: [100, null], detour: [30, null] },
  revenue: { byService: [{ name: 'Sedan', value: 30 }], byProfile: [] },
};
const t = (key: string) => key;

describe('the analytics charts', () => {
  const charts = analyticsCharts(a, t);
  const chart = (key: string) => charts.find((c) => c.key === key);

  it('draw one chart of each kind the issue names', () => {
    expect(charts.map((c) => c.key)).toEqual([
      'reservations',
      'trips',
      'on-time',
      'vehicle-use',
      'sharing',
      'cancellations',
      'revenue-service',
      'revenue-profile',
    ]);
  });

  it('stack only the statuses that occur, and give the same figures as CSV', () => {
    expect(chart('reservations')?.table).toEqual({
      header: ['day', 'new', 'canceled'],
      rows: [
        ['2026-12-01', 2, 1],
        ['2026-12-02', 0, 3],
      ],
    });
  });

  it('reckon the on-time share per day, none on a day without pick-ups', () => {
    expect(chart('on-time')?.table.rows).toEqual([
      ['2026-12-01', 4, 75],
      ['2026-12-02', 0, null],
    ]);
    expect(chart('cancellations')?.table.rows).toEqual([
      ['2026-12-01', 1, 0],
      ['2026-12-02', 3, 0],
    ]);
  });
});
