import type { LatLng } from '../travel/types.ts';

/** A place with the names of the areas it lies in (the server resolves area polygons). */
export interface Place extends LatLng {
  address?: string;
  areas?: string[];
}

/** Maximum ride time: fixed minutes, or a ratio of the direct drive time (the spec's 1.5). */
export type MaxRide = { minutes: number } | { ratio: number };

/** One reservation to route (a passenger or a party travelling together). */
export interface RoutingRequest {
  id: string;
  from: Place;
  to: Place;
  /** Schedule time (epoch ms): the pickup time, or the arrival time when `timing` is 'dropoff'. */
  scheduleAt: number;
  timing?: 'pickup' | 'dropoff';
  /** Minutes the stop may be served before / after the schedule time (default: settings, 30). */
  pickGapEarly?: number;
  pickGapLate?: number;
  /** Minutes spent at the pickup and at the drop-off (default: settings). */
  pickupMinutes?: number;
  dropoffMinutes?: number;
  /** Seats taken; default adults + infants, or 1. */
  seats?: number;
  adults?: number;
  infants?: number;
  /** Needs one wheelchair place. */
  wheelchair?: boolean;
  /** Required attributes: the driver and vehicle together must have all of them. */
  attributes?: string[];
  /** Required service: the vehicle or the driver must offer it. */
  service?: string;
  /** forceJoin AUTO group: requests with the same group ride together. */
  forceJoin?: string;
  maxRide?: MaxRide;
  /** 'to' the site (collected) or 'from' it (distributed); used by the direction setting. */
  direction?: 'to' | 'from';
}

export interface RoutingVehicle {
  id: string;
  /** Max passengers. */
  pax: number;
  /** Minimum seats: a route on this vehicle must carry at least this many seats at once. */
  minSeats?: number;
  wheelchairPlaces?: number;
  services?: string[];
  attributes?: string[];
}

export interface Break {
  start: number;
  end: number;
}

/**
 * Work the driver already has (a trip written before this plan): it leaves `from` at `start` and is
 * at `to` at `end`, and takes nothing else in between. The plan fits around it and moves none of it.
 */
export interface Busy {
  start: number;
  end: number;
  from: Place;
  to: Place;
}

/** A driver on a shift with a vehicle. */
export interface RoutingDriver {
  id: string;
  vehicle: RoutingVehicle;
  /** Shift window (epoch ms). */
  shiftStart: number;
  shiftEnd: number;
  /** Breaks inside the shift: the driver is back at the start address and carries nobody. */
  breaks?: Break[];
  /** Trips the driver already has that day (epoch ms): the plan's trips go between them. */
  busy?: Busy[];
  /** Start address; the route also ends there unless `end` is given. */
  start: Place;
  end?: Place;
  /** Longest distance in km from the start address to the first pickup. */
  firstTripDistanceKm?: number;
  areas?: string[];
  /** 0 = areas ignored; 1..999998 = extra score when all of a trip's areas are in the driver's; 999999 = only such trips. */
  perAreaMatch?: number;
  services?: string[];
  attributes?: string[];
  /** Higher is assigned first (from the attribute's assign priority group). */
  assignPriority?: number;
  /** Maximum shift hours, 1..24. */
  maxShiftHours?: number;
  /** Maximum duration of one route in minutes. */
  maxRouteMinutes?: number;
}

export type JoinOption = 'noJoin' | 'tryJoin' | 'onlyJoin';
export type Direction = 'collect' | 'distribute' | 'both';
export type RoutingType = 'dynamic' | 'demand' | 'bus' | 'exo';

export interface PlanWeights {
  /** Per vehicle (driver) used. */
  vehicle: number;
  /** Per km driven. */
  km: number;
  /** Per minute driven. */
  driveMinutes: number;
  /** Per passenger minute on board. */
  rideMinutes: number;
  /** Per request left unassigned. */
  unassigned: number;
  /** Cost units per point of per-area match score earned. */
  areaMatch: number;
}

export interface PlanSettings {
  routingType?: RoutingType;
  join?: JoinOption;
  direction?: Direction;
  /** Defaults for requests that do not say. */
  pickGapEarly?: number;
  pickGapLate?: number;
  pickupMinutes?: number;
  dropoffMinutes?: number;
  maxRide?: MaxRide;
  /** Overrides of the routing type's weights. */
  weights?: Partial<PlanWeights>;
}

export interface PlanInput {
  requests: RoutingRequest[];
  drivers: RoutingDriver[];
  settings?: PlanSettings;
}

export type UnassignedReason =
  | 'DIRECTION_EXCLUDED'
  | 'FORCED_GROUP_SPLIT'
  | 'NO_WHEELCHAIR_VEHICLE'
  | 'NO_VEHICLE_LARGE_ENOUGH'
  | 'NO_SERVICE'
  | 'NO_ATTRIBUTES'
  | 'NO_DRIVER_IN_AREAS'
  | 'RIDE_TIME_IMPOSSIBLE'
  | 'FIRST_TRIP_TOO_FAR'
  | 'OUTSIDE_EVERY_SHIFT'
  | 'NOT_JOINED'
  | 'NO_ROOM';

export interface PlannedStop {
  kind: 'pickup' | 'dropoff';
  requestIds: string[];
  place: Place;
  /** Planned start of service (epoch ms). */
  at: number;
}

/** A shared ride: the stops between two moments the vehicle is empty. */
export interface PlannedTrip {
  requestIds: string[];
  stops: PlannedStop[];
  /** Distance from its first stop to its last (km). */
  km: number;
}

export interface PlannedRoute {
  driverId: string;
  vehicleId: string;
  trips: PlannedTrip[];
  km: number;
  driveMinutes: number;
  /** Leaves the start address / is back (epoch ms). */
  departAt: number;
  returnAt: number;
}

export interface PlanResult {
  routes: PlannedRoute[];
  unassigned: { requestId: string; reason: UnassignedReason }[];
  /** True when travel times are estimates (no road server, or it failed). */
  estimated: boolean;
  fallbackReason?: string;
  /** Objective value and whether the independent verifier accepted the plan. */
  cost: number;
  verified: boolean;
  elapsedMs: number;
}
