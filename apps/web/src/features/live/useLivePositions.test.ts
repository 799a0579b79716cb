import { type LivePosition, positionFrame } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { type KeptPosition, keepFrame } from './useLivePositions.ts';

const at = (driver: number, time: number, over: Partial<LivePosition> = {}): LivePosition => ({
  driver,
  lat: 45.5,
  lon: -73.6,
  heading: 90,
  speed: 10,
  accuracy: 5,
  time,
  trip: null,
  unit: 1,
  ...over,
});

describe('keepFrame', () => {
  it("keeps each driver's newest position of the site from a frame, in the driver's own object", () => {
    const kept = new Map<number, KeptPosition>();
    keepFrame(kept, positionFrame([at(1, 1000), at(2, 1000, { unit: 2 })]), 1);
    expect([...kept.keys()]).toEqual([1]);
    const first = kept.get(1);
    keepFrame(kept, positionFrame([at(1, 2000, { lat: 45.6, heading: null })]), 1);
    // the same object, its numbers written over; an unknown heading is NaN
    expect(kept.get(1)).toBe(first);
    expect([first?.lat, first?.lon, first?.heading, first?.speed, first?.time]).toEqual([
      45.6,
      -73.6,
      Number.NaN,
      10,
      2000,
    ]);
    // an older position (one that came late) changes nothing
    keepFrame(kept, positionFrame([at(1, 1500, { lat: 40 })]), 1);
    expect(first?.lat).toBe(45.6);
    // every site's when the map shows them all
    keepFrame(kept, positionFrame([at(2, 1000, { unit: 2 })]), null);
    expect([...kept.keys()]).toEqual([1, 2]);
  });
});
