import { z } from 'zod';
import {
  changedPasswordRule,
  forgotPasswordSchema,
  loginSchema,
  newPasswordRule,
  passwordGiven,
} from '../auth/passwords.ts';
import { DRIVER_TRIP_ACTIONS, type LivePosition, positionSchema } from '../drivers/position.ts';
import { DRIVER_ACTIONS, type DriverStatus } from '../drivers/status.ts';
import { ERROR_TEXTS } from '../errors.ts';
import type { JobFaresResult } from '../fares/engine.ts';
import { type Dashboard, HOME_LIST_SIZES } from '../insight/home.ts';
import { type ImportAnswer, importRequest, importRowsRequest } from '../insight/imports.ts';
import { type Analytics, analyticsRequest, type ReportAnswer, reportRequest } from '../insight/reports.ts';
import { type ShiftBookingAnswer, shiftBookingSchema } from '../jobs/shifts.ts';
import { type ShuttleDeparture, shuttleBookingSchema, shuttleDaySchema } from '../jobs/shuttles.ts';
import type { PermissionEntry } from '../permissions/roles.ts';
import { vk } from '../resources/messages.ts';
import {
  type RoutePlan,
  type RouteRun,
  routeCancelRequest,
  routePlanRequest,
  routeRunSchema,
  routeWriteRequest,
} from '../trips/route.ts';
import type { ScheduleNext } from '../trips/schedule.ts';
import { TRIP_ACTIONS } from '../trips/status.ts';

/**
 * The protocol's contract, once for the server and the console: every act by name, with the
 * schema of what a client sends besides `act` and `token` (the server parses every call with
 * it before the act runs) and the type of its answer (what the console's `call` returns).
 * docs/protocol.md describes each act.
 */

/** The logged-in user as login and refreshtoken answer it. */
export interface SessionUser {
  _id: number;
  email: string;
  firstName?: string;
  lastName?: string;
  name: string;
  language?: string;
  unit: number | null;
  unitName?: string | null;
  unitType?: string | null;
  /** The user's site's time zone (IANA): the console's "today", days and times follow it. */
  timeZone?: string;
  role: string;
  roleCode?: number | string;
  isOwner?: boolean;
  favoriteTrips?: number[];
  modulesAccess: PermissionEntry[];
}

export interface Setting {
  name: string;
  value: unknown;
  unit: number | null;
}

export interface ModuleCatalogEntry {
  moduleCode: string;
  moduleName: string;
  actions: string[];
}

export interface SessionAnswer {
  token: string;
  user: SessionUser;
  settings: Setting[];
  /** The module catalogue: login sends it, refreshtoken may. */
  modules?: ModuleCatalogEntry[];
}

/** A stored record as finds answer it: its fields, `_id`, `unit` and `_version`. */
export type StoredDoc = Record<string, unknown> & { _id: number; _version: number; unit: number | null };

/** A booking as the agent home lists it (act myrecentjobs). */
export interface RecentJob {
  id: number;
  date: string | null;
  lastName: string | null;
  status: string;
  /** The rider's name, as the reservation holds it. */
  passenger: string;
}

/** One choice of a reference: the record's id and its label (the fields the reference names, joined). */
export interface RefOption {
  _id: number;
  label: string;
  /** The fields the reference carries (RefSpec.carry), when it carries any. */
  carry?: Record<string, unknown>;
}

export interface FindAnswer<T = StoredDoc> {
  data: T[];
  count?: number;
}

const OK = { ok: true } as const;
type Ok = typeof OK;

/** Carries an answer's type (no value at run time). */
const answer = <T>() => undefined as unknown as T;

/** The collection of a generic act. */
const col = z.string({ error: 'col is required' }).min(1, 'col is required');
/** Parts the generic acts check themselves, with their own texts (the filter language, docs/protocol.md). */
const findParts = {
  col,
  query: z.unknown().optional(),
  sort: z.unknown().optional(),
  skip: z.unknown().optional(),
  limit: z.unknown().optional(),
  project: z.unknown().optional(),
  count: z.unknown().optional(),
};
const recordId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a record id` })
    .int()
    .positive();

export const RESET_MODES = ['reset', 'create', 'parent', 'customer'] as const;

export const ACT_CATALOGUE = {
  systeminfo: {
    request: z.object({}),
    answer: answer<{ name: string; version: string; demo: boolean; database: string }>(),
  },
  login: { request: loginSchema, answer: answer<SessionAnswer & { modules: ModuleCatalogEntry[] }>() },
  refreshtoken: { request: z.object({ appType: z.string().optional() }), answer: answer<SessionAnswer>() },
  logout: { request: z.object({}), answer: answer<Ok>() },
  passwordsendresettoken: {
    request: forgotPasswordSchema.extend({
      mode: z.enum(RESET_MODES).optional(),
      name: z.string().max(100).optional(),
    }),
    answer: answer<Ok>(),
  },
  resetpassword: {
    request: z.object({
      resetToken: z
        .string({ error: ERROR_TEXTS.resetInvalid })
        .min(10, ERROR_TEXTS.resetInvalid)
        .max(200, ERROR_TEXTS.resetInvalid),
      password: newPasswordRule(),
    }),
    answer: answer<Ok>(),
  },
  changepassword: {
    request: z.object({ oldPassword: passwordGiven(), newPassword: changedPasswordRule() }),
    answer: answer<Ok>(),
  },
  find: { request: z.object(findParts), answer: answer<FindAnswer>() },
  batch: {
    request: z.object({ queries: z.unknown() }),
    answer: answer<{ results: (FindAnswer | { count: number } | { data: unknown[] })[] }>(),
  },
  insert: {
    request: z.object({
      col,
      data: z.unknown(),
      // a reservation's confirmations (docs/reservations.md): book despite a likely duplicate, inside the limitation
      allowDuplicate: z.boolean().optional(),
      allowLimitation: z.boolean().optional(),
    }),
    // a reservation: `legB` of a round trip, `series` the ids of a repeating one's first legs
    answer: answer<StoredDoc & { legB?: StoredDoc; series?: number[] }>(),
  },
  update: {
    request: z.object({
      col,
      query: z.unknown(),
      data: z.unknown(),
      // a reservation of a series: this one only (default), this and the following ones, or all
      series: z.enum(['one', 'following', 'all']).optional(),
    }),
    answer: answer<StoredDoc & { series?: number }>(),
  },
  delete: { request: z.object({ col, query: z.unknown() }), answer: answer<{ deleted: number }>() },
  duplicates: { request: z.object({ ...findParts, fields: z.unknown() }), answer: answer<FindAnswer>() },
  export: {
    request: z.object({
      col,
      query: z.unknown().optional(),
      sort: z.unknown().optional(),
      project: z.unknown().optional(),
    }),
    answer: answer<{ data: StoredDoc[] }>(),
  },
  countroles: {
    request: z.object({}),
    answer: answer<{ data: { role: string; roleCode: number | null; count: number }[] }>(),
  },
  saveroles: {
    request: z.object({
      roles: z
        .array(
          z.object({
            roleCode: z.string().min(1).max(40),
            roleName: z.string().min(1).max(60).optional(),
            roleId: z.number().int().optional(),
            _version: z.number().int().optional(),
            permissions: z
              .array(
                z.object({
                  moduleCode: z.string(),
                  moduleName: z.string().optional(),
                  action: z.string(),
                  access: z.literal('fullAccess').default('fullAccess'),
                }),
              )
              .max(2000),
          }),
        )
        .min(1)
        .max(50),
    }),
    answer: answer<Ok & { updated: number; inserted: number }>(),
  },
  getjobfares: {
    request: z.object({ job: z.unknown(), project: z.unknown().optional() }),
    answer: answer<JobFaresResult>(),
  },
  addparent: {
    request: z.object({ parent: recordId('parent'), child: recordId('child') }),
    answer: answer<StoredDoc>(),
  },
  delparent: {
    request: z.object({ parent: recordId('parent'), child: recordId('child') }),
    answer: answer<StoredDoc>(),
  },
  driverlogin: {
    request: z.object({ driver: recordId('driver'), password: newPasswordRule() }),
    answer: answer<{ user: number; email: string }>(),
  },
  createdrivershifts: {
    request: z.object({ plan: z.unknown() }),
    answer: answer<{ count: number; data: StoredDoc[] }>(),
  },
  duplicateshuttle: {
    request: z.object({
      id: recordId('id'),
      code: z
        .string({ error: vk('newCode') })
        .trim()
        .min(1, vk('newCode')),
    }),
    answer: answer<StoredDoc>(),
  },
  /** Reservations from shifts (/jobs/setShifts and its school and work variants): docs/reservations.md. */
  setshifts: { request: shiftBookingSchema, answer: answer<ShiftBookingAnswer>() },
  /** A day's shuttle departures with their seats left (/jobs/shuttle); none: 404 "Could not find shuttles". */
  shuttledepartures: { request: shuttleDaySchema, answer: answer<{ data: ShuttleDeparture[] }>() },
  /** A seat on a shuttle's departure, from one of its stops to a later one: the reservation booked. */
  bookshuttle: { request: shuttleBookingSchema, answer: answer<StoredDoc>() },
  /**
   * One action on a trip (docs/dispatch.md): `job` names the rider of pickup, dropoff, noshow,
   * remove and move, or the queued reservation that `add` routes into the trip; `trip` the other trip of move (where the rider goes) and merge (whose riders
   * join this one); `driver` and `car` those of assign; `text` the note or the message to the
   * driver; `dropAll` ends a trip marking its riders still aboard or waiting as dropped off.
   * `_version` is the trip's as the dispatcher saw it.
   */
  tripaction: {
    request: z.object({
      id: recordId('id'),
      _version: z.number({ error: '_version is required' }).int().positive(),
      action: z.enum(TRIP_ACTIONS, { error: vk('oneOf') }),
      job: recordId('job').optional(),
      trip: recordId('trip').optional(),
      driver: recordId('driver').optional(),
      car: recordId('car').optional(),
      text: z.string().trim().min(1, vk('required')).max(2000).optional(),
      dropAll: z.boolean().optional(),
    }),
    answer: answer<StoredDoc>(),
  },
  /** A trip added to or taken from the caller's favourites; answers them (docs/dispatch.md). */
  favoritetrip: {
    request: z.object({ trip: recordId('trip'), favorite: z.boolean({ error: 'favorite is required' }) }),
    answer: answer<{ favoriteTrips: number[] }>(),
  },
  /** A plan of a site's day (route, or route and assign), not written (docs/dispatch.md). */
  routeplan: { request: routePlanRequest, answer: answer<RoutePlan>() },
  /** Stops the caller's routing run `run`: its `routeplan` answers at once with the best plan so far. */
  routecancel: { request: routeCancelRequest, answer: answer<{ cancelled: boolean }>() },
  /**
   * Writes the trips of a plan, their reservations routed into them, in one transaction; `run` is
   * what `routeundo` takes back.
   */
  routewrite: { request: routeWriteRequest, answer: answer<{ trips: number[]; run: RouteRun }>() },
  /** "Undo this run": a written plan's trips go, its reservations wait as before, if nothing changed since. */
  routeundo: { request: routeRunSchema, answer: answer<{ trips: number; jobs: number }>() },
  /**
   * Undoes a run of the routing scheduler (add-on 550) that wrote trips: as `routeundo`, and the run
   * is marked undone, in one transaction (409 runChanged when any of it changed since).
   */
  routingrunundo: { request: z.object({ id: recordId('id') }), answer: answer<StoredDoc>() },
  /**
   * Runs a routing schedule now, as if due (its next run keeps its time): answers the run's record
   * (409 routingBusy while another run of its site is under way; 403 schedulerOff without add-on 550).
   */
  routingschedulerun: { request: z.object({ id: recordId('id') }), answer: answer<StoredDoc>() },
  /**
   * When each active routing schedule of the site runs next, soonest first (an administrator names
   * the site, or none for every site): the scheduler's kept time, the days that run routes, and
   * whether the site has add-on 550.
   */
  routingschedulenext: {
    request: z.object({ unit: z.number().int().positive().optional() }),
    answer: answer<ScheduleNext[]>(),
  },
  /** A driver taken online, sent on a break, released or taken offline (/onlinedrivers). */
  driverstatus: {
    request: z.object({
      id: recordId('id'),
      _version: z.number({ error: '_version is required' }).int().positive(),
      action: z.enum(DRIVER_ACTIONS, { error: vk('oneOf') }),
    }),
    answer: answer<StoredDoc>(),
  },
  // ---- the driver app (add-on module 500; docs/live.md): the caller is a driver of its own site
  /** The driver's day: its record, its status and today's trips with their riders in stop order. */
  driverday: { request: z.object({}), answer: answer<DriverDay>() },
  /**
   * A trip action taken by the trip's driver, on the trip as it now is (no `_version`: actions
   * queued offline replay in order); `at` is when the driver took it (epoch ms, not ahead of now).
   * `reply` answers dispatch's messages with `text`.
   */
  drivertrip: {
    request: z.object({
      id: recordId('id'),
      action: z.enum([...DRIVER_TRIP_ACTIONS, 'reply'], { error: vk('oneOf') }),
      job: recordId('job').optional(),
      text: z.string().trim().min(1, vk('required')).max(2000).optional(),
      dropAll: z.boolean().optional(),
      at: z.number().int().positive().optional(),
    }),
    answer: answer<StoredDoc>(),
  },
  /** The driver goes online, on a break, back from it or offline. */
  driverself: {
    request: z.object({ action: z.enum(DRIVER_ACTIONS, { error: vk('oneOf') }) }),
    answer: answer<{ driverStatus: DriverStatus }>(),
  },
  /** The driver's position; `stored` is false when it came too soon after the last or is older than it. */
  driverposition: { request: positionSchema, answer: answer<{ stored: boolean }>() },
  /** The last position of every driver the caller may see (live map view), of one site or all its own. */
  livepositions: {
    request: z.object({ unit: z.number().int().positive().optional() }),
    answer: answer<{ data: LivePosition[] }>(),
  },
  /** A trip's driven track, oldest first: [lat, lon, epoch ms]. */
  triptrack: {
    request: z.object({ trip: recordId('trip') }),
    answer: answer<{ points: [number, number, number][] }>(),
  },
  /**
   * A trip as it runs: its vehicle's last position, the stops left (planned time; with predictive
   * ETA, 560, the ETA and whether it is late) and the way ahead ([lng, lat]; `estimated`: straight
   * legs, no route server answered).
   */
  triplive: { request: z.object({ trip: recordId('trip') }), answer: answer<TripLive>() },
  /**
   * The way ahead of every running trip of a site the caller may see (at most LIVE_ROUTES_MAX), as
   * `triplive` draws it: from the vehicle through the stops left, by road or in straight legs.
   */
  liveroutes: {
    request: z.object({ unit: z.number().int().positive().optional() }),
    answer: answer<{ routes: LiveRoute[] }>(),
  },
  /**
   * The point of the nearest road (the site's "map route server", /nearest/v1; its `name`); `snapped`
   * false when it found none or `server` is false (no server set): the point comes back as sent.
   */
  nearestroad: {
    request: z.object({
      lat: positionSchema.shape.lat,
      lon: positionSchema.shape.lon,
      unit: z.number().int().positive().optional(),
    }),
    answer: answer<{ lat: number; lon: number; name: string; snapped: boolean; server: boolean }>(),
  },
  /** The road blocks screen's Save: new blocks and blocks removed in one transaction, then the rebuild. */
  saveroadblocks: {
    request: z.object({
      unit: z.number().int().positive().optional(),
      create: z
        .array(
          z.object({ lat: positionSchema.shape.lat, lon: positionSchema.shape.lon, name: z.string().trim().max(300) }),
        )
        .max(500),
      delete: z.array(z.number().int().positive()).max(500),
    }),
    answer: answer<{ created: number[]; deleted: number; flagged: number[] }>(),
  },
  /** Recomputes what routing avoids from the site's road blocks and flags the planned trips that cross one. */
  rebuildroadblocks: {
    request: z.object({ unit: z.number().int().positive().optional() }),
    answer: answer<{ blocks: number; flagged: number[] }>(),
  },
  // ---- the home screens (docs/home.md)
  /** The caller's last bookings on its site, newest first (the agent home's "my last bookings"). */
  myrecentjobs: {
    request: z.object({
      col: z.literal('jobs', { error: 'col must be jobs' }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(HOME_LIST_SIZES[HOME_LIST_SIZES.length - 1] as number)
        .default(5),
    }),
    answer: answer<RecentJob[]>(),
  },
  /** One site's day in numbers (the dashboard, /): reservations and trips by status, drivers, pick-ups, weeks. */
  dashboard: {
    request: z.object({ unit: z.number().int().positive().optional() }),
    answer: answer<Dashboard>(),
  },
  /** A report (/reports; docs/reports.md): its table and totals for a site and period. */
  report: { request: reportRequest, answer: answer<ReportAnswer>() },
  /** Upload data (/import; docs/import.md): a chunk of a file's rows, held until `import`; answers the rows held. */
  importrows: { request: importRowsRequest, answer: answer<{ held: number }>() },
  /** Upload data: checks the held rows with the resource's rules and writes them in one transaction. */
  import: { request: importRequest, answer: answer<ImportAnswer>() },
  /** The analytics charts' series (/analytics; docs/reports.md). */
  analytics: { request: analyticsRequest, answer: answer<Analytics>() },
  outboxlink: { request: z.object({ id: z.unknown() }), answer: answer<{ link: string }>() },
  /**
   * The choices (id and label) of what a resource refers to in `col`: for its forms' selects and
   * its lists' labels, to whoever may view, create or edit the resource. `unit`: only the records
   * of that site (a reference held to the record's site); `ids`: only these.
   */
  options: {
    request: z.object({
      resource: z.string({ error: 'resource is required' }).min(1, 'resource is required'),
      col: z.string({ error: 'col is required' }).min(1, 'col is required'),
      unit: z.number().int().positive().optional(),
      ids: z.array(z.number().int().positive()).max(1000).optional(),
    }),
    answer: answer<{ data: RefOption[] }>(),
  },
} as const;

export type ActName = keyof typeof ACT_CATALOGUE;

/** The `triplive` answer. */
export interface TripLive {
  position: LivePosition | null;
  /** Are ETAs computed (the predictive ETA add-on is on for the trip's site)? */
  eta: boolean;
  stops: {
    kind: 'pickup' | 'dropoff';
    job: number;
    name: string;
    address: string;
    at: string | null;
    eta: string | null;
    late: boolean;
  }[];
  route: { coordinates: [number, number][]; estimated: boolean; server: boolean } | null;
}

/** The most running trips `liveroutes` draws at once. */
export const LIVE_ROUTES_MAX = 500;

/** A running trip's way ahead on the live map (`liveroutes`). */
export interface LiveRoute {
  trip: number;
  driver: number | null;
  /** [lng, lat] from the vehicle (else the first stop left) through the stops left. */
  coordinates: [number, number][];
  /** Straight legs: no route server set, or it did not answer. */
  estimated: boolean;
}

/** A rider of a driver's trip as the driver app shows it. */
export interface DriverRider {
  _id: number;
  name: string;
  phone: string | null;
  status: string;
  seats: number;
  from: string;
  to: string;
  fromPoint: { lat: number; lon: number } | null;
  toPoint: { lat: number; lon: number } | null;
  date: string;
  notes: string | null;
}

/** The `driverday` answer. */
export interface DriverDay {
  driver: { _id: number; name: string; driverStatus: DriverStatus; car: number | null; carLabel: string | null };
  day: string;
  timeZone: string;
  /** Each trip with its riders; a running trip also with its stops left and their ETAs (`live`, no route). */
  trips: (StoredDoc & { riders: DriverRider[]; live: TripLive | null })[];
}
/** What a client sends for an act (besides `act` and `token`). */
export type ActRequest<K extends ActName> = z.input<(typeof ACT_CATALOGUE)[K]['request']>;
/** What the act receives once the server parsed the request. */
export type ActInput<K extends ActName> = z.output<(typeof ACT_CATALOGUE)[K]['request']>;
export type ActAnswer<K extends ActName> = (typeof ACT_CATALOGUE)[K]['answer'];

export function isActName(name: unknown): name is ActName {
  return typeof name === 'string' && Object.hasOwn(ACT_CATALOGUE, name);
}
