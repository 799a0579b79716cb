import { describe, expect, it } from 'vitest';
import { shiftPieces } from './pieces.ts';
import type { RoutingDriver } from './types.ts';

const H = 3_600_000;
const home = { lat: 45.5, lng: -73.6 };
const a = { lat: 45.6, lng: -73.6 };
const b = { lat: 45.7, lng: -73.5 };
const driver: RoutingDriver = {
  id: 'd',
  vehicle: { id: 'v', pax: 4 },
  shiftStart: 6 * H,
  shiftEnd: 14 * H,
  start: home,
  firstTripDistanceKm: 5,
};

describe('shiftPieces', () => {
  it('cuts a shift at its breaks and at work already there, each stretch going on from where the last ended', () => {
    const pieces = shiftPieces(
      {
        ...driver,
        breaks: [{ start: 12 * H, end: 12.5 * H }],
        busy: [
          { start: 8 * H, end: 9 * H, from: a, to: b },
          // overlapping work: the driver is free once the later one ends, where it ends
          { start: 8.5 * H, end: 10 * H, from: b, to: a },
        ],
      },
      0,
    );
    expect(pieces.map((p) => [p.start / H, p.end / H, p.from, p.to, p.first])).toEqual([
      [6, 8, home, a, true],
      [10, 12, a, home, false],
      [12.5, 14, home, home, false],
    ]);
    expect(pieces.every((p) => p.of === 3)).toBe(true);
  });

  it('starts the shift where work at its very start ends, without the first-trip bound', () => {
    const pieces = shiftPieces({ ...driver, busy: [{ start: 5 * H, end: 7 * H, from: home, to: b }] }, 0);
    expect(pieces.map((p) => [p.start / H, p.from, p.first])).toEqual([[7, b, false]]);
  });

  it('refuses work that ends before it starts', () => {
    expect(() => shiftPieces({ ...driver, busy: [{ start: 9 * H, end: 8 * H, from: a, to: b }] }, 0)).toThrow(
      /busy time/,
    );
  });
});
