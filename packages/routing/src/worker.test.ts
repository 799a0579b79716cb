import { describe, expect, it } from 'vitest';
import type { Problem } from './problem.ts';
import { solve } from './solve.ts';
import { tinyProblem } from './testing/tiny.ts';
import { verifySolution } from './verify.ts';
import { solveInWorker, workerPool } from './worker.ts';

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

  it('reuses a thread kept warm for the next solve, and gives solves at the same time threads of their own', async () => {
    const p = problem();
    await solveInWorker(p, { seed: 1, maxIterations: 20 });
    const before = workerPool();
    expect(before.idle).toBeGreaterThan(0);
    const again = await solveInWorker(p, { seed: 2, maxIterations: 20 });
    expect(verifySolution(p, again.solution).feasible).toBe(true);
    expect(workerPool().started).toBe(before.started);
    const together = await Promise.all([1, 2, 3].map((seed) => solveInWorker(p, { seed, maxIterations: 20 })));
    for (const r of together) expect(verifySolution(p, r.solution).feasible).toBe(true);
    expect(workerPool().started).toBeGreaterThan(before.started);
    // no more than two wait idle
    expect(workerPool().idle).toBeLessThanOrEqual(2);
  }, 30_000);

  it('refuses a solve that fails on its thread, and the next solve still runs', async () => {
    await expect(solveInWorker({} as Problem, { maxIterations: 1 })).rejects.toThrow();
    const p = problem();
    const res = await solveInWorker(p, { seed: 1, maxIterations: 20 });
    expect(verifySolution(p, res.solution).feasible).toBe(true);
  }, 30_000);
});
