import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { z } from 'zod';
import { SERVER_DATE_TIME_FORMAT } from '../constants.ts';
import { vk } from '../resources/messages.ts';
import { requiredDay, requiredTime, TIME } from '../resources/schema.parts.ts';

dayjs.extend(customParseFormat);

/** Most shifts one multiple create may make (a year of one driver's days, or a month of a dozen drivers). */
export const MULTI_SHIFTS_MAX = 400;

/**
 * "Multiple create" of driver shifts (spec section 2, /driverShifts/multi): for each driver, each
 * day from `from` to `to` whose weekday is chosen, one shift from `start` to `end` (an end at or
 * before the start ends the next day), with the same breaks each day.
 */
export const multiShiftsSchema = z
  .object({
    unit: z
      .number({ error: vk('required') })
      .int()
      .positive(),
    drivers: z.array(z.number().int().positive(), { error: vk('required') }).min(1, vk('required')),
    from: requiredDay(),
    to: requiredDay(),
    weekDays: z.array(z.number().int().min(0).max(6), { error: vk('weekDays') }).min(1, vk('weekDays')),
    start: requiredTime(),
    end: requiredTime(),
    breaks: z
      .array(
        z.object({ start: z.string().regex(TIME, vk('timeInvalid')), end: z.string().regex(TIME, vk('timeInvalid')) }),
      )
      .default([]),
    supplier: z.number().int().positive().optional(),
    firstTripDistance: z.number().min(0).optional(),
    areas: z.array(z.number().int().positive()).optional(),
  })
  .refine((p) => p.to >= p.from, { path: ['to'], message: vk('endBeforeStart') });

export type MultiShiftsPlan = z.infer<typeof multiShiftsSchema>;

export interface PlannedShift {
  unit: number;
  driver: number;
  start: string;
  end: string;
  breaks: { start: string; end: string }[];
  supplier?: number;
  firstTripDistance?: number;
  areas?: number[];
}

/** The moment `time` on `day`, or the day after when it falls before `after`. */
function at(day: dayjs.Dayjs, time: string, after?: dayjs.Dayjs): dayjs.Dayjs {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const t = day.hour(h).minute(m).second(0).millisecond(0);
  return after && !t.isAfter(after) ? t.add(1, 'day') : t;
}

/** The shifts a plan makes, in date then driver order; throws when there would be more than MULTI_SHIFTS_MAX. */
export function expandShiftPlan(plan: MultiShiftsPlan): PlannedShift[] {
  const out: PlannedShift[] = [];
  const last = dayjs(plan.to, 'YYYY-MM-DD', true);
  for (let day = dayjs(plan.from, 'YYYY-MM-DD', true); !day.isAfter(last); day = day.add(1, 'day')) {
    if (!plan.weekDays.includes(day.day())) continue;
    const start = at(day, plan.start);
    const end = at(day, plan.end, start);
    const breaks = plan.breaks.map((b) => {
      const bs = at(day, b.start, start.subtract(1, 'minute'));
      return { start: bs.format(SERVER_DATE_TIME_FORMAT), end: at(day, b.end, bs).format(SERVER_DATE_TIME_FORMAT) };
    });
    for (const driver of plan.drivers) {
      out.push({
        unit: plan.unit,
        driver,
        start: start.format(SERVER_DATE_TIME_FORMAT),
        end: end.format(SERVER_DATE_TIME_FORMAT),
        breaks,
        ...(plan.supplier === undefined ? {} : { supplier: plan.supplier }),
        ...(plan.firstTripDistance === undefined ? {} : { firstTripDistance: plan.firstTripDistance }),
        ...(plan.areas === undefined ? {} : { areas: plan.areas }),
      });
      if (out.length > MULTI_SHIFTS_MAX) throw new RangeError(`at most ${MULTI_SHIFTS_MAX} shifts at once`);
    }
  }
  return out;
}
