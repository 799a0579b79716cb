import { epochOf, type StoredDoc } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { nextRuns } from './nextRuns.ts';

const schedule = (id: number, unit: number, data: Record<string, unknown>): StoredDoc => ({
  _id: id,
  _version: 1,
  unit,
  name: `S${id}`,
  status: 'active',
  ...data,
});

describe('the next runs of the active schedules', () => {
  const zones: Record<number, string> = { 1: 'America/Toronto', 2: 'Europe/Lisbon' };
  const zoneOf = (unit: number) => zones[unit] ?? 'UTC';

  it('gives each its next time at its own site, soonest first, with the days it routes; inactive ones left out', () => {
    // 17:30 in Toronto is 22:30 in Lisbon
    const now = epochOf('America/Toronto', '2026-12-02 17:30');
    const runs = nextRuns(
      [
        schedule(1, 1, { repeat: 'daily', time: '18:00', daysAhead: 1 }),
        schedule(2, 2, { repeat: 'daily', time: '18:00', daysAhead: 2 }),
        schedule(3, 1, { repeat: 'interval', minutes: 20, hoursAhead: 2 }),
        schedule(4, 1, { repeat: 'daily', time: '17:45', status: 'inactive' }),
      ],
      zoneOf,
      now,
    );
    expect(runs).toEqual([
      // every 20 minutes from midnight: 17:40 is the next, routing until 19:40
      { id: 3, name: 'S3', at: '2026-12-02 17:40', days: ['2026-12-02'] },
      { id: 1, name: 'S1', at: '2026-12-02 18:00', days: ['2026-12-03'] },
      // Lisbon's 18:00 has passed today: tomorrow's, routing two days on
      { id: 2, name: 'S2', at: '2026-12-03 18:00', days: ['2026-12-05'] },
    ]);
  });

  it('runs a daily schedule due this very minute tomorrow, and an evening interval run over midnight routes both days', () => {
    const now = epochOf('America/Toronto', '2026-12-02 23:00');
    const runs = nextRuns(
      [
        schedule(1, 1, { repeat: 'daily', time: '23:00', daysAhead: 0 }),
        schedule(2, 1, { repeat: 'interval', minutes: 30, hoursAhead: 3 }),
      ],
      zoneOf,
      now,
    );
    expect(runs).toEqual([
      { id: 2, name: 'S2', at: '2026-12-02 23:30', days: ['2026-12-02', '2026-12-03'] },
      { id: 1, name: 'S1', at: '2026-12-03 23:00', days: ['2026-12-03'] },
    ]);
  });
});
