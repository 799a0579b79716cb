import { describe, expect, it } from 'vitest';
import { addDays, weekDayOf } from './timeZone.ts';

describe('weekDayOf', () => {
  it('counts from Sunday, whatever the zone the process runs in', () => {
    expect(weekDayOf('2026-11-29')).toBe(0);
    expect(weekDayOf('2026-11-30')).toBe(1);
    expect(weekDayOf('2026-11-28')).toBe(6);
    // a leap day, a year's turn and the days of daylight-saving changes (America/Toronto)
    expect(weekDayOf('2028-02-29')).toBe(2);
    expect(weekDayOf('2027-01-01')).toBe(5);
    expect(weekDayOf('2026-03-08')).toBe(0);
    expect(weekDayOf('2026-11-01')).toBe(0);
  });

  it('moves by one a day, seven days a week', () => {
    let day = '2026-12-28';
    for (let k = 0; k < 14; k++, day = addDays(day, 1)) expect(weekDayOf(day)).toBe((1 + k) % 7);
  });
});
