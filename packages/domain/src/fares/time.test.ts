import { describe, expect, it } from 'vitest';
import { calendarDate, clockRange, inClockRange, matchesWhen, parseClock, parseFareDate, weekDayMask } from './time.ts';

describe('request dates', () => {
  it('splits a server date-time into date, minute and weekday', () => {
    expect(parseFareDate('2026-11-23 10:05')).toEqual({ date: '2026-11-23', minute: 605, weekDay: 1 });
    expect(parseFareDate('2028-02-29T23:59:30')).toEqual({ date: '2028-02-29', minute: 1439, weekDay: 2 });
  });
  it.each(['2026-02-30 10:00', '2026-11-23 24:00', '2026-11-23', '2026-11-23T10:00Z', '23/11/2026 10:00', ''])(
    'refuses %j',
    (text) => expect(parseFareDate(text)).toBeNull(),
  );
  it('takes the calendar date of stored dates', () => {
    expect(calendarDate('2026-12-25')).toBe('2026-12-25');
    expect(calendarDate('2026-12-25 08:00')).toBe('2026-12-25');
    expect(calendarDate('2026-12-25T05:00:00.000Z')).toBe('2026-12-25');
    expect(calendarDate('2026-13-01')).toBeNull();
  });
});

describe('clock windows', () => {
  it('parses times of day', () => {
    expect([parseClock('06:30'), parseClock('6:30'), parseClock('24:00'), parseClock('2026-01-01 07:15')]).toEqual([
      390, 390, 1440, 435,
    ]);
    expect([parseClock('24:01'), parseClock('12:60'), parseClock('noon')]).toEqual([null, null, null]);
  });
  it('builds windows from optional bounds', () => {
    expect(clockRange(undefined, undefined)).toBeUndefined();
    expect(clockRange('18:00', undefined)).toEqual({ start: 1080, end: 1440 });
    expect(clockRange(undefined, '09:00')).toEqual({ start: 0, end: 540 });
    expect(clockRange('18:00', '23:59')).toEqual({ start: 1080, end: 1440 });
    expect(clockRange('18:00', 'x')).toBeNull();
  });
  it('tells on which day a midnight-crossing window began', () => {
    const r = { start: 22 * 60, end: 6 * 60 };
    expect([inClockRange(r, 23 * 60), inClockRange(r, 60), inClockRange(r, 6 * 60), inClockRange(r, 12 * 60)]).toEqual([
      'same',
      'previous',
      null,
      null,
    ]);
    expect(inClockRange({ start: 300, end: 300 }, 10)).toBe('same');
  });
  it('checks weekdays against the day the window began', () => {
    const saturday2am = { date: '2026-11-28', minute: 120, weekDay: 6 };
    const night = [{ start: 22 * 60, end: 6 * 60 }];
    expect(matchesWhen(night, weekDayMask([5]), saturday2am)).toBe(true);
    expect(matchesWhen(night, weekDayMask([6]), saturday2am)).toBe(false);
    expect(matchesWhen([], weekDayMask([6]), saturday2am)).toBe(true);
    expect(matchesWhen([], 0, saturday2am)).toBe(true);
  });
});
