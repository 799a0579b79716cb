import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng } from './prng.ts';
import { chooseRemoval, linkageSplit, selectRank } from './removal.ts';
import { State } from './state.ts';
import { type TinyRequest, tinyProblem } from './testing/tiny.ts';

describe('selectRank', () => {
  it('puts at k the element a sort by key (ties by element) puts there', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 60 }), fc.nat(), (keys, kk) => {
        const key = Float64Array.from(keys);
        const xs = keys.map((_, x) => x).reverse();
        const sorted = xs.slice().sort((a, b) => (key[a] ?? 0) - (key[b] ?? 0) || a - b);
        const k = kk % xs.length;
        selectRank(xs, key, k);
        expect(xs[k]).toBe(sorted[k]);
        expect(xs.slice().sort((a, b) => a - b)).toEqual(sorted.slice().sort((a, b) => a - b));
      }),
    );
  });
});

describe('linkageSplit', () => {
  const at = [0, 1, 2, 3, 50, 52, 54, 55];
  const d = (a: number, b: number) => Math.abs((at[a] ?? 0) - (at[b] ?? 0));

  it('splits at the widest gap of single linkage, the side of the first element first', () => {
    expect(linkageSplit([4, 0, 5, 1, 6, 2, 7, 3], d)).toEqual([
      [4, 5, 6, 7],
      [0, 1, 2, 3],
    ]);
    // a run of close elements with one far off: the far one goes alone
    expect(linkageSplit([0, 1, 2, 3, 4], d)).toEqual([[0, 1, 2, 3], [4]]);
  });

  it('leaves a single element alone on its side, and nothing on either side of nothing', () => {
    expect(linkageSplit([6], d)).toEqual([[6], []]);
    expect(linkageSplit([], d)).toEqual([[], []]);
  });
});

describe('cluster removal', () => {
  // three routes: route 0 serves a group on the left and a group on the right, route 1 a group
  // beside the right one, route 2 a group far below
  const left = (k: number): TinyRequest => ({ from: [k, 0], to: [k, 1] });
  const right = (k: number): TinyRequest => ({ from: [100 + k, 0], to: [100 + k, 1] });
  const below = (k: number): TinyRequest => ({ from: [k, 500], to: [k, 501] });
  const requests = [left(0), left(1), left(2), right(0), right(1), right(2), right(4), right(5), below(0), below(1)];
  const p = tinyProblem(requests, [{}, {}, {}]);
  const n = p.requests;
  const s = State.fromRoutes(p, p.dist, [
    [0, n, 1, n + 1, 2, n + 2, 3, n + 3, 4, n + 4, 5, n + 5],
    [6, n + 6, 7, n + 7],
    [8, n + 8, 9, n + 9],
  ]);
  if (!s) throw new Error('the routes are infeasible');

  it('takes out one side of a route, then a side of the route nearest to what it took', () => {
    // route 0 splits into the left group (0, 1, 2) and the right one (3, 4, 5), routes 1 and 2 into
    // single requests. From route 0 or 1, the other of the two is nearest; from route 2, route 0.
    const allowed = new Set(['0,1,2,6', '0,1,2,7', '3,4,5,6', '3,4,5,7', '0,1,2,8', '0,1,2,9', '3,4,5,8', '3,4,5,9']);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const ctx = { p, arc: p.dist, maxArc: 1, maxDist: 1, rng: new Rng(seed) };
      const out = chooseRemoval(ctx, s, 'cluster', 4);
      const key = out
        .slice()
        .sort((a, b) => a - b)
        .join(',');
      expect(allowed).toContain(key);
      seen.add(key);
    }
    expect(seen.size).toBe(allowed.size);
  });

  it('takes no more than q, cutting a side short', () => {
    const ctx = { p, arc: p.dist, maxArc: 1, maxDist: 1, rng: new Rng(7) };
    for (let k = 0; k < 20; k++) {
      const out = chooseRemoval(ctx, s, 'cluster', 2);
      expect(out).toHaveLength(2);
      expect(new Set(out).size).toBe(2);
    }
  });
});
