import {
  type DriverDay,
  type DriverRider,
  type DriverStatus,
  driverActionRefusal,
  driverStatusAfter,
  ERROR_TEXTS,
  isDriverStatus,
  localDateTime,
  localDay,
  POSITION_CLOCK_SKEW_MS,
  placePoint,
  RUNNING_TRIP_STATUSES,
  type StoredDoc,
  type TripStatus,
} from '@tc/domain';
import { ownDriverRecord, scopeOf } from '../../access/access.ts';
import type { Principal } from '../../auth/principal.ts';
import { type Act, type ActContext, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { HttpError } from '../../protocol/errors.ts';
import type { Doc, StoredRecord } from '../../store/collection.store.ts';
import { tripLiveOf } from '../live/tripLive.ts';
import { takeTripAction } from '../trips/trip.acts.ts';

/**
 * The driver app's acts (add-on module 500; docs/live.md). The caller is a user of the driver role
 * linked to a drivers record of a site whose add-on is on (the `driver` permission); it acts on its
 * own record and its own trips only, through the same rules as the console.
 */

const actorOf = (p: Principal) => ({ id: p.id, name: p.name });

/** The caller's drivers record (a suspended or removed driver may not work). */
async function myRecord(ctx: ActContext): Promise<StoredRecord> {
  const p = requirePrincipal(ctx);
  return ownDriverRecord(p, await ctx.services.store.getById('drivers', p.driver as number));
}

const statusOfDriver = (d: Doc): DriverStatus =>
  d.suspended ? 'suspended' : isDriverStatus(d.driverStatus) ? d.driverStatus : 'offline';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const addressOf = (place: unknown) => text((place as { address?: unknown } | null | undefined)?.address);

function riderOf(job: StoredDoc): DriverRider {
  const notes = Array.isArray(job.notes)
    ? (job.notes as { text?: unknown }[]).map((n) => text(n.text)).join(' · ')
    : '';
  return {
    _id: job._id,
    name: `${text(job.firstName)} ${text(job.lastName)}`.trim(),
    phone: text(job.phone) || null,
    status: text(job.status) || 'routed',
    seats: Number(job.seats) || 1,
    from: addressOf(job.from),
    to: addressOf(job.to),
    fromPoint: placePoint(job.from),
    toPoint: placePoint(job.to),
    date: text(job.date),
    notes: notes || (typeof job.notes === 'string' ? job.notes : null),
  };
}

/** How far past midnight the driver's day reaches, counted from now. */
const DAY_AHEAD_HOURS = 6;

const driverday: Act = {
  permission: { kind: 'driver' },
  run: async (ctx): Promise<DriverDay> => {
    const p = requirePrincipal(ctx);
    const me = await myRecord(ctx);
    const { store } = ctx.services;
    const day = localDay(p.timeZone);
    const scope = scopeOf(p);
    // today's trips, a trip still running from before midnight, and in the evening the night's
    // trips past midnight (the next DAY_AHEAD_HOURS): a night shift sees its 00:30 trip at 23:50
    const ahead = localDateTime(p.timeZone, Date.now() + DAY_AHEAD_HOURS * 3_600_000);
    const last = ahead > `${day} 23:59` ? ahead : `${day} 23:59`;
    const { data: trips } = await store.find(
      'trips',
      {
        query: {
          driver: me._id,
          status: { $ne: 'canceled' },
          $or: [{ date: { $gte: `${day} 00:00`, $lte: last } }, { status: { $in: [...RUNNING_TRIP_STATUSES] } }],
        },
        sort: { date: 1 },
        limit: 200,
      },
      scope,
    );
    const ids = trips.flatMap((t) => (t.stops as number[] | undefined) ?? []);
    const { data: jobs } = ids.length
      ? await store.find('jobs', { query: { _id: { $in: ids } }, limit: 2000 }, scope)
      : { data: [] };
    const byId = new Map(jobs.map((j) => [j._id, j]));
    const carId = typeof me.car === 'number' ? me.car : null;
    const car = carId ? await store.getById('cars', carId) : undefined;
    return {
      driver: {
        _id: me._id,
        name: `${text(me.firstName)} ${text(me.lastName)}`.trim(),
        driverStatus: statusOfDriver(me),
        car: carId,
        carLabel: car ? text(car.name) || text(car.code) || null : null,
      },
      day,
      timeZone: p.timeZone,
      trips: await Promise.all(
        trips.map(async (t) => ({
          ...t,
          riders: ((t.stops as number[] | undefined) ?? []).flatMap((id) => {
            const j = byId.get(id);
            return j ? [riderOf(j)] : [];
          }),
          // a running trip's stops left and their ETAs (predictive ETA add-on, 560)
          live: RUNNING_TRIP_STATUSES.includes(t.status as TripStatus)
            ? await tripLiveOf(ctx.services, t, scope, false)
            : null,
        })),
      ),
    };
  },
};

const drivertrip: Act = {
  permission: { kind: 'driver' },
  run: async (ctx): Promise<StoredDoc> => {
    const p = requirePrincipal(ctx);
    const req = requestOf(ctx, 'drivertrip');
    await myRecord(ctx);
    const scope = scopeOf(p);
    if (req.action !== 'reply')
      return takeTripAction(
        ctx.services,
        actorOf(p),
        scope,
        { ...req, action: req.action },
        {
          driver: p.driver as number,
          at: req.at,
        },
      );
    if (!req.text) throw new HttpError(400, ERROR_TEXTS.replyEmpty, { field: 'text' }, 'replyEmpty');
    const { store } = ctx.services;
    return store.db.tx(async (tx) => {
      await store.lock(tx, `trip:${req.id}`);
      const trip = await store.getInScope('trips', req.id, scope, 'write', tx);
      if (trip.driver !== p.driver) throw new HttpError(404, ERROR_TEXTS.notFound, {}, 'notFound');
      const messages = [
        ...((trip.messages as Doc[] | undefined) ?? []),
        { from: 'driver', driver: p.driver, text: req.text, user: p.name, time: localDateTime(p.timeZone) },
      ];
      return store.update('trips', trip._id, { messages }, trip._version, actorOf(p), scope, tx);
    });
  },
};

const driverself: Act = {
  permission: { kind: 'driver' },
  run: async (ctx): Promise<{ driverStatus: DriverStatus }> => {
    const p = requirePrincipal(ctx);
    const { action } = requestOf(ctx, 'driverself');
    const { store } = ctx.services;
    return store.db.tx(async (tx) => {
      await store.lock(tx, `driver:${p.driver}`);
      const me = await store.getInScope('drivers', p.driver as number, scopeOf(p), 'write', tx);
      const status = statusOfDriver(me);
      const next = driverStatusAfter(status, action);
      if (!next)
        throw new HttpError(409, driverActionRefusal(status, action), { driverStatus: status, action }, 'driverStatus');
      await store.update('drivers', me._id, { driverStatus: next }, me._version, actorOf(p), scopeOf(p), tx);
      return { driverStatus: next };
    });
  },
};

const driverposition: Act = {
  // a position each second per phone: the site's add-on is read at most every 10 s
  permission: { kind: 'driver', addOnMaxAgeMs: 10_000 },
  run: async (ctx): Promise<{ stored: boolean }> => {
    const p = requirePrincipal(ctx);
    const pos = requestOf(ctx, 'driverposition');
    if (pos.time > Date.now() + POSITION_CLOCK_SKEW_MS)
      throw new HttpError(400, ERROR_TEXTS.positionAhead, { field: 'time' }, 'positionAhead');
    // the driver's record is checked in the same statement (not suspended) and gives the site
    return { stored: await ctx.services.positions.record(p.driver as number, pos) };
  },
};

export const driverAppActs = { driverday, drivertrip, driverself, driverposition };
