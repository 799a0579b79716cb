import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestInsertion, insertedSeq, transposed } from './insertion.ts';
import type { Problem } from './problem.ts';
import { Route } from './route.ts';
import { tinyProblem } from './testing/tiny.ts';

/** Cheapest feasible insertion found by trying every position pair on a rebuilt route. */
function bruteForce(p: Problem, route: Route, r: number): number | null {
  let best: number | null = null;
  for (let i = 0; i < route.seq.length - 1; i++) {
    for (let j = i; j < route.seq.length - 1; j++) {
      const t = new Route(route.v, insertedSeq(route.seq, r, p.requests, i, j));
      if (!t.refresh(p, p.dist)) continue;
      const c = t.arcCost - route.arcCost;
      if (best === null || c < best) best = c;
    }
  }
  return best;
}

const point = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }));
const request = fc.record({
  from: point,
  to: point,
  open: fc.integer({ min: 0, max: 300 }),
  width: fc.oneof(fc.integer({ min: 5, max: 40 }), fc.integer({ min: 400, max: 900 })),
  dropWidth: fc.option(fc.integer({ min: 20, max: 300 }), { nil: undefined }),
  service: fc.integer({ min: 0, max: 3 }),
});
type Drawn = typeof request extends fc.Arbitrary<infer T> ? T : never;

/** A problem of the drawn requests and one vehicle of the given capacity, open from 0 to `close`. */
function oneVehicle(reqs: readonly Drawn[], cap: number, close: number): Problem {
  return tinyProblem(
    reqs.map((q) => ({
      from: q.from,
      to: q.to,
      window: [q.open, q.open + q.width],
      dropWindow: q.dropWidth === undefined ? undefined : [q.open, q.open + q.width + q.dropWidth],
      service: q.service,
    })),
    [{ capacity: [cap], window: [0, close] }],
  );
}

/** The same problem with every leg from a lower to a higher node one unit longer: no longer symmetric. */
function skewed(p: Problem): Problem {
  const N = p.nodeCount;
  const m = p.dist.map((d, x) => d + (x % N > Math.floor(x / N) ? 1 : 0));
  return { ...p, dist: m, time: m };
}

describe('bestInsertion', () => {
  // The bisections over start times and the cost bound over drop-off positions only pass over
  // positions that cannot win: the answer is the one trying every pair gives, on short routes and on
  // long ones (where the drop-offs are tabled). Without ride limits, where the test is exact; with
  // them only the cheapest few candidates get the full check, so the answer need not be the cheapest
  // there. Asymmetric travel times make the test read the legs into a stop from a transposed matrix.
  it.each([
    ['symmetric', false],
    ['asymmetric', true],
  ])('finds the cheapest feasible insertion, as trying every position pair does (%s travel times)', (_, skew) => {
    fc.assert(
      fc.property(
        fc.array(request, { minLength: 2, maxLength: 50, size: 'max' }),
        fc.integer({ min: 2, max: 8 }),
        (reqs, cap) => {
          const plain = oneVehicle(reqs, cap, 3000);
          const p = skew ? skewed(plain) : plain;
          const route = Route.empty(p, 0);
          route.refresh(p, p.dist);
          // Build a route from the first requests, each at its cheapest place; test the others on it.
          const held = Math.max(1, reqs.length - 3);
          for (let r = 0; r < held; r++) {
            const at = bestInsertion(p, p.dist, route, r, 0);
            if (!at) continue;
            route.seq = insertedSeq(route.seq, r, p.requests, at.i, at.j);
            expect(route.refresh(p, p.dist)).toBe(true);
          }
          for (let r = held; r < reqs.length; r++) {
            const want = bruteForce(p, route, r);
            const got = bestInsertion(p, p.dist, route, r, 0);
            if (want === null) expect(got).toBeNull();
            else expect(got?.cost).toBeCloseTo(want, 6);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  // repair stops trying a request on a route where it fitted nowhere (no ride limits): with travel
  // times that obey the triangle inequality, stops added to a route never make room for it.
  it('finds no place for a request that fitted nowhere once other requests are inserted', () => {
    fc.assert(
      fc.property(
        fc.array(request, { minLength: 2, maxLength: 40, size: 'max' }),
        fc.integer({ min: 1, max: 6 }),
        (reqs, cap) => {
          const p = oneVehicle(reqs, cap, 1500);
          const route = Route.empty(p, 0);
          route.refresh(p, p.dist);
          const dead: number[] = [];
          for (let r = 0; r < reqs.length; r++) {
            const at = bestInsertion(p, p.dist, route, r, 0);
            if (!at) {
              dead.push(r);
              continue;
            }
            route.seq = insertedSeq(route.seq, r, p.requests, at.i, at.j);
            expect(route.refresh(p, p.dist)).toBe(true);
            for (const d of dead) expect(bestInsertion(p, p.dist, route, d, 0)).toBeNull();
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('reads the legs into a node from the transposed matrix, or the matrix itself when symmetric', () => {
    const N = 3;
    const symmetric = Float64Array.from([0, 1, 2, 1, 0, 3, 2, 3, 0]);
    expect(transposed(symmetric, N)).toBe(symmetric);
    const skew = Float64Array.from([0, 1, 2, 4, 0, 3, 5, 6, 0]);
    const t = transposed(skew, N);
    expect(Array.from(t ?? [])).toEqual([0, 4, 5, 1, 0, 6, 2, 3, 0]);
    // Past the limit no copy is made: the test reads down the columns instead.
    expect(transposed(skew, N, 2)).toBeNull();
    expect(transposed(symmetric, N, 2)).toBe(symmetric);
  });
});
