import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeJobFares, createFareContext } from './engine.ts';
import { haversineMetres, type LatLon, parseAreaMap, pointInPolygon } from './geo.ts';
import { AREAS, LOCATIONS } from './test-fixtures.ts';

/** Ground truth for "is this point in that place", straight from the geometry, without the index or its grid. */
function inPlace(p: LatLon, place: { type: string; id?: number }): boolean {
  if (place.type === 'any') return true;
  if (place.type === 'location') {
    const loc = LOCATIONS.find((l) => l._id === place.id);
    return loc?.lat !== undefined && loc.lon !== undefined && haversineMetres(p, loc) <= (loc.radius ?? 200);
  }
  const area = AREAS.find((a) => a._id === place.id);
  return (parseAreaMap(area?.map) ?? []).some((poly) => pointInPolygon(p, poly));
}

const placeArb = fc.constantFrom(
  { type: 'area', id: 10 },
  { type: 'area', id: 11 },
  { type: 'area', id: 12 },
  { type: 'area', id: 13 },
  { type: 'location', id: 1 },
  { type: 'location', id: 2 },
  { type: 'location', id: 4 },
  { type: 'any' },
);
const endArb = fc.array(placeArb, { minLength: 1, maxLength: 2 });
const around = (lat: number, lon: number, metres: number, bearing: number) => ({
  lat: lat + (metres / 111_195) * Math.cos(bearing),
  lon: lon + (metres / (111_195 * Math.cos((lat * Math.PI) / 180))) * Math.sin(bearing),
});
const bearingArb = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });
// Anywhere around the fixture places, and often right at the edge of one, where lookup mistakes show.
const pointArb = fc.oneof(
  fc.record({
    lat: fc.double({ min: 45.38, max: 45.6, noNaN: true }),
    lon: fc.double({ min: -73.82, max: -73.52, noNaN: true }),
  }),
  fc
    .tuple(
      fc.constantFrom(...LOCATIONS.filter((l) => l.lat !== undefined)),
      fc.double({ min: 0.8, max: 1.2, noNaN: true }),
      bearingArb,
    )
    .map(([l, f, bearing]) => around(l.lat as number, l.lon as number, (l.radius ?? 200) * f, bearing)),
  fc
    .tuple(
      fc.constantFrom(...AREAS.filter((a) => a._id !== 13)),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: -0.002, max: 0.002, noNaN: true }),
      fc.boolean(),
    )
    .map(([a, t, off, onLat]) => {
      const box = (parseAreaMap(a.map) ?? []).flatMap((poly) => [...(poly[0] ?? [])]);
      const lons = box.filter((_, i) => i % 2 === 0);
      const lats = box.filter((_, i) => i % 2 === 1);
      const [minLat, maxLat, minLon, maxLon] = [
        Math.min(...lats),
        Math.max(...lats),
        Math.min(...lons),
        Math.max(...lons),
      ];
      // A point near the bottom edge or the left edge of the area's outer ring.
      return onLat
        ? { lat: minLat + off, lon: minLon + t * (maxLon - minLon) }
        : { lat: minLat + t * (maxLat - minLat), lon: minLon + off };
    }),
);

describe('rate index', () => {
  it('finds exactly the services whose rates join the two points', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: endArb, to: endArb, biDir: fc.boolean(), service: fc.constantFrom(1, 2, 3) }), {
          minLength: 1,
          maxLength: 12,
        }),
        pointArb,
        pointArb,
        (rates, from, to) => {
          const records = rates.map((r, i) => ({ ...r, _id: i + 1, unit: 1, code: `R${i + 1}`, price: 10 }));
          const ctx = createFareContext({ rates: records, areas: AREAS, locations: LOCATIONS });
          const got = computeJobFares({ unit: 1, from, to, date: '2026-11-23 10:00' }, ctx).fares.map((f) => f.service);
          const joins = (a: LatLon, b: LatLon, r: (typeof rates)[number]) =>
            r.from.some((p) => inPlace(a, p)) && r.to.some((p) => inPlace(b, p));
          const want = new Set(
            rates.filter((r) => joins(from, to, r) || (r.biDir && joins(to, from, r))).map((r) => r.service),
          );
          expect(new Set(got)).toEqual(want);
          expect(got.length).toBe(want.size);
        },
      ),
      { numRuns: 400 },
    );
  });
});
