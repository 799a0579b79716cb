import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from './prng.ts';
import { type Improvement, solve } from './solve.ts';
import { bruteForceOptimum, objectiveOf } from './testing/brute-force.ts';
import { type TinyRequest, tinyProblem } from './testing/tiny.ts';
import { verifySolution } from './verify.ts';

function randomTiny(seed: number, n: number, rideLimits: boolean) {
  const rng = new Rng(seed);
  const pt = (): [number, number] => [rng.int(0, 20), rng.int(0, 20)];
  const requests: TinyRequest[] = Array.from({ length: n }, () => {
    const e = rng.int(0, 60);
    return {
      from: pt(),
      to: pt(),
      window: [e, e + rng.int(10, 40)],
      service: 1,
      maxRide: rideLimits ? rng.int(25, 45) : undefined,
    };
  });
  return tinyProblem(requests, [{ capacity: [2] }, { capacity: [2], at: [10, 10] }], {
    weights: { vehicle: 15 },
  });
}

describe('solve', () => {
  it.each(Array.from({ length: 8 }, (_, k) => [k + 1, k % 2 === 1]))(
    'finds the brute-force optimum of tiny instance %i (ride limits: %s)',
    (seed, rideLimits) => {
      const p = randomTiny(seed as number, 4, rideLimits as boolean);
      const optimum = bruteForceOptimum(p);
      const res = solve(p, { seed: 1, maxIterations: 400 });
      expect(verifySolution(p, res.solution).feasible).toBe(true);
      if (optimum === Number.POSITIVE_INFINITY) {
        expect(res.solution.unassigned.length).toBeGreaterThan(0);
      } else {
        expect(res.solution.unassigned).toEqual([]);
        expect(objectiveOf(p, res.solution)).toBeCloseTo(optimum, 6);
        expect(res.cost).toBeCloseTo(optimum, 6);
      }
    },
  );

  it.each([11, 12, 13, 14])('minimises vehicles first to the brute-force optimum (tiny instance %i)', (seed) => {
    const rng = new Rng(seed);
    const pt = (): [number, number] => [rng.int(0, 20), rng.int(0, 20)];
    const requests: TinyRequest[] = Array.from({ length: 4 }, () => {
      const e = rng.int(0, 40);
      return { from: pt(), to: pt(), window: [e, e + rng.int(20, 60)], service: 1 };
    });
    const p = tinyProblem(requests, [{ capacity: [1] }, { capacity: [1] }, { capacity: [1] }], {
      weights: { vehicle: 1000 },
      minimiseVehicles: true,
    });
    const optimum = bruteForceOptimum(p);
    const res = solve(p, { seed: 1, maxIterations: 400 });
    expect(verifySolution(p, res.solution).feasible).toBe(true);
    expect(res.cost).toBeCloseTo(optimum, 6);
    expect(res.vehicles).toBe(Math.floor(optimum / 1000));
  });

  it('is deterministic for a seed and iteration budget', () => {
    const p = randomTiny(42, 7, true);
    const a = solve(p, { seed: 7, maxIterations: 300 });
    const b = solve(p, { seed: 7, maxIterations: 300 });
    expect(b.solution).toEqual(a.solution);
    expect(b.cost).toBe(a.cost);
    expect(b.iterations).toBe(300);
  });

  it('starts from given routes, inserting the requests they leave out, and ignores routes that are not feasible', () => {
    const p = randomTiny(5, 7, true);
    const first = solve(p, { seed: 1, maxIterations: 300 }).solution;
    const stopped = new AbortController();
    stopped.abort();
    const from = (initial: number[][]) => solve(p, { seed: 1, signal: stopped.signal, initial }).solution;
    // already cancelled: what it answers is where it started
    expect(from(first.routes)).toEqual(first);
    // one route taken out: the other routes keep every request they had, and all are served
    const emptied = first.routes.findIndex((r) => r.length > 0);
    const rest = first.routes.map((r, v) => (v === emptied ? [] : r));
    const warm = from(rest);
    expect(verifySolution(p, warm).feasible).toBe(true);
    expect(warm.unassigned).toEqual(first.unassigned);
    rest.forEach((route, v) => {
      for (const node of route) expect(warm.routes[v]).toContain(node);
    });
    // a drop-off before its pickup (in time otherwise): not a start, the construction is
    const wide = tinyProblem(
      [
        { from: [1, 1], to: [5, 5], window: [0, 500], service: 1 },
        { from: [2, 2], to: [6, 6], window: [0, 500], service: 1 },
      ],
      [{ capacity: [2] }, { capacity: [2] }],
    );
    const built = solve(wide, { seed: 1, signal: stopped.signal }).solution;
    const backwards = solve(wide, { seed: 1, signal: stopped.signal, initial: [[2, 0], []] }).solution;
    expect(backwards).toEqual(built);
    expect(verifySolution(wide, backwards).feasible).toBe(true);
  });

  it('returns the construction at once when already cancelled, and says so', () => {
    const p = randomTiny(3, 6, false);
    const ctrl = new AbortController();
    ctrl.abort();
    const res = solve(p, { seed: 1, signal: ctrl.signal, timeLimitMs: 60_000 });
    expect(res.cancelled).toBe(true);
    expect(res.iterations).toBe(0);
    expect(verifySolution(p, res.solution).feasible).toBe(true);
  });

  it('stops at the time limit with the best found so far', () => {
    const p = randomTiny(5, 8, true);
    const t = performance.now();
    const res = solve(p, { seed: 1, timeLimitMs: 200 });
    expect(performance.now() - t).toBeLessThan(1500);
    expect(res.iterations).toBeGreaterThan(0);
    expect(verifySolution(p, res.solution).feasible).toBe(true);
  });

  it('returns at once when there is nothing to route or nothing fits', () => {
    const none = tinyProblem([], [{}]);
    const t = performance.now();
    expect(solve(none, { timeLimitMs: 5000 }).solution).toEqual({ routes: [[]], unassigned: [] });
    // a pickup window closed before the vehicle can get there: no vehicle can ever take it
    const hopeless = tinyProblem([{ from: [100, 0], to: [0, 0], window: [0, 10] }], [{}]);
    expect(solve(hopeless, { timeLimitMs: 5000 }).solution.unassigned).toEqual([0]);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('uses fewer vehicles first when minimising vehicles', () => {
    // Two requests on opposite sides: two vehicles drive less, one vehicle is enough.
    const p = tinyProblem(
      [
        { from: [10, 0], to: [20, 0] },
        { from: [-10, 0], to: [-20, 0] },
      ],
      [{}, {}],
      { weights: { vehicle: 1000 }, minimiseVehicles: true },
    );
    const res = solve(p, { seed: 1, maxIterations: 200 });
    expect(res.vehicles).toBe(1);
    expect(res.distance).toBeCloseTo(80);
  });

  it('polishes the distance between route-elimination attempts, not only after them', () => {
    const rng = new Rng(7);
    const pt = (): [number, number] => [rng.int(0, 40), rng.int(0, 40)];
    const requests: TinyRequest[] = Array.from({ length: 30 }, () => {
      const e = rng.int(0, 200);
      return { from: pt(), to: pt(), window: [e, e + rng.int(30, 120)], service: 2 };
    });
    const p = tinyProblem(
      requests,
      Array.from({ length: 10 }, () => ({ capacity: [3] })),
      { weights: { vehicle: 10_000 }, minimiseVehicles: true },
    );
    const seen: Improvement[] = [];
    const res = solve(p, { seed: 1, maxIterations: 3000, onImprovement: (i) => seen.push(i) });
    expect(verifySolution(p, res.solution).feasible).toBe(true);
    // Within the elimination phase (the first 60 % of the iterations), a new best at the same fleet
    // but a shorter distance: the incumbent was polished there.
    const polished = seen.filter(
      (b, k) =>
        k > 0 &&
        b.iteration < 1800 &&
        b.vehicles === seen[k - 1]?.vehicles &&
        b.distance < (seen[k - 1]?.distance ?? 0),
    );
    expect(polished.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.vehicles).toBeLessThan(seen[0]?.vehicles ?? 0);
  });

  it('respects every constraint on random instances', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (seed, n, K, tight) => {
          const rng = new Rng(seed);
          const pt = (): [number, number] => [rng.int(0, 30), rng.int(0, 30)];
          const requests: TinyRequest[] = Array.from({ length: n }, () => {
            const e = rng.int(0, 100);
            return {
              from: pt(),
              to: pt(),
              window: [e, e + rng.int(5, 60)],
              dropWindow: rng.next() < 0.3 ? [e + 20, e + 120] : undefined,
              load: [rng.int(1, 2), rng.next() < 0.3 ? 1 : 0],
              service: rng.int(0, 3),
              maxRide: tight || rng.next() < 0.5 ? rng.int(20, 60) : undefined,
            };
          });
          const vehicles = Array.from({ length: K }, () => ({
            at: pt(),
            capacity: [rng.int(2, 4), rng.int(0, 1)],
            window: [0, rng.int(150, 300)] as [number, number],
            maxDuration: tight ? rng.int(80, 200) : undefined,
          }));
          const compat = Array.from({ length: K }, () => Array.from({ length: n }, () => (rng.next() < 0.85 ? 1 : 0)));
          const p = tinyProblem(requests, vehicles, { compat, weights: { vehicle: rng.int(0, 50) } });
          const res = solve(p, { seed, maxIterations: 60 });
          const verdict = verifySolution(p, res.solution);
          expect(verdict.violations).toEqual([]);
          expect(res.solution.routes.flat().length + 2 * res.solution.unassigned.length).toBe(2 * n);
        },
      ),
      { numRuns: 60, seed: 20261122 },
    );
  });
});
