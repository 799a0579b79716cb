import { describe, expect, it } from 'vitest';
import { shuttleBookingSchema, shuttleDepartures } from './shuttles.ts';

const shuttle = {
  pax: 20,
  times: [
    { hour: '16:00', weekDays: [1, 2, 3, 4, 5], limit: 15 },
    { hour: '07:10', weekDays: [1, 2, 3, 4, 5], busses: 3, limit: 20 },
    { hour: '09:00', weekDays: [0, 6], holidays: true },
  ],
};

describe('shuttle departures', () => {
  it('runs the hours whose weekdays name the day, in order, carrying pax times buses', () => {
    // 2026-11-30 is a Monday
    expect(shuttleDepartures(shuttle, '2026-11-30')).toEqual([
      { date: '2026-11-30 07:10', hour: '07:10', capacity: 60, limit: 20 },
      { date: '2026-11-30 16:00', hour: '16:00', capacity: 20, limit: 15 },
    ]);
    expect(shuttleDepartures(shuttle, '2026-12-05').map((d) => d.hour)).toEqual(['09:00']);
  });

  it('runs on a holiday only the hours that say so', () => {
    expect(shuttleDepartures(shuttle, '2026-11-30', true)).toEqual([]);
    expect(shuttleDepartures(shuttle, '2026-12-06', true).map((d) => d.hour)).toEqual(['09:00']);
  });

  it('takes a seat only from a stop to a later one', () => {
    const seat = { shuttle: 1, date: '2026-11-30 07:10', on: 0, off: 2, seats: 1 };
    expect(shuttleBookingSchema.safeParse(seat).success).toBe(true);
    expect(shuttleBookingSchema.safeParse({ ...seat, off: 0 }).error?.issues[0]?.message).toBe('validation.stopOrder');
    expect(shuttleBookingSchema.safeParse({ ...seat, seats: 0 }).error?.issues[0]?.message).toBe('validation.positive');
  });
});
