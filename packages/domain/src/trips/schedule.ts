import { addDays, epochOf, localDateTime, localDay } from '../jobs/timeZone.ts';

/**
 * The routing scheduler (add-on module 550, docs/routing.md): a site routes itself on a schedule.
 * A schedule runs `daily` at a time of the site's day, routing the whole day `daysAhead` days on
 * (18:00 for tomorrow), or every `minutes` minutes of the site's day from midnight, routing the
 * reservations of the next `hoursAhead` hours (every 15 minutes for the next two hours).
 */
export const SCHEDULE_REPEATS = ['daily', 'interval'] as const;
export type ScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

/** What a run of a schedule came to. */
export const SCHEDULE_OUTCOMES = ['written', 'nothing', 'failed', 'missed', 'interrupted', 'undone'] as const;
export type ScheduleOutcome = (typeof SCHEDULE_OUTCOMES)[number];

/** The limits of a schedule's fields (the form's and the server's). */
export const SCHEDULE_LIMITS = {
  daysAhead: { min: 0, max: 14 },
  minutes: { min: 5, max: 1440 },
  hoursAhead: { min: 1, max: 24 },
  seconds: { min: 1, max: 60 },
} as const;

/**
 * A line of a run's log, at a site time (`YYYY-MM-DD HH:mm`): what happened, with its figures; the
 * console words it in the user's language (`routingRuns.events.<event>`).
 */
export type RunLogEntry = { at: string } & (
  | { event: 'start'; assign: boolean; from: string; to: string; seconds: number }
  | { event: 'day'; day: string; trips: number; routed: number; queued: number; estimated: boolean }
  | { event: 'written'; trips: number }
  | { event: 'nothing' }
  /** `error`: the server's English text; `code` and `details` (a catalogue error) translate it. */
  | { event: 'failed'; error: string; code?: string; details?: Record<string, unknown> }
  | { event: 'missed'; count: number; from: string }
  | { event: 'interrupted'; since: string }
  | { event: 'undone'; by: string }
);

/**
 * When an active schedule runs next (act routingschedulenext, the runs page's "Next runs"): the
 * time the scheduler keeps for it, at its site's time (`YYYY-MM-DD HH:mm`), and the days that run
 * routes; `on` is false while its site lacks the add-on, when it does not run at all.
 */
export interface ScheduleNext {
  id: number;
  name: string;
  unit: number;
  at: string;
  days: string[];
  on: boolean;
}

/** A run under way longer than this is taken for dead (its server stopped): searches last a minute at most. */
export const SCHEDULE_RUN_STALE_MS = 5 * 60_000;

export interface RoutingSchedule {
  repeat: ScheduleRepeat;
  /** `HH:mm` of the site's day (daily). */
  time?: string;
  /** The day routed, counted from the run's day (daily; 1: tomorrow). */
  daysAhead?: number;
  /** Minutes between runs, counted from the site's midnight (interval). */
  minutes?: number;
  /** How far ahead a run routes (interval). */
  hoursAhead?: number;
}

const MINUTE_MS = 60_000;

/**
 * When a schedule next runs strictly after `after` (epoch ms), in the site's time zone. A daily
 * schedule at a time a daylight-saving change skips runs at the first minute after it.
 */
export function nextRunAfter(s: RoutingSchedule, after: number, zone: string): number {
  const today = localDay(zone, after);
  if (s.repeat === 'daily') {
    for (const day of [today, addDays(today, 1), addDays(today, 2)]) {
      const at = epochOf(zone, `${day} ${s.time ?? '00:00'}`);
      if (at > after) return at;
    }
    throw new Error('no daily run within two days');
  }
  const step = Math.max(SCHEDULE_LIMITS.minutes.min, s.minutes ?? 15) * MINUTE_MS;
  for (const day of [today, addDays(today, 1)]) {
    const midnight = epochOf(zone, `${day} 00:00`);
    const end = epochOf(zone, `${addDays(day, 1)} 00:00`);
    const k = Math.max(0, Math.floor((after - midnight) / step) + 1);
    if (midnight + k * step < end) return midnight + k * step;
  }
  throw new Error('no interval run within two days');
}

/** The site-local span a run at `at` routes: whole days (daily), or the next hours from the run (interval). */
export interface RunWindow {
  /** The days it routes, `YYYY-MM-DD`. */
  days: string[];
  /** Site-local `YYYY-MM-DD HH:mm` bounds of the reservations' times, both included. */
  from: string;
  to: string;
}

export function runWindow(s: RoutingSchedule, at: number, zone: string): RunWindow {
  if (s.repeat === 'daily') {
    const day = addDays(localDay(zone, at), s.daysAhead ?? 1);
    return { days: [day], from: `${day} 00:00`, to: `${day} 23:59` };
  }
  const from = localDateTime(zone, at);
  const to = localDateTime(zone, at + (s.hoursAhead ?? 2) * 60 * MINUTE_MS);
  const days = [from.slice(0, 10)];
  if (to.slice(0, 10) !== days[0]) days.push(to.slice(0, 10));
  return { days, from, to };
}

/**
 * What a scheduler does with the runs due from the one it expected (`due`) to `now`: the last of
 * them runs now (at once when the scheduler is on time; late when its server was stopped), those
 * before it are missed. `run`: the time of the run to make now, if any; `missed`: how many were
 * missed; `next`: when the schedule runs after that.
 */
export function catchUp(
  s: RoutingSchedule,
  due: number,
  now: number,
  zone: string,
): { run: number | undefined; missed: number; next: number } {
  if (due > now) return { run: undefined, missed: 0, next: due };
  let last = due;
  let missed = 0;
  for (let at = nextRunAfter(s, due, zone); at <= now; at = nextRunAfter(s, at, zone)) {
    missed++;
    last = at;
    if (missed > 10_000) break;
  }
  return { run: last, missed, next: nextRunAfter(s, now, zone) };
}
