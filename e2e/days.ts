import { addDays, localDay } from '../packages/domain/src/index.ts';

/** The demo's sites keep this zone's calendar: a test's days are its days, whatever the machine's zone. */
const SITE_ZONE = 'America/Toronto';

/** The site's day `ahead` days from today (today itself at 0). */
export function siteDay(ahead = 0): string {
  return addDays(localDay(SITE_ZONE), ahead);
}

/**
 * The days ahead (on the demo's first site) that a test routes, or books on and then checks what it
 * booked, in one place: the browser tests run at once, and routing a day takes every waiting
 * reservation of it. A test that routes a day of its own picks one that is not here (route-and-assign
 * skips them all) and adds it. Bookings no test routes (reservations.spec's days 15 to 30, the
 * school week of shift-bookings.spec on another site) need no entry.
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
