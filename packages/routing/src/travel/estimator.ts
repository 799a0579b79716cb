import { BLOCK_DETOUR_KM, legBlocked } from './blocks.ts';
import type { LatLng, RouteGeometry, TravelMatrix, TravelTimeProvider } from './types.ts';

const EARTH_KM = 6371.0088;

/** Great-circle (haversine) distance in km. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface EstimatorOptions {
  /** Road distance ÷ straight-line distance (default 1.3). */
  detourFactor?: number;
  /** Average speed in km/h for each hour of the day, 24 values (default: slower at the rush hours). */
  speedByHour?: number[];
  /** Offset of local time from UTC in minutes, to read the hour of day (default 0). */
  utcOffsetMinutes?: number;
  /** Road blocks: a leg passing one costs BLOCK_DETOUR_KM more (blocks.ts). */
  blocks?: readonly LatLng[];
}

/** 25 km/h at the rush hours (7-9 h, 16-18 h), 45 km/h at night, 35 km/h otherwise. */
export const DEFAULT_SPEED_BY_HOUR: readonly number[] = Array.from({ length: 24 }, (_, h) =>
  (h >= 7 && h < 9) || (h >= 16 && h < 18) ? 25 : h < 6 || h >= 21 ? 45 : 35,
);

/**
 * The built-in estimator: great-circle distance × detour factor ÷ average speed for the hour of
 * departure. Everything it returns is flagged `estimated`.
 */
export class EstimatedTravelTimes implements TravelTimeProvider {
  private readonly detour: number;
  private readonly speeds: readonly number[];
  private readonly offset: number;
  private readonly blocks: readonly LatLng[];

  constructor(opts: EstimatorOptions = {}) {
    this.blocks = opts.blocks ?? [];
    this.detour = opts.detourFactor ?? 1.3;
    this.speeds = opts.speedByHour ?? DEFAULT_SPEED_BY_HOUR;
    this.offset = opts.utcOffsetMinutes ?? 0;
    if (this.speeds.length !== 24 || this.speeds.some((s) => !(s > 0)))
      throw new Error('speedByHour needs 24 positive speeds');
  }

  speedAt(departAt?: number): number {
    if (departAt === undefined) return 35;
    const minutes = Math.floor(departAt / 60_000) + this.offset;
    const hour = (((Math.floor(minutes / 60) % 24) + 24) % 24) as number;
    return this.speeds[hour] ?? 35;
  }

  matrixSync(points: LatLng[], departAt?: number): TravelMatrix {
    const speed = this.speedAt(departAt);
    // a leg measures the same both ways: each pair once
    const n = points.length;
    const km = points.map(() => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      const a = points[i] as LatLng;
      const row = km[i] as number[];
      for (let j = i; j < n; j++) {
        const d = this.legKm(a, points[j] as LatLng);
        row[j] = d;
        (km[j] as number[])[i] = d;
      }
    }
    return { km, minutes: km.map((row) => row.map((d) => (60 * d) / speed)), estimated: true };
  }

  async matrix(points: LatLng[], departAt?: number): Promise<TravelMatrix> {
    return this.matrixSync(points, departAt);
  }

  async route(points: LatLng[], departAt?: number): Promise<RouteGeometry> {
    let km = 0;
    for (let k = 1; k < points.length; k++) {
      const a = points[k - 1];
      const b = points[k];
      if (a && b) km += this.legKm(a, b);
    }
    return {
      coordinates: points.map((p) => [p.lng, p.lat]),
      km,
      minutes: (60 * km) / this.speedAt(departAt),
      estimated: true,
    };
  }

  /** A leg's road km: straight line × detour factor, plus the way around a road block it passes. */
  legKm(a: LatLng, b: LatLng): number {
    const km = greatCircleKm(a, b) * this.detour;
    return this.blocks.length > 0 && a !== b && legBlocked(a, b, this.blocks) ? km + BLOCK_DETOUR_KM : km;
  }

  async nearest(point: LatLng): Promise<LatLng> {
    return point;
  }
}
