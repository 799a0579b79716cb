import type { JoinOption, PlanWeights, RoutingType } from './types.ts';

export interface RoutingTypePreset {
  weights: PlanWeights;
  /** Default join option. */
  join: JoinOption;
  /** Minimise vehicles first (route-elimination phase). */
  minimiseVehicles: boolean;
  /** Whether a request's own fixed ride limit may exceed the ratio limit (false: the tighter one wins). */
  ratioCapsRide: boolean;
}

const UNASSIGNED = 100_000;

/**
 * The routing types as a documented choice of objective and constraints (docs/routing.md):
 * - dynamic: shared door-to-door rides; balance distance against passenger time.
 * - demand: on-demand service; passenger ride time weighs most, vehicles are cheap.
 * - bus: fewest vehicles first (route elimination), then distance; ride time matters little.
 * - exo: contracted paratransit; ride limit always enforced as the ratio, vehicles and distance both count.
 */
export const ROUTING_TYPES: Record<RoutingType, RoutingTypePreset> = {
  dynamic: {
    weights: { vehicle: 20, km: 1, driveMinutes: 0.2, rideMinutes: 0.2, unassigned: UNASSIGNED, areaMatch: 0.001 },
    join: 'tryJoin',
    minimiseVehicles: false,
    ratioCapsRide: false,
  },
  demand: {
    weights: { vehicle: 5, km: 1, driveMinutes: 0.1, rideMinutes: 1, unassigned: UNASSIGNED, areaMatch: 0.001 },
    join: 'tryJoin',
    minimiseVehicles: false,
    ratioCapsRide: false,
  },
  bus: {
    weights: { vehicle: 1000, km: 1, driveMinutes: 0, rideMinutes: 0.05, unassigned: UNASSIGNED, areaMatch: 0.001 },
    join: 'tryJoin',
    minimiseVehicles: true,
    ratioCapsRide: false,
  },
  exo: {
    weights: { vehicle: 100, km: 1, driveMinutes: 0.2, rideMinutes: 0.5, unassigned: UNASSIGNED, areaMatch: 0.001 },
    join: 'tryJoin',
    minimiseVehicles: false,
    ratioCapsRide: true,
  },
};

export const DEFAULTS = {
  routingType: 'dynamic' as RoutingType,
  direction: 'both' as const,
  pickGapEarly: 30,
  pickGapLate: 30,
  pickupMinutes: 1,
  dropoffMinutes: 1,
  maxRide: { ratio: 1.5 },
  /** A ride limit never goes below this many minutes, so short trips stay possible. */
  minRideLimit: 10,
  /** Spec: max shift hours 1 to 24; the per-area match score is at most 6 digits. */
  maxShiftHours: { min: 1, max: 24 },
  onlyInsideAreas: 999_999,
};
