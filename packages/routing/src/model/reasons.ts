import type { Problem } from '../problem.ts';
import { Route } from '../route.ts';
import { compatibility, type PlanModel } from './build.ts';
import type { UnassignedReason } from './types.ts';

/**
 * Why a unit could not be served, found by narrowing the fleet step by step: vehicle and driver
 * fit, then the ride-time limit, then whether any remaining shift could serve it alone. A unit that
 * some driver could serve alone was left out for lack of room (or, under "only join", for riding alone).
 */
export function reasonFor(model: PlanModel, r: number, arc: Float64Array): UnassignedReason {
  const p = model.problem;
  const u = model.units[r];
  if (!u) return 'NO_ROOM';
  let fleet = model.pieces.map((_, v) => v);
  let last: UnassignedReason = 'OUTSIDE_EVERY_SHIFT';
  for (const step of [
    'NO_WHEELCHAIR_VEHICLE',
    'NO_VEHICLE_LARGE_ENOUGH',
    'NO_SERVICE',
    'NO_ATTRIBUTES',
    'NO_DRIVER_IN_AREAS',
  ] as const) {
    const next = fleet.filter((v) => {
      const why = compatibility(u, model.pieces[v] as NonNullable<(typeof model.pieces)[number]>);
      return why === null || order(why) > order(step);
    });
    if (next.length === 0) return fleet.length === 0 ? last : step;
    fleet = next;
    last = step;
  }
  const N = p.nodeCount;
  const n = p.requests;
  if ((p.time[r * N + n + r] ?? 0) > (p.maxRide[r] ?? 0) + 1e-9) return 'RIDE_TIME_IMPOSSIBLE';
  if (fleet.some((v) => soloFeasible(p, v, r, arc, true))) return 'NO_ROOM';
  if (fleet.some((v) => soloFeasible(p, v, r, arc, false))) return 'FIRST_TRIP_TOO_FAR';
  return 'OUTSIDE_EVERY_SHIFT';
}

const ORDER = ['NO_WHEELCHAIR_VEHICLE', 'NO_VEHICLE_LARGE_ENOUGH', 'NO_SERVICE', 'NO_ATTRIBUTES', 'NO_DRIVER_IN_AREAS'];
const order = (x: UnassignedReason) => ORDER.indexOf(x);

function soloFeasible(p: Problem, v: number, r: number, arc: Float64Array, firstLeg: boolean): boolean {
  const n = p.requests;
  const q = firstLeg ? p : { ...p, maxFirstLeg: null };
  const route = new Route(v, [2 * n + 2 * v, r, n + r, 2 * n + 2 * v + 1]);
  return route.refresh(q, arc);
}
