import * as rruleModule from 'rrule';
import { z } from 'zod';
import { vk } from '../resources/messages.ts';
import { optionalDay } from '../resources/schema.parts.ts';

// rrule ships CommonJS to Node (its classes on the default export) and ESM to bundlers
const { RRule } = (
  (rruleModule as { RRule?: unknown }).RRule
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default
) as typeof rruleModule;

/** Days ahead a series without an end is booked; the server extends it as days pass. */
export const SERIES_HORIZON_DAYS = 90;
/** Most reservations one series may hold (an end "after N" above it is refused). */
export const SERIES_MAX = 500;

/**
 * A recurring reservation (protocol: `recurring` beside the insert's data): every `every` days or
 * weeks, on the chosen weekdays (0 Sunday .. 6) for weeks, ending never, on a date, or after N
 * reservations.
 */
export const recurringSchema = z
  .strictObject({
    every: z
      .number({ error: vk('number') })
      .int(vk('integer'))
      .min(1, vk('positive'))
      .max(52),
    unit: z.enum(['day', 'week'], { error: vk('oneOf') }),
    weekDays: z.array(z.number().int().min(0).max(6)).optional(),
    ends: z.union([
      z.strictObject({ never: z.literal(true) }),
      z.strictObject({ on: optionalDay().pipe(z.string({ error: vk('required') })) }),
      z.strictObject({
        after: z
          .number({ error: vk('number') })
          .int(vk('integer'))
          .min(1, vk('positive'))
          .max(SERIES_MAX),
      }),
    ]),
    skipHolidays: z.boolean().optional(),
  })
  .refine((r) => r.unit !== 'week' || (r.weekDays?.length ?? 0) > 0, { path: ['weekDays'], message: vk('weekDays') });

export type Recurring = z.infer<typeof recurringSchema>;

/** A site-local `YYYY-MM-DD HH:mm` as a "floating" time: its wall clock on a UTC date, never shifted by a zone. */
function floating(dateTime: string): Date {
  const [day, time = '00:00'] = dateTime.split(' ');
  return new Date(`${day}T${time.slice(0, 5)}:00Z`);
}

function wallClock(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

export interface Expansion {
  /** The reservations' dates, the first one's included, in order. */
  dates: string[];
  /** Occurrences left to book after `through` (an open end, or an end beyond the horizon). */
  more: boolean;
}

/**
 * The dates of a series from its first reservation's `start`, through the day `through`
 * (inclusive; the horizon), skipping the `skip` days (holidays of the site). Times are wall-clock
 * times of the site: 08:00 stays 08:00 across a daylight-saving change. An end "after N" counts
 * reservations made (skipped days are not counted). With `after` (the last date booked so far,
 * when the server extends a series) only later dates are answered, the earlier ones still counted.
 */
export function expandSeries(
  start: string,
  rule: Recurring,
  through: string,
  skip: ReadonlySet<string> = new Set(),
  after?: string,
): Expansion {
  const dtstart = floating(start);
  const rr = new RRule({
    dtstart,
    freq: rule.unit === 'week' ? RRule.WEEKLY : RRule.DAILY,
    interval: rule.every,
    // rrule counts Monday as 0; ours (and JavaScript's) count Sunday as 0
    byweekday: rule.unit === 'week' ? (rule.weekDays ?? []).map((d) => (d + 6) % 7) : null,
    until: 'on' in rule.ends ? floating(`${rule.ends.on} 23:59`) : null,
    wkst: RRule.SU,
  });
  const limit = 'after' in rule.ends ? rule.ends.after : SERIES_MAX;
  const end = floating(`${through} 23:59`);
  const booked = after ? floating(after) : undefined;
  const dates: string[] = [];
  let more = false;
  let count = 0;
  rr.all((d) => {
    if (count >= limit) return false;
    if (d > end) {
      more = true;
      return false;
    }
    const text = wallClock(d);
    if (skip.has(text.slice(0, 10))) return true;
    count++;
    if (!booked || d > booked) dates.push(text);
    return true;
  });
  return { dates, more };
}
