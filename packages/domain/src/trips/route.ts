import { z } from 'zod';
import { vk } from '../resources/messages.ts';
import { requiredDay } from '../resources/schema.parts.ts';

/**
 * Route and route-and-assign a site's day (docs/dispatch.md): `routeplan` answers a plan without
 * writing it, the console shows it, and `routewrite` writes the trips the dispatcher accepted.
 */

/** Why a reservation stayed in the queue: the solver's reasons (docs/routing.md) and ours. */
export const ROUTE_REASONS = [
  'DIRECTION_EXCLUDED',
  'FORCED_GROUP_SPLIT',
  'NO_WHEELCHAIR_VEHICLE',
  'NO_VEHICLE_LARGE_ENOUGH',
  'NO_SERVICE',
  'NO_ATTRIBUTES',
  'NO_DRIVER_IN_AREAS',
  'RIDE_TIME_IMPOSSIBLE',
  'FIRST_TRIP_TOO_FAR',
  'OUTSIDE_EVERY_SHIFT',
  'NOT_JOINED',
  'NO_ROOM',
  'NO_COORDINATES',
] as const;
export type RouteReason = (typeof ROUTE_REASONS)[number];

const id = () => z.number().int().positive();

/** One trip of a plan: its reservations in pickup order, when it starts, and its driver and car when assigned. */
export const plannedTripSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, vk('dateInvalid')),
  jobs: z.array(id()).min(1).max(100),
  seats: z.number().int().min(0).max(999),
  driver: id().optional(),
  car: id().optional(),
});
export type PlannedTripOfDay = z.infer<typeof plannedTripSchema>;

export interface RoutePlan {
  trips: PlannedTripOfDay[];
  vehicles: number;
  km: number;
  unassigned: { job: number; reason: RouteReason }[];
  /** Travel times are estimates (no road server): say so wherever shown. */
  estimated: boolean;
  /** The routing verifier accepted the plan (docs/routing.md). */
  verified: boolean;
}

export const routePlanRequest = z.object({
  unit: id().optional(),
  day: requiredDay(),
  /** Also assign the drivers on shift and their vehicles. */
  assign: z.boolean().default(false),
  /** How long the search may run. */
  seconds: z.number().min(0.2).max(30).default(5),
});

export const routeWriteRequest = z.object({
  unit: id().optional(),
  trips: z.array(plannedTripSchema).min(1).max(1000),
});
