import { describe, expect, it } from 'vitest';
import { planPoints } from './model/build.ts';
import type { PlanInput } from './model/types.ts';
import type { Problem } from './problem.ts';
import { solve } from './solve.ts';
import { driver, near, request } from './testing/plan-input.ts';
import { tinyProblem } from './testing/tiny.ts';
import { EstimatedTravelTimes } from './travel/estimator.ts';
import { verifySolution } from './verify.ts';
import { planInWorker, solveInWorker, solveParallel, workerPool } from './worker.ts';

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

  it('counts a time limit from the call, so a thread that must first start and load still ends on time', async () => {
    const p = problem();
    const input: PlanInput = {
      requests: [0, 1, 2].map((k) => request(`r${k}`, { from: near(k / 100, 0), to: near(0.05, 0.05 + k / 100) })),
      drivers: [driver()],
    };
    const matrix = new EstimatedTravelTimes().matrixSync(planPoints(input));
    const jobs: ((seed: number) => Promise<{ elapsedMs: number; timeToBestMs?: number }>)[] = [
      (seed) => solveInWorker(p, { seed, timeLimitMs: 1500 }),
      (seed) => planInWorker(input, matrix, { seed, timeLimitMs: 1500 }),
    ];
    for (const job of jobs) {
      // three at once: at most two wait idle, so at least one thread starts now
      const started = workerPool().started;
      const t = performance.now();
      const runs = await Promise.all(
        [1, 2, 3].map(async (seed) => {
          const res = await job(seed);
          return { res, wall: performance.now() - t };
        }),
      );
      expect(workerPool().started).toBeGreaterThan(started);
      for (const { res, wall } of runs) {
        // starting a thread and loading the solver take 0.3 to 0.6 s, which the limit includes
        expect(wall).toBeLessThan(1500 + 200);
        expect(res.elapsedMs).toBeLessThanOrEqual(wall + 1);
        expect(res.timeToBestMs ?? 0).toBeLessThanOrEqual(res.elapsedMs);
      }
    }
  }, 30_000);
});

describe('solveParallel', () => {
  it('runs a search per thread with seeds seed, seed + 1, … and returns the best of them', async () => {
    const p = problem();
    const seen: number[] = [];
    const res = await solveParallel(p, {
      threads: 3,
      seed: 1,
      maxIterations: 20,
      onProgress: (i) => seen.push(i.cost),
    });
    // The searches share their bests (see shared-best.test.ts), so which thread ends where depends on
    // how their steps interleave: only the result's feasibility and the progress are fixed.
    expect(verifySolution(p, res.solution).feasible).toBe(true);
    // progress only ever reports a better solution than the last one, and ends at the winner
    for (let k = 1; k < seen.length; k++) expect(seen[k]).toBeLessThan(seen[k - 1] ?? 0);
    expect(seen.at(-1)).toBeCloseTo(res.cost, 9);
  }, 30_000);

  it('with one thread is solveInWorker, and refuses a thread count that is not a positive whole number', async () => {
    const p = problem();
    const res = await solveParallel(p, { seed: 2, maxIterations: 40 });
    expect(res.solution).toEqual(solve(p, { seed: 2, maxIterations: 40 }).solution);
    await expect(solveParallel(p, { threads: 0 })).rejects.toThrow('threads');
    await expect(solveParallel(p, { threads: 1.5 })).rejects.toThrow('threads');
  }, 30_000);
});
