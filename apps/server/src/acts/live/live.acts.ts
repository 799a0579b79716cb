import { LIVE_ROUTES_MAX, type LiveRoute, RUNNING_TRIP_STATUSES, type StoredDoc } from '@tc/domain';
import { scopeOf, siteOfCall } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { latestPositions, trackOf } from '../../store/positions.store.ts';
import { tripLiveOf } from './tripLive.ts';

/** The live map's reads (/livemap; docs/live.md), under the live map module's view. */

const livepositions: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { unit } = requestOf(ctx, 'livepositions');
    return { data: await latestPositions(ctx.services.db, siteOfCall(p, unit), scopeOf(p).supplier) };
  },
};

const triptrack: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { trip } = requestOf(ctx, 'triptrack');
    await ctx.services.store.getInScope('trips', trip, scopeOf(p), 'read');
    return { points: await trackOf(ctx.services.db, trip) };
  },
};

/** A trip as it runs: its position, stops left, ETAs and way ahead (tripLive.ts). */
const triplive: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { trip: id } = requestOf(ctx, 'triplive');
    const scope = scopeOf(p);
    const trip = await ctx.services.store.getInScope('trips', id, scope, 'read');
    return tripLiveOf(ctx.services, trip, scope, true);
  },
};

/** Every running trip's way ahead on a site (the live map's "All routes"), a few trips at a time. */
const liveroutes: Act = {
  permission: { kind: 'module', module: 'liveMap', action: 'view' },
  run: async (ctx): Promise<{ routes: LiveRoute[] }> => {
    const p = requirePrincipal(ctx);
    const { unit } = requestOf(ctx, 'liveroutes');
    const scope = { ...scopeOf(p), unit: siteOfCall(p, unit) };
    const { data: trips } = await ctx.services.store.find(
      'trips',
      { query: { status: { $in: [...RUNNING_TRIP_STATUSES] } }, sort: { date: 1 }, limit: LIVE_ROUTES_MAX },
      scope,
    );
    const routes: LiveRoute[] = [];
    for (let i = 0; i < trips.length; i += ROUTES_AT_ONCE) {
      const some = trips.slice(i, i + ROUTES_AT_ONCE);
      const lives = await Promise.all(some.map((t) => tripLiveOf(ctx.services, t, scope, true, false)));
      lives.forEach((live, k) => {
        const trip = some[k] as StoredDoc;
        if (live.route)
          routes.push({
            trip: trip._id,
            driver: typeof trip.driver === 'number' ? trip.driver : null,
            coordinates: live.route.coordinates,
            estimated: live.route.estimated,
          });
      });
    }
    return { routes };
  },
};

/** How many trips' routes are asked of the route server at once. */
const ROUTES_AT_ONCE = 4;

export const liveActs = { livepositions, triptrack, triplive, liveroutes };
