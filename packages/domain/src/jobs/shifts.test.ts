import { describe, expect, it } from 'vitest';
import { type ShiftPlan, shiftBookingSchema, shiftReservations } from './shifts.ts';

const school = { address: 'École Saint-Maxime, Laval', lat: 45.57, lon: -73.72, location: 9 };
const plan = (over: Partial<ShiftPlan> = {}): ShiftPlan => ({
  unit: 2,
  from: '2026-11-30', // a Monday
  to: '2026-12-06',
  weekDays: [1, 2, 3, 4, 5],
  shift: { _id: 4, start: '08:00', end: '15:30', direction: 'both', weekDays: [1, 2, 3, 4, 5] },
  place: school,
  riders: [
    {
      _id: 11,
      firstName: 'Léa',
      lastName: 'Roy',
      profile: 8,
      home: { address: '12 Rue A, Laval', lat: 45.56, lon: -73.7 },
    },
    { _id: 12, firstName: 'Noah', lastName: 'Tremblay', home: { address: '40 Rue B, Laval', lat: 45.58, lon: -73.74 } },
    { _id: 13, firstName: 'Sans', lastName: 'Adresse' },
  ],
  profile: 7,
  ...over,
});

describe('reservations from shifts', () => {
  it('books each school day of the week both ways for each rider with a home, and lists the others', () => {
    const { bookings, missing } = shiftReservations(plan());
    expect(missing).toEqual([{ _id: 13, lacks: 'home' }]);
    expect(bookings).toHaveLength(5 * 2 * 2);
    const first = bookings[0];
    expect(first?.shiftKey).toBe('4:11:2026-11-30:to');
    expect(first?.job).toMatchObject({
      date: '2026-11-30 08:00',
      from: { address: '12 Rue A, Laval' },
      to: school,
      direction: 'to',
      passenger: 11,
      profile: 8,
    });
    const back = bookings.find((b) => b.shiftKey === '4:12:2026-11-30:from');
    expect(back?.job).toMatchObject({
      date: '2026-11-30 15:30',
      from: school,
      to: { address: '40 Rue B, Laval' },
      profile: 7,
    });
  });

  it('skips holidays, weekdays not chosen and days the shift does not run, and goes one way when asked', () => {
    const { bookings } = shiftReservations(
      plan({
        weekDays: [1, 3, 6],
        holidays: new Set(['2026-12-02']),
        shift: { _id: 5, start: '07:00', end: '16:00', direction: 'to', weekDays: [1, 2, 3, 4, 5] },
      }),
    );
    // Monday only: Wednesday is a holiday, Saturday has no shift
    expect(bookings.map((b) => b.shiftKey)).toEqual(['5:11:2026-11-30:to', '5:12:2026-11-30:to']);
  });

  it('plans the same keys each time (a second run creates nothing twice)', () => {
    const keys = (p: ShiftPlan) => shiftReservations(p).bookings.map((b) => b.shiftKey);
    expect(keys(plan())).toEqual(keys(plan()));
    expect(new Set(keys(plan())).size).toBe(keys(plan()).length);
  });

  it('brings a night shift home the next morning, and lists a rider without any profile', () => {
    const { bookings, missing } = shiftReservations(
      plan({
        from: '2026-11-30',
        to: '2026-11-30',
        profile: undefined,
        shift: { _id: 6, start: '22:00', end: '06:00', direction: 'both', weekDays: [1] },
      }),
    );
    expect(missing).toEqual([
      { _id: 12, lacks: 'profile' },
      { _id: 13, lacks: 'home' },
    ]);
    expect(bookings.map((b) => [b.shiftKey, b.job.date])).toEqual([
      ['6:11:2026-11-30:to', '2026-11-30 22:00'],
      ['6:11:2026-11-30:from', '2026-12-01 06:00'],
    ]);
  });

  it('takes a plan of at most 400 days that ends after it starts, with a weekday and a rider', () => {
    const base = { unit: 1, ids: [3], shift: 2, place: 4, from: '2026-01-01', to: '2026-01-31', weekDays: [1] };
    expect(shiftBookingSchema.parse(base)).toMatchObject({ riders: 'passengers', paymentType: 'cash' });
    const issue = (over: Record<string, unknown>) =>
      shiftBookingSchema.safeParse({ ...base, ...over }).error?.issues[0]?.message;
    expect(issue({ to: '2025-12-31' })).toBe('validation.endBeforeStart');
    expect(issue({ to: '2027-02-05' })).toBe('validation.rangeTooLong');
    expect(issue({ weekDays: [] })).toBe('validation.weekDays');
    expect(issue({ ids: [] })).toBe('validation.required');
  });
});
