import { describe, expect, it } from 'vitest';
import { clusterVehicles } from './clusters.ts';

/** [lon, lat] pairs as the live map sends them. */
const coords = (...points: [number, number][]) => Float64Array.from(points.flat());

describe('clustering the live map (in its worker)', () => {
  it('draws vehicles close together as one cluster with their count, and leaves a far one single', () => {
    const answer = clusterVehicles({
      level: 10,
      bbox: [-74, 45, -73, 46],
      // three within a few hundred metres downtown, one 20 km away
      coords: coords([-73.567, 45.501], [-73.568, 45.502], [-73.566, 45.5015], [-73.3, 45.6]),
    });
    expect(Array.from(answer.singles)).toEqual([3]);
    expect(answer.clusters).toHaveLength(3);
    const [lat, lon, count] = Array.from(answer.clusters);
    expect(count).toBe(3);
    expect(lat).toBeCloseTo(45.5015, 3);
    expect(lon).toBeCloseTo(-73.567, 3);
  });

  it('splits them once zoomed in, and answers only what is in the box', () => {
    const near = coords([-73.567, 45.501], [-73.568, 45.502], [-73.566, 45.5015]);
    const zoomedIn = clusterVehicles({ level: 17, bbox: [-74, 45, -73, 46], coords: near });
    expect(Array.from(zoomedIn.singles).sort()).toEqual([0, 1, 2]);
    expect(zoomedIn.clusters).toHaveLength(0);
    const elsewhere = clusterVehicles({ level: 10, bbox: [-80, 40, -79, 41], coords: near });
    expect(elsewhere.singles).toHaveLength(0);
    expect(elsewhere.clusters).toHaveLength(0);
  });
});
