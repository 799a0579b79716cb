import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectRank } from './removal.ts';

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
