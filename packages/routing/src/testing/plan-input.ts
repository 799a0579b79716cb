import type { RoutingDriver, RoutingRequest } from '../model/types.ts';

/** Builders of a day's plan input for tests: one driver on a morning shift at the base and requests near it. */
export const H = 3_600_000;
export const DAY = Date.UTC(2026, 0, 5, 0, 0);
export const at = (hours: number) => DAY + hours * H;
export const base = { lat: 45.5, lng: -73.6 };
export const near = (dLat: number, dLng: number, areas?: string[]) => ({
  lat: 45.5 + dLat,
  lng: -73.6 + dLng,
  areas,
});

/** Driver d1 with a 4-seat vehicle, on shift from 06:00 to 14:00 at the base. */
export function driver(over: Partial<RoutingDriver> = {}): RoutingDriver {
  return {
    id: 'd1',
    vehicle: { id: 'v1', pax: 4, wheelchairPlaces: 0 },
    shiftStart: at(6),
    shiftEnd: at(14),
    start: base,
    ...over,
  };
}

/** A request near the base, picked up at 08:00. */
export function request(id: string, over: Partial<RoutingRequest> = {}): RoutingRequest {
  return { id, from: near(0.01, 0.01), to: near(0.05, 0.03), scheduleAt: at(8), ...over };
}
