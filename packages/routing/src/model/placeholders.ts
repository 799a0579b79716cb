import type { Place, RoutingDriver, RoutingVehicle } from './types.ts';

export interface PlaceholderFleet {
  /** How many trips-in-waiting vehicles the plan may use. */
  count: number;
  vehicle: Omit<RoutingVehicle, 'id'>;
  shiftStart: number;
  shiftEnd: number;
  /** Where the placeholder vehicles start and end (a garage, the site). */
  start: Place;
  maxShiftHours?: number;
}

/** Id prefix of placeholder drivers: their routes are trips not yet assigned to anyone. */
export const PLACEHOLDER_PREFIX = 'unassigned-';

/**
 * Drivers that stand for "no driver yet", for the plain route action: reservations are grouped into
 * shared trips on these, and route and assign later replaces them with real drivers and vehicles.
 */
export function placeholderDrivers(fleet: PlaceholderFleet): RoutingDriver[] {
  return Array.from({ length: fleet.count }, (_, k) => ({
    id: `${PLACEHOLDER_PREFIX}${k + 1}`,
    vehicle: { ...fleet.vehicle, id: `${PLACEHOLDER_PREFIX}${k + 1}` },
    shiftStart: fleet.shiftStart,
    shiftEnd: fleet.shiftEnd,
    start: fleet.start,
    maxShiftHours: fleet.maxShiftHours,
  }));
}
