import { describe, expect, it } from 'vitest';
import { fromCents, percentOf, roundHalfAwayFromZero, roundToUnit, toCents } from './money.ts';

describe('money', () => {
  it.each([
    [1.005, 101],
    [45.5, 4550],
    [0.1 + 0.2, 30],
    [-1.005, -101],
    [-0.004, 0],
  ])('toCents(%s) = %s', (units, cents) => expect(toCents(units)).toBe(cents));

  it('rounds halves away from zero', () => {
    expect([2.5, -2.5, 2.4999, 0].map(roundHalfAwayFromZero)).toEqual([3, -3, 2, 0]);
  });

  it('percentages are rounded to the cent', () => {
    expect(percentOf(4567, 10)).toBe(457);
    expect(percentOf(4565, 10)).toBe(457);
    expect(percentOf(4564, 10)).toBe(456);
    expect(percentOf(1000, 7.5)).toBe(75);
  });

  it('rounds to whole currency units', () => {
    expect(roundToUnit(4150, 'nearest')).toBe(4200);
    expect(roundToUnit(4149, 'nearest')).toBe(4100);
    expect(roundToUnit(4101, 'up')).toBe(4200);
    expect(roundToUnit(4100, 'up')).toBe(4100);
    expect(roundToUnit(-150, 'up')).toBe(-100);
  });

  it('presents cents as currency units', () => {
    expect([4550, 1, 0, -705].map(fromCents)).toEqual([45.5, 0.01, 0, -7.05]);
  });
});
