import type { SearchContext } from './context.ts';
import { relocateDescent } from './descent.ts';
import { chooseRemoval, type RemovalName } from './removal.ts';
import { repair } from './repair.ts';
import { type State, stateCost } from './state.ts';

const REMOVALS: RemovalName[] = ['random', 'worst', 'shaw', 'route'];
const WITH_CLUSTERS: RemovalName[] = [...REMOVALS, 'cluster'];
/** Insertion heuristics: regret k and noise amplitude. */
const INSERTIONS: { k: number; noise: number }[] = [
  { k: 1, noise: 0 },
  { k: 2, noise: 0 },
  { k: 3, noise: 0 },
  { k: 1, noise: 0.025 },
  { k: 2, noise: 0.025 },
  { k: 3, noise: 0.025 },
  { k: 0, noise: 0 },
  { k: 0, noise: 0.025 },
];
/** Adaptive weight scores: new best, improved current, accepted worse (Ropke & Pisinger 2006). */
const SIGMA_BEST = 33;
const SIGMA_BETTER = 9;
const SIGMA_ACCEPTED = 13;
const SEGMENT = 100;
const REACTION = 0.1;
/** Requests from which an instance counts as large (the 400-task set has 201 to 211). */
const LARGE = 200;

export interface SearchLimits {
  /** True when the whole run must stop (time, cancellation, iteration budget). */
  stop: () => boolean;
  /** Iterations for this search call. */
  iterations: number;
  /** Iterations per annealing cycle (temperature from start to end, then restart from the best). */
  cycle: number;
  /** Whether new (empty) vehicles may be opened. */
  allowNew: boolean;
  /** Cost per request left in the bank. */
  penalty: number;
  /** Weight of a used vehicle in the cost (default the problem's). */
  vehicleWeight?: number;
  /**
   * Guided elimination: each request's multiple of the bank penalty (`weights`, mutated by the
   * search), grown by `growth` each time a candidate leaves the request out, so that the search
   * comes to prefer leaving out others (after Nagata & Bräysy's penalty counters).
   */
  guide?: { weights: Float64Array; growth: number };
  /** Temperature at the start of each cycle. */
  startTemperature: number;
  /** Called when the bank empties (vehicle elimination succeeded): return true to end the search. */
  onComplete?: (s: State) => boolean;
  onIteration?: () => void;
  /** Called with each new best of this search. */
  onBest?: (s: State, cost: number) => void;
  /** At the start of each cycle but the first: a better state to go on from, if there is one. */
  restart?: () => State | undefined;
}

export interface SearchOutcome {
  best: State;
  bestCost: number;
  iterations: number;
  /** True when ended by onComplete. */
  completed: boolean;
}

/** Adaptive large neighbourhood search with simulated-annealing acceptance, from a start state. */
export function alns(ctx: SearchContext, start: State, limits: SearchLimits): SearchOutcome {
  const { p, rng } = ctx;
  const n = p.requests;
  const guide = limits.guide;
  const weights = guide?.weights;
  const cost = (s: State) => {
    if (!weights) return stateCost(p, s, limits.penalty, limits.vehicleWeight);
    let banked = 0;
    for (const r of s.bank) banked += weights[r] ?? 1;
    return stateCost(p, s, 0, limits.vehicleWeight) + limits.penalty * banked;
  };
  let current = start;
  let currentCost = cost(current);
  let best = current;
  let bestCost = currentCost;
  const removals = ctx.clusters ? WITH_CLUSTERS : REMOVALS;
  const wRem = new Float64Array(removals.length).fill(1);
  const wIns = new Float64Array(INSERTIONS.length).fill(1);
  const sRem = new Float64Array(removals.length);
  const sIns = new Float64Array(INSERTIONS.length);
  const uRem = new Float64Array(removals.length);
  const uIns = new Float64Array(INSERTIONS.length);
  const { min: qMin, max: qMax } = removalSize(n);
  const endRatio = 0.002;
  let it = 0;
  for (; it < limits.iterations; it++) {
    if (limits.stop()) break;
    limits.onIteration?.();
    const phase = (it % limits.cycle) / limits.cycle;
    if (it > 0 && it % limits.cycle === 0) {
      const other = limits.restart?.();
      if (other) {
        best = other;
        bestCost = cost(other);
      }
      current = best;
      currentCost = bestCost;
    }
    const T = limits.startTemperature * endRatio ** phase;
    const ri = rng.roulette(wRem);
    const ii = rng.roulette(wIns);
    const ins = INSERTIONS[ii] ?? { k: 1, noise: 0 };
    let cand = current.clone();
    const q = rng.int(qMin, qMax);
    cand.remove(p, ctx.arc, chooseRemoval(ctx, cand, removals[ri] ?? 'random', q));
    repair(ctx, cand, ins.k, ins.noise, limits.allowNew);
    if (guide && cand.bank.length > 0) {
      for (const r of cand.bank) guide.weights[r] = (guide.weights[r] ?? 1) + guide.growth;
      currentCost = cost(current);
      bestCost = cost(best);
    }
    let c = cost(cand);
    let score = 0;
    if (c < bestCost - 1e-9 && cand.bank.length === 0) {
      cand = relocateDescent(ctx, cand, limits.penalty, limits.allowNew, limits.vehicleWeight);
      c = cost(cand);
    }
    if (c < bestCost - 1e-9) {
      best = cand;
      bestCost = c;
      score = SIGMA_BEST;
      limits.onBest?.(cand, c);
    }
    if (c < currentCost - 1e-9) {
      current = cand;
      currentCost = c;
      score = Math.max(score, SIGMA_BETTER);
    } else if (T > 0 && rng.next() < Math.exp(-(c - currentCost) / T)) {
      if (Math.abs(c - currentCost) > 1e-9) score = Math.max(score, SIGMA_ACCEPTED);
      current = cand;
      currentCost = c;
    }
    sRem[ri] = (sRem[ri] ?? 0) + score;
    sIns[ii] = (sIns[ii] ?? 0) + score;
    uRem[ri] = (uRem[ri] ?? 0) + 1;
    uIns[ii] = (uIns[ii] ?? 0) + 1;
    if ((it + 1) % SEGMENT === 0) {
      adapt(wRem, sRem, uRem);
      adapt(wIns, sIns, uIns);
    }
    if (best.bank.length === 0 && limits.onComplete?.(best)) {
      return { best, bestCost, iterations: it + 1, completed: true };
    }
  }
  return { best, bestCost, iterations: it, completed: false };
}

/**
 * How many requests a search step takes out, at least and at most, with n requests. Up to a quarter
 * of them (at most 20) gave the best results per second on the 100- and 200-task sets; from 200
 * requests on, up to 40 did better on the 400-task set (bench/routing/RESULTS.md).
 */
export function removalSize(n: number): { min: number; max: number } {
  const min = Math.min(4, Math.max(1, Math.round(0.1 * n)));
  const max = n >= LARGE ? 40 : Math.min(n, Math.max(4, Math.min(20, Math.round(0.25 * n))));
  return { min, max };
}

function adapt(w: Float64Array, s: Float64Array, u: Float64Array): void {
  for (let k = 0; k < w.length; k++) {
    const used = u[k] ?? 0;
    if (used > 0) w[k] = Math.max(0.05, (1 - REACTION) * (w[k] ?? 0) + (REACTION * (s[k] ?? 0)) / used);
    s[k] = 0;
    u[k] = 0;
  }
}
