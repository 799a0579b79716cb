import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RawJson } from '../store/collection.store.ts';
import { serialize } from './serialize.ts';

describe('serialize', () => {
  it('matches JSON.stringify on plain JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(serialize(v)).toBe(JSON.stringify(v));
      }),
    );
  });

  it('splices raw JSON text in place', () => {
    const body = { results: [{ data: new RawJson('[{"a":1}]'), count: 1 }, { count: 2 }], skip: undefined };
    expect(JSON.parse(serialize(body))).toEqual({ results: [{ data: [{ a: 1 }], count: 1 }, { count: 2 }] });
  });
});
