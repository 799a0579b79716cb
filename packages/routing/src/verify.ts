import { endOf, type Problem, type Solution, startOf } from './problem.ts';

export type ViolationCode =
  | 'TOO_MANY_ROUTES'
  | 'UNKNOWN_NODE'
  | 'DUPLICATE_VISIT'
  | 'MISSING_REQUEST'
  | 'SPLIT_REQUEST'
  | 'PRECEDENCE'
  | 'INCOMPATIBLE_VEHICLE'
  | 'CAPACITY'
  | 'TIME_WINDOW'
  | 'RIDE_TIME'
  | 'ROUTE_DURATION'
  | 'FIRST_TRIP_DISTANCE';

export interface Violation {
  code: ViolationCode;
  message: string;
  vehicle?: number;
  request?: number;
}

export interface Verdict {
  feasible: boolean;
  violations: Violation[];
  /** Total distance over all routes. */
  distance: number;
  /** Vehicles with at least one visit. */
  vehicles: number;
}

/** Slack granted to floating-point sums (the solver itself keeps a stricter margin). */
const EPS = 1e-6;

/**
 * Checks a solution against every constraint of the problem, independently of the solver: the
 * timing of each route is decided exactly as a system of difference constraints (start of service
 * per stop, waiting allowed) solved by Bellman-Ford, not by the solver's scheduling procedure.
 */
export function verifySolution(p: Problem, s: Solution): Verdict {
  const violations: Violation[] = [];
  const n = p.requests;
  const N = p.nodeCount;
  if (s.routes.length > p.vehicleCount) {
    violations.push({ code: 'TOO_MANY_ROUTES', message: `${s.routes.length} routes for ${p.vehicleCount} vehicles` });
  }
  const where = new Map<number, { v: number; pos: number }>();
  let distance = 0;
  let vehicles = 0;
  s.routes.forEach((route, v) => {
    if (route.length === 0) return;
    if (v >= p.vehicleCount) return;
    vehicles++;
    route.forEach((node, pos) => {
      if (!Number.isInteger(node) || node < 0 || node >= 2 * n) {
        violations.push({
          code: 'UNKNOWN_NODE',
          message: `vehicle ${v} visits ${node}, not a request stop`,
          vehicle: v,
        });
        return;
      }
      if (where.has(node)) {
        violations.push({
          code: 'DUPLICATE_VISIT',
          message: `stop ${node} is visited twice`,
          vehicle: v,
          request: node % n,
        });
        return;
      }
      where.set(node, { v, pos });
    });
    const stops = [startOf(p, v), ...route.filter((x) => x >= 0 && x < 2 * n), endOf(p, v)];
    for (let k = 1; k < stops.length; k++) distance += p.dist[(stops[k - 1] ?? 0) * N + (stops[k] ?? 0)] ?? 0;
  });
  const unassigned = new Set(s.unassigned);
  for (let r = 0; r < n; r++) {
    const a = where.get(r);
    const b = where.get(n + r);
    if (!a && !b) {
      if (!unassigned.has(r))
        violations.push({
          code: 'MISSING_REQUEST',
          message: `request ${r} is neither routed nor unassigned`,
          request: r,
        });
      continue;
    }
    if (!a || !b || a.v !== b.v) {
      violations.push({
        code: 'SPLIT_REQUEST',
        message: `request ${r} is not picked up and dropped off by one vehicle`,
        request: r,
      });
      continue;
    }
    if (unassigned.has(r))
      violations.push({ code: 'DUPLICATE_VISIT', message: `request ${r} is routed and also unassigned`, request: r });
    if (a.pos > b.pos)
      violations.push({
        code: 'PRECEDENCE',
        message: `request ${r} is dropped off before its pickup`,
        vehicle: a.v,
        request: r,
      });
    if (p.compat && p.compat[a.v * n + r] !== 1) {
      violations.push({
        code: 'INCOMPATIBLE_VEHICLE',
        message: `vehicle ${a.v} may not serve request ${r}`,
        vehicle: a.v,
        request: r,
      });
    }
  }
  s.routes.forEach((route, v) => {
    if (route.length === 0 || v >= p.vehicleCount) return;
    // A split request is already reported: check loads and times on the requests wholly in this route.
    const inRoute = new Set(route);
    const stops = route.filter((x) => x >= 0 && x < 2 * n && inRoute.has(x < n ? x + n : x - n));
    checkCapacity(p, v, stops, violations);
    const firstLeg = p.maxFirstLeg?.[v] ?? Number.POSITIVE_INFINITY;
    const first = stops[0];
    if (first !== undefined && (p.dist[startOf(p, v) * N + first] ?? 0) > firstLeg + EPS) {
      violations.push({
        code: 'FIRST_TRIP_DISTANCE',
        message: `vehicle ${v} starts farther than ${firstLeg} from its base`,
        vehicle: v,
      });
    }
    checkTiming(p, v, stops, violations);
  });
  return { feasible: violations.length === 0, violations, distance, vehicles };
}

function checkCapacity(p: Problem, v: number, stops: number[], out: Violation[]): void {
  for (let d = 0; d < p.dims; d++) {
    let load = 0;
    const cap = p.capacity[v * p.dims + d] ?? 0;
    for (const node of stops) {
      load += p.load[node * p.dims + d] ?? 0;
      if (load > cap || load < 0) {
        out.push({
          code: 'CAPACITY',
          message: `vehicle ${v} carries ${load} of ${cap} (dimension ${d}) after stop ${node}`,
          vehicle: v,
        });
        return;
      }
    }
  }
}

interface Edge {
  from: number;
  to: number;
  w: number;
}

/** Adds the constraints layer by layer so the first layer that fails names the violated rule. */
function checkTiming(p: Problem, v: number, stops: number[], out: Violation[]): void {
  const N = p.nodeCount;
  const n = p.requests;
  const seq = [startOf(p, v), ...stops, endOf(p, v)];
  const m = seq.length;
  const z = m; // the zero-time reference variable
  const edges: Edge[] = [];
  // x_to − x_from ≤ w
  for (let k = 0; k < m; k++) {
    const node = seq[k] ?? 0;
    edges.push({ from: z, to: k, w: (p.late[node] ?? 0) + EPS });
    edges.push({ from: k, to: z, w: -(p.early[node] ?? 0) });
    if (k + 1 < m) {
      const next = seq[k + 1] ?? 0;
      edges.push({ from: k + 1, to: k, w: -((p.service[node] ?? 0) + (p.time[node * N + next] ?? 0)) });
    }
  }
  if (!consistent(m + 1, edges)) {
    out.push({ code: 'TIME_WINDOW', message: `vehicle ${v} cannot meet every time window in this order`, vehicle: v });
    return;
  }
  const pos = new Map(seq.map((node, k) => [node, k]));
  for (let r = 0; r < n; r++) {
    const L = p.maxRide[r] ?? Number.POSITIVE_INFINITY;
    const a = pos.get(r);
    const b = pos.get(n + r);
    if (a === undefined || b === undefined || !Number.isFinite(L)) continue;
    edges.push({ from: a, to: b, w: (p.service[r] ?? 0) + L + EPS });
  }
  if (!consistent(m + 1, edges)) {
    out.push({ code: 'RIDE_TIME', message: `vehicle ${v} cannot keep every ride within its limit`, vehicle: v });
    return;
  }
  const T = p.maxDuration[v] ?? Number.POSITIVE_INFINITY;
  if (Number.isFinite(T)) edges.push({ from: 0, to: m - 1, w: T + EPS });
  if (!consistent(m + 1, edges)) {
    out.push({ code: 'ROUTE_DURATION', message: `vehicle ${v} cannot finish within ${T}`, vehicle: v });
  }
}

/** Bellman-Ford from a virtual source: the system is satisfiable iff there is no negative cycle. */
function consistent(count: number, edges: Edge[]): boolean {
  const dist = new Float64Array(count);
  for (let it = 0; it < count; it++) {
    let changed = false;
    for (const e of edges) {
      const nd = (dist[e.from] ?? 0) + e.w;
      if (nd < (dist[e.to] ?? 0) - 1e-12) {
        dist[e.to] = nd;
        changed = true;
      }
    }
    if (!changed) return true;
  }
  return false;
}
