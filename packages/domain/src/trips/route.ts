import { z } from 'zod';
import { haversineMetres } from '../fares/geo.ts';
import { epochOf } from '../jobs/timeZone.ts';
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
const runId = () => z.string().regex(/^[\w-]{1,64}$/, 'run is letters, digits, - and _ (at most 64)');

const localDateTime = () => z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, vk('dateInvalid'));

/** A planned stop of a trip: who boards or leaves there, and when the plan has the vehicle there. */
export const plannedStopSchema = z.object({
  kind: z.enum(['pickup', 'dropoff']),
  jobs: z.array(id()).min(1).max(100),
  at: localDateTime(),
});
export type PlannedStopOfTrip = z.infer<typeof plannedStopSchema>;

/**
 * One trip of a plan: its reservations in pickup order, when it starts, its driver and car when
 * assigned, its stops in order with their planned times, and its seconds from first to last stop
 * (a trip's `duration`, as its `distance` is in metres).
 */
export const plannedTripSchema = z.object({
  date: localDateTime(),
  jobs: z.array(id()).min(1).max(100),
  seats: z.number().int().min(0).max(999),
  driver: id().optional(),
  car: id().optional(),
  plan: z.array(plannedStopSchema).max(200).optional(),
  rules: z.lazy(() => routeRulesSchema).optional(),
  duration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
  /** Metres from the first stop to the last (as the trip's `distance`). */
  distance: z.number().int().min(0).max(10_000_000).optional(),
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
  /** The day's plan as it stands (its trips not canceled, and the vehicles they use), to compare. */
  current: { trips: number; vehicles: number };
}

export const routePlanRequest = z.object({
  unit: id().optional(),
  day: requiredDay(),
  /** Also assign the drivers on shift and their vehicles. */
  assign: z.boolean().default(false),
  /** How long the search may run. */
  seconds: z.number().min(0.2).max(30).default(5),
  /** The console's name of this run: its progress comes over /socket, and `routecancel` stops it. */
  run: runId().optional(),
  /** Only these reservations (chosen on the reservations list), of the day's waiting to be routed. */
  jobs: z.array(id()).min(1).max(1000).optional(),
});

/** Stops a routing run of the caller (its `routeplan` answers with the best plan so far). */
export const routeCancelRequest = z.object({ run: runId() });

export const routeWriteRequest = z.object({
  unit: id().optional(),
  trips: z.array(plannedTripSchema).min(1).max(1000),
});

/**
 * What a written plan changed, as `routewrite` answers it: its trips and its reservations at the
 * versions the write left them, and the status each reservation had before. `routeundo` takes it
 * back: if nothing of it changed since, the trips go and the reservations wait as they did.
 */
export const routeRunSchema = z.object({
  trips: z
    .array(z.object({ id: id(), _version: id() }))
    .min(1)
    .max(1000),
  jobs: z
    .array(z.object({ id: id(), _version: id(), status: z.enum(['new', 'waiting']) }))
    .min(1)
    .max(10_000),
});
export type RouteRun = z.infer<typeof routeRunSchema>;

/** A rider as the breakdown reads it: a stored reservation's id, seats, places and actual times. */
interface Rider {
  _id: number;
  seats?: unknown;
  from?: unknown;
  to?: unknown;
  pickedAt?: unknown;
  droppedAt?: unknown;
}

export interface StopRow<R extends Rider> {
  kind: 'pickup' | 'dropoff';
  /** Planned time (site time, "YYYY-MM-DD HH:mm"). */
  at: string;
  address: string;
  riders: R[];
  /** When they actually boarded or left, as the trip's actions recorded it. */
  actual: string[];
  /** Seats taken once the stop is served. */
  onBoard: number;
}

/**
 * A trip's breakdown (spec section 2): its planned stops in order, who boards or leaves at each,
 * their actual times, and the seats on board after each stop. Riders no longer on the trip drop out.
 */
export function stopsBreakdown<R extends Rider>(
  plan: readonly PlannedStopOfTrip[],
  riders: readonly R[],
): StopRow<R>[] {
  let onBoard = 0;
  const rows: StopRow<R>[] = [];
  for (const stop of plan) {
    const here = stop.jobs.map((id) => riders.find((r) => r._id === id)).filter((r): r is R => r !== undefined);
    if (here.length === 0) continue;
    const seats = here.reduce((n, r) => n + (Number(r.seats) || 1), 0);
    onBoard += stop.kind === 'pickup' ? seats : -seats;
    const place = (stop.kind === 'pickup' ? here[0]?.from : here[0]?.to) as { address?: string } | undefined;
    const actual = here
      .map((r) => (stop.kind === 'pickup' ? r.pickedAt : r.droppedAt))
      .filter((a): a is string => typeof a === 'string');
    rows.push({ kind: stop.kind, at: stop.at, address: place?.address ?? '', riders: here, actual, onBoard });
  }
  return rows;
}

/** The rules a plan kept (the site's routing settings when it was made): its trips' "why" reads them. */
export const routeRulesSchema = z.object({
  ratio: z.number().min(1).max(10),
  early: z.number().int().min(0).max(1440),
  late: z.number().int().min(0).max(1440),
});
export type RouteRules = z.infer<typeof routeRulesSchema>;
export const DEFAULT_ROUTE_RULES: RouteRules = { ratio: 1.5, early: 30, late: 30 };

/** The estimator's drive minutes per great-circle kilometre: 1.3 × the distance at 35 km/h. */
export const DIRECT_MINUTES_PER_KM = 1.3 * (60 / 35);

/** Direct drive minutes between two places as the estimator reckons them (1.3 × great circle at 35 km/h). */
export function directMinutes(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  return (haversineMetres(a, b) / 1000) * DIRECT_MINUTES_PER_KM;
}

export interface Why {
  job: number;
  /** The others on board with this rider at some moment of its ride. */
  with: number[];
  /** Planned pick-up minus the time asked, in minutes, and whether it is within the pick gaps. */
  pickupShift: number;
  inWindow: boolean;
  /** Planned ride, direct drive (estimated) and their difference, in minutes; within the ride ratio? */
  rideMinutes: number;
  directMinutes: number;
  detourMinutes: number;
  withinRatio: boolean;
}

const minutesOf = (at: string) => Date.parse(`${at.replace(' ', 'T')}:00Z`) / 60_000;

/**
 * Why each rider rides with the others (issue 12, point 3): whom it shares the vehicle with (ride
 * intervals that overlap), how far its pick-up moved from the time asked against the pick gaps,
 * and its detour in minutes against the ride ratio. Riders without coordinates or planned stops
 * are left out.
 */
export function whyTogether<R extends Rider & { date?: unknown }>(
  plan: readonly PlannedStopOfTrip[],
  riders: readonly R[],
  rules: RouteRules = DEFAULT_ROUTE_RULES,
): Why[] {
  const rides = riders.flatMap((r) => {
    const on = plan.find((s) => s.kind === 'pickup' && s.jobs.includes(r._id));
    const off = plan.find((s) => s.kind === 'dropoff' && s.jobs.includes(r._id));
    const from = r.from as { lat?: number; lon?: number } | undefined;
    const to = r.to as { lat?: number; lon?: number } | undefined;
    if (!on || !off || typeof r.date !== 'string') return [];
    if (typeof from?.lat !== 'number' || typeof from.lon !== 'number') return [];
    if (typeof to?.lat !== 'number' || typeof to.lon !== 'number') return [];
    const direct = directMinutes({ lat: from.lat, lon: from.lon }, { lat: to.lat, lon: to.lon });
    return [{ r, start: minutesOf(on.at), end: minutesOf(off.at), asked: minutesOf(r.date), direct }];
  });
  return rides.map(({ r, start, end, asked, direct }) => {
    const ride = end - start;
    const shift = start - asked;
    return {
      job: r._id,
      with: rides.filter((o) => o.r._id !== r._id && o.start < end && start < o.end).map((o) => o.r._id),
      pickupShift: shift,
      inWindow: shift >= -rules.early && shift <= rules.late,
      rideMinutes: ride,
      directMinutes: Math.round(direct),
      detourMinutes: Math.max(0, Math.round(ride - direct)),
      // the engine never limits a ride below ten minutes (docs/routing.md)
      withinRatio: ride <= Math.max(10, rules.ratio * direct) + 0.5,
    };
  });
}

/** How long a trip with no planned stops and no duration is taken to last (the timeline draws it so). */
export const UNKNOWN_TRIP_MINUTES = 30;

/**
 * When a trip keeps its driver busy, in epoch ms: from its first planned stop to its last, else
 * from its time for its duration (half an hour when unknown). Routing fits a day's new trips around
 * the ones its drivers already have.
 */
export function tripBusySpan(
  zone: string,
  trip: { date: string; duration?: number; plan?: { at: string }[] },
): { start: number; end: number } {
  const first = trip.plan?.[0]?.at;
  const last = trip.plan?.at(-1)?.at;
  const start = epochOf(zone, first ?? trip.date);
  if (last && first) return { start, end: Math.max(start, epochOf(zone, last)) };
  const seconds = trip.duration && trip.duration > 0 ? trip.duration : UNKNOWN_TRIP_MINUTES * 60;
  return { start, end: start + seconds * 1000 };
}
