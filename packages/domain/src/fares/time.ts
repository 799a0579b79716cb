/**
 * Wall-clock helpers. Every date and time the engine sees is the site's local wall-clock time in
 * the server format 'YYYY-MM-DD HH:mm', so calendar arithmetic is done in UTC: the process time
 * zone and its daylight-saving gaps can never shift a date or a weekday.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

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

/**
 * Parses a request date 'YYYY-MM-DD HH:mm' (a 'T' separator and seconds are tolerated; a time
 * zone is not, since fares follow the site's wall clock). Returns null when malformed or when the
 * date does not exist (2026-02-30, 24:00).
 */
export function parseFareDate(text: string): FareMoment | null {
  const m = REQUEST_DATE.exec(text.trim());
  if (!m) return null;
  const wanted = `${m[1]} ${m[2]}`;
  const d = dayjs.utc(wanted);
  if (!d.isValid() || d.format('YYYY-MM-DD HH:mm') !== wanted) return null;
  return { date: d.format('YYYY-MM-DD'), minute: d.hour() * 60 + d.minute(), weekDay: d.day() };
}

/** The calendar date of a stored date field ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or ISO): its first 10 characters. */
export function calendarDate(text: string): string | null {
  const m = DATE_PREFIX.exec(text.trim());
  if (!m?.[1]) return null;
  const d = dayjs.utc(m[1]);
  return d.isValid() && d.format('YYYY-MM-DD') === m[1] ? m[1] : null;
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
  const dayOk = (weekDay: number) => mask === 0 || (mask & (1 << weekDay)) !== 0;
  if (ranges.length === 0) return dayOk(moment.weekDay);
  for (const r of ranges) {
    const at = inClockRange(r, moment.minute);
    if (at === 'same' && dayOk(moment.weekDay)) return true;
    if (at === 'previous' && dayOk(previousWeekDay(moment.weekDay))) return true;
  }
  return false;
}
