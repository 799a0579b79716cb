import {
  dayOfDateTime,
  ERROR_TEXTS,
  isJobStatus,
  isTripStatus,
  type JobStatus,
  jobStatusRefusal,
  localDateTime,
  mayChangeJobStatus,
  mayTakeTripAction,
  PLANNED_TRIP_STATUSES,
  QUEUED_JOB_STATUSES,
  RIDER_ACTIONS,
  ridersNotDone,
  type StoredDoc,
  supplierOfDriver,
  TRIP_ACTION_RULES,
  type TripAction,
  tripActionRefusal,
  tripNotDoneRefusal,
  tripStatusAfter,
} from '@tc/domain';
import { scopeOf } from '../../access/access.ts';
import type { Services } from '../../protocol/act.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import type { Actor, Doc, Scope, StoredRecord } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { VersionConflict } from '../../store/errors.ts';
import { zoneOf } from '../jobs/booking.ts';

interface Run {
  services: Services;
  actor: Actor;
  scope: Scope;
  tx: Queryable;
  trip: StoredRecord;
  riders: StoredRecord[];
  now: string;
}

const statusOf = (job: Doc): JobStatus => (isJobStatus(job.status) ? job.status : 'new');

/** A rider's fields changed by a trip action, with its history, on the version read. */
function writeRider(run: Run, job: StoredRecord, patch: Doc): Promise<StoredRecord> {
  return run.services.store.update('jobs', job._id, patch, job._version, run.actor, run.scope, run.tx);
}

/** A rider of `trip`: on it, with its driver and car. */
const ridesOn = (trip: Doc): Doc => ({ trip: trip._id, driver: trip.driver ?? null, car: trip.car ?? null });

/** A rider's status changed by a trip action, under the reservations' transition table. */
async function moveRider(run: Run, job: StoredRecord, to: JobStatus, more: Doc = {}): Promise<StoredRecord> {
  const from = statusOf(job);
  if (!mayChangeJobStatus(from, to, 'trip'))
    throw new HttpError(409, jobStatusRefusal(from, to), { from, to }, 'jobStatusChange');
  return writeRider(run, job, { status: to, ...more });
}

/** When a rider was picked up or dropped off: the trip's actual times (no-show: none). */
function actualTime(run: Run, action: 'pickup' | 'dropoff' | 'noshow'): Doc {
  if (action === 'pickup') return { pickedAt: run.now };
  return action === 'dropoff' ? { droppedAt: run.now } : {};
}

/** The trip's rider named by the request. */
function riderOf(run: Run, id: number | undefined): StoredRecord {
  const job = run.riders.find((j) => j._id === id);
  if (!job) throw new HttpError(400, ERROR_TEXTS.tripRider, { field: 'job' }, 'tripRider');
  return job;
}

const seatsOf = (jobs: Doc[]) => jobs.reduce((n, j) => n + (Number(j.seats) || 0), 0);

type PlanStop = { kind: string; jobs: number[]; at: string };
const planOf = (trip: Doc) => (trip.plan as PlanStop[] | undefined) ?? [];

/** A trip's planned stops of the riders `ids` only (`keep`), or without them. */
function planStops(trip: Doc, ids: number[], keep: boolean): PlanStop[] {
  return planOf(trip)
    .map((s) => ({ ...s, jobs: s.jobs.filter((id) => ids.includes(id) === keep) }))
    .filter((s) => s.jobs.length > 0);
}

const byTime = (a: PlanStop, b: PlanStop) => a.at.localeCompare(b.at);

/** The trip's stops, planned stops and seats once `ids` left it; a trip left without riders has nothing to run. */
function leftWithout(run: Run, ids: number[]): Doc {
  const stops = ((run.trip.stops as number[] | undefined) ?? []).filter((id) => !ids.includes(id));
  run.riders = run.riders.filter((j) => !ids.includes(j._id));
  return {
    stops,
    plan: planStops(run.trip, ids, false),
    seats: seatsOf(run.riders),
    ...(stops.length === 0 ? { status: 'canceled' } : {}),
  };
}

/** The trip a rider moves to or that merges into this one: another of the site and day, not started. */
async function otherTrip(run: Run, id: number | undefined): Promise<StoredRecord> {
  const refuse = () => new HttpError(409, ERROR_TEXTS.tripOther, { field: 'trip' }, 'tripOther');
  if (id === undefined || id === run.trip._id) throw refuse();
  const other = await run.services.store.getInScope('trips', id, run.scope, 'write', run.tx);
  const status = isTripStatus(other.status) ? other.status : 'new';
  if (
    other.unit !== run.trip.unit ||
    dayOfDateTime(other.date) !== dayOfDateTime(run.trip.date) ||
    !PLANNED_TRIP_STATUSES.includes(status)
  )
    throw refuse();
  return other;
}

/** Riders join another trip: its stops and seats grow, in the same transaction. */
async function joinTrip(run: Run, other: StoredRecord, jobs: StoredRecord[]): Promise<void> {
  const ids = jobs.map((j) => j._id);
  const stops = [...((other.stops as number[] | undefined) ?? []), ...ids];
  await run.services.store.update(
    'trips',
    other._id,
    {
      stops,
      seats: (Number(other.seats) || 0) + seatsOf(jobs),
      // the riders' planned stops go with them
      plan: [...planOf(other), ...planStops(run.trip, ids, true)].sort(byTime),
    },
    other._version,
    run.actor,
    run.scope,
    run.tx,
  );
}

const mergedNote = (run: Run): Doc => ({
  type: 'dispatch',
  text: `Merged into trip ${run.trip._id}`,
  user: run.actor.name,
  time: run.now,
});

/** A reservation released from its trip waits to be routed again, without trip, driver or car. */
const RELEASED = { trip: null, driver: null, car: null };

/**
 * What each action changes besides the trip's status: the trip's own fields (returned) and its
 * riders (written here, each with its history). Refusals say why (409, or 400 for a bad request).
 */
async function apply(run: Run, action: TripAction, req: Record<string, unknown>): Promise<Doc> {
  const { trip, riders, services, scope, tx } = run;
  const log = (entry: Doc) => [
    ...((trip.assignLog as Doc[] | undefined) ?? []),
    { ...entry, user: run.actor.name, time: run.now },
  ];
  const active = riders.filter((j) => !['dropped', 'noshow', 'canceled'].includes(statusOf(j)));
  switch (action) {
    case 'assign': {
      if (trip.driver) throw new HttpError(409, ERROR_TEXTS.tripAssigned, {}, 'tripAssigned');
      const driver = await services.store.getInScope('drivers', req.driver as number, scope, 'read', tx);
      const carId = (req.car as number | undefined) ?? (driver.car as number | undefined);
      const car = carId ? await services.store.getInScope('cars', carId, scope, 'read', tx) : undefined;
      if (driver.unit !== trip.unit)
        throw new BadRequest(`Unknown driver: ${driver._id}`, { field: 'driver' }, 'unknownReference');
      if (!car || car.unit !== trip.unit)
        throw new BadRequest(`Unknown car: ${carId ?? ''}`, { field: 'car' }, 'unknownReference');
      for (const j of active) await writeRider(run, j, { driver: driver._id, car: car._id });
      const supplier = supplierOfDriver(driver);
      return {
        driver: driver._id,
        car: car._id,
        // a supplier's driver brings the trip to its supplier; the operator's own keeps the trip's
        ...(supplier !== undefined ? { supplier } : {}),
        assignLog: log({ action: 'assign', driver: driver._id, car: car._id }),
      };
    }
    case 'clear':
      for (const j of active) await writeRider(run, j, { driver: null, car: null });
      return {
        driver: null,
        car: null,
        assignLog: log({ action: 'clear', driver: trip.driver ?? null, car: trip.car ?? null }),
      };
    case 'send':
      if (!trip.driver) throw new HttpError(409, ERROR_TEXTS.tripUnassigned, {}, 'tripUnassigned');
      return {};
    case 'pickup':
    case 'dropoff':
    case 'noshow': {
      const job = riderOf(run, req.job as number | undefined);
      const moved = await moveRider(run, job, RIDER_ACTIONS[action].to, actualTime(run, action));
      run.riders = riders.map((j) => (j._id === moved._id ? moved : j));
      return {};
    }
    case 'end': {
      const left = ridersNotDone(riders.map(statusOf));
      if (left > 0 && !req.dropAll) throw new HttpError(409, tripNotDoneRefusal(left), { count: left }, 'tripNotDone');
      // "mark all as dropped off": whoever was still waiting rode too
      for (const j of riders) {
        if (statusOf(j) === 'routed')
          await moveRider(
            run,
            await moveRider(run, j, 'picked', actualTime(run, 'pickup')),
            'dropped',
            actualTime(run, 'dropoff'),
          );
        else if (statusOf(j) === 'picked') await moveRider(run, j, 'dropped', actualTime(run, 'dropoff'));
      }
      return {};
    }
    case 'cancel':
    case 'release':
      for (const j of active) await moveRider(run, j, 'new', RELEASED);
      return { stops: [], seats: 0 };
    case 'add': {
      // a reservation waiting in the queue (same site and day) joins the trip: routed into it
      if (req.job === undefined) throw new HttpError(400, ERROR_TEXTS.tripRider, { field: 'job' }, 'tripRider');
      const job = await services.store.getInScope('jobs', req.job as number, scope, 'write', tx);
      const status = statusOf(job);
      if (
        job.trip ||
        job.unit !== trip.unit ||
        dayOfDateTime(job.date) !== dayOfDateTime(trip.date) ||
        !QUEUED_JOB_STATUSES.includes(status) ||
        !mayChangeJobStatus(status, 'routed', 'routing')
      )
        throw new HttpError(409, ERROR_TEXTS.notQueued, { field: 'job' }, 'notQueued');
      const joined = await writeRider(run, job, { status: 'routed', ...ridesOn(trip) });
      run.riders = [...riders, joined];
      return { stops: [...((trip.stops as number[] | undefined) ?? []), job._id], seats: seatsOf(run.riders) };
    }
    case 'move': {
      const job = riderOf(run, req.job as number | undefined);
      const other = await otherTrip(run, req.trip as number | undefined);
      await writeRider(run, job, ridesOn(other));
      await joinTrip(run, other, [job]);
      return leftWithout(run, [job._id]);
    }
    case 'merge': {
      // the other trip's riders join this one (its driver and car) and the other is canceled
      const other = await otherTrip(run, req.trip as number | undefined);
      const ids = (other.stops as number[] | undefined) ?? [];
      const { data: found } = await services.store.find(
        'jobs',
        { query: { _id: { $in: ids } }, limit: 1000 },
        scope,
        tx,
      );
      // in the order they ride the other trip
      const joining = found.sort((x, y) => ids.indexOf(x._id) - ids.indexOf(y._id));
      for (const j of joining) await writeRider(run, j, ridesOn(trip));
      await services.store.update(
        'trips',
        other._id,
        {
          status: 'canceled',
          stops: [],
          seats: 0,
          plan: [],
          notes: [...((other.notes as Doc[] | undefined) ?? []), mergedNote(run)],
        },
        other._version,
        run.actor,
        scope,
        tx,
      );
      run.riders = [...riders, ...joining];
      return {
        plan: [...planOf(trip), ...planOf(other)].sort(byTime),
        stops: [...((trip.stops as number[] | undefined) ?? []), ...joining.map((j) => j._id)],
        seats: seatsOf(run.riders),
      };
    }
    case 'group':
    case 'ungroup':
      // riders grouped (forceJoin AUTO) ride together when routed again (spec section 3)
      for (const j of active) await writeRider(run, j, { forceJoin: action === 'group' ? 'AUTO' : '' });
      return {};
    case 'message':
      if (!trip.driver) throw new HttpError(409, ERROR_TEXTS.tripNoDriver, {}, 'tripNoDriver');
      return {
        messages: [
          ...((trip.messages as Doc[] | undefined) ?? []),
          { from: 'dispatch', driver: trip.driver, text: req.text, user: run.actor.name, time: run.now },
        ],
      };
    case 'remove': {
      const job = riderOf(run, req.job as number | undefined);
      await moveRider(run, job, 'new', RELEASED);
      return leftWithout(run, [job._id]);
    }
    case 'note':
      return {
        notes: [
          ...((trip.notes as Doc[] | undefined) ?? []),
          { type: 'dispatch', text: req.text, user: run.actor.name, time: run.now },
        ],
      };
    case 'approve':
    case 'start':
      return {};
  }
}

/**
 * One action on one trip (spec section 4, trip actions; docs/dispatch.md): checked against the
 * trip's status and the trips module action it needs, applied with its riders in one transaction
 * (each change with its history and pushed over the socket), on the version the dispatcher saw:
 * of two dispatchers acting on one trip at once, the second gets 409.
 */
const tripaction: Act = {
  permission: {
    kind: 'moduleAction',
    module: 'trips',
    actionOf: (body) => TRIP_ACTION_RULES[body.action as TripAction].permission,
  },
  run: async (ctx): Promise<StoredDoc> => {
    const p = requirePrincipal(ctx);
    const req = requestOf(ctx, 'tripaction');
    return takeTripAction(ctx.services, { id: p.id, name: p.name }, scopeOf(p), req, { version: req._version });
  },
};

export interface TripActionRequest {
  id: number;
  action: TripAction;
  job?: number;
  trip?: number;
  driver?: number;
  car?: number;
  text?: string;
  dropAll?: boolean;
}

/**
 * One action on one trip in one transaction: on the version `version` when given (a dispatcher's
 * screen), else on the trip as it is (the driver app's queued actions); `driver`: only a trip of
 * that driver; `at`: when it was taken (epoch ms, at most now) for the riders' actual times.
 */
export async function takeTripAction(
  services: Services,
  actor: Actor,
  scope: Scope,
  req: TripActionRequest,
  opts: { version?: number; driver?: number; at?: number } = {},
): Promise<StoredDoc> {
  return services.store.withUniqueLock('trips', false, async (tx) => {
    const trip = await services.store.getInScope('trips', req.id, scope, 'write', tx);
    if (opts.driver !== undefined && trip.driver !== opts.driver)
      throw new HttpError(404, ERROR_TEXTS.notFound, {}, 'notFound');
    if (opts.version !== undefined && trip._version !== opts.version) throw new VersionConflict();
    const status = isTripStatus(trip.status) ? trip.status : 'new';
    if (!mayTakeTripAction(status, req.action))
      throw new HttpError(
        409,
        tripActionRefusal(status, req.action),
        { tripStatus: status, action: req.action },
        'tripAction',
      );
    const ids = (trip.stops as number[] | undefined) ?? [];
    const { data: riders } = await services.store.find(
      'jobs',
      { query: { _id: { $in: ids } }, limit: 1000 },
      scope,
      tx,
    );
    const zone = await zoneOf(services, trip.unit, tx);
    const now = localDateTime(zone, opts.at === undefined ? undefined : Math.min(opts.at, Date.now()));
    const run: Run = { services, actor, scope, tx, trip, riders, now };
    const patch = await apply(run, req.action, req as unknown as Record<string, unknown>);
    const next = tripStatusAfter(req.action, status, run.riders.map(statusOf));
    const updated = await services.store.update(
      'trips',
      trip._id,
      { status: next, ...patch },
      trip._version,
      actor,
      scope,
      tx,
    );
    // released: the trip is no more (its history keeps it); its riders wait to be routed again
    if (req.action === 'release') await services.store.delete('trips', { _id: trip._id }, actor, scope, tx);
    return updated;
  });
}

/**
 * A trip marked as a favourite of the caller, or no longer (the logged-in user's favoriteTrips,
 * spec section 3): the trip must be one the caller may see. Answers the user's favourites.
 */
const favoritetrip: Act = {
  permission: { kind: 'module', module: 'trips', action: 'view' },
  run: async (ctx): Promise<{ favoriteTrips: number[] }> => {
    const p = requirePrincipal(ctx);
    const { trip, favorite } = requestOf(ctx, 'favoritetrip');
    const { store } = ctx.services;
    await store.getInScope('trips', trip, scopeOf(p), 'read');
    return ctx.services.db.tx(async (tx) => {
      // the user's own record, locked while its favourites change (two tabs at once lose none)
      await store.lock(tx, `favorites:${p.id}`);
      const me = await store.getById('users', p.id, tx);
      if (!me) throw new HttpError(404, ERROR_TEXTS.notFound, {}, 'notFound');
      const current = ((me.favoriteTrips as number[] | undefined) ?? []).filter((id) => id !== trip);
      const favoriteTrips = favorite ? [...current, trip] : current;
      await store.update('users', p.id, { favoriteTrips }, me._version, { id: p.id, name: p.name }, {}, tx);
      return { favoriteTrips };
    });
  },
};

export const tripActs = { tripaction, favoritetrip };
