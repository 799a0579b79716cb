import {
  isTripStatus,
  localDay,
  PLANNED_TRIP_STATUSES,
  type PlanStop,
  placePoint,
  RUNNING_TRIP_STATUSES,
  type StoredDoc,
  stopPlace,
  tripStops,
} from '@tc/domain';
import { blocksOnPath, type LatLng, OsrmTravelTimes, type TravelTimeProvider } from '@tc/routing';
import { requireSiteOfCall, scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal, type Services } from '../../protocol/act.ts';
import type { Actor, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { VersionConflict } from '../../store/errors.ts';
import { zoneOf } from '../jobs/booking.ts';
import { roadBlocksOf, routeServerOf } from '../trips/travel.ts';

/**
 * The road blocks screen (/roadBlocks; docs/live.md): the nearest road of a click through the
 * site's map route server, Save (new and removed blocks in one transaction) and the rebuild that
 * flags the trips whose route passes a block.
 */

const NEAREST_TIMEOUT_MS = 8000;

/** The route server's nearest road point: POST {host}/nearest/v1/driving/{lng},{lat} (spec section 7). */
async function nearestOnServer(host: string, lat: number, lon: number) {
  const res = await fetch(`${host}/nearest/v1/driving/${lon.toFixed(6)},${lat.toFixed(6)}?number=1`, {
    method: 'POST',
    signal: AbortSignal.timeout(NEAREST_TIMEOUT_MS),
  });
  if (!res.ok) return undefined;
  const body = (await res.json().catch(() => undefined)) as
    | { code?: unknown; waypoints?: { name?: unknown; location?: unknown }[] }
    | undefined;
  const wp = body?.code === 'Ok' && Array.isArray(body.waypoints) ? body.waypoints[0] : undefined;
  const loc = wp?.location;
  if (!Array.isArray(loc) || typeof loc[0] !== 'number' || typeof loc[1] !== 'number') return undefined;
  return { lat: loc[1], lon: loc[0], name: typeof wp?.name === 'string' ? wp.name : '' };
}

const nearestroad: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { lat, lon, unit } = requestOf(ctx, 'nearestroad');
    const host = await routeServerOf(ctx.services, requireSiteOfCall(p, unit));
    if (!host) return { lat, lon, name: '', snapped: false, server: false };
    const found = await nearestOnServer(host, lat, lon).catch(() => undefined);
    return found ? { ...found, snapped: true, server: true } : { lat, lon, name: '', snapped: false, server: true };
  },
};

interface TripPath {
  trip: StoredDoc;
  path: LatLng[];
}

/** A trip's way in stop order (`tripStops`): each pick-up at its rider's from, each drop-off at its to. */
async function pathsOf(services: Services, trips: StoredDoc[], scope: Scope, tx: Queryable): Promise<TripPath[]> {
  const ids = trips.flatMap((t) => (t.stops as number[] | undefined) ?? []);
  const { data: jobs } = ids.length
    ? await services.store.find('jobs', { query: { _id: { $in: ids } }, limit: 10_000 }, scope, tx)
    : { data: [] };
  const byId = new Map(jobs.map((j) => [j._id, j]));
  return trips.map((trip) => {
    const stops = tripStops((trip.plan as PlanStop[] | undefined) ?? [], (trip.stops as number[] | undefined) ?? []);
    const path = stops.flatMap((s) => {
      const at = placePoint(stopPlace(s.kind, byId.get(s.job)));
      return at ? [{ lat: at.lat, lng: at.lon }] : [];
    });
    return { trip, path };
  });
}

/** A trip's way by road (the route server's /route/v1) when one is set, else its straight legs. */
async function roadOf(travel: TravelTimeProvider | undefined, path: LatLng[]): Promise<LatLng[]> {
  if (!travel || path.length < 2) return path;
  const route = await travel.route(path);
  return route.coordinates.map(([lng, lat]) => ({ lat, lng }));
}

/**
 * Flags the site's trips of today on that have not ended whose way passes a road block (`blocked`:
 * the blocks' ids; by road with a route server, else along straight legs) and clears the flag of
 * those that no longer do; answers the flagged trips. Read first, then each trip written on the
 * version read (no transaction is held while the route server answers); a trip changed meanwhile is
 * read again once.
 */
async function rebuild(services: Services, unit: number, actor: Actor, scope: Scope) {
  const blocks = await roadBlocksOf(services, unit);
  const day = localDay(await zoneOf(services, unit, services.db));
  const server = await routeServerOf(services, unit);
  const travel = server ? new OsrmTravelTimes({ baseUrl: server, timeoutMs: 8000 }) : undefined;
  const where = { ...scope, unit };
  const query = {
    date: { $gte: `${day} 00:00` },
    status: { $in: [...PLANNED_TRIP_STATUSES, ...RUNNING_TRIP_STATUSES] },
  };
  const { data: trips } = await services.store.find('trips', { query, limit: 10_000 }, where);
  const flagged: number[] = [];
  const check = async (trip: StoredDoc, retry: boolean): Promise<void> => {
    const [{ path } = { path: [] }] = await pathsOf(services, [trip], scope, services.db);
    const hit = blocksOnPath(await roadOf(travel, path), blocks).map((i) => blocks[i]?._id as number);
    if (hit.length) flagged.push(trip._id);
    if (hit.join() === ((trip.blocked as number[] | undefined) ?? []).join()) return;
    try {
      await services.store.update('trips', trip._id, { blocked: hit.length ? hit : null }, trip._version, actor, where);
    } catch (err) {
      if (!(err instanceof VersionConflict) || !retry) throw err;
      if (hit.length) flagged.pop();
      const again = await services.store.getInScope('trips', trip._id, where, 'read');
      await check(again, false);
    }
  };
  for (const trip of trips) if (isTripStatus(trip.status)) await check(trip, true);
  return { blocks: blocks.length, flagged };
}

const saveroadblocks: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const req = requestOf(ctx, 'saveroadblocks');
    const unit = requireSiteOfCall(p, req.unit);
    const scope = { ...scopeOf(p), unit };
    const actor = { id: p.id, name: p.name };
    const { store } = ctx.services;
    const saved = await store.db.tx(async (tx) => {
      await store.lock(tx, `roadblocks:${unit}`);
      const deleted = req.delete.length
        ? await store.delete('roadblocks', { _id: { $in: req.delete } }, actor, scope, tx)
        : 0;
      const docs = req.create.map((b) => ({
        unit,
        lat: b.lat,
        lon: b.lon,
        name: b.name || `${b.lat.toFixed(5)}, ${b.lon.toFixed(5)}`,
      }));
      const created = docs.length ? await store.insertMany('roadblocks', docs, actor, scope, tx) : [];
      return { created, deleted };
    });
    const { flagged } = await rebuild(ctx.services, unit, actor, scope);
    return { ...saved, flagged };
  },
};

const rebuildroadblocks: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { unit } = requestOf(ctx, 'rebuildroadblocks');
    const site = requireSiteOfCall(p, unit);
    return rebuild(ctx.services, site, { id: p.id, name: p.name }, { ...scopeOf(p), unit: site });
  },
};

export const roadBlockActs = { nearestroad, saveroadblocks, rebuildroadblocks };
