import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { SERVER_DATE_TIME_FORMAT } from '../constants.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The spec's zone (section 2, history viewer): a site without its own time zone runs on it. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Is this an IANA zone the platform knows? */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A site's zone: its own `timeZone`, else the system setting `timeZone`, else the spec's.
 * Every day navigator, "today", date filter, recurrence and shift expansion uses it.
 */
export function siteTimeZone(site: { timeZone?: unknown } | null | undefined, systemZone?: unknown): string {
  if (isTimeZone(site?.timeZone)) return site.timeZone;
  if (isTimeZone(systemZone)) return systemZone;
  return DEFAULT_TIME_ZONE;
}

/** The wall-clock date and time in `zone` at `at` (`YYYY-MM-DD HH:mm`, the server's format). */
export function localDateTime(zone: string, at: Date | number = Date.now()): string {
  return dayjs(at).tz(zone).format(SERVER_DATE_TIME_FORMAT);
}

/** Today's date in `zone` (`YYYY-MM-DD`). */
export function localDay(zone: string, at: Date | number = Date.now()): string {
  return localDateTime(zone, at).slice(0, 10);
}

/** Minutes from `a` to `b`, both site-local `YYYY-MM-DD HH:mm` in `zone` (a daylight-saving change counts as it runs). */
export function minutesBetween(zone: string, a: string, b: string): number {
  return dayjs.tz(b, SERVER_DATE_TIME_FORMAT, zone).diff(dayjs.tz(a, SERVER_DATE_TIME_FORMAT, zone), 'minute');
}

/** `day` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');
}

/** The weekday of `day` (`YYYY-MM-DD`): 0 = Sunday … 6 = Saturday, as shifts' `weekDays` count. */
export function weekDayOf(day: string): number {
  return dayjs.utc(day).day();
}

/** The moment (epoch ms) of a site-local `YYYY-MM-DD HH:mm` in `zone`. */
export function epochOf(zone: string, dateTime: string): number {
  return dayjs.tz(dateTime, SERVER_DATE_TIME_FORMAT, zone).valueOf();
}

/** The day of a site date-time ("2026-12-01 08:00" → "2026-12-01"). */
export function dayOfDateTime(dateTime: unknown): string {
  return String(dateTime ?? '').slice(0, 10);
}

/** A query condition on a site date-time field: any time of `day`. */
export function withinDay(day: string): { $gte: string; $lte: string } {
  return { $gte: `${day} 00:00`, $lte: `${day} 23:59` };
}
