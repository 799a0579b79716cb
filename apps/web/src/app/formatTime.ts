import { HISTORY_TIME_ZONE } from '@tc/domain';

/**
 * One formatter, made once: the platform's time-zone data (ICU) does the conversion. dayjs's `tz()`
 * builds a new formatter on every call (≈ 0.06 ms each, 6 ms for a page of 100 rows), which a list
 * that formats a time per row cannot afford.
 */
const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: HISTORY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A stored time shown in America/New_York as `YYYY-MM-DD HH:mm:ss`, the zone of the history viewer (spec section 2). */
export function formatNewYork(time: string | number | Date | undefined | null): string {
  if (time == null || time === '') return '';
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of NEW_YORK.formatToParts(date)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A stored time shown on a site's clock as `YYYY-MM-DD HH:mm` (one formatter per zone, made once). */
export function formatInZone(time: string | number | Date | undefined | null, zone: string): string {
  if (time == null || time === '') return '';
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return String(time);
  let format = zoneFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(zone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format.formatToParts(date)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
