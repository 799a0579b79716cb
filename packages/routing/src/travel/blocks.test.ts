import { describe, expect, it } from 'vitest';
import { BLOCK_DETOUR_KM, blocksOnPath, kmToSegment, legBlocked } from './blocks.ts';
import { EstimatedTravelTimes, greatCircleKm } from './estimator.ts';

// a street in Montréal running east, and points beside it
const A = { lat: 45.5, lng: -73.6 };
const B = { lat: 45.5, lng: -73.58 };
const onIt = { lat: 45.5001, lng: -73.59 }; // ~11 m north of the middle
const aside = { lat: 45.503, lng: -73.59 }; // ~330 m north
const beyond = { lat: 45.5, lng: -73.57 }; // on the line, past B

describe('road blocks', () => {
  it('measures the distance from a point to a leg', () => {
    expect(kmToSegment(A, B, onIt)).toBeCloseTo(0.011, 2);
    expect(kmToSegment(A, B, aside)).toBeCloseTo(0.334, 1);
    // past the end: the distance to the end, not to the line
    expect(kmToSegment(A, B, beyond)).toBeCloseTo(greatCircleKm(B, beyond), 2);
  });

  it('finds the legs and paths that pass a block', () => {
    expect(legBlocked(A, B, [onIt])).toBe(true);
    expect(legBlocked(A, B, [aside, beyond])).toBe(false);
    expect(blocksOnPath([A, B, aside], [beyond, onIt, aside])).toEqual([1, 2]);
  });

  it('makes the estimator add the detour to a leg that passes a block, and only to it', async () => {
    const plain = new EstimatedTravelTimes();
    const blocked = new EstimatedTravelTimes({ blocks: [onIt] });
    const m0 = plain.matrixSync([A, B, aside]);
    const m1 = blocked.matrixSync([A, B, aside]);
    expect(m1.km[0]?.[1]).toBeCloseTo((m0.km[0]?.[1] ?? 0) + BLOCK_DETOUR_KM, 6);
    expect(m1.km[1]?.[0]).toBeCloseTo((m0.km[1]?.[0] ?? 0) + BLOCK_DETOUR_KM, 6);
    expect(m1.km[0]?.[2]).toBeCloseTo(m0.km[0]?.[2] ?? 0, 6);
    expect(m1.km[0]?.[0]).toBe(0);
    expect(m1.minutes[0]?.[1]).toBeGreaterThan(m0.minutes[0]?.[1] ?? 0);
    expect((await blocked.route([A, B])).km).toBeCloseTo((await plain.route([A, B])).km + BLOCK_DETOUR_KM, 6);
  });
});
