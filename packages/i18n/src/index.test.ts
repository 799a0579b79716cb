import { describe, expect, it } from 'vitest';
import { flatten, resources } from './index.ts';

describe('translations', () => {
  const en = flatten(resources.en);
  const pt = flatten(resources.pt);
  it('pt has every key of en', () => {
    expect(Object.keys(en).filter((k) => !(k in pt))).toEqual([]);
  });
  it('pt has no key that en lacks', () => {
    expect(Object.keys(pt).filter((k) => !(k in en))).toEqual([]);
  });
  it('every pt message is non-empty and keeps the same {{placeholders}}', () => {
    for (const [k, v] of Object.entries(en)) {
      const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(pt[k]?.length, k).toBeGreaterThan(0);
      expect(ph(pt[k] ?? ''), k).toEqual(ph(v));
    }
  });
});
