import { EstimatedTravelTimes, type LatLng, OsrmTravelTimes, type TravelTimeProvider } from '@tc/routing';
import type { Services } from '../../protocol/act.ts';
import { siteSetting } from '../../store/auth.store.ts';
import type { Queryable } from '../../store/db.ts';

/** The site's "map route server" (OSRM-compatible; the site's own setting first), when one is set. */
export async function routeServerOf(services: Services, unit: number | null): Promise<string | undefined> {
  const server = await siteSetting(services.db, unit, 'map route server');
  return typeof server === 'string' && /^https?:\/\//.test(server.trim())
    ? server.trim().replace(/\/+$/, '')
    : undefined;
}

/** The site's road blocks (docs/live.md), as routing avoids them. */
export async function roadBlocksOf(
  services: Services,
  unit: number,
  q: Queryable = services.db,
): Promise<(LatLng & { _id: number })[]> {
  const { data } = await services.store.find('roadblocks', { query: {}, limit: 5000 }, { unit }, q);
  return data.flatMap((b) =>
    typeof b.lat === 'number' && typeof b.lon === 'number' ? [{ _id: b._id, lat: b.lat, lng: b.lon }] : [],
  );
}

/**
 * The travel times of a site's routing: its route server when set, else the estimator; either way
 * the estimator (the route server's fallback) goes around the site's road blocks.
 */
export async function travelTimes(services: Services, unit: number): Promise<TravelTimeProvider> {
  const estimator = new EstimatedTravelTimes({ blocks: await roadBlocksOf(services, unit) });
  const server = await routeServerOf(services, unit);
  return server ? new OsrmTravelTimes({ baseUrl: server, timeoutMs: 8000, fallback: estimator }) : estimator;
}
