import type { Rng } from './prng.ts';
import type { Problem } from './problem.ts';

/** What every search step needs: the problem, the weighted arc costs and the run's random stream. */
export interface SearchContext {
  p: Problem;
  /** arc[i·N + j] = weights.distance·dist + weights.time·time. */
  arc: Float64Array;
  maxArc: number;
  maxDist: number;
  rng: Rng;
  /**
   * Whether the search also uses cluster removal: on problems of 200 requests or more and their
   * parts, where it shortened the long routes (bench/routing/RESULTS.md).
   */
  clusters?: boolean;
}
