import type { SearchContext } from './context.ts';
import type { Problem } from './problem.ts';
import type { State } from './state.ts';

/**
 * A part of a problem: the requests of some routes and those routes' vehicles, renumbered into the
 * solver's node layout, so that the whole search runs on it unchanged. Searching a part instead of
 * the whole solution is route-based decomposition: each step repairs into fewer routes, so a large
 * instance gets more steps per request in the same time (bench/routing/RESULTS.md).
 */
export interface Part {
  p: Problem;
  /** Original request of each request of the part. */
  requests: number[];
  /** Original vehicle of each vehicle of the part. */
  vehicles: number[];
}

/** The part of problem p made of the given vehicles and requests. */
export function subProblem(p: Problem, vehicles: readonly number[], requests: readonly number[]): Part {
  const n = p.requests;
  const sn = requests.length;
  const sv = vehicles.length;
  const N = p.nodeCount;
  const SN = 2 * sn + 2 * sv;
  // original node of each node of the part
  const node = new Int32Array(SN);
  requests.forEach((r, k) => {
    node[k] = r;
    node[sn + k] = n + r;
  });
  vehicles.forEach((v, k) => {
    node[2 * sn + 2 * k] = 2 * n + 2 * v;
    node[2 * sn + 2 * k + 1] = 2 * n + 2 * v + 1;
  });
  const dist = new Float64Array(SN * SN);
  const time = new Float64Array(SN * SN);
  for (let i = 0; i < SN; i++) {
    const row = (node[i] ?? 0) * N;
    for (let j = 0; j < SN; j++) {
      dist[i * SN + j] = p.dist[row + (node[j] ?? 0)] ?? 0;
      time[i * SN + j] = p.time[row + (node[j] ?? 0)] ?? 0;
    }
  }
  const perNode = (a: Float64Array) => Float64Array.from(node, (x) => a[x] ?? 0);
  const dims = p.dims;
  const load = new Int32Array(SN * dims);
  node.forEach((x, i) => {
    for (let d = 0; d < dims; d++) load[i * dims + d] = p.load[x * dims + d] ?? 0;
  });
  const capacity = new Int32Array(sv * dims);
  vehicles.forEach((v, k) => {
    for (let d = 0; d < dims; d++) capacity[k * dims + d] = p.capacity[v * dims + d] ?? 0;
  });
  const perVehicle = (a: Float64Array) => Float64Array.from(vehicles, (v) => a[v] ?? 0);
  const perPair = <T extends Float64Array | Uint8Array>(a: T, make: (size: number) => T): T => {
    const out = make(sv * sn);
    vehicles.forEach((v, k) => {
      requests.forEach((r, x) => {
        out[k * sn + x] = a[v * n + r] ?? 0;
      });
    });
    return out;
  };
  return {
    p: {
      ...p,
      name: `${p.name} (part)`,
      requests: sn,
      vehicleCount: sv,
      nodeCount: SN,
      dist,
      time,
      early: perNode(p.early),
      late: perNode(p.late),
      service: perNode(p.service),
      load,
      capacity,
      maxRide: Float64Array.from(requests, (r) => p.maxRide[r] ?? 0),
      maxDuration: perVehicle(p.maxDuration),
      maxFirstLeg: p.maxFirstLeg && perVehicle(p.maxFirstLeg),
      fixedCost: perVehicle(p.fixedCost),
      vehicleKind: Int32Array.from(vehicles, (v) => p.vehicleKind[v] ?? 0),
      compat: p.compat && perPair(p.compat, (size) => new Uint8Array(size)),
      reward: p.reward && perPair(p.reward, (size) => new Float64Array(size)),
      minimiseVehicles: false,
    },
    requests: [...requests],
    vehicles: [...vehicles],
  };
}

/** The routes of the part's vehicles in state s, in the part's nodes (without depots, as Solution holds them). */
export function partRoutes(part: Part, s: State): number[][] {
  const n = s.routeOf.length;
  const sn = part.requests.length;
  const index = new Map(part.requests.map((r, k) => [r, k]));
  return part.vehicles.map((v) =>
    (s.routes[v]?.seq ?? []).slice(1, -1).map((x) => (x < n ? (index.get(x) ?? -1) : sn + (index.get(x - n) ?? -1))),
  );
}

/** The routes of the whole problem: state s's, with the part's vehicles driving the part's routes instead. */
export function withPart(part: Part, s: State, routes: readonly (readonly number[])[]): number[][] {
  const n = s.routeOf.length;
  const sn = part.requests.length;
  const out = s.routes.map((r) => r.seq.slice(1, -1));
  part.vehicles.forEach((v, k) => {
    out[v] = (routes[k] ?? []).map((x) => (x < sn ? (part.requests[x] ?? -1) : n + (part.requests[x - sn] ?? -1)));
  });
  return out;
}

/**
 * A part of about `size` requests around a route drawn at random: its routes, then the routes
 * nearest to them, nearness being the mean distance from a route's stops to the part's closest stop.
 * With `open`, the part also holds the requests no route serves and one unused vehicle of each kind,
 * so that its search may still place those requests and open new routes as the whole one would.
 */
export function pickPart(
  ctx: SearchContext,
  s: State,
  size: number,
  open = false,
): { vehicles: number[]; requests: number[] } {
  const { p, rng } = ctx;
  const N = p.nodeCount;
  const used = s.routes.filter((r) => !r.isEmpty);
  const first = rng.pick(used);
  const vehicles = [first.v];
  let count = first.requestCount;
  // each route not yet in the part, its stops, and each stop's distance to the part's closest stop,
  // kept up to date as routes join, so that a route's nearness is the mean of those distances
  const rest = used
    .filter((r) => r !== first)
    .map((route) => {
      const stops = route.seq.slice(1, -1);
      return { route, stops, closest: stops.map(() => Number.POSITIVE_INFINITY) };
    });
  const join = (added: readonly number[]) => {
    for (const { stops, closest } of rest)
      stops.forEach((x, k) => {
        let d = closest[k] ?? Number.POSITIVE_INFINITY;
        for (const y of added) d = Math.min(d, p.dist[x * N + y] ?? 0);
        closest[k] = d;
      });
  };
  join(first.seq.slice(1, -1));
  while (count < size && rest.length > 0) {
    let k = 0;
    let best = Number.POSITIVE_INFINITY;
    rest.forEach(({ closest }, i) => {
      let sum = 0;
      for (const d of closest) sum += d;
      const mean = sum / Math.max(1, closest.length);
      if (mean < best) {
        best = mean;
        k = i;
      }
    });
    const [next] = rest.splice(k, 1);
    if (!next) break;
    vehicles.push(next.route.v);
    count += next.route.requestCount;
    join(next.stops);
  }
  if (open) {
    const kinds = new Set<number>();
    for (const r of s.routes) {
      const kind = p.vehicleKind[r.v] ?? 0;
      if (!r.isEmpty || kinds.has(kind)) continue;
      kinds.add(kind);
      vehicles.push(r.v);
    }
  }
  const chosen = new Set(vehicles);
  const requests = s.routeOf.reduce<number[]>((out, v, r) => {
    if (chosen.has(v) || (open && v < 0)) out.push(r);
    return out;
  }, []);
  return { vehicles, requests };
}
