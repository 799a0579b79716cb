import { z } from 'zod';
import { DIRECTIONS, PAYMENT_TYPES } from '../constants.ts';
import { vk } from '../resources/messages.ts';
import { requiredDay, weekDays } from '../resources/schema.parts.ts';
import { addDays, weekDayOf } from './timeZone.ts';

/**
 * Reservations from shifts (issue 11, point 4: /jobs/setShifts, setSchoolShifts, setWorkShifts):
 * for a site, a range of days, weekdays and a shift (school or work hours), each chosen rider
 * goes from home to the shift's place for its start and back at its end, holidays skipped. Pure:
 * the act reads the riders, the shift and the holidays, and writes what this plans in one
 * transaction; each reservation's `shiftKey` makes a second run create nothing twice.
 */

type Place = { address: string; lat?: number; lon?: number; location?: number };

/** Who a shift booking is for: passengers (shifts), students (school hours) or employees (work hours). */
export const SHIFT_RIDERS = ['passengers', 'students', 'employees'] as const;
export type ShiftRiders = (typeof SHIFT_RIDERS)[number];

/** Each kind of rider: the role of their users record, and the address they are picked up at. */
export const SHIFT_RIDER_KINDS: Readonly<Record<ShiftRiders, { role: string; home: string }>> = {
  passengers: { role: 'passenger', home: 'home' },
  students: { role: 'student', home: 'mainAddress' },
  employees: { role: 'employee', home: 'home' },
};

/** At most this many days in one plan (a school year and some). */
export const SHIFT_PLAN_MAX_DAYS = 400;
/** At most this many riders in one plan. */
export const SHIFT_PLAN_MAX_RIDERS = 1000;

const id = () =>
  z
    .number({ error: vk('required') })
    .int()
    .positive(vk('required'));

/**
 * What /jobs/setShifts sends (act `setshifts`): the site, the riders' kind and ids, the shift and
 * the place it is at (the school, the workplace), the days and weekdays, and optionally one
 * direction of a shift that runs both ways and the payment type of the reservations.
 */
export const shiftBookingSchema = z
  .object({
    unit: id(),
    riders: z.enum(SHIFT_RIDERS).default('passengers'),
    ids: z
      .array(z.number().int().positive(), { error: vk('required') })
      .min(1, vk('required'))
      .max(SHIFT_PLAN_MAX_RIDERS),
    shift: id(),
    place: id(),
    from: requiredDay(),
    to: requiredDay(),
    weekDays: weekDays(),
    direction: z.enum(DIRECTIONS).optional(),
    paymentType: z.enum(PAYMENT_TYPES).default('cash'),
    /** Only count what would be made (and who cannot be taken); make nothing. */
    preview: z.boolean().optional(),
  })
  .refine((p) => p.to >= p.from, { path: ['to'], message: vk('endBeforeStart') })
  .refine((p) => p.to <= addDays(p.from, SHIFT_PLAN_MAX_DAYS - 1), { path: ['to'], message: vk('rangeTooLong') });

export type ShiftBooking = z.infer<typeof shiftBookingSchema>;

/** What `setshifts` answers: the reservations made (or, in a preview, to make), those booked before, and who cannot be taken. */
export interface ShiftBookingAnswer {
  created: number;
  alreadyBooked: number;
  missing: (MissingRider & { name: string })[];
}

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
  paymentType?: string;
}

export interface PlannedShiftJob {
  shiftKey: string;
  job: Record<string, unknown>;
}

/** A rider a plan cannot take, and what they lack. */
export interface MissingRider {
  _id: number;
  lacks: 'home' | 'profile';
}

/**
 * The reservations a plan makes, and the riders it cannot take (no home address, or no profile).
 * The way back of a shift that ends at or before its start (a night shift) is on the next day.
 */
export function shiftReservations(plan: ShiftPlan): { bookings: PlannedShiftJob[]; missing: MissingRider[] } {
  const missing: MissingRider[] = [];
  const riders: (ShiftRider & { home: Place; profile: number })[] = [];
  for (const r of plan.riders) {
    const profile = r.profile ?? plan.profile;
    if (!r.home?.address) missing.push({ _id: r._id, lacks: 'home' });
    else if (profile === undefined) missing.push({ _id: r._id, lacks: 'profile' });
    else riders.push({ ...r, home: r.home, profile });
  }
  const legs = plan.shift.direction === 'both' ? (['to', 'from'] as const) : [plan.shift.direction];
  const overnight = plan.shift.end <= plan.shift.start;
  const bookings: PlannedShiftJob[] = [];
  let n = 0;
  for (let day = plan.from; day <= plan.to && n < SHIFT_PLAN_MAX_DAYS; day = addDays(day, 1), n++) {
    const weekday = weekDayOf(day);
    if (!plan.weekDays.includes(weekday) || !plan.shift.weekDays.includes(weekday)) continue;
    if (plan.holidays?.has(day)) continue;
    for (const rider of riders) {
      for (const leg of legs) {
        bookings.push({
          shiftKey: `${plan.shift._id}:${rider._id}:${day}:${leg}`,
          job: {
            unit: plan.unit,
            status: 'new',
            passenger: rider._id,
            shift: plan.shift._id,
            firstName: rider.firstName,
            lastName: rider.lastName,
            phone: rider.phone,
            email: rider.email,
            profile: rider.profile,
            // to the shift for its start, home again at its end: the time is when the rider must be there or leaves
            date:
              leg === 'to' ? `${day} ${plan.shift.start}` : `${overnight ? addDays(day, 1) : day} ${plan.shift.end}`,
            from: leg === 'to' ? rider.home : plan.place,
            to: leg === 'to' ? plan.place : rider.home,
            direction: leg,
            seats: 1,
            paymentType: plan.paymentType ?? 'cash',
          },
        });
      }
    }
  }
  return { bookings, missing };
}
