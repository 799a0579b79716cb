import { describe, expect, it } from 'vitest';
import { HopelessAttempts } from './hopeless.ts';

describe('HopelessAttempts', () => {
  it('is over after two failures in a row leaving at least eight requests out, at one fleet', () => {
    const h = new HopelessAttempts();
    h.failed(12, 17);
    expect(h.over(12)).toBe(false);
    h.failed(12, 8);
    expect(h.over(12)).toBe(true);
    // another fleet is not judged by this one's attempts
    expect(h.over(11)).toBe(false);
  });

  it('starts again after an attempt that left few out and at a smaller fleet', () => {
    const h = new HopelessAttempts();
    h.failed(36, 9);
    h.failed(36, 5); // close: the next attempt may win
    h.failed(36, 9);
    expect(h.over(36)).toBe(false);
    h.failed(35, 10); // an attempt won meanwhile
    expect(h.over(35)).toBe(false);
    h.failed(34, 10); // the fleet went down meanwhile (polish or another search)
    expect(h.over(34)).toBe(false);
    h.failed(34, 12);
    expect(h.over(34)).toBe(true);
  });

  it('cuts an attempt that still leaves sixteen or more out after a tenth of its budget', () => {
    const h = new HopelessAttempts();
    expect(h.cut(799, 8000, 30)).toBe(false);
    expect(h.cut(800, 8000, 16)).toBe(true);
    expect(h.cut(800, 8000, 15)).toBe(false);
    expect(h.cut(5000, 8000, 9)).toBe(false);
  });

  it('takes other limits', () => {
    const h = new HopelessAttempts(3, 1);
    h.failed(5, 3);
    expect(h.over(5)).toBe(true);
  });
});
