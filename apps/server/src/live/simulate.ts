import { setTimeout as wait } from 'node:timers/promises';
import {
  type DriverDay,
  epochOf,
  haversineMetres,
  type LivePosition,
  type PlanStop,
  type StoredDoc,
  tripStops,
} from '@tc/domain';

/**
 * The demo's drivers at work (`npm run simulate`, or SIMULATE=1 with `npm start`; docs/live.md):
 * each driver of today's assigned trips signs in to the driver app's acts with its demo login,
 * goes online, accepts, starts, drives along its stops (a position a second), picks up, drops off
 * and ends, through the same acts and rules as a phone. As the dispatcher, it sends the assigned
 * trips that start within the next half hour, as a dispatcher would.
 */
export interface SimulationOptions {
  /** The server's address (http://localhost:8080). */
  url: string;
  /** How much faster than real time vehicles drive (default 10). */
  speed?: number;
  /** The demo logins' password. */
  password?: string;
  /** Who sends the trips, as a dispatcher (default the demo's dispatcher@demo.local). */
  dispatcher?: string;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

const KMH = 40;
const TICK_MS = 1000;
const SEND_AHEAD_MS = 30 * 60_000;

type Point = { lat: number; lon: number };

class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function post<T>(url: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const answer = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new Refused(answer.error ?? `HTTP ${res.status}`, res.status);
  return answer as T;
}

const sleep = (ms: number, signal?: AbortSignal) => wait(ms, undefined, { signal }).catch(() => undefined);

function headingOf(a: Point, b: Point): number {
  const deg = (Math.atan2(b.lon - a.lon, b.lat - a.lat) * 180) / Math.PI;
  return (deg + 360) % 360;
}

export async function runSimulation(opts: SimulationOptions): Promise<void> {
  const { url, signal } = opts;
  const speed = opts.speed ?? 10;
  const password = opts.password ?? 'Demo1234!';
  const log = opts.log ?? ((line: string) => console.log(line));
  const signIn = (email: string) =>
    post<{ token: string; user: { timeZone?: string } }>(url, { act: 'login', email, password });
  const login = async (email: string) => (await signIn(email)).token;
  const desk = await signIn(opts.dispatcher ?? 'dispatcher@demo.local');
  const dispatcher = desk.token;
  const zone = desk.user.timeZone ?? 'America/Toronto';
  const running = new Map<number, Promise<void>>();

  /** One driver's work: its trips of today, one after another. */
  const drive = async (driver: number, start: Point | undefined) => {
    // a driver signs in with its record's email (the demo's first driver as driver@demo.local)
    const { data: records } = await post<{ data: StoredDoc[] }>(url, {
      act: 'find',
      token: dispatcher,
      col: 'drivers',
      query: { _id: driver },
      project: { email: 1 },
    });
    let token: string;
    try {
      token = await login(String(records[0]?.email ?? ''));
    } catch {
      token = await login('driver@demo.local');
    }
    const call = <T>(act: string, body: Record<string, unknown> = {}) => post<T>(url, { act, token, ...body });
    let day = await call<DriverDay>('driverday');
    if (day.driver._id !== driver) return;
    let at: Point | undefined = start;
    if (day.driver.driverStatus === 'offline') await call('driverself', { action: 'online' }).catch(() => undefined);
    while (!signal?.aborted) {
      day = await call<DriverDay>('driverday');
      // the running trip, else the next one due within the half hour
      const trip =
        day.trips.find((t) => t.status === 'in route' || t.status === 'picking up') ??
        day.trips.find(
          (t) =>
            (t.status === 'approved' || t.status === 'sent') &&
            epochOf(zone, String(t.date)) - Date.now() < SEND_AHEAD_MS,
        );
      if (!trip) return;
      log(`driver ${day.driver.name} takes trip ${trip._id}`);
      if (trip.status === 'sent') await call('drivertrip', { id: trip._id, action: 'approve' });
      if (trip.status === 'sent' || trip.status === 'approved')
        await call('drivertrip', { id: trip._id, action: 'start' });
      const riders = new Map(trip.riders.map((r) => [r._id, r]));
      const order = tripStops((trip.plan as PlanStop[] | undefined) ?? [], [...riders.keys()]);
      const stops = order.flatMap((s) => {
        const r = riders.get(s.job);
        const place = s.kind === 'dropoff' ? r?.toPoint : r?.fromPoint;
        return r && place ? [{ kind: s.kind, rider: r, place }] : [];
      });
      for (const stop of stops) {
        if (signal?.aborted) return;
        const r = stop.rider;
        if (stop.kind === 'pickup' ? r.status !== 'routed' : r.status === 'dropped' || r.status === 'noshow') continue;
        at = await moveTo(at ?? stop.place, stop.place, trip._id, call, speed, signal);
        const action = stop.kind === 'pickup' ? 'pickup' : 'dropoff';
        await call('drivertrip', { id: trip._id, action, job: r._id }).catch((err: Error) =>
          log(`driver ${day.driver.name}: ${action} of ${r.name} refused: ${err.message}`),
        );
        r.status = action === 'pickup' ? 'picked' : 'dropped';
      }
      await call('drivertrip', { id: trip._id, action: 'end', dropAll: true }).catch((err: Error) =>
        log(`driver ${day.driver.name}: end of trip ${trip._id} refused: ${err.message}`),
      );
      log(`driver ${day.driver.name} ended trip ${trip._id}`);
    }
  };

  log(`simulating the demo's drivers on ${url} (${speed}× real time)`);
  while (!signal?.aborted) {
    try {
      const { data: trips } = await post<{ data: StoredDoc[] }>(url, {
        act: 'find',
        token: dispatcher,
        col: 'trips',
        query: { unit: 1, status: { $in: ['new', 'sent', 'approved', 'in route', 'picking up'] } },
        project: { status: 1, driver: 1, date: 1 },
        sort: { date: 1 },
        limit: 500,
      });
      const { data: positions } = await post<{ data: LivePosition[] }>(url, {
        act: 'livepositions',
        token: dispatcher,
        unit: 1,
      });
      const where = new Map(positions.map((p) => [p.driver, { lat: p.lat, lon: p.lon }]));
      for (const trip of trips) {
        if (typeof trip.driver !== 'number') continue;
        // the dispatcher sends what is due soon; its driver takes it at once
        let status = trip.status;
        if (status === 'new' && epochOf(zone, String(trip.date)) - Date.now() < SEND_AHEAD_MS)
          await post(url, {
            act: 'tripaction',
            token: dispatcher,
            id: trip._id,
            _version: trip._version,
            action: 'send',
          }).then(
            () => {
              status = 'sent';
            },
            () => undefined,
          );
        if (status === 'new' || running.has(trip.driver)) continue;
        const driver = trip.driver;
        running.set(
          driver,
          drive(driver, where.get(driver))
            .catch((err: Error) => log(`driver ${driver}: ${err.message}`))
            .finally(() => running.delete(driver)),
        );
      }
    } catch (err) {
      log(`simulation: ${(err as Error).message}`);
    }
    await sleep(30_000, signal);
  }
  await Promise.all(running.values());
}

/** Drives from `from` to `to` in straight steps, a position each second; answers where it arrived. */
async function moveTo(
  from: Point,
  to: Point,
  trip: number,
  call: (act: string, body: Record<string, unknown>) => Promise<unknown>,
  speed: number,
  signal?: AbortSignal,
): Promise<Point> {
  const distance = haversineMetres(from, to) / 1000;
  const stepKm = ((KMH * speed) / 3600) * (TICK_MS / 1000);
  const steps = Math.max(1, Math.ceil(distance / stepKm));
  const heading = headingOf(from, to);
  for (let k = 1; k <= steps && !signal?.aborted; k++) {
    const f = k / steps;
    const p = { lat: from.lat + (to.lat - from.lat) * f, lon: from.lon + (to.lon - from.lon) * f };
    await call('driverposition', {
      lat: p.lat,
      lon: p.lon,
      heading,
      // the vehicle's own speed: the demo's clock runs `speed` times faster, its speedometer does not
      speed: KMH / 3.6,
      accuracy: 10,
      time: Date.now(),
      trip,
    }).catch(() => undefined);
    await sleep(TICK_MS, signal);
  }
  return to;
}
