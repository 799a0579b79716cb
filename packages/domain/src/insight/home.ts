import dayjs from 'dayjs';
import { JOB_STATUSES, type JobStatus } from '../constants.ts';
import { addDays } from '../jobs/timeZone.ts';
import type { TripStatus } from '../trips/status.ts';

/**
 * The home screens' rules (spec sections 2 and 9; docs/home.md): the agent home's search range and
 * statistic windows, the size its statistics are drawn at, and the dashboard's weeks and counts.
 */

/** The agent home's lists show 5 or 10 rows, 5 at first (spec section 9). */
export const HOME_LIST_SIZES = [5, 10] as const;
export type HomeListSize = (typeof HOME_LIST_SIZES)[number];

/** The agent home's search range at start: two months back, from the start of that day, to the end of today. */
export function agentSearchRange(today: string): { from: string; to: string } {
  return { from: dayjs.utc(today).subtract(2, 'month').format('YYYY-MM-DD'), to: today };
}

/** The statistic tiles' windows (spec section 9): "last 24 hours" is the last day, "last week" the last 700 days. */
export const STAT_WINDOW_DAYS = { day: 1, week: 700 } as const;
export type StatWindow = keyof typeof STAT_WINDOW_DAYS;

/** The instants (ISO) a statistic window spans, ending at `now`. */
export function statWindow(window: StatWindow, now: Date): [string, string] {
  const from = new Date(now.getTime() - STAT_WINDOW_DAYS[window] * 86_400_000);
  return [from.toISOString(), now.toISOString()];
}

/** The agent home's four statistic tiles, in the spec's order. */
export const STAT_TILES = [
  { key: 'lastWeekAll', window: 'week', mine: false },
  { key: 'lastDayAll', window: 'day', mine: false },
  { key: 'myLastWeek', window: 'week', mine: true },
  { key: 'myLastDay', window: 'day', mine: true },
] as const satisfies readonly { key: string; window: StatWindow; mine: boolean }[];

/**
 * The tiles' counts as one `batch` call asks them (spec section 7: `count: 2`, a date range, and
 * createdBy or status-not-canceled): reservations booked in the window, not canceled, and for the
 * "my" tiles booked by `userName` (the store's createdBy).
 */
export function statQueries(userName: string, now: Date) {
  return STAT_TILES.map((tile) => {
    const [from, to] = statWindow(tile.window, now);
    return {
      act: 'find' as const,
      col: 'jobs',
      count: 2,
      query: {
        createdAt: { $gte: from, $lte: to },
        status: { $ne: 'canceled' },
        ...(tile.mine ? { createdBy: userName } : {}),
      },
    };
  });
}

/** A statistic's font size (spec section 2): 80 for values shorter than 4 characters, else 240 divided by the length. */
export function statFontSize(value: string | number): number {
  const length = String(value).length;
  return length < 4 ? 80 : 240 / length;
}

/** The Monday that starts the week of `day` (weeks run Monday to Sunday). */
export function weekStart(day: string): string {
  const weekday = dayjs.utc(day).day(); // 0 is Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** This week (Monday to Sunday, around `today`) and the week before, as days from and to. */
export function dashboardWeeks(today: string): { thisWeek: [string, string]; lastWeek: [string, string] } {
  const monday = weekStart(today);
  return {
    thisWeek: [monday, addDays(monday, 6)],
    lastWeek: [addDays(monday, -7), addDays(monday, -1)],
  };
}

/** Reservations not yet in a trip: the statuses before routing (the dashboard's "unassigned"). */
export const UNASSIGNED_STATUSES: readonly JobStatus[] = ['new', 'onhold', 'waiting'];
/** Reservations whose rider was picked up: the pick-ups the on-time share is reckoned over. */
export const PICKED_STATUSES: readonly JobStatus[] = ['picked', 'dropped'];
/** The statuses a booking counts in (statistics count reservations whose status is not canceled). */
export const COUNTED_STATUSES: readonly JobStatus[] = JOB_STATUSES.filter((s) => s !== 'canceled');

/** The dashboard's numbers for one site's day (act `dashboard`). */
export interface Dashboard {
  day: string;
  timeZone: string;
  jobs: Partial<Record<JobStatus, number>>;
  trips: Partial<Record<TripStatus, number>>;
  driversOnline: number;
  unassigned: number;
  /** Today's pick-ups, and those at most the late margin after the reservation's time. */
  pickups: { done: number; onTime: number; lateMinutes: number };
  weeks: {
    thisWeek: { from: string; to: string; count: number };
    lastWeek: { from: string; to: string; count: number };
  };
}
