import { z } from 'zod';
import { PAYMENT_TYPES } from '../constants.ts';
import { vk } from '../resources/messages.ts';
import { optionalEmail, optionalPhone, optionalText, requiredDay } from '../resources/schema.parts.ts';
import { weekDayOf } from './timeZone.ts';

/**
 * Shuttle booking (/jobs/shuttle; issue 11, point 5): a seat on one departure of a shuttle line,
 * from one of its stops to a later one. A departure is an hour of the shuttle's timetable on a day
 * its weekdays name; it carries the shuttle's pax times its buses. Pure: the acts read the
 * shuttle, the holidays and the seats booked.
 */

export interface ShuttleTime {
  hour: string;
  /** Days of the week it runs, 0 Sunday to 6 Saturday; none given: every day. */
  weekDays?: readonly number[];
  /** Buses on the departure (at least one). */
  busses?: number;
  /** Minutes before the departure its booking closes. */
  limit?: number;
  /** It also runs on the site's holidays. */
  holidays?: boolean;
}

export interface ShuttleLike {
  pax: number;
  times?: readonly ShuttleTime[];
}

export interface Departure {
  /** `YYYY-MM-DD HH:mm` on the site's clock, at the first stop. */
  date: string;
  hour: string;
  capacity: number;
  /** Minutes before the departure its booking closes. */
  limit: number;
}

/** The departures of a shuttle on `day` (`YYYY-MM-DD`), by hour; none on a holiday unless the time runs on holidays. */
export function shuttleDepartures(shuttle: ShuttleLike, day: string, holiday = false): Departure[] {
  const weekday = weekDayOf(day);
  return (shuttle.times ?? [])
    .filter((t) => (!t.weekDays?.length || t.weekDays.includes(weekday)) && (!holiday || t.holidays === true))
    .map((t) => ({
      date: `${day} ${t.hour}`,
      hour: t.hour,
      capacity: shuttle.pax * Math.max(1, t.busses ?? 1),
      limit: Math.max(0, t.limit ?? 0),
    }))
    .sort((a, b) => a.hour.localeCompare(b.hour));
}

const id = () =>
  z
    .number({ error: vk('required') })
    .int()
    .positive(vk('required'));

/** What /jobs/shuttle asks for a day (act `shuttledepartures`). */
export const shuttleDaySchema = z.object({ unit: id().optional(), day: requiredDay(), shuttle: id().optional() });

/** One departure as `shuttledepartures` answers it: the shuttle, its stops, and the seats left. */
export interface ShuttleDeparture extends Departure {
  shuttle: { _id: number; code: string; name: string; line?: string; stops: { name: string; address?: string }[] };
  booked: number;
  left: number;
  /** Its booking has closed (the departure is past, or within its limit). */
  closed: boolean;
}

/**
 * A seat booked on a departure (act `bookshuttle`): the shuttle, the departure's date and time,
 * the stops on and off (indexes into its stops, off after on), the seats, and the rider: a
 * passenger of the site or a name and phone. Profile and payment type default to the shuttle's.
 */
export const shuttleBookingSchema = z
  .object({
    unit: id().optional(),
    shuttle: id(),
    date: z.string({ error: vk('required') }).regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, vk('dateInvalid')),
    on: z
      .number({ error: vk('required') })
      .int()
      .min(0),
    off: z
      .number({ error: vk('required') })
      .int()
      .min(0),
    seats: z
      .number({ error: vk('required') })
      .int(vk('integer'))
      .min(1, vk('positive'))
      .max(99),
    passenger: id().optional(),
    firstName: optionalText(),
    lastName: optionalText(),
    phone: optionalPhone(),
    email: optionalEmail(),
    profile: id().optional(),
    paymentType: z.enum(PAYMENT_TYPES).optional(),
    allowDuplicate: z.boolean().optional(),
  })
  .refine((b) => b.off > b.on, { path: ['off'], message: vk('stopOrder') });

export type ShuttleBooking = z.infer<typeof shuttleBookingSchema>;
