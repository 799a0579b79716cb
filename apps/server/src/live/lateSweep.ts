import { localDay, MODULES, RUNNING_TRIP_STATUSES, type StoredDoc, type TripStatus } from '@tc/domain';
import { tripLiveOf } from '../acts/live/tripLive.ts';
import type { Services } from '../protocol/act.ts';
import { VersionConflict } from '../store/errors.ts';

/** How often the running trips' ETAs are checked against their stops' time windows. */
export const LATE_SWEEP_MS = 60_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the sweep's writes are by, in the trips' history. */
const ETA_ACTOR = { id: null, name: 'ETA' };

/**
 * The late sweep (predictive ETA add-on, 560; docs/live.md): each running trip's ETAs from its
 * vehicle's last position (tripLiveOf), and `late` set to the reservations whose stop they reach
 * past its time window, or cleared. A trip no longer running (dated from two days ago on), or of
 * a site without the add-on, is cleared. Written only when it changes, on the version read, as ETA in the trip's history (a
 * trip changed meanwhile waits for the next sweep). Answers the trips flagged late.
 */
export async function sweepLate(services: Services): Promise<number[]> {
  // the running trips, and those of the last days that were flagged (a flag cleared stays as null)
  const since = `${localDay('UTC', Date.now() - 2 * DAY_MS)} 00:00`;
  const query = {
    $or: [{ status: { $in: [...RUNNING_TRIP_STATUSES] } }, { late: { $exists: true }, date: { $gte: since } }],
  };
  const { data: trips } = await services.store.find('trips', { query, limit: 10_000 }, {});
  const flagged: number[] = [];
  for (const trip of trips) {
    const late = await lateStops(services, trip);
    if (late.length) flagged.push(trip._id);
    if (late.join() === ((trip.late as number[] | undefined) ?? []).join()) continue;
    try {
      await services.store.update('trips', trip._id, { late: late.length ? late : null }, trip._version, ETA_ACTOR, {});
    } catch (err) {
      if (!(err instanceof VersionConflict)) throw err;
    }
  }
  return flagged;
}

/** The reservations of a running trip whose stop its ETA reaches late, in id order. */
async function lateStops(services: Services, trip: StoredDoc): Promise<number[]> {
  if (!RUNNING_TRIP_STATUSES.includes(trip.status as TripStatus)) return [];
  if (!(await services.addOns.active(trip.unit as number, MODULES.predictiveEta.code, LATE_SWEEP_MS))) return [];
  const live = await tripLiveOf(services, trip, {}, false);
  return [...new Set(live.stops.filter((s) => s.late).map((s) => s.job))].sort((a, b) => a - b);
}

/** Runs the sweep now and every LATE_SWEEP_MS until the returned function is called; a failed sweep is reported and the next one runs. */
export function startLateSweep(services: Services, report: (err: unknown) => void): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweepLate(services)
      .catch(report)
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, LATE_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
