import { describe, expect, it } from 'vitest';
import { epochOf, localDateTime } from '../jobs/timeZone.ts';
import { catchUp, nextRunAfter, runWindow } from './schedule.ts';

const ZONE = 'America/Toronto';
const at = (local: string) => epochOf(ZONE, local);
const local = (epoch: number) => localDateTime(ZONE, epoch);

describe('nextRunAfter', () => {
  const daily = { repeat: 'daily' as const, time: '18:00', daysAhead: 1 };
  it('runs a daily schedule at its time of the site’s day, today if still to come, else tomorrow', () => {
    expect(local(nextRunAfter(daily, at('2026-12-01 09:00'), ZONE))).toBe('2026-12-01 18:00');
    expect(local(nextRunAfter(daily, at('2026-12-01 18:00'), ZONE))).toBe('2026-12-02 18:00');
    expect(local(nextRunAfter(daily, at('2026-12-01 23:59'), ZONE))).toBe('2026-12-02 18:00');
  });

  it('keeps the site’s wall clock across a daylight-saving change', () => {
    // 2026-11-01: clocks go back an hour in Toronto; 18:00 is then 23:00 UTC, not 22:00
    const next = nextRunAfter(daily, at('2026-11-01 12:00'), ZONE);
    expect(local(next)).toBe('2026-11-01 18:00');
    expect(new Date(next).toISOString()).toBe('2026-11-01T23:00:00.000Z');
  });

  it('runs an interval schedule at multiples of its minutes from the site’s midnight', () => {
    const every15 = { repeat: 'interval' as const, minutes: 15, hoursAhead: 2 };
    expect(local(nextRunAfter(every15, at('2026-12-01 09:07'), ZONE))).toBe('2026-12-01 09:15');
    expect(local(nextRunAfter(every15, at('2026-12-01 09:15'), ZONE))).toBe('2026-12-01 09:30');
    expect(local(nextRunAfter(every15, at('2026-12-01 23:50'), ZONE))).toBe('2026-12-02 00:00');
    // 7 hours does not divide the day: the day starts again at midnight
    const every7h = { repeat: 'interval' as const, minutes: 420 };
    expect(local(nextRunAfter(every7h, at('2026-12-01 21:30'), ZONE))).toBe('2026-12-02 00:00');
  });
});

describe('runWindow', () => {
  it('routes the whole day daysAhead on (daily), or the next hours from the run (interval)', () => {
    expect(runWindow({ repeat: 'daily', time: '18:00', daysAhead: 1 }, at('2026-12-01 18:00'), ZONE)).toEqual({
      days: ['2026-12-02'],
      from: '2026-12-02 00:00',
      to: '2026-12-02 23:59',
    });
    expect(runWindow({ repeat: 'interval', minutes: 15, hoursAhead: 2 }, at('2026-12-01 09:15'), ZONE)).toEqual({
      days: ['2026-12-01'],
      from: '2026-12-01 09:15',
      to: '2026-12-01 11:15',
    });
    // across midnight: both days
    expect(runWindow({ repeat: 'interval', minutes: 30, hoursAhead: 2 }, at('2026-12-01 23:00'), ZONE).days).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
  });
});

describe('catchUp', () => {
  const every15 = { repeat: 'interval' as const, minutes: 15, hoursAhead: 2 };
  it('runs a run due now, and nothing before its time', () => {
    const due = at('2026-12-01 09:15');
    expect(catchUp(every15, due, due - 1000, ZONE)).toEqual({ run: undefined, missed: 0, next: due });
    const now = catchUp(every15, due, due + 2000, ZONE);
    expect(now).toEqual({ run: due, missed: 0, next: at('2026-12-01 09:30') });
  });

  it('after a stop, runs the last run due and counts those before it as missed', () => {
    const r = catchUp(every15, at('2026-12-01 09:15'), at('2026-12-01 10:20'), ZONE);
    expect(local(r.run as number)).toBe('2026-12-01 10:15');
    expect(r.missed).toBe(4);
    expect(local(r.next)).toBe('2026-12-01 10:30');
    const daily = { repeat: 'daily' as const, time: '18:00', daysAhead: 1 };
    // yesterday's 18:00 was missed while down; back at 20:00 today: today's runs late
    const d = catchUp(daily, at('2026-11-30 18:00'), at('2026-12-01 20:00'), ZONE);
    expect(local(d.run as number)).toBe('2026-12-01 18:00');
    expect(d.missed).toBe(1);
    expect(local(d.next)).toBe('2026-12-02 18:00');
  });
});
