import { describe, expect, it } from 'vitest';
import { solve } from './solve.ts';
import { tinyProblem } from './testing/tiny.ts';
import { verifySolution } from './verify.ts';
import { solveInWorker } from './worker.ts';

const problem = () =>
  tinyProblem(
    Array.from({ length: 12 }, (_, k) => ({
      from: [k, (k * 7) % 11] as [number, number],
      to: [(k * 5) % 13, k] as [number, number],
      maxRide: 40,
    })),
    [{ capacity: [3] }, { capacity: [3], at: [5, 5] }, { capacity: [3] }],
  );

describe('solveInWorker', () => {
  it('solves on a worker thread with the same result as in-process for a seed', async () => {
    const p = problem();
    const res = await solveInWorker(p, { seed: 3, maxIterations: 150 });
    expect(verifySolution(p, res.solution).feasible).toBe(true);
    expect(res.solution).toEqual(solve(p, { seed: 3, maxIterations: 150 }).solution);
  }, 20_000);

  it('stops when the signal aborts and returns the best so far', async () => {
    const p = problem();
    const ctrl = new AbortController();
    const t = performance.now();
    const running = solveInWorker(p, { seed: 1, timeLimitMs: 30_000, signal: ctrl.signal });
    // abort while the search runs (the worker needs a moment to start and load)
    setTimeout(() => ctrl.abort(), 1500);
    const res = await running;
    expect(performance.now() - t).toBeLessThan(10_000);
    expect(res.cancelled).toBe(true);
    expect(res.iterations).toBeGreaterThan(0);
    expect(verifySolution(p, res.solution).feasible).toBe(true);
  }, 20_000);
});
