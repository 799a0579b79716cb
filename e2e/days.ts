import { addDays, localDay } from '../packages/domain/src/index.ts';

/** The demo's sites keep this zone's calendar: a test's days are its days, whatever the machine's zone. */
export const SITE_ZONE = 'America/Toronto';

/** The site's day `ahead` days from today (today itself at 0). */
export function siteDay(ahead = 0): string {
  return addDays(localDay(SITE_ZONE), ahead);
}

/**
 * The days ahead that a test routes or books on and another one must leave alone, in one place: the
 * browser tests run at once, and a test that routes a day takes every waiting reservation of it.
 * A test that needs a day of its own picks one that is not here, and adds it.
 */
export const TEST_DAYS = {
  /** trips.spec, "routes the reservations chosen on the list" (the weekly series of reservations.spec starts here too). */
  chosenOnList: 2,
  /** shuttle-booking.spec books seats on a departure of this day. */
  shuttleSeats: 4,
  /** trips.spec, "routes a day": every waiting reservation of the day routed and written. */
  routeADay: 6,
  /** routing-scheduler.spec: its schedule routes this day. */
  scheduler: 14,
} as const;
