/**
 * Small geometry helpers, kept here so that the domain package depends on nothing geographic.
 * Polygons are tested on the plain longitude/latitude plane, which is exact enough for city-sized
 * areas; areas crossing the antimeridian are not supported.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** The coordinates of a stored place (`{address, lat, lon}` of a reservation, a person, a site), when it has them. */
export function placePoint(place: unknown): LatLon | null {
  const p = place as { lat?: unknown; lon?: unknown } | null | undefined;
  return typeof p?.lat === 'number' && typeof p.lon === 'number' ? { lat: p.lat, lon: p.lon } : null;
}

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Great-circle distance in metres (haversine). */
export function haversineMetres(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** A ring as flat [lon0, lat0, lon1, lat1, ...]; closing the ring is optional. */
export type Ring = Float64Array;
/** Outer ring first, then holes (tested even-odd, so the role of each ring does not matter). */
export type Polygon = Ring[];

export interface BBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** Even-odd ray casting over all rings of one polygon; points on an edge may fall either side. */
export function pointInPolygon(p: LatLon, polygon: Polygon): boolean {
  let inside = false;
  for (const ring of polygon) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[2 * i] as number;
      const yi = ring[2 * i + 1] as number;
      const xj = ring[2 * j] as number;
      const yj = ring[2 * j + 1] as number;
      if (yi > p.lat !== yj > p.lat && p.lon < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

export function bboxOf(polygons: readonly Polygon[]): BBox {
  const b: BBox = { minLat: Infinity, maxLat: -Infinity, minLon: Infinity, maxLon: -Infinity };
  for (const poly of polygons)
    for (const ring of poly)
      for (let i = 0; i < ring.length; i += 2) {
        const lon = ring[i] as number;
        const lat = ring[i + 1] as number;
        if (lat < b.minLat) b.minLat = lat;
        if (lat > b.maxLat) b.maxLat = lat;
        if (lon < b.minLon) b.minLon = lon;
        if (lon > b.maxLon) b.maxLon = lon;
      }
  return b;
}

export function inBBox(p: LatLon, b: BBox): boolean {
  return p.lat >= b.minLat && p.lat <= b.maxLat && p.lon >= b.minLon && p.lon <= b.maxLon;
}

type Json = unknown;

function isObj(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function validLatLon(lat: Json, lon: Json): lat is number {
  return (
    typeof lat === 'number' &&
    typeof lon === 'number' &&
    Math.abs(lat) <= 90 &&
    Math.abs(lon) <= 180 &&
    !Number.isNaN(lat + lon)
  );
}

/** A ring of {lat, lng|lon} objects, or null. */
function objectRing(v: Json): Ring | null {
  if (!Array.isArray(v) || v.length < 3) return null;
  const out = new Float64Array(v.length * 2);
  for (let i = 0; i < v.length; i++) {
    const p = v[i];
    if (!isObj(p)) return null;
    const lon = p.lng ?? p.lon;
    if (!validLatLon(p.lat, lon)) return null;
    out[2 * i] = lon as number;
    out[2 * i + 1] = p.lat;
  }
  return out;
}

/** A GeoJSON ring of [lon, lat] positions, or null. */
function positionRing(v: Json): Ring | null {
  if (!Array.isArray(v) || v.length < 3) return null;
  const out = new Float64Array(v.length * 2);
  for (let i = 0; i < v.length; i++) {
    const p = v[i];
    if (!Array.isArray(p) || !validLatLon(p[1], p[0])) return null;
    out[2 * i] = p[0] as number;
    out[2 * i + 1] = p[1] as number;
  }
  return out;
}

function rings(v: Json, ring: (r: Json) => Ring | null): Polygon | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const out: Polygon = [];
  for (const r of v) {
    const parsed = ring(r);
    if (!parsed) return null;
    out.push(parsed);
  }
  return out;
}

/**
 * Reads an area's `map` into polygons. Accepted: GeoJSON (FeatureCollection, Feature, Polygon,
 * MultiPolygon, positions as [lon, lat]); a ring of {lat, lng|lon} points; a list of such rings
 * (outer, then holes); an object holding one of those under `paths`, `path`, `points`,
 * `coordinates` or `polygon`. Bare [a, b] pairs outside GeoJSON are refused: their order is
 * ambiguous. Returns null when nothing usable is found.
 */
export function parseAreaMap(map: Json): Polygon[] | null {
  if (isObj(map)) {
    if (map.type === 'FeatureCollection' && Array.isArray(map.features)) {
      const all: Polygon[] = [];
      for (const f of map.features) {
        const p = parseAreaMap(f);
        if (!p) return null;
        all.push(...p);
      }
      return all.length > 0 ? all : null;
    }
    if (map.type === 'Feature') return parseAreaMap(map.geometry);
    if (map.type === 'Polygon') {
      const p = rings(map.coordinates, positionRing);
      return p ? [p] : null;
    }
    if (map.type === 'MultiPolygon' && Array.isArray(map.coordinates)) {
      const all: Polygon[] = [];
      for (const c of map.coordinates) {
        const p = rings(c, positionRing);
        if (!p) return null;
        all.push(p);
      }
      return all.length > 0 ? all : null;
    }
    for (const key of ['paths', 'path', 'points', 'coordinates', 'polygon'])
      if (map[key] !== undefined) return parseAreaMap(map[key]);
    return null;
  }
  const single = objectRing(map);
  if (single) return [[single]];
  const many = rings(map, objectRing);
  return many ? [many] : null;
}
