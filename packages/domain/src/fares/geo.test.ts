import { describe, expect, it } from 'vitest';
import { haversineMetres, parseAreaMap, pointInPolygon } from './geo.ts';

describe('geometry', () => {
  it('measures great-circle distances', () => {
    // One degree of latitude is about 111.2 km.
    expect(haversineMetres({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
    // Montreal to Quebec City is about 233 km in a straight line.
    const d = haversineMetres({ lat: 45.5017, lon: -73.5673 }, { lat: 46.8139, lon: -71.208 });
    expect(d).toBeGreaterThan(230_000);
    expect(d).toBeLessThan(236_000);
    expect(haversineMetres({ lat: 10, lon: 10 }, { lat: 10, lon: 10 })).toBe(0);
  });

  const square = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 2 },
    { lat: 2, lng: 2 },
    { lat: 2, lng: 0 },
  ];
  it('reads the accepted map shapes', () => {
    const geo = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    for (const map of [
      square,
      [square],
      { paths: square },
      geo,
      { type: 'Feature', geometry: geo },
      { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: geo }] },
      { type: 'MultiPolygon', coordinates: [geo.coordinates] },
    ]) {
      const polys = parseAreaMap(map);
      expect(polys).not.toBeNull();
      expect(polys?.some((p) => pointInPolygon({ lat: 1, lon: 1.5 }, p))).toBe(true);
      expect(polys?.some((p) => pointInPolygon({ lat: 1, lon: 2.5 }, p))).toBe(false);
    }
  });
  it('refuses ambiguous or broken maps', () => {
    for (const map of [
      null,
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      [{ lat: 0, lng: 0 }],
      { type: 'Point', coordinates: [0, 0] },
      'x',
    ])
      expect(parseAreaMap(map)).toBeNull();
  });
  it('treats inner rings as holes', () => {
    const inner = square.map((p) => ({ lat: 0.5 + p.lat / 2, lng: 0.5 + p.lng / 2 }));
    const [poly] = parseAreaMap([square, inner]) ?? [];
    expect(poly && pointInPolygon({ lat: 1, lon: 1 }, poly)).toBe(false);
    expect(poly && pointInPolygon({ lat: 0.2, lon: 0.2 }, poly)).toBe(true);
  });
});
