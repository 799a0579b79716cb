/**
 * The solver's core problem: a pickup-and-delivery problem with time windows, multi-dimensional
 * capacities, per-request maximum ride times and heterogeneous vehicles. The benchmark sets and
 * the operator model (model/) are both translated into this one shape.
 *
 * Node layout (so the solver needs no lookup tables): request r has its pickup at node r and its
 * drop-off at node n + r; vehicle v starts at node 2n + 2v and ends at node 2n + 2v + 1.
 */
export interface Problem {
  name: string;
  /** Number of requests (n). */
  requests: number;
  /** Number of vehicles available. */
  vehicleCount: number;
  /** Total node count = 2n + 2·vehicleCount. */
  nodeCount: number;
  /** Row-major nodeCount × nodeCount cost of driving from i to j (the "distance" of the objective). */
  dist: Float64Array;
  /** Row-major nodeCount × nodeCount driving time from i to j (minutes). */
  time: Float64Array;
  /** Earliest and latest start of service per node. */
  early: Float64Array;
  late: Float64Array;
  /** Service duration per node. */
  service: Float64Array;
  /** Number of capacity dimensions (1 for the benchmarks; seats, wheelchair places, trips for the model). */
  dims: number;
  /** Load change per node and dimension (node·dims + d): positive at pickups. */
  load: Int32Array;
  /** Capacity per vehicle and dimension (v·dims + d). */
  capacity: Int32Array;
  /** Maximum ride time per request (Infinity = none). */
  maxRide: Float64Array;
  /** Maximum route duration per vehicle (Infinity = none). */
  maxDuration: Float64Array;
  /** Longest distance from a vehicle's start to its first stop (the driver's first-trip distance); null = none. */
  maxFirstLeg: Float64Array | null;
  /** Fixed cost per vehicle when it is used (multiplied by weights.vehicle). */
  fixedCost: Float64Array;
  /** Vehicles with the same key are interchangeable: the solver tries one empty vehicle per key. */
  vehicleKind: Int32Array;
  /** compat[v·n + r] = 1 when vehicle v may serve request r; null = all compatible. */
  compat: Uint8Array | null;
  /** reward[v·n + r] is subtracted from the cost when vehicle v serves r (per-area match score). */
  reward: Float64Array | null;
  weights: ObjectiveWeights;
  /** Minimise vehicles first with a dedicated route-elimination phase (Li & Lim). */
  minimiseVehicles: boolean;
}

/** Objective: Σ used vehicles·vehicle·fixedCost + distance·dist + time·driveTime + rideTime·Σride + unassigned·count − rewards. */
export interface ObjectiveWeights {
  vehicle: number;
  distance: number;
  time: number;
  rideTime: number;
  unassigned: number;
}

export const dropoffOf = (p: Problem, r: number): number => p.requests + r;
export const startOf = (p: Problem, v: number): number => 2 * p.requests + 2 * v;
export const endOf = (p: Problem, v: number): number => 2 * p.requests + 2 * v + 1;

/** A solution: for each vehicle the visited request nodes in order (depots left out). */
export interface Solution {
  routes: number[][];
  unassigned: number[];
}

/** Matrix fill helper for planar instances: Euclidean distance = travel time. */
export function euclideanMatrix(xs: ArrayLike<number>, ys: ArrayLike<number>): Float64Array {
  const n = xs.length;
  const m = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const dx = (xs[i] ?? 0) - (xs[j] ?? 0);
      const dy = (ys[i] ?? 0) - (ys[j] ?? 0);
      m[i * n + j] = Math.sqrt(dx * dx + dy * dy);
    }
  }
  return m;
}

/** Total distance of a solution (the benchmark cost). */
export function solutionDistance(p: Problem, s: Solution): number {
  let total = 0;
  const N = p.nodeCount;
  s.routes.forEach((route, v) => {
    if (route.length === 0) return;
    let prev = startOf(p, v);
    for (const node of route) {
      total += p.dist[prev * N + node] ?? 0;
      prev = node;
    }
    total += p.dist[prev * N + endOf(p, v)] ?? 0;
  });
  return total;
}
