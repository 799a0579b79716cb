import {
  type Departure,
  ERROR_TEXTS,
  localDateTime,
  minutesBetween,
  type ShuttleDeparture,
  type ShuttleLike,
  shuttleDepartures,
  withinDay,
} from '@tc/domain';
import { requireSiteOfCall, scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal, type Services } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import type { Doc, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { RecordNotFound } from '../../store/errors.ts';
import { bookReservation, holidayDays, zoneOf } from './booking.ts';

type Stop = { name: string; address?: string; lat: number; lon: number };

const notFound = () => new HttpError(404, ERROR_TEXTS.shuttlesNotFound, {}, 'shuttlesNotFound');

/** A seat is booked until the reservation is canceled. */
const HOLDS_SEAT = { status: { $ne: 'canceled' } };

/** Seats booked on each departure of these shuttles on `day`, by `shuttle|date`. */
function seatsBooked(services: Services, shuttles: number[], day: string, scope: Scope, q?: Queryable) {
  const query = { ...HOLDS_SEAT, shuttle: { $in: shuttles }, date: withinDay(day) };
  return services.store.sumBy('jobs', query, ['shuttle', 'date'], 'seats', scope, q);
}

/** The departure's booking is over: it has left, or leaves within its limit. */
function closed(zone: string, d: Departure): boolean {
  return minutesBetween(zone, localDateTime(zone), d.date) <= d.limit;
}

/**
 * The departures of a day (/jobs/shuttle): each shuttle of the site that runs that day, at each
 * hour of its timetable, with its stops, capacity and seats left. None: "Could not find shuttles".
 */
const shuttledepartures: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'create' },
  run: async (ctx): Promise<{ data: ShuttleDeparture[] }> => {
    const p = requirePrincipal(ctx);
    const { unit: requested, day, shuttle } = requestOf(ctx, 'shuttledepartures');
    const unit = requireSiteOfCall(p, requested);
    const scope = scopeOf(p);
    const { services } = ctx;
    const query = { unit, ...(shuttle ? { _id: shuttle } : {}) };
    const { data: shuttles } = await services.store.find('shuttles', { query, limit: 1000, sort: { code: 1 } }, scope);
    const holiday = (await holidayDays(services, unit, day, day, services.db)).has(day);
    const zone = await zoneOf(services, unit, services.db);
    const booked = await seatsBooked(
      services,
      shuttles.map((s) => s._id),
      day,
      scope,
    );
    const data = shuttles.flatMap((s) =>
      shuttleDepartures(s as unknown as ShuttleLike, day, holiday).map((d) => {
        const seats = booked.get(`${s._id}|${d.date}`) ?? 0;
        return {
          ...d,
          shuttle: {
            _id: s._id,
            code: String(s.code),
            name: String(s.name),
            ...(typeof s.line === 'string' ? { line: s.line } : {}),
            stops: ((s.stops as Stop[] | undefined) ?? []).map((st) => ({ name: st.name, address: st.address })),
          },
          booked: seats,
          left: Math.max(0, d.capacity - seats),
          closed: closed(zone, d),
        };
      }),
    );
    if (data.length === 0) throw notFound();
    return { data };
  },
};

/**
 * A seat on a departure (/jobs/shuttle): a reservation from the stop got on at to the stop got off
 * at, at the departure's time, on the shuttle; its profile and payment type the shuttle's unless
 * given. The departure's seats are counted and taken in one transaction, one booking of a
 * departure at a time, so two agents cannot both take its last seat.
 */
const bookshuttle: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'create' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { unit: requested, shuttle: id, date, on, off, allowDuplicate, ...rider } = requestOf(ctx, 'bookshuttle');
    const unit = requireSiteOfCall(p, requested);
    const scope = scopeOf(p);
    const { services } = ctx;
    const shuttle = await services.store.getInScope('shuttles', id, scope).catch((err: unknown) => {
      if (err instanceof RecordNotFound) return undefined;
      throw err;
    });
    if (!shuttle || shuttle.unit !== unit) throw notFound();
    const [day, hour] = date.split(' ') as [string, string];
    const holiday = (await holidayDays(services, unit, day, day, services.db)).has(day);
    const departure = shuttleDepartures(shuttle as unknown as ShuttleLike, day, holiday).find((d) => d.hour === hour);
    const stops = (shuttle.stops as Stop[] | undefined) ?? [];
    const [from, to] = [stops[on], stops[off]];
    if (!departure) throw notFound();
    if (!from || !to) throw new BadRequest(`Unknown stop: ${from ? off : on}`, { field: from ? 'off' : 'on' });
    const zone = await zoneOf(services, unit, services.db);
    if (closed(zone, departure)) throw new HttpError(409, ERROR_TEXTS.shuttleClosed, {}, 'shuttleClosed');
    const place = (s: Stop) => ({ address: s.address || s.name, lat: s.lat, lon: s.lon });
    const job: Doc = {
      ...rider,
      unit,
      date,
      from: place(from),
      to: place(to),
      profile: rider.profile ?? shuttle.profile,
      paymentType: rider.paymentType ?? shuttle.paymentType ?? 'cash',
      ...(shuttle.direction === 'to' || shuttle.direction === 'from' ? { direction: shuttle.direction } : {}),
    };
    const check = async (tx: Queryable) => {
      await services.store.lock(tx, `shuttle:${id}:${date}`);
      const taken = (await seatsBooked(services, [id], day, {}, tx)).get(`${id}|${date}`) ?? 0;
      const left = departure.capacity - taken;
      if (rider.seats > left) throw new HttpError(409, ERROR_TEXTS.shuttleFull, { left }, 'shuttleFull');
    };
    return bookReservation(
      services,
      p,
      job,
      { allowDuplicate, allowLimitation: true },
      { fields: { shuttle: id }, check },
    );
  },
};

export const shuttleBookingActs = { shuttledepartures, bookshuttle };
