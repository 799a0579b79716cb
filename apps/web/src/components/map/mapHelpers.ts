import type { Setting } from '#src/api/types.ts';
import { settingValue } from '#src/app/session/sessionSelectors.ts';

/** A point as records keep it. */
export interface LatLon {
  lat: number;
  lon: number;
}

/** What Leaflet hands back: a LatLng, or nested arrays of them (rings, polygons). */
interface LatLngLike {
  lat: number;
  lng: number;
}
type LatLngTree = LatLngLike | readonly LatLngTree[];

export const MIN_POLYGON_POINTS = 3;

/** Spec section 9: ten colours for areas, routes and the like (d3 category10). */
export const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
] as const;

/** The palette colour of the n-th item; the palette repeats. */
export function paletteColor(index: number): string {
  const i = Number.isInteger(index) ? index : 0;
  return PALETTE[((i % PALETTE.length) + PALETTE.length) % PALETTE.length] as string;
}

export const DEFAULT_TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

export interface TileSource {
  url: string;
  attribution: string;
}

const isTemplate = (url: unknown): url is string =>
  typeof url === 'string' && ['{z}', '{x}', '{y}'].every((part) => url.includes(part));

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The attribution as Leaflet's HTML, made from plain text: a setting's attribution is shown as the
 * text it is (markup in it shows as characters, never runs), linked to `attributionUrl` when that
 * is an http(s) address.
 */
export function attributionHtml(text: unknown, url?: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') return '';
  const safe = escapeHtml(text.trim());
  if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(url.trim())) return safe;
  return `<a href="${escapeHtml(url.trim())}" target="_blank" rel="noopener noreferrer">${safe}</a>`;
}

/**
 * The background tiles: the "map tiles" setting (a URL template, or `{url, attribution,
 * attributionUrl}`), the user's site value first; OpenStreetMap when it is missing or not a
 * template with {z}, {x} and {y}.
 */
export function tileSourceOf(settings: readonly Setting[], unit: number | null | undefined): TileSource {
  const raw = settingValue(settings, 'map tiles', unit);
  if (isTemplate(raw)) return { url: raw.trim(), attribution: '' };
  if (raw && typeof raw === 'object' && isTemplate((raw as { url?: unknown }).url)) {
    const { url, attribution, attributionUrl } = raw as {
      url: string;
      attribution?: unknown;
      attributionUrl?: unknown;
    };
    return { url: url.trim(), attribution: attributionHtml(attribution, attributionUrl) };
  }
  return { ...DEFAULT_TILES };
}

export const isLat = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= -90 && n <= 90;
export const isLon = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= -180 && n <= 180;

/** The point when both coordinates are there and in range. */
export function pointOf(value: { lat?: unknown; lon?: unknown } | null | undefined): LatLon | null {
  return value && isLat(value.lat) && isLon(value.lon) ? { lat: value.lat, lon: value.lon } : null;
}

const samePoint = (a: LatLon, b: LatLon, epsilon = 1e-9) =>
  Math.abs(a.lat - b.lat) <= epsilon && Math.abs(a.lon - b.lon) <= epsilon;

/** Drops the last point when it repeats the first (a closed ring). */
export function openRing(ring: readonly LatLon[]): LatLon[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first && last && samePoint(first, last) ? ring.slice(0, -1) : [...ring];
}

export function sameRing(a: readonly LatLon[], b: readonly LatLon[]): boolean {
  return a.length === b.length && a.every((p, i) => samePoint(p, b[i] as LatLon));
}

const isLatLng = (node: LatLngTree): node is LatLngLike => !Array.isArray(node);

/** The outer ring of a Leaflet polygon's `getLatLngs()` (flat, rings, or multi-polygon) as records keep it. */
export function ringFromLatLngs(latlngs: LatLngTree): LatLon[] {
  let node: LatLngTree = latlngs;
  // Descend to the first ring: the array whose items are LatLngs.
  while (Array.isArray(node) && node.length > 0 && !isLatLng(node[0] as LatLngTree)) node = node[0] as LatLngTree;
  if (isLatLng(node)) return [{ lat: node.lat, lon: node.lng }];
  return openRing((node as readonly LatLngLike[]).map((p) => ({ lat: p.lat, lon: p.lng })));
}

/** Leaflet's `[lat, lng]` pairs of a ring, without a closing duplicate nor unusable points. */
export function latLngsFromRing(ring: readonly Partial<LatLon>[] | null | undefined): [number, number][] {
  const points = (ring ?? []).map(pointOf).filter((p): p is LatLon => p !== null);
  return openRing(points).map((p) => [p.lat, p.lon]);
}

export type PointLineProblem = 'format' | 'lat' | 'lon';

export interface PointLineError {
  /** 1-based line number in the text. */
  line: number;
  text: string;
  reason: PointLineProblem;
}

export interface ParsedPointLines {
  ring: LatLon[];
  errors: PointLineError[];
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses one point a line, "lat, lon" (a semicolon, tab or spaces also separate them); blank lines
 * are skipped and a closing repeat of the first point is dropped.
 */
export function parsePointLines(text: string): ParsedPointLines {
  const points: LatLon[] = [];
  const errors: PointLineError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const parts = line.split(/\s*[,;]\s*|\s+/);
    if (parts.length !== 2 || !parts.every((part) => NUMBER.test(part))) {
      errors.push({ line: index + 1, text: line, reason: 'format' });
      return;
    }
    const [lat, lon] = parts.map(Number) as [number, number];
    if (!isLat(lat)) errors.push({ line: index + 1, text: line, reason: 'lat' });
    else if (!isLon(lon)) errors.push({ line: index + 1, text: line, reason: 'lon' });
    else points.push({ lat, lon });
  });
  return { ring: openRing(points), errors };
}

/** Up to 6 decimals (about 10 cm), without trailing zeros. */
export const formatCoordinate = (n: number): string => String(Number(n.toFixed(6)));

/** One "lat, lon" line a point. */
export function formatPointLines(ring: readonly Partial<LatLon>[] | null | undefined): string {
  return latLngsFromRing(ring)
    .map(([lat, lon]) => `${formatCoordinate(lat)}, ${formatCoordinate(lon)}`)
    .join('\n');
}
