import { endOf, type Solution, startOf } from '../problem.ts';
import { Route } from '../route.ts';
import { type SolveOptions, type SolveResult, solve } from '../solve.ts';
import { EstimatedTravelTimes } from '../travel/estimator.ts';
import type { TravelMatrix, TravelTimeProvider } from '../travel/types.ts';
import { verifySolution } from '../verify.ts';
import { planInWorker } from '../worker.ts';
import { buildPlanModel, type PlanModel, planPoints, SEATS } from './build.ts';
import { reasonFor } from './reasons.ts';
import type { PlanInput, PlannedRoute, PlannedStop, PlannedTrip, PlanResult, UnassignedReason } from './types.ts';

export type PlanOptions = Pick<
  SolveOptions,
  'seed' | 'timeLimitMs' | 'maxIterations' | 'signal' | 'shouldStop' | 'onImprovement'
>;

const DEFAULT_TIME_LIMIT_MS = 5000;
/** Time for the second solve when vehicles below their minimum seats were taken out. */
const RESOLVE_TIME_LIMIT_MS = 2000;

/**
 * Routes reservations onto drivers: travel times from the provider (the OSRM client when the "map
 * route server" setting is set, else the estimator), then the solver, then the plan as trips — all
 * but the travel times on a worker thread when `inWorker` is set, so the caller's event loop stays
 * free.
 */
export async function planRoutes(
  input: PlanInput,
  opts: PlanOptions & { provider?: TravelTimeProvider; inWorker?: boolean } = {},
): Promise<PlanResult> {
  const { provider = new EstimatedTravelTimes(), inWorker = false, ...rest } = opts;
  const departAt = Math.min(...input.requests.map((r) => r.scheduleAt), Number.POSITIVE_INFINITY);
  const matrix = await provider.matrix(planPoints(input), Number.isFinite(departAt) ? departAt : undefined);
  if (!inWorker) return planWithMatrix(input, matrix, rest);
  // a new best found on the worker reaches the caller as the worker's progress
  const { onImprovement, shouldStop, ...options } = rest;
  if (shouldStop) throw new Error('planRoutes on a worker stops by its signal, not shouldStop');
  return planInWorker(input, matrix, { ...options, ...(onImprovement ? { onProgress: onImprovement } : {}) });
}

/** The same, synchronously, with a matrix already at hand (over planPoints(input), in that order). */
export function planWithMatrix(input: PlanInput, matrix: TravelMatrix, opts: PlanOptions = {}): PlanResult {
  const t0 = performance.now();
  let model = buildPlanModel(input, matrix);
  let result = solve(model.problem, { timeLimitMs: DEFAULT_TIME_LIMIT_MS, ...opts });
  // Vehicles whose route never reaches their minimum seats are taken out, and the plan is redone once.
  const banned = belowMinSeats(model, result.solution);
  if (banned.length > 0) {
    model = withoutVehicles(model, banned);
    // for at most 2 s more, whatever the first search's limit (docs/routing.md), from the first plan
    // without those vehicles' routes, so that a large day keeps what its first search found
    const timeLimitMs = Math.min(RESOLVE_TIME_LIMIT_MS, opts.timeLimitMs ?? RESOLVE_TIME_LIMIT_MS);
    const initial = result.solution.routes.map((route, v) => (banned.includes(v) ? [] : route));
    result = solve(model.problem, { ...opts, timeLimitMs, initial });
  }
  return finishPlan(model, result, matrix, t0);
}

function withoutVehicles(model: PlanModel, banned: number[]): PlanModel {
  const p = model.problem;
  const compat = p.compat ? p.compat.slice() : new Uint8Array(p.vehicleCount * p.requests).fill(1);
  for (const v of banned) compat.fill(0, v * p.requests, (v + 1) * p.requests);
  return { ...model, problem: { ...p, compat } };
}

/** Applies "only join", names the reasons, checks the plan with the verifier and shapes it into trips. */
function finishPlan(model: PlanModel, result: SolveResult, matrix: TravelMatrix, t0: number): PlanResult {
  const solution = result.solution;
  const notJoined = model.join === 'onlyJoin' ? dropLoneRiders(model, solution) : new Set<number>();
  const verdict = verifySolution(model.problem, solution);
  const arc = arcCosts(model);
  const unassigned: { requestId: string; reason: UnassignedReason }[] = [...model.refused];
  for (const r of solution.unassigned) {
    const reason = notJoined.has(r) ? 'NOT_JOINED' : reasonFor(model, r, arc);
    for (const id of model.units[r]?.requestIds ?? []) unassigned.push({ requestId: id, reason });
  }
  return {
    routes: plannedRoutes(model, solution, arc),
    unassigned,
    estimated: matrix.estimated,
    fallbackReason: matrix.fallbackReason,
    cost: result.cost,
    verified: verdict.feasible && belowMinSeats(model, solution).length === 0,
    elapsedMs: performance.now() - t0,
  };
}

function arcCosts(model: PlanModel): Float64Array {
  const p = model.problem;
  return p.dist.map((d, k) => p.weights.distance * d + p.weights.time * (p.time[k] ?? 0));
}

/** Pieces whose route carries fewer seats at its fullest than the vehicle's minimum seats. */
export function belowMinSeats(model: PlanModel, s: Solution): number[] {
  const p = model.problem;
  const out: number[] = [];
  s.routes.forEach((route, v) => {
    const min = model.pieces[v]?.driver.vehicle.minSeats ?? 0;
    if (route.length === 0 || min <= 0) return;
    let seats = 0;
    let peak = 0;
    for (const node of route) {
      seats += p.load[node * p.dims + SEATS] ?? 0;
      peak = Math.max(peak, seats);
    }
    if (peak < min) out.push(v);
  });
  return out;
}

/** "Only join": takes out requests that ride alone (nobody else on board at any time), until none is left. */
function dropLoneRiders(model: PlanModel, s: Solution): Set<number> {
  const p = model.problem;
  const n = p.requests;
  const dropped = new Set<number>();
  for (let changed = true; changed; ) {
    changed = false;
    s.routes.forEach((route, v) => {
      const lone = loneRiders(route, n);
      if (lone.length === 0) return;
      s.routes[v] = route.filter((x) => !lone.includes(x % n));
      for (const r of lone) dropped.add(r);
      changed = true;
    });
  }
  s.unassigned = [...new Set([...s.unassigned, ...dropped])].sort((a, b) => a - b);
  return dropped;
}

/** Requests of a route with nobody else on board at any moment of their ride. */
export function loneRiders(route: number[], n: number): number[] {
  const onBoard: number[] = [];
  let count = 0;
  for (const node of route) {
    count += node < n ? 1 : -1;
    onBoard.push(count);
  }
  const lone: number[] = [];
  route.forEach((node, k) => {
    if (node >= n) return;
    const end = route.indexOf(n + node);
    let max = 0;
    for (let x = k; x < end; x++) max = Math.max(max, onBoard[x] ?? 0);
    if (max <= 1) lone.push(node);
  });
  return lone;
}

function plannedRoutes(model: PlanModel, s: Solution, arc: Float64Array): PlannedRoute[] {
  const p = model.problem;
  const n = p.requests;
  const N = p.nodeCount;
  const byDriver = new Map<number, PlannedRoute>();
  const atMs = (minutes: number) => model.origin + Math.round(minutes * 60_000);
  s.routes.forEach((route, v) => {
    if (route.length === 0) return;
    const piece = model.pieces[v];
    if (!piece) return;
    const seq = [startOf(p, v), ...route, endOf(p, v)];
    const B = new Route(v, seq).schedule(p, arc) ?? new Float64Array(seq.length);
    const trips: PlannedTrip[] = [];
    let trip: PlannedTrip = { requestIds: [], stops: [], km: 0 };
    let onBoard = 0;
    let km = 0;
    let driveMinutes = 0;
    for (let k = 1; k < seq.length; k++) {
      km += p.dist[(seq[k - 1] ?? 0) * N + (seq[k] ?? 0)] ?? 0;
      driveMinutes += p.time[(seq[k - 1] ?? 0) * N + (seq[k] ?? 0)] ?? 0;
    }
    for (let k = 1; k < seq.length - 1; k++) {
      const node = seq[k] ?? 0;
      const r = node % n;
      const unit = model.units[r];
      if (!unit) continue;
      const pickup = node < n;
      const stop: PlannedStop = {
        kind: pickup ? 'pickup' : 'dropoff',
        requestIds: unit.requestIds,
        place: pickup ? unit.from : unit.to,
        at: atMs(B[k] ?? 0),
      };
      // the leg from the trip's previous stop
      if (trip.stops.length > 0) trip.km += p.dist[(seq[k - 1] ?? 0) * N + node] ?? 0;
      trip.stops.push(stop);
      if (pickup) {
        trip.requestIds.push(...unit.requestIds);
        onBoard++;
      } else if (--onBoard === 0) {
        trips.push(trip);
        trip = { requestIds: [], stops: [], km: 0 };
      }
    }
    const planned = byDriver.get(piece.driverIndex) ?? {
      driverId: piece.driver.id,
      vehicleId: piece.driver.vehicle.id,
      trips: [],
      km: 0,
      driveMinutes: 0,
      departAt: atMs(B[0] ?? 0),
      returnAt: 0,
    };
    planned.trips.push(...trips);
    planned.km += km;
    planned.driveMinutes += driveMinutes;
    planned.departAt = Math.min(planned.departAt, atMs(B[0] ?? 0));
    planned.returnAt = Math.max(planned.returnAt, atMs(B[seq.length - 1] ?? 0));
    byDriver.set(piece.driverIndex, planned);
  });
  return [...byDriver.values()];
}
