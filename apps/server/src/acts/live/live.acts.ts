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

export const liveActs = { livepositions, triptrack, triplive };
