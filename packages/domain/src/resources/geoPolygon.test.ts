import { describe, expect, it } from 'vitest';
import { areas } from './defs/places.ts';
import { polygonOfRing, ringOfPolygon } from './geoPolygon.ts';

const ring = [
  { lat: 38.7, lon: -9.2 },
  { lat: 38.8, lon: -9.1 },
  { lat: 38.7, lon: -9.0 },
];

describe('area polygons between the map and the record', () => {
  it('closes the ring in GeoJSON order (lon, lat) and validates as an area map', () => {
    const polygon = polygonOfRing(ring);
    expect(polygon).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-9.2, 38.7],
          [-9.1, 38.8],
          [-9.0, 38.7],
          [-9.2, 38.7],
        ],
      ],
    });
    const parsed = areas.schema.safeParse({ unit: 1, name: 'Centre', type: 'zone-pricing', map: polygon });
    expect(parsed.success).toBe(true);
  });

  it('reads a stored polygon back without its closing point', () => {
    expect(ringOfPolygon(polygonOfRing(ring))).toEqual(ring);
  });

  it('keeps an open stored ring whole', () => {
    expect(
      ringOfPolygon({
        type: 'Polygon',
        coordinates: [
          [
            [1, 2],
            [3, 4],
            [5, 6],
          ],
        ],
      }),
    ).toHaveLength(3);
  });

  it('gives no points for a missing or malformed value, and no polygon for no points', () => {
    expect(ringOfPolygon(undefined)).toEqual([]);
    expect(ringOfPolygon({ type: 'Polygon', coordinates: 'x' })).toEqual([]);
    expect(ringOfPolygon({ type: 'Polygon', coordinates: [[[1, 'a']]] })).toEqual([]);
    expect(polygonOfRing([])).toBeUndefined();
  });
});
