import { euclideanMatrix, type Problem } from '../problem.ts';
import type { BenchInstance } from './instance.ts';

/** A benchmark instance as a solver problem, with the map from problem nodes back to the file's node ids. */
export interface BenchProblem {
  problem: Problem;
  /** nodeIds[problemNode] = the instance's own node id. */
  nodeIds: number[];
}

/**
 * Builds the problem with each set's own objective: Cordeau minimises total distance; Li & Lim
 * minimises vehicles first (a vehicle weighs more than any possible distance), then distance.
 */
export function benchProblem(inst: BenchInstance): BenchProblem {
  const n = inst.requests.length;
  const K = inst.vehicles;
  const N = 2 * n + 2 * K;
  const order: number[] = [];
  for (const r of inst.requests) order.push(r.pickup);
  for (const r of inst.requests) order.push(r.delivery);
  for (let v = 0; v < K; v++) order.push(inst.startDepot, inst.endDepot);
  const node = (k: number) => {
    const nd = inst.nodes[order[k] ?? -1];
    if (!nd) throw new Error(`node index ${k} out of range`);
    return nd;
  };
  const xs = Float64Array.from(order, (_, k) => node(k).x);
  const ys = Float64Array.from(order, (_, k) => node(k).y);
  const matrix = euclideanMatrix(xs, ys);
  const load = Int32Array.from(order, (_, k) => node(k).load);
  // The depot's window bounds both the departure and the return.
  const early = Float64Array.from(order, (_, k) => node(k).early);
  const late = Float64Array.from(order, (_, k) => node(k).late);
  const service = Float64Array.from(order, (_, k) => node(k).service);
  const lilim = inst.format === 'lilim';
  const maxDist = matrix.reduce((a, b) => Math.max(a, b), 0);
  const problem: Problem = {
    name: inst.name,
    requests: n,
    vehicleCount: K,
    nodeCount: N,
    dist: matrix,
    time: matrix,
    early,
    late,
    service,
    dims: 1,
    load,
    capacity: new Int32Array(K).fill(inst.capacity),
    maxRide: new Float64Array(n).fill(inst.maxRideTime),
    maxDuration: new Float64Array(K).fill(inst.maxRouteDuration),
    maxFirstLeg: null,
    fixedCost: new Float64Array(K).fill(1),
    vehicleKind: new Int32Array(K),
    compat: null,
    reward: null,
    weights: {
      vehicle: lilim ? Math.max(1, maxDist) * (2 * n + 2) : 0,
      distance: 1,
      time: 0,
      rideTime: 0,
      unassigned: Math.max(1, maxDist) * 4 * (2 * n + 2),
    },
    minimiseVehicles: lilim,
  };
  return { problem, nodeIds: order.map((k) => inst.nodes[k]?.id ?? -1) };
}
