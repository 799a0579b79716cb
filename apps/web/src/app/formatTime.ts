import { HISTORY_TIME_ZONE } from '@tc/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** A stored time shown in America/New_York, the zone of the history viewer (spec section 2). */
export function formatNewYork(time: string | number | Date | undefined | null): string {
  if (time == null || time === '') return '';
  const parsed = dayjs(time);
  if (!parsed.isValid()) return String(time);
  return parsed.tz(HISTORY_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');
}
