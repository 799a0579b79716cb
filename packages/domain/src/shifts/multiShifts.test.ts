import { describe, expect, it } from 'vitest';
import { validationText } from '../resources/messages.ts';
import { expandShiftPlan, MULTI_SHIFTS_MAX, multiShiftsSchema } from './multiShifts.ts';

const plan = (over: Record<string, unknown> = {}) =>
  multiShiftsSchema.parse({
    unit: 1,
    drivers: [7],
    from: '2026-11-23', // a Monday
    to: '2026-11-29',
    weekDays: [1, 3, 5],
    start: '06:00',
    end: '14:30',
    breaks: [{ start: '10:00', end: '10:30' }],
    ...over,
  });

describe('multiple create of driver shifts', () => {
  it('makes one shift per chosen weekday and driver, with the breaks on the same day', () => {
    const shifts = expandShiftPlan(plan({ drivers: [7, 8] }));
    expect(shifts.map((s) => `${s.driver} ${s.start}-${s.end}`)).toEqual([
      '7 2026-11-23 06:00-2026-11-23 14:30',
      '8 2026-11-23 06:00-2026-11-23 14:30',
      '7 2026-11-25 06:00-2026-11-25 14:30',
      '8 2026-11-25 06:00-2026-11-25 14:30',
      '7 2026-11-27 06:00-2026-11-27 14:30',
      '8 2026-11-27 06:00-2026-11-27 14:30',
    ]);
    expect(shifts[0]?.breaks).toEqual([{ start: '2026-11-23 10:00', end: '2026-11-23 10:30' }]);
  });

  it('ends a night shift (end at or before start) the next day, breaks after midnight too', () => {
    const [s] = expandShiftPlan(
      plan({ weekDays: [0], start: '22:00', end: '06:00', breaks: [{ start: '01:00', end: '01:30' }] }),
    );
    expect(s).toMatchObject({
      start: '2026-11-29 22:00',
      end: '2026-11-30 06:00',
      breaks: [{ start: '2026-11-30 01:00', end: '2026-11-30 01:30' }],
    });
  });

  it('includes both ends of the date range and crosses month ends', () => {
    const shifts = expandShiftPlan(plan({ from: '2026-11-30', to: '2026-12-01', weekDays: [0, 1, 2, 3, 4, 5, 6] }));
    expect(shifts.map((s) => s.start.slice(0, 10))).toEqual(['2026-11-30', '2026-12-01']);
  });

  it('refuses a plan with no weekday, an end date before the start, and too many shifts', () => {
    const noDay = multiShiftsSchema.safeParse({ ...plan(), weekDays: [] });
    expect(noDay.success || validationText(noDay.error.issues[0]?.message ?? '')).toBe(
      'You must select at least one day',
    );
    const backwards = multiShiftsSchema.safeParse({ ...plan(), from: '2026-12-01', to: '2026-11-01' });
    expect(backwards.success || validationText(backwards.error.issues[0]?.message ?? '')).toBe(
      'The end must not be before the start',
    );
    const many = plan({ from: '2026-01-01', to: '2026-12-31', weekDays: [0, 1, 2, 3, 4, 5, 6], drivers: [1, 2] });
    expect(() => expandShiftPlan(many)).toThrow(`at most ${MULTI_SHIFTS_MAX} shifts at once`);
  });
});
