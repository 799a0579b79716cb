import type { SearchContext } from './context.ts';
import { partRoutes, pickPart, subProblem, withPart } from './decompose.ts';
import { HopelessAttempts } from './hopeless.ts';
import { Rng } from './prng.ts';
import { type Problem, type Solution, solutionDistance } from './problem.ts';
import { repair } from './repair.ts';
import { alns } from './search.ts';
import type { SharedBest } from './shared-best.ts';
import { State, stateCost } from './state.ts';
import { verifySolution } from './verify.ts';

export interface SolveOptions {
  /** Seed of the random stream: the same seed and iteration budget give the same solution. */
  seed?: number;
  /** Wall-clock limit; the best solution found so far is returned when it runs out. */
  timeLimitMs?: number;
  /** Iteration budget (deterministic stop); default unlimited when a time limit is set, else 5000. */
  maxIterations?: number;
  /** Cancels the run; the best solution so far is returned. */
  signal?: AbortSignal;
  /** Extra stop test, polled every iteration (the worker uses it for cross-thread cancellation). */
  shouldStop?: () => boolean;
  /**
   * Shared with searches of the same problem on other threads (solveParallel): this search offers
   * its new bests there and, before each route-elimination attempt and at the start of each
   * annealing cycle, goes on from another's best when that one costs less with fewer vehicles. At
   * the same vehicle count each keeps its own: sharing every better solution made both searches
   * follow one, and lose the other's better basin (bench/routing/RESULTS.md).
   */
  shared?: SharedBest;
  /** Called with each new best (cost, vehicles) — for progress displays. */
  onImprovement?: (info: Improvement) => void;
  /**
   * Routes to start from instead of building a solution (nodes per vehicle, as a Solution's), for
   * example an earlier plan of the same problem: the requests they leave out are inserted as the
   * construction would. Ignored when a route is not feasible.
   */
  initial?: readonly (readonly number[])[];
}

/** A new best solution: the first one built, then each better one (an anytime curve is drawn from these). */
export interface Improvement {
  cost: number;
  vehicles: number;
  /** Total distance of its routes. */
  distance: number;
  /** Requests it leaves unserved. */
  unassigned: number;
  iteration: number;
  elapsedMs: number;
}

export interface SolveResult {
  solution: Solution;
  /** Objective value (see ObjectiveWeights). */
  cost: number;
  /** Total distance of the routes. */
  distance: number;
  vehicles: number;
  iterations: number;
  elapsedMs: number;
  /** Milliseconds until the returned solution was first found. */
  timeToBestMs: number;
  /** True when stopped by the signal before the limits. */
  cancelled: boolean;
  /**
   * Won route eliminations made again from the solution before them: after a JUMP, and as samples
   * of the fleet's basins when hopeless attempts ended the phase early.
   */
  redoneEliminations: number;
}

/**
 * How much a request's share of the bank penalty grows each time a candidate of the route-elimination
 * phase leaves it out. With 0.1 the Li & Lim 200 set reached the best-known vehicle count on 56 of 60
 * instances in 60 s, against 46 with a flat penalty, which stalled one vehicle above from the 5th
 * second on (bench/routing/RESULTS.md).
 */
const BANK_GROWTH = 0.1;

/**
 * From this many requests on, the distance is polished part by part (route-based decomposition):
 * each search cycle takes about PART requests, the routes of one drawn at random and their nearest
 * neighbours, and searches them alone.
 */
const DECOMPOSE = 200;
const PART = 100;
/**
 * A route elimination that lengthens the routes by more than this ratio is made a second time from
 * the solution before it, and the better of the two kept.
 */
const JUMP = 1.05;

/**
 * The state of `routes` (SolveOptions.initial), when the verifier finds them feasible with the
 * requests they leave out unassigned: a caller's routes are not trusted as another search's are.
 */
function startFrom(p: Problem, arc: Float64Array, routes: readonly (readonly number[])[]): State | undefined {
  const seen = new Set(routes.flat());
  const unassigned: number[] = [];
  for (let r = 0; r < p.requests; r++) if (!seen.has(r) && !seen.has(p.requests + r)) unassigned.push(r);
  if (!verifySolution(p, { routes: routes.map((r) => [...r]), unassigned }).feasible) return undefined;
  return State.fromRoutes(p, arc, routes);
}

/**
 * Solves the problem: regret-3 construction, then (when minimising vehicles) a route-elimination
 * phase — empty the smallest route, keep its requests in the bank and search until they all fit
 * elsewhere — and finally adaptive large neighbourhood search on the objective.
 */
export function solve(p: Problem, opts: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const rng = new Rng(opts.seed ?? 1);
  const arc = arcCosts(p);
  let maxArc = 0;
  let maxDist = 0;
  for (let k = 0; k < arc.length; k++) {
    if ((arc[k] ?? 0) > maxArc) maxArc = arc[k] ?? 0;
    if ((p.dist[k] ?? 0) > maxDist) maxDist = p.dist[k] ?? 0;
  }
  const ctx: SearchContext = { p, arc, maxArc, maxDist, rng, clusters: p.requests >= DECOMPOSE };
  const deadline = opts.timeLimitMs !== undefined ? t0 + opts.timeLimitMs : Number.POSITIVE_INFINITY;
  const maxIt = opts.maxIterations ?? (opts.timeLimitMs !== undefined ? Number.POSITIVE_INFINITY : 5000);
  let iterations = 0;
  let cancelled = false;
  const stop = () => {
    if (opts.signal?.aborted || opts.shouldStop?.()) {
      cancelled = true;
      return true;
    }
    return iterations >= maxIt || performance.now() >= deadline;
  };
  const penalty = p.weights.unassigned;

  let best = (opts.initial && startFrom(p, arc, opts.initial)) || State.empty(p, arc);
  repair(ctx, best, 3, 0, true);
  let bestCost = stateCost(p, best, penalty);
  let bestAt = performance.now();
  const improved = (s: State, c: number) => {
    best = s;
    bestCost = c;
    bestAt = performance.now();
    report();
  };
  /** Goes on from another search's best when it costs less with fewer vehicles (see `shared`). */
  const adopt = (): State | undefined => {
    const other = opts.shared?.take(bestCost, best.usedVehicles);
    const s = other && State.fromRoutes(p, arc, other.routes);
    if (!s) return undefined;
    const c = stateCost(p, s, penalty);
    if (!(c < bestCost - 1e-9)) return undefined;
    improved(s, c);
    return s;
  };
  // each new best: offered to the other searches and reported
  const report = () => {
    opts.shared?.offer(routesOf(best), bestCost);
    opts.onImprovement?.({
      cost: bestCost,
      vehicles: best.usedVehicles,
      distance: stateDistance(p, best),
      unassigned: best.bank.length,
      iteration: iterations,
      elapsedMs: bestAt - t0,
    });
  };
  report();
  const keepBest = (s: State, c: number) => {
    if (c < bestCost - 1e-9) improved(s, c);
  };
  // A solution 5 % worse than the first one is accepted with probability ½ at the start of a cycle.
  const T0 = (0.05 * Math.max(1e-9, variableCost(best))) / Math.LN2;
  const n = p.requests;
  const cycle = 2000;
  const onIteration = () => {
    iterations++;
  };
  const decompose = n >= DECOMPOSE;
  /**
   * One annealing cycle on a part of a solution (`of`, the best by default); the whole solution it
   * gives goes to `keep`, which keeps it when better. With allowNew the part holds the unserved
   * requests and unused vehicles too (pickPart).
   */
  const searchPart = (partStop: () => boolean, allowNew: boolean, of = best, keep = keepBest) => {
    const pick = pickPart(ctx, of, PART, allowNew);
    const part = subProblem(p, pick.vehicles, pick.requests);
    const partArc = arcCosts(part.p);
    const start = State.fromRoutes(part.p, partArc, partRoutes(part, of));
    if (!start) {
      // Cannot happen (the same stops against the same data), but counted so that a run bounded by
      // iterations alone still ends.
      onIteration();
      return;
    }
    let share = 0;
    for (const v of part.vehicles) {
      const route = of.routes[v];
      if (route && !route.isEmpty) share += route.arcCost;
    }
    const out = alns({ ...ctx, p: part.p, arc: partArc }, start, {
      stop: partStop,
      iterations: cycle,
      cycle,
      allowNew,
      penalty,
      startTemperature: (T0 * share) / Math.max(1e-9, variableCost(of)),
      onIteration,
    });
    const whole = State.fromRoutes(p, arc, withPart(part, of, routesOf(out.best)));
    if (whole) keep(whole, stateCost(p, whole, penalty));
  };

  // Nothing to improve: no request, or none that any vehicle can take even alone.
  const idle = p.requests === 0 || best.bank.length === p.requests;
  let redoneEliminations = 0;

  if (!idle && p.minimiseVehicles && best.bank.length === 0) {
    // Route elimination gets at most 60 % of the budget; the rest polishes the distance.
    const phaseEnd = t0 + 0.6 * (deadline - t0);
    const phaseIt = 0.6 * maxIt;
    const phaseStop = () => stop() || performance.now() >= phaseEnd || iterations >= phaseIt;
    // Keep trying while the phase lasts, giving each new attempt more iterations after a failure, and
    // between attempts polish the distance of the best solution so far.
    let failures = 0;
    // From DECOMPOSE requests on, the phase also ends when its attempts at a fleet are hopeless: the
    // final search gets their time (bench/routing/RESULTS.md).
    const hopeless = decompose ? new HopelessAttempts() : undefined;
    /** One attempt: empty one of the smallest routes of `from` and search until its requests fit elsewhere. */
    const eliminate = (from: State, budget: number) => {
      const start = from.clone();
      const used = start.routes.filter((r) => !r.isEmpty);
      const sizes = used.map((r) => r.requestCount).sort((a, b) => a - b);
      const small = used.filter((r) => r.requestCount <= (sizes[Math.min(2, sizes.length - 1)] ?? 0));
      const victim = rng.pick(small);
      start.remove(
        p,
        arc,
        victim.seq.filter((x) => x < n),
      );
      repair(ctx, start, 2, 0, false);
      let leftOut = start.bank.length;
      const begun = iterations;
      return alns(ctx, start, {
        stop: () => phaseStop() || !!hopeless?.cut(iterations - begun, budget, leftOut),
        onBest: (s) => {
          leftOut = s.bank.length;
        },
        iterations: budget,
        cycle: budget,
        allowNew: false,
        // The fleet is capped by forbidding new routes; a vehicle's weight here would pay the search
        // to empty routes into the bank. A banked request costs more than any insertion (2 × longest arc).
        penalty: 2 * maxArc,
        vehicleWeight: 0,
        // a request left out again and again weighs more and more, until others make room for it
        guide: { weights: new Float64Array(n).fill(1), growth: BANK_GROWTH },
        startTemperature: T0,
        onComplete: () => true,
        onIteration,
      });
    };
    /**
     * Polishes a solution part by part, for `budget` more iterations at most: each cycle takes the
     * part from `current()` and gives the whole solution to `keep`.
     */
    const polishParts = (budget: number, current: () => State, keep: (s: State, c: number) => void) => {
      const until = iterations + budget;
      const partStop = () => phaseStop() || iterations >= until;
      while (!partStop()) searchPart(partStop, false, current(), keep);
    };
    /**
     * The elimination from `before` made again with `budget`, polished alone (part by part) for as
     * long as it took and at least `polish` iterations, and kept when it beats the incumbent.
     */
    const again = (before: State, budget: number, polish: number) => {
      redoneEliminations++;
      const out = eliminate(before, budget);
      if (out.best.bank.length > 0) return;
      let cand = out.best;
      let candCost = stateCost(p, cand, penalty);
      polishParts(
        Math.max(polish, out.iterations),
        () => cand,
        (s, c) => {
          if (c < candCost - 1e-9) {
            cand = s;
            candCost = c;
          }
        },
      );
      keepBest(cand, candCost);
    };
    /** The last won elimination: the solution it started from and its budget. */
    let lastWin: { before: State; budget: number } | undefined;
    const firstBudget = Math.max(1000, 40 * n);
    while (!phaseStop() && best.usedVehicles > 1) {
      adopt();
      if (hopeless?.over(best.usedVehicles)) break;
      const budget = Math.round(firstBudget * Math.min(8, 1.5 ** failures));
      const out = eliminate(best, budget);
      const c = stateCost(p, out.best, penalty);
      if (out.best.bank.length === 0 && c < bestCost - 1e-9) {
        const before = best;
        improved(out.best, c);
        failures = 0;
        // The solution an elimination leaves decides where the search ends at that fleet: polishing
        // does not take a bad one out of its basin (bench/routing/RESULTS.md). One that lengthened
        // the routes by more than JUMP is made again from the solution before it, with the budget the
        // won attempt had (raised after failed attempts), polished alone for as long as that took, and
        // kept when better.
        if (decompose && stateDistance(p, best) > JUMP * stateDistance(p, before)) {
          again(before, budget, 0);
        }
        lastWin = { before, budget };
      } else {
        failures++;
        hopeless?.failed(best.usedVehicles, out.best.bank.length);
      }
      // Polish the incumbent for as many iterations again: an elimination's solution is only just
      // feasible, and the final search alone could not undo its detours at so tight a fleet. As long
      // again in time was tried and lost vehicles on tight instances (bench/routing/RESULTS.md).
      if (decompose)
        polishParts(
          out.iterations,
          // the incumbent, after taking up another search's better one
          () => {
            adopt();
            return best;
          },
          keepBest,
        );
      else
        alns(ctx, best.clone(), {
          stop: phaseStop,
          iterations: out.iterations,
          cycle: Math.min(out.iterations, cycle),
          allowNew: false,
          penalty,
          startTemperature: T0,
          onIteration,
          onBest: keepBest,
          restart: adopt,
        });
    }
    // Hopeless attempts ended the phase before its time: the rest goes on samples of the fleet's
    // basins, the last won elimination made again and again, each polished for a cycle at least
    // (bench/routing/RESULTS.md).
    if (lastWin && hopeless?.over(best.usedVehicles) && lastWin.before.usedVehicles === best.usedVehicles + 1)
      while (!phaseStop()) again(lastWin.before, lastWin.budget, cycle);
  }

  if (!idle && decompose) {
    while (!stop()) {
      adopt();
      searchPart(stop, true);
    }
  } else if (!idle && !stop()) {
    adopt();
    alns(ctx, best.clone(), {
      stop,
      iterations: Number.POSITIVE_INFINITY,
      cycle,
      allowNew: true,
      penalty,
      startTemperature: T0,
      onIteration,
      onBest: keepBest,
      restart: adopt,
    });
  }

  const solution: Solution = {
    routes: routesOf(best),
    unassigned: best.bank.slice().sort((a, b) => a - b),
  };
  return {
    solution,
    cost: bestCost,
    distance: solutionDistance(p, solution),
    vehicles: best.usedVehicles,
    iterations,
    elapsedMs: performance.now() - t0,
    timeToBestMs: bestAt - t0,
    cancelled,
    redoneEliminations,
  };
}

/** Weighted arc costs: arc[i·N + j] = weights.distance·dist + weights.time·time. */
function arcCosts(p: Problem): Float64Array {
  const a = new Float64Array(p.nodeCount * p.nodeCount);
  for (let k = 0; k < a.length; k++) a[k] = p.weights.distance * (p.dist[k] ?? 0) + p.weights.time * (p.time[k] ?? 0);
  return a;
}

/** The routes of a state, one per vehicle, without their depots (as a Solution holds them). */
function routesOf(s: State): number[][] {
  return s.routes.map((r) => r.seq.slice(1, -1));
}

function stateDistance(p: Problem, s: State): number {
  let d = 0;
  for (const r of s.routes) {
    if (r.isEmpty) continue;
    const seq = r.seq;
    for (let k = 1; k < seq.length; k++) d += p.dist[(seq[k - 1] ?? 0) * p.nodeCount + (seq[k] ?? 0)] ?? 0;
  }
  return d;
}

function variableCost(s: State): number {
  let c = 0;
  for (const r of s.routes) c += r.arcCost;
  return c;
}
