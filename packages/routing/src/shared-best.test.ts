import { describe, expect, it } from 'vitest';
import { Rng } from './prng.ts';
import { SharedBest } from './shared-best.ts';
import { solve } from './solve.ts';
import { tinyProblem } from './testing/tiny.ts';
import { verifySolution } from './verify.ts';

/** Ten requests with time windows, three vehicles of two seats, fewest vehicles first. */
function windowed(seed: number) {
  const rng = new Rng(seed);
  const pt = (): [number, number] => [rng.int(0, 20), rng.int(0, 20)];
  const requests = Array.from({ length: 10 }, () => {
    const e = rng.int(0, 60);
    return { from: pt(), to: pt(), window: [e, e + rng.int(10, 40)] as [number, number], service: 1 };
  });
  return tinyProblem(requests, [{ capacity: [2] }, { capacity: [2], at: [10, 10] }, { capacity: [2] }], {
    weights: { vehicle: 100 },
    minimiseVehicles: true,
  });
}

describe('SharedBest', () => {
  it('keeps the cheapest routes offered, per vehicle, and gives them only to a search behind them', () => {
    const shared = SharedBest.create({ requests: 3, vehicleCount: 3 });
    expect(shared.take(Number.MAX_VALUE)).toBeUndefined();
    shared.offer([[0, 3], [], [1, 2, 5, 4]], 10);
    expect(shared.take(11)).toEqual({ routes: [[0, 3], [], [1, 2, 5, 4]], cost: 10 });
    expect(shared.take(10)).toBeUndefined();
    // a worse offer is ignored, a better one replaces the stored routes
    shared.offer([[0, 3, 1, 4], [2, 5], []], 12);
    expect(shared.take(11)?.cost).toBe(10);
    shared.offer([[], [0, 1, 3, 4], [2, 5]], 8);
    expect(shared.take(9)).toEqual({ routes: [[], [0, 1, 3, 4], [2, 5]], cost: 8 });
    // another view of the same memory (as on another thread) sees the same
    expect(new SharedBest(shared.buffer, 3).take(9)?.routes).toEqual([[], [0, 1, 3, 4], [2, 5]]);
    // given a vehicle count, only a solution with fewer vehicles is taken (this one uses two)
    expect(shared.take(9, 2)).toBeUndefined();
    expect(shared.take(9, 3)?.cost).toBe(8);
    expect(() => shared.offer([[0, 3]], 1)).toThrow('expected 3 routes');
  });

  it('lets a search go on from a solution found elsewhere with fewer vehicles, and offers its own bests', () => {
    const p = windowed(1);
    const good = solve(p, { seed: 1, maxIterations: 3000 });
    const alone = solve(p, { seed: 2, maxIterations: 20 });
    expect([good.vehicles, alone.vehicles]).toEqual([2, 3]);

    const shared = SharedBest.create(p);
    shared.offer(good.solution.routes, good.cost);
    const helped = solve(p, { seed: 2, maxIterations: 20, shared });
    expect(helped.vehicles).toBe(2);
    expect(helped.cost).toBeLessThanOrEqual(good.cost + 1e-9);
    expect(verifySolution(p, helped.solution).feasible).toBe(true);

    const own = SharedBest.create(p);
    const res = solve(p, { seed: 2, maxIterations: 20, shared: own });
    expect(res.solution).toEqual(alone.solution);
    expect(own.take(Number.MAX_VALUE)).toEqual({ routes: res.solution.routes, cost: res.cost });
  });

  it('keeps its own solution when the one found elsewhere is cheaper with as many vehicles', () => {
    const p = windowed(10);
    const good = solve(p, { seed: 1, maxIterations: 3000 });
    const alone = solve(p, { seed: 2, maxIterations: 20 });
    expect(good.vehicles).toBe(alone.vehicles);
    expect(good.cost).toBeLessThan(alone.cost - 1e-6);

    const shared = SharedBest.create(p);
    shared.offer(good.solution.routes, good.cost);
    expect(solve(p, { seed: 2, maxIterations: 20, shared }).solution).toEqual(alone.solution);
  });
});
