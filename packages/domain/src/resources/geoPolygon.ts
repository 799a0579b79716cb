/**
 * Areas keep their shape as a GeoJSON Polygon (`coordinates: [[[lon, lat], ...]]`, the outer ring
 * closed by repeating its first point); map inputs edit one ring of `{lat, lon}` points without the
 * closing point. These two functions convert between the two forms; holes are not edited in the console.
 */

export interface RingPoint {
  lat: number;
  lon: number;
}

export interface GeoPolygon {
  type: 'Polygon';
  coordinates: number[][][];
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The outer ring of a stored polygon as points, without the closing point; [] when there is none. */
export function ringOfPolygon(value: unknown): RingPoint[] {
  const outer = (value as { coordinates?: unknown } | null | undefined)?.coordinates;
  if (!Array.isArray(outer) || !Array.isArray(outer[0])) return [];
  const points: RingPoint[] = [];
  for (const pair of outer[0] as unknown[]) {
    if (!Array.isArray(pair) || !finite(pair[0]) || !finite(pair[1])) return [];
    points.push({ lat: pair[1], lon: pair[0] });
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (points.length > 1 && first && last && first.lat === last.lat && first.lon === last.lon) points.pop();
  return points;
}

/** A ring of points as a stored polygon, closed; undefined when no point is left (the polygon was removed). */
export function polygonOfRing(ring: readonly RingPoint[]): GeoPolygon | undefined {
  if (ring.length === 0) return undefined;
  const coords = ring.map((p) => [p.lon, p.lat]);
  const first = coords[0] as number[];
  return { type: 'Polygon', coordinates: [[...coords, [...first]]] };
}
