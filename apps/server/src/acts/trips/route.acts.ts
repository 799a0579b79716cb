import {
  BadRoutingSetting,
  DEFAULT_ROUTE_RULES,
  ERROR_TEXTS,
  epochOf,
  isJobStatus,
  jobStatusRefusal,
  localDateTime,
  mayChangeJobStatus,
  type PlannedTripOfDay,
  parseAreaMap,
  pointInPolygon,
  QUEUED_JOB_STATUSES,
  ROUTING_SETTING_NAMES,
  type RoutePlan,
  type RouteRules,
  type RouteRun,
  type SiteRouting,
  type StoredDoc,
  siteRouting,
  supplierOfDriver,
  tripBusySpan,
  withinDay,
} from '@tc/domain';
import {
  PLACEHOLDER_PREFIX,
  type PlanResult,
  placeholderDrivers,
  planRoutes,
  type RoutingDriver,
  type RoutingRequest,
} from '@tc/routing';
import { requireSiteOfCall, scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal, type Services } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import type { Actor, Doc, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { zoneOf } from '../jobs/booking.ts';
import { travelTimes } from './travel.ts';

type Point = { address?: string; lat?: number; lon?: number };
const located = (p: unknown): p is Required<Pick<Point, 'lat' | 'lon'>> & Point =>
  typeof (p as Point | undefined)?.lat === 'number' && typeof (p as Point | undefined)?.lon === 'number';
const place = (p: Point & { lat: number; lon: number }) => ({ lat: p.lat, lng: p.lon, address: p.address });

/**
 * The group a reservation marked forceJoin AUTO rides with: the others marked so that share its
 * pickup, its drop-off and its hour (a group must share its places, docs/routing.md), not every
 * marked reservation of the day.
 */
function groupOf(j: Doc): string {
  const at = (p: unknown) => {
    const { lat, lon } = p as { lat: number; lon: number };
    return `${lat},${lon}`;
  };
  return `AUTO ${at(j.from)} ${at(j.to)} ${String(j.date).slice(0, 13)}`;
}

/**
 * The day's reservations to route (or those chosen of them, or those within a window of site
 * times), and those that cannot be (no coordinates).
 */
async function routable(
  services: Services,
  unit: number,
  day: string,
  scope: Scope,
  chosen?: number[],
  window?: { from: string; to: string },
) {
  const { $gte, $lte } = withinDay(day);
  const query = {
    unit,
    status: { $in: QUEUED_JOB_STATUSES },
    // site date-times compare as text
    date: window
      ? { $gte: window.from > $gte ? window.from : $gte, $lte: window.to < $lte ? window.to : $lte }
      : { $gte, $lte },
    // the reservations chosen on the list, of those the day routes
    ...(chosen ? { _id: { $in: chosen } } : {}),
  };
  const data = await services.store.findEvery('jobs', { query, sort: { date: 1 } }, scope);
  const jobs = data.filter((j) => !j.trip);
  return {
    jobs: jobs.filter((j) => located(j.from) && located(j.to)),
    unplaced: jobs.filter((j) => !located(j.from) || !located(j.to)),
  };
}

/** The day's trips as they stand: how many (not canceled), and the vehicles they use. */
async function dayPlan(services: Services, unit: number, day: string, scope: Scope) {
  const query = { unit, status: { $ne: 'canceled' }, date: withinDay(day) };
  const trips = await services.store.count('trips', query, scope);
  const cars = await services.store.distinctValues('trips', 'car', query, scope);
  return { trips, vehicles: cars.filter((c) => c !== null && c !== undefined).length };
}

/** A site's routing context: its settings, its routing-zone areas, and its attributes' priorities. */
interface SiteContext {
  routing: SiteRouting;
  areas: { id: number; name: string; polygons: ReturnType<typeof parseAreaMap> }[];
  /** An attribute's assign priority: its own, raised by the priority groups that hold it. */
  priority: Map<number, number>;
}

/** The site's routing settings (site over global), areas and assign priorities. */
async function siteContext(services: Services, unit: number, scope: Scope): Promise<SiteContext> {
  const { store } = services;
  const { data: rows } = await store.find(
    'settings',
    { query: { name: { $in: [...ROUTING_SETTING_NAMES] }, unit: { $in: [unit, null] } }, limit: 100 },
    {},
  );
  const values: Record<string, unknown> = {};
  for (const row of [...rows].sort((a, b) => (a.unit === null ? 0 : 1) - (b.unit === null ? 0 : 1)))
    values[String(row.name)] = row.value;
  let routing: SiteRouting;
  try {
    routing = siteRouting(values);
  } catch (err) {
    if (!(err instanceof BadRoutingSetting)) throw err;
    throw new BadRequest(ERROR_TEXTS.missingParameters, { setting: err.setting }, 'missingParameters');
  }
  const { data: areaRows } = await store.find('areas', { query: { unit }, limit: 1000 }, scope);
  const { data: attributes } = await store.find('attributes', { query: { unit }, limit: 1000 }, scope);
  const { data: groups } = await store.find('assignPriorityGroups', { query: { unit }, limit: 1000 }, scope);
  const priority = new Map<number, number>();
  for (const a of attributes) priority.set(a._id, Number(a.assignPriority) || 0);
  for (const g of groups)
    for (const id of (g.attributes as number[] | undefined) ?? [])
      priority.set(id, Math.max(priority.get(id) ?? 0, Number(g.assignPriority) || 0));
  return {
    routing,
    areas: areaRows.map((a) => ({ id: a._id, name: String(a._id), polygons: parseAreaMap(a.map as never) })),
    priority,
  };
}

/** The routing-zone areas a place lies in (their ids, as the drivers' areas name them). */
function areasOf(ctx: SiteContext, p: { lat: number; lon: number }): string[] {
  return ctx.areas.filter((a) => a.polygons?.some((poly) => pointInPolygon(p, poly))).map((a) => a.name);
}

const ids = (v: unknown) => ((v as number[] | undefined) ?? []).map(String);

/**
 * The drivers on shift that day with their vehicles (route and assign): shifts and breaks, the
 * trips they already have that day (the plan fits around them and moves none), the driver's and
 * vehicle's services and attributes, the driver's areas with the per-area match, the first trip's
 * distance, the assign priority of their attributes, and the site's shift limit.
 */
async function driversOnShift(
  services: Services,
  unit: number,
  day: string,
  zone: string,
  scope: Scope,
  ctx: SiteContext,
) {
  const { store } = services;
  const query = { unit, start: { $lte: `${day} 23:59` }, end: { $gte: `${day} 00:00` } };
  const { data: shifts } = await store.find('driverShifts', { query, limit: 1000 }, scope);
  const driverIds = [...new Set(shifts.map((s) => s.driver as number))];
  const { data: drivers } = await store.find('drivers', { query: { _id: { $in: driverIds } }, limit: 1000 }, scope);
  const carIds = drivers.map((d) => d.car).filter((c): c is number => typeof c === 'number');
  const { data: cars } = await store.find('cars', { query: { _id: { $in: carIds } }, limit: 1000 }, scope);
  const trips = await store.findEvery(
    'trips',
    {
      query: { unit, driver: { $in: driverIds }, status: { $ne: 'canceled' }, date: withinDay(day) },
      project: { driver: 1, date: 1, duration: 1, plan: 1, from: 1, to: 1 },
    },
    scope,
  );
  const out: RoutingDriver[] = [];
  for (const s of shifts) {
    const driver = drivers.find((d) => d._id === s.driver);
    const car = cars.find((c) => c._id === driver?.car);
    const start = [s.address, driver?.startAddress].find(located);
    // a suspended driver or vehicle takes no trips
    if (!driver || !car || !start || driver.suspended || car.suspended) continue;
    const attributes = [...new Set([...ids(driver.attributes), ...ids(car.attributes)])];
    const priority = Math.max(0, ...attributes.map((a) => ctx.priority.get(Number(a)) ?? 0));
    const firstTrip = Number(driver.firstTripDistance);
    const perAreaMatch = Number(driver.perAreaMatch ?? ctx.routing.drivers.perAreaMatch ?? 0);
    // where a trip of unknown places leaves its driver is unknown: taken as the start address
    const busy = trips
      .filter((t) => t.driver === driver._id)
      .map((t) => ({
        ...tripBusySpan(zone, {
          date: String(t.date),
          duration: Number(t.duration) || undefined,
          plan: t.plan as { at: string }[] | undefined,
        }),
        from: place(located(t.from) ? t.from : start),
        to: place(located(t.to) ? t.to : start),
      }));
    out.push({
      id: `${driver._id}:${s._id}`,
      vehicle: {
        id: String(car._id),
        pax: Number(car.pax) || 4,
        ...(Number(car.minSeats) > 0 ? { minSeats: Number(car.minSeats) } : {}),
        ...(Number(car.wheelchair) > 0 ? { wheelchairPlaces: Number(car.wheelchair) } : {}),
        services: ids(car.services),
        attributes: ids(car.attributes),
      },
      shiftStart: epochOf(zone, String(s.start)),
      shiftEnd: epochOf(zone, String(s.end)),
      breaks: ((s.breaks as { start: string; end: string }[] | undefined) ?? []).map((b) => ({
        start: epochOf(zone, b.start),
        end: epochOf(zone, b.end),
      })),
      ...(busy.length > 0 ? { busy } : {}),
      start: place(start),
      services: ids(driver.services),
      attributes: ids(driver.attributes),
      ...(priority > 0 ? { assignPriority: priority } : {}),
      ...(firstTrip > 0
        ? { firstTripDistanceKm: driver.firstTripDistanceUnit === 'miles' ? firstTrip * 1.60934 : firstTrip }
        : {}),
      ...(perAreaMatch > 0 && ids(driver.areas).length > 0 ? { areas: ids(driver.areas), perAreaMatch } : {}),
      ...(ctx.routing.drivers.maxShiftHours ? { maxShiftHours: ctx.routing.drivers.maxShiftHours } : {}),
    });
  }
  return out;
}

/** The attributes of the reservations' riders (a passenger needing a lift, a language). */
async function attributesOfRiders(services: Services, jobs: Doc[], scope: Scope): Promise<Map<number, string[]>> {
  const riders = [...new Set(jobs.map((j) => j.passenger).filter((p): p is number => typeof p === 'number'))];
  if (riders.length === 0) return new Map();
  const { data } = await services.store.find(
    'users',
    { query: { _id: { $in: riders } }, project: { attributes: 1 }, limit: riders.length },
    scope,
  );
  return new Map(data.map((u) => [u._id, ids(u.attributes)]));
}

/** Stand-ins of the site's usual vehicle for the whole day (route without assign: trips without drivers). */
async function standIns(services: Services, unit: number, day: string, zone: string, jobs: Doc[], scope: Scope) {
  const { data: cars } = await services.store.find('cars', { query: { unit }, limit: 1000 }, scope);
  const paxes = cars
    .map((c) => Number(c.pax))
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const pax = paxes[Math.floor(paxes.length / 2)] ?? 4;
  const points = jobs.map((j) => j.from as { lat: number; lon: number });
  const centre = {
    lat: points.reduce((s, p) => s + p.lat, 0) / points.length,
    lng: points.reduce((s, p) => s + p.lon, 0) / points.length,
  };
  return placeholderDrivers({
    count: jobs.length,
    vehicle: { pax },
    shiftStart: epochOf(zone, `${day} 00:00`) - 3 * 3600_000,
    shiftEnd: epochOf(zone, `${day} 23:59`) + 3 * 3600_000,
    start: centre,
  });
}

/** The plan as the console previews it and `routewrite` takes it back. */
function planOf(
  result: PlanResult,
  jobs: StoredDoc[],
  unplaced: StoredDoc[],
  zone: string,
  rules: RouteRules,
): Omit<RoutePlan, 'current'> {
  const trips = result.routes.flatMap((r) =>
    r.trips.map((t) => {
      const real = !r.driverId.startsWith(PLACEHOLDER_PREFIX);
      const ids = t.stops.filter((s) => s.kind === 'pickup').flatMap((s) => s.requestIds.map(Number));
      const first = t.stops[0]?.at ?? Date.now();
      const last = t.stops.at(-1)?.at ?? first;
      return {
        date: localDateTime(zone, first),
        duration: Math.round((last - first) / 1000),
        distance: Math.round(t.km * 1000),
        plan: t.stops.map((s) => ({ kind: s.kind, jobs: s.requestIds.map(Number), at: localDateTime(zone, s.at) })),
        rules,
        jobs: ids,
        seats: ids.reduce((n, id) => n + (Number(jobs.find((j) => j._id === id)?.seats) || 1), 0),
        ...(real ? { driver: Number(r.driverId.split(':')[0]), car: Number(r.vehicleId) } : {}),
      };
    }),
  );
  return {
    trips,
    vehicles: result.routes.filter((r) => r.trips.length > 0).length,
    km: Math.round(result.routes.reduce((s, r) => s + r.km, 0) * 10) / 10,
    unassigned: [
      ...result.unassigned.map((u) => ({ job: Number(u.requestId), reason: u.reason })),
      ...unplaced.map((j) => ({ job: Number(j._id), reason: 'NO_COORDINATES' as const })),
    ],
    estimated: result.estimated,
    verified: result.verified,
  };
}

/** What a routing of a site's day is asked (`routeplan`, the routing scheduler). */
export interface DayRouting {
  unit: number;
  day: string;
  /** Also assign the drivers on shift and their vehicles. */
  assign: boolean;
  /** How long the search may run. */
  seconds: number;
  /** Only these reservations, of the day's waiting to be routed. */
  chosen?: number[];
  /** Only the reservations of these site times (`YYYY-MM-DD HH:mm`, both included). */
  window?: { from: string; to: string };
}

/**
 * Plans a site's day (docs/dispatch.md): its reservations waiting to be routed go to the solver on
 * a worker thread, with stand-in vehicles (route) or the drivers on shift (route and assign); the
 * plan is answered, not written.
 */
export async function planDay(
  services: Services,
  scope: Scope,
  ask: DayRouting,
  search: {
    signal?: AbortSignal;
    onImprovement?: (info: { vehicles: number; elapsedMs: number }) => void;
  } = {},
): Promise<RoutePlan> {
  const { unit, day, assign, seconds } = ask;
  const zone = await zoneOf(services, unit, services.db);
  const { jobs, unplaced } = await routable(services, unit, day, scope, ask.chosen, ask.window);
  const current = await dayPlan(services, unit, day, scope);
  if (jobs.length === 0) {
    const none = { routes: [], unassigned: [], estimated: true, verified: true, cost: 0, elapsedMs: 0 };
    return { ...planOf(none, [], unplaced, zone, DEFAULT_ROUTE_RULES), current };
  }
  const site = await siteContext(services, unit, scope);
  const travel = await travelTimes(services, unit);
  const drivers = assign
    ? await driversOnShift(services, unit, day, zone, scope, site)
    : await standIns(services, unit, day, zone, jobs, scope);
  // a reservation needs the attributes of its rider; its places' areas matter where drivers have areas
  const riderAttributes = assign ? await attributesOfRiders(services, jobs, scope) : new Map<number, string[]>();
  const withAreas = drivers.some((d) => d.areas?.length);
  const at = (p: { lat: number; lon: number }) => ({
    ...place(p),
    ...(withAreas ? { areas: areasOf(site, p) } : {}),
  });
  const requests: RoutingRequest[] = jobs.map((j) => ({
    id: String(j._id),
    from: at(j.from as { lat: number; lon: number }),
    to: at(j.to as { lat: number; lon: number }),
    ...(riderAttributes.get(j.passenger as number)?.length
      ? { attributes: riderAttributes.get(j.passenger as number) }
      : {}),
    scheduleAt: epochOf(zone, String(j.date)),
    seats: Number(j.seats) || 1,
    ...(j.wheelchair ? { wheelchair: true } : {}),
    ...(j.forceJoin === 'AUTO' ? { forceJoin: groupOf(j) } : {}),
    ...(j.direction === 'to' || j.direction === 'from' ? { direction: j.direction } : {}),
    // a real vehicle must offer the reservation's service; stand-ins stand for any
    ...(assign && typeof j.service === 'number' ? { service: String(j.service) } : {}),
  }));
  const result = await planRoutes(
    { requests, drivers, settings: site.routing.settings },
    {
      provider: travel,
      inWorker: true,
      timeLimitMs: seconds * 1000,
      seed: 1,
      ...(search.signal ? { signal: search.signal } : {}),
      ...(search.onImprovement ? { onImprovement: search.onImprovement } : {}),
    },
  );
  const { settings } = site.routing;
  const rules = {
    ratio: settings.maxRide?.ratio ?? DEFAULT_ROUTE_RULES.ratio,
    early: settings.pickGapEarly ?? DEFAULT_ROUTE_RULES.early,
    late: settings.pickGapLate ?? DEFAULT_ROUTE_RULES.late,
  };
  return { ...planOf(result, jobs, unplaced, zone, rules), current };
}

/**
 * Route (`assign` false: shared trips without drivers) or route and assign (drivers on shift with
 * their vehicles) a site's day: the solver runs on a worker thread, and the plan is answered, not
 * written: the console previews it, then `routewrite` writes it. docs/dispatch.md.
 */
const routeplan: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<RoutePlan> => {
    const p = requirePrincipal(ctx);
    const { unit: requested, day, assign, seconds, run, jobs: chosen } = requestOf(ctx, 'routeplan');
    const unit = requireSiteOfCall(p, requested);
    return withRun(ctx, p.id, run, seconds, (progress) =>
      planDay(
        ctx.services,
        scopeOf(p),
        { unit, day, assign, seconds, ...(chosen ? { chosen } : {}) },
        { signal: progress.signal, onImprovement: progress.report },
      ),
    );
  },
};

/** The routing runs under way, by their caller and the run id the console gave: what a cancel stops. */
const RUNS = new Map<string, AbortController>();
const runKey = (user: number, run: string) => `${user}:${run}`;
/** At most one progress message a second reaches the console. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Runs a plan's search as run `run` of the caller: its progress (the best plan's vehicles and the
 * time spent) goes to the caller's consoles over /socket, and `routecancel` stops it, the best plan
 * found so far then answered.
 */
async function withRun<T>(
  ctx: { services: Services },
  user: number,
  run: string | undefined,
  seconds: number,
  search: (progress: {
    signal: AbortSignal;
    report: (info: { vehicles: number; elapsedMs: number }) => void;
  }) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const key = run ? runKey(user, run) : undefined;
  if (key) RUNS.set(key, controller);
  let last = 0;
  const report = (info: { vehicles: number; elapsedMs: number }) => {
    const now = Date.now();
    if (!run || now - last < PROGRESS_EVERY_MS) return;
    last = now;
    ctx.services.live.toUser(user, {
      type: 'routing',
      run,
      vehicles: info.vehicles,
      elapsedMs: Math.round(info.elapsedMs),
      limitMs: seconds * 1000,
    });
  };
  try {
    return await search({ signal: controller.signal, report });
  } finally {
    if (key) RUNS.delete(key);
  }
}

/** Stops a routing run of the caller: its `routeplan` answers at once with the best plan so far. */
const routecancel: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<{ cancelled: boolean }> => {
    const p = requirePrincipal(ctx);
    const { run } = requestOf(ctx, 'routecancel');
    const controller = RUNS.get(runKey(p.id, run));
    controller?.abort();
    return { cancelled: controller !== undefined };
  },
};

/**
 * Writes a plan of `routeplan` in one transaction: each trip created `new` (with its driver and car
 * when assigned), its reservations routed into it. A reservation no longer waiting to be routed
 * (changed since the preview) refuses the whole plan: 409, nothing written; preview again.
 */
const routewrite: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<{ trips: number[]; run: RouteRun }> => {
    const p = requirePrincipal(ctx);
    const { unit: requested, trips } = requestOf(ctx, 'routewrite');
    const unit = requireSiteOfCall(p, requested);
    return writePlan(ctx.services, unit, trips, { id: p.id, name: p.name }, scopeOf(p));
  },
};

/** Writes a plan's trips of a site (`routewrite`, the routing scheduler): see routewrite. */
export async function writePlan(
  services: Services,
  unit: number,
  trips: PlannedTripOfDay[],
  actor: Actor,
  scope: Scope,
): Promise<{ trips: number[]; run: RouteRun }> {
  const { store } = services;
  return store.withUniqueLock('trips', false, async (tx) => {
    // the drivers and cars of a plan are the site's own
    for (const [col, wanted] of [
      ['drivers', trips.map((t) => t.driver)],
      ['cars', trips.map((t) => t.car)],
    ] as const) {
      const ids = [...new Set(wanted.filter((v): v is number => v !== undefined))];
      if (ids.length && (await store.count(col, { _id: { $in: ids }, unit }, scope, tx)) !== ids.length)
        throw new BadRequest(`Unknown ${col}: ${ids.join(', ')}`, { field: 'trips' }, 'unknownReference');
    }
    const ids = trips.flatMap((t) => t.jobs);
    const jobs = await store.findByIds('jobs', ids, { unit }, scope, tx);
    // the suppliers of the plan's drivers: their trips are their suppliers'
    const driverIds = [...new Set(trips.map((t) => t.driver).filter((d): d is number => d !== undefined))];
    const { data: drivers } = await store.find(
      'drivers',
      { query: { _id: { $in: driverIds } }, project: { suppliers: 1 }, limit: 1000 },
      scope,
      tx,
    );
    const supplierOf = (id: number | undefined) => {
      const driver = drivers.find((d) => d._id === id);
      return driver ? supplierOfDriver(driver) : undefined;
    };
    const made: number[] = [];
    const run: RouteRun = { trips: [], jobs: [] };
    for (const t of trips) {
      const riders = t.jobs.map((id) => jobs.find((j) => j._id === id));
      for (const [i, j] of riders.entries()) {
        const status = isJobStatus(j?.status) ? j.status : undefined;
        if (!j || !status || j.trip || !mayChangeJobStatus(status, 'routed', 'routing'))
          throw new HttpError(
            409,
            jobStatusRefusal(status ?? 'new', 'routed'),
            { from: status, to: 'routed', job: t.jobs[i] },
            'jobStatusChange',
          );
      }
      const first = riders[0] as StoredDoc;
      const last = riders.at(-1) as StoredDoc;
      const trip = await store.insert(
        'trips',
        {
          unit,
          status: 'new',
          date: t.date,
          from: first.from,
          to: last.to,
          // the riders' own seats, whatever the plan sent
          seats: (riders as StoredDoc[]).reduce((n, j) => n + (Number(j.seats) || 1), 0),
          stops: t.jobs,
          ...(t.plan ? { plan: t.plan.filter((s) => s.jobs.every((id) => t.jobs.includes(id))) } : {}),
          ...(t.duration !== undefined ? { duration: t.duration } : {}),
          ...(t.distance !== undefined ? { distance: t.distance } : {}),
          ...(t.rules ? { rules: t.rules } : {}),
          profile: first.profile,
          ...(t.driver ? { driver: t.driver, car: t.car } : {}),
          ...(supplierOf(t.driver) !== undefined ? { supplier: supplierOf(t.driver) } : {}),
        },
        actor,
        scope,
        tx,
      );
      for (const j of riders as StoredDoc[]) {
        const own = { status: 'routed', trip: trip._id, ...(t.driver ? { driver: t.driver, car: t.car } : {}) };
        const routed = await store.update('jobs', j._id, own, j._version, actor, scope, tx);
        run.jobs.push({ id: j._id, _version: routed._version, status: j.status === 'waiting' ? 'waiting' : 'new' });
      }
      made.push(trip._id);
      run.trips.push({ id: trip._id, _version: trip._version });
    }
    return { trips: made, run };
  });
}

/**
 * "Undo this run": the trips a `routewrite` made go and their reservations wait in the queue as
 * they did, in one transaction, if nothing of the run changed since (a trip assigned or sent, a
 * rider moved or picked up: 409, nothing undone).
 */
const routeundo: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<{ trips: number; jobs: number }> => {
    const p = requirePrincipal(ctx);
    const run = requestOf(ctx, 'routeundo');
    return ctx.services.store.withUniqueLock('trips', false, (tx) =>
      undoRun(ctx.services, run, { id: p.id, name: p.name }, scopeOf(p), tx),
    );
  },
};

/**
 * Takes back a written run in the caller's transaction (`routeundo`, a scheduled run's undo): its
 * trips go and its reservations wait as they did, or 409 runChanged when any of it changed since.
 * Run it under the trips' unique lock, as writePlan writes.
 */
export async function undoRun(
  services: Services,
  run: RouteRun,
  actor: Actor,
  scope: Scope,
  tx: Queryable,
): Promise<{ trips: number; jobs: number }> {
  const { store } = services;
  const changed = () => new HttpError(409, ERROR_TEXTS.runChanged, {}, 'runChanged');
  const tripIds = run.trips.map((t) => t.id);
  const trips = await store.findByIds('trips', tripIds, {}, scope, tx);
  const jobs = await store.findByIds(
    'jobs',
    run.jobs.map((j) => j.id),
    {},
    scope,
    tx,
  );
  const same = (rows: StoredDoc[], wanted: { id: number; _version: number }[]) =>
    rows.length === wanted.length && wanted.every((w) => rows.some((r) => r._id === w.id && r._version === w._version));
  if (!same(trips, run.trips) || !same(jobs, run.jobs) || jobs.some((j) => !tripIds.includes(j.trip as number)))
    throw changed();
  for (const j of run.jobs)
    await store.update(
      'jobs',
      j.id,
      { status: j.status, trip: null, driver: null, car: null },
      j._version,
      actor,
      scope,
      tx,
    );
  const deleted = await store.delete('trips', { _id: { $in: tripIds } }, actor, scope, tx);
  return { trips: deleted, jobs: run.jobs.length };
}

export const routeActs = { routeplan, routecancel, routewrite, routeundo };
