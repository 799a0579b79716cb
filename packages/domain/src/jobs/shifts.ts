import { addDays } from './timeZone.ts';

/**
 * Reservations from shifts (issue 11, point 4: /jobs/setShifts, setSchoolShifts, setWorkShifts):
 * for a site, a range of days, weekdays and a shift (school or work hours), each chosen rider
 * goes from home to the shift's place for its start and back at its end, holidays skipped. Pure:
 * the act reads the riders, the shift and the holidays, and writes what this plans in one
 * transaction; each reservation's `shiftKey` makes a second run create nothing twice.
 */

type Place = { address: string; lat?: number; lon?: number; location?: number };

export interface ShiftRider {
  _id: number;
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  profile?: number;
  /** Where the rider is picked up and brought back: home (a passenger's home, a student's main address). */
  home?: Place;
}

export interface ShiftPlan {
  unit: number;
  /** First and last day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
  /** Days of the week to book, 0 Sunday to 6 Saturday; only those the shift runs on count. */
  weekDays: readonly number[];
  shift: { _id: number; start: string; end: string; direction: 'to' | 'from' | 'both'; weekDays: readonly number[] };
  /** The shift's place: the school or the workplace. */
  place: Place;
  riders: readonly ShiftRider[];
  /** Days not to book (the site's holidays), `YYYY-MM-DD`. */
  holidays?: ReadonlySet<string>;
  /** The profile of a rider who has none. */
  profile?: number;
}

export interface ShiftBooking {
  shiftKey: string;
  job: Record<string, unknown>;
}

/** At most this many days in one plan (a school year and some). */
export const SHIFT_PLAN_MAX_DAYS = 400;

const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The reservations a plan makes, and the riders it cannot take (no home address with coordinates). */
export function shiftReservations(plan: ShiftPlan): { bookings: ShiftBooking[]; missing: number[] } {
  const missing = plan.riders.filter((r) => !r.home?.address).map((r) => r._id);
  const riders = plan.riders.filter((r) => r.home?.address);
  const legs = plan.shift.direction === 'both' ? (['to', 'from'] as const) : [plan.shift.direction];
  const bookings: ShiftBooking[] = [];
  let n = 0;
  for (let day = plan.from; day <= plan.to && n < SHIFT_PLAN_MAX_DAYS; day = addDays(day, 1), n++) {
    const weekday = weekdayOf(day);
    if (!plan.weekDays.includes(weekday) || !plan.shift.weekDays.includes(weekday)) continue;
    if (plan.holidays?.has(day)) continue;
    for (const rider of riders) {
      for (const leg of legs) {
        const home = rider.home as Place;
        bookings.push({
          shiftKey: `${plan.shift._id}:${rider._id}:${day}:${leg}`,
          job: {
            unit: plan.unit,
            status: 'new',
            passenger: rider._id,
            firstName: rider.firstName,
            lastName: rider.lastName,
            phone: rider.phone,
            email: rider.email,
            profile: rider.profile ?? plan.profile,
            // to the shift for its start, home again at its end: the time is when the rider must be there or leaves
            date: `${day} ${leg === 'to' ? plan.shift.start : plan.shift.end}`,
            from: leg === 'to' ? home : plan.place,
            to: leg === 'to' ? plan.place : home,
            direction: leg,
            seats: 1,
            paymentType: 'cash',
          },
        });
      }
    }
  }
  return { bookings, missing };
}
