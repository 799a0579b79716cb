import { describe, expect, it } from 'vitest';
import { expandSeries, recurringSchema } from './recurrence.ts';
import { localDateTime, minutesBetween } from './timeZone.ts';

describe('series expansion', () => {
  it('books a weekly series on its weekdays, ending after N reservations', () => {
    const rule = recurringSchema.parse({ every: 1, unit: 'week', weekDays: [1, 3], ends: { after: 10 } });
    const { dates, more } = expandSeries('2026-03-02 08:00', rule, '2026-12-31');
    expect(dates).toHaveLength(10);
    expect(dates.slice(0, 4)).toEqual(['2026-03-02 08:00', '2026-03-04 08:00', '2026-03-09 08:00', '2026-03-11 08:00']);
    expect(more).toBe(false);
  });

  it('keeps the wall-clock time across a daylight-saving change of the site', () => {
    // America/New_York springs forward on 2026-03-08: 08:00 stays 08:00, the gap between is 23 hours
    const rule = recurringSchema.parse({ every: 1, unit: 'day', ends: { on: '2026-03-10' } });
    const { dates } = expandSeries('2026-03-06 08:00', rule, '2026-12-31');
    expect(dates).toEqual([
      '2026-03-06 08:00',
      '2026-03-07 08:00',
      '2026-03-08 08:00',
      '2026-03-09 08:00',
      '2026-03-10 08:00',
    ]);
    expect(minutesBetween('America/New_York', '2026-03-07 08:00', '2026-03-08 08:00')).toBe(23 * 60);
    // and the same instant reads as the site's wall clock
    expect(localDateTime('America/New_York', Date.UTC(2026, 2, 9, 12, 0))).toBe('2026-03-09 08:00');
    expect(localDateTime('America/New_York', Date.UTC(2026, 2, 6, 13, 0))).toBe('2026-03-06 08:00');
  });

  it('skips holidays without counting them, and stops at the horizon with more to come', () => {
    const rule = recurringSchema.parse({ every: 2, unit: 'day', ends: { never: true } });
    const { dates, more } = expandSeries('2026-05-01 07:30', rule, '2026-05-09', new Set(['2026-05-03']));
    expect(dates).toEqual(['2026-05-01 07:30', '2026-05-05 07:30', '2026-05-07 07:30', '2026-05-09 07:30']);
    expect(more).toBe(true);
    const after = recurringSchema.parse({ every: 1, unit: 'day', ends: { after: 3 } });
    expect(expandSeries('2026-05-01 07:30', after, '2026-05-30', new Set(['2026-05-02'])).dates).toEqual([
      '2026-05-01 07:30',
      '2026-05-03 07:30',
      '2026-05-04 07:30',
    ]);
  });

  it('extends a series after the last date booked, counting the earlier ones', () => {
    const rule = recurringSchema.parse({ every: 1, unit: 'day', ends: { after: 5 } });
    expect(expandSeries('2026-05-01 09:00', rule, '2026-06-30', new Set(), '2026-05-03 09:00').dates).toEqual([
      '2026-05-04 09:00',
      '2026-05-05 09:00',
    ]);
  });

  it('refuses a weekly rule without weekdays', () => {
    const r = recurringSchema.safeParse({ every: 1, unit: 'week', weekDays: [], ends: { never: true } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('validation.weekDays');
  });
});
