/**
 * Wall-clock helpers. Every date and time the engine sees is the site's local wall-clock time in
 * the server format 'YYYY-MM-DD HH:mm', so calendar arithmetic is done with `Date.UTC`: the
 * process time zone and its daylight-saving gaps can never shift a date or a weekday.
 *
 * These are small pure helpers rather than dayjs: @tc/domain does not declare dayjs (it only
 * resolves through the apps' hoisted copy), and parsing with dayjs cost about 20 us per request,
 * a fifth of the benchmark's budget, for what is a weekday and a validity check.
 */

/** The moment of a request, split the ways the matching rules need it. */
export interface FareMoment {
  /** Calendar date 'YYYY-MM-DD'. */
  date: string;
  /** Minutes since midnight, 0..1439. */
  minute: number;
  /** 0 = Sunday .. 6 = Saturday (as dayjs and JavaScript count). */
  weekDay: number;
}

const REQUEST_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})(?:$|[ T])/;

/** The weekday (0 = Sunday) of a valid calendar date, or null when the date does not exist. */
function weekDayOf(y: number, m: number, d: number): number | null {
  const t = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2026-02-30 over to March: a date that does not come back unchanged does not exist.
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.getUTCDay();
}

/**
 * Parses a request date 'YYYY-MM-DD HH:mm' (a 'T' separator and seconds are tolerated; a time
 * zone is not, since fares follow the site's wall clock). Returns null when malformed or when the
 * date does not exist (2026-02-30, 24:00).
 */
export function parseFareDate(text: string): FareMoment | null {
  const m = REQUEST_DATE.exec(text.trim());
  if (!m) return null;
  const date = m[1] as string;
  const clock = m[2] as string;
  const h = Number(clock.slice(0, 2));
  const min = Number(clock.slice(3, 5));
  if (h > 23 || min > 59) return null;
  const weekDay = weekDayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  return weekDay === null ? null : { date, minute: h * 60 + min, weekDay };
}

/** The calendar date of a stored date field ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or ISO): its first 10 characters. */
export function calendarDate(text: string): string | null {
  const m = DATE_PREFIX.exec(text.trim());
  const date = m?.[1];
  if (!date) return null;
  return weekDayOf(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))) === null
    ? null
    : date;
}

/**
 * A time of day 'HH:mm' (or 'YYYY-MM-DD HH:mm', whose time part is used) to minutes since
 * midnight. '24:00' is the end of the day (1440). Returns null when malformed.
 */
export function parseClock(text: string): number | null {
  const t = text.trim();
  const clock = REQUEST_DATE.exec(t)?.[2] ?? t;
  const m = CLOCK.exec(clock);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/**
 * A daily time window in minutes: `start` inclusive, `end` exclusive. `start > end` crosses
 * midnight (22:00-06:00); `start === end` is the whole day.
 */
export interface ClockRange {
  start: number;
  end: number;
}

/**
 * Builds a window from optional 'HH:mm' bounds; a missing start is midnight, a missing end the end
 * of the day. An end of '23:59' counts as the end of the day, because that is how people write
 * "until midnight" and the half-open window would otherwise leave out the last minute.
 * Returns undefined for no bound at all, null for a malformed one.
 */
export function clockRange(start: string | undefined, end: string | undefined): ClockRange | undefined | null {
  if (start === undefined && end === undefined) return undefined;
  const s = start === undefined ? 0 : parseClock(start);
  let e = end === undefined ? 1440 : parseClock(end);
  if (s === null || e === null) return null;
  if (e === 23 * 60 + 59) e = 1440;
  return { start: s === 1440 ? 0 : s, end: e };
}

/**
 * Whether a minute of the day falls in a window, and on which day the window began: 'same' for the
 * request's own day, 'previous' for the after-midnight part of a window that started the evening
 * before (so that a Friday 22:00-06:00 window matches Saturday 02:00 as Friday). null = outside.
 */
export function inClockRange(range: ClockRange, minute: number): 'same' | 'previous' | null {
  const { start, end } = range;
  if (start === end) return 'same';
  if (start < end) return minute >= start && minute < end ? 'same' : null;
  if (minute >= start) return 'same';
  return minute < end ? 'previous' : null;
}

/** The weekday before `weekDay` (0 = Sunday). */
export function previousWeekDay(weekDay: number): number {
  return (weekDay + 6) % 7;
}

/** A bit mask of weekdays (bit 0 = Sunday); 0 means "every day". */
export function weekDayMask(days: readonly number[] | undefined): number {
  let mask = 0;
  for (const d of days ?? []) mask |= 1 << (d % 7);
  return mask;
}

/**
 * Whether a moment passes a set of daily windows and weekdays. With no windows the request's own
 * weekday is checked; otherwise some window must contain the minute and the weekday on which that
 * window began must be allowed.
 */
export function matchesWhen(ranges: readonly ClockRange[], mask: number, moment: FareMoment): boolean {
  if (ranges.length === 0) return dayAllowed(mask, moment.weekDay);
  for (const r of ranges) {
    const at = inClockRange(r, moment.minute);
    if (at === 'same' && dayAllowed(mask, moment.weekDay)) return true;
    if (at === 'previous' && dayAllowed(mask, previousWeekDay(moment.weekDay))) return true;
  }
  return false;
}

/** Whether a weekday mask (0 = every day) allows a weekday. */
export function dayAllowed(mask: number, weekDay: number): boolean {
  return mask === 0 || (mask & (1 << weekDay)) !== 0;
}
