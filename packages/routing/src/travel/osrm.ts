import { EstimatedTravelTimes } from './estimator.ts';
import type { LatLng, RouteGeometry, TravelMatrix, TravelTimeProvider } from './types.ts';

export interface OsrmOptions {
  /** Base address of the server, the "map route server" setting (e.g. http://osrm.local:5000). */
  baseUrl: string;
  /** Routing profile in the path (default "driving"). */
  profile?: string;
  /** Per-request timeout in ms (default 8000, the console's default request timeout). */
  timeoutMs?: number;
  /** Used when the server fails or times out (default: the built-in estimator). */
  fallback?: TravelTimeProvider;
  fetchImpl?: typeof fetch;
}

/** The server's answer was not usable. */
export class OsrmError extends Error {
  override name = 'OsrmError';
}

const coords = (points: LatLng[]) => points.map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`).join(';');

/**
 * OSRM-compatible HTTP client: /table/v1 for matrices, /route/v1 for geometry, /nearest/v1 for
 * snapping. Any failure (network, timeout, non-Ok code) falls back to the estimator, and the result
 * says so (`estimated`, `fallbackReason`).
 */
export class OsrmTravelTimes implements TravelTimeProvider {
  private readonly base: string;
  private readonly profile: string;
  private readonly timeoutMs: number;
  private readonly fallback: TravelTimeProvider;
  private readonly fetchImpl: typeof fetch;

  constructor(opts: OsrmOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.profile = opts.profile ?? 'driving';
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.fallback = opts.fallback ?? new EstimatedTravelTimes();
    this.fetchImpl = opts.fetchImpl ?? fetch;
  }

  private async get(service: string, path: string, query: string): Promise<Record<string, unknown>> {
    const url = `${this.base}/${service}/v1/${this.profile}/${path}${query ? `?${query}` : ''}`;
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (!res.ok) throw new OsrmError(`${service}: HTTP ${res.status}`);
    const body = (await res.json()) as Record<string, unknown>;
    if (body.code !== 'Ok')
      throw new OsrmError(`${service}: ${String(body.code)} ${String(body.message ?? '')}`.trim());
    return body;
  }

  async matrix(points: LatLng[], departAt?: number): Promise<TravelMatrix> {
    if (points.length === 0) return { minutes: [], km: [], estimated: false };
    try {
      const body = await this.get('table', coords(points), 'annotations=duration,distance');
      const durations = body.durations as (number | null)[][] | undefined;
      const distances = body.distances as (number | null)[][] | undefined;
      if (!Array.isArray(durations) || !Array.isArray(distances) || durations.length !== points.length) {
        throw new OsrmError('table: durations or distances missing');
      }
      const minutes = durations.map((row) => row.map((s) => (s === null ? Number.POSITIVE_INFINITY : s / 60)));
      const km = distances.map((row) => row.map((m) => (m === null ? Number.POSITIVE_INFINITY : m / 1000)));
      return { minutes, km, estimated: false };
    } catch (err) {
      const est = await this.fallback.matrix(points, departAt);
      return { ...est, estimated: true, fallbackReason: reasonOf(err) };
    }
  }

  async route(points: LatLng[], departAt?: number): Promise<RouteGeometry> {
    try {
      const body = await this.get('route', coords(points), 'overview=full&geometries=geojson');
      const route = (
        body.routes as
          | { distance: number; duration: number; geometry: { coordinates: [number, number][] } }[]
          | undefined
      )?.[0];
      if (!route) throw new OsrmError('route: no route');
      return {
        coordinates: route.geometry.coordinates,
        km: route.distance / 1000,
        minutes: route.duration / 60,
        estimated: false,
      };
    } catch {
      return this.fallback.route(points, departAt);
    }
  }

  async nearest(point: LatLng): Promise<LatLng> {
    try {
      const body = await this.get('nearest', coords([point]), 'number=1');
      const wp = (body.waypoints as { location: [number, number] }[] | undefined)?.[0];
      if (!wp) throw new OsrmError('nearest: no waypoint');
      return { lng: wp.location[0], lat: wp.location[1] };
    } catch {
      return this.fallback.nearest(point);
    }
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timeout';
  return err instanceof Error ? err.message : String(err);
}
