import type { AddressInfo } from 'node:net';
import {
  DEFAULT_TIME_ZONE,
  epochOf,
  type LivePosition,
  localDateTime,
  localDay,
  POSITION_FANOUT_MS,
  positionsOfFrame,
  readFrame,
  TRACK_POINTS,
} from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sweepLate } from '../../live/lateSweep.ts';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let port: number;
let admin: string;
let driverToken: string;
let car: number;
const system = { id: null, name: 'fixtures' };
const today = localDay(DEFAULT_TIME_ZONE);
const DRIVER_PASSWORD = 'Conduire-2026';

/** Signs driver record `id` in through the driver app's login (the drivers screen sets its password). */
async function driverLogin(id: number, email: string): Promise<string> {
  const d = await h.services.store.getById('drivers', id);
  await h.services.store.update('drivers', id, { email, phone: '514-555-0177' }, d?._version as number, system);
  const set = await h.call({ act: 'driverlogin', token: admin, driver: id, password: DRIVER_PASSWORD });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const r = await h.call({ act: 'login', email, password: DRIVER_PASSWORD });
  expect(r.status).toBe(200);
  return r.body.token as string;
}

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  admin = await h.tokenOf('admin');
  car = (await h.services.store.insert('cars', { unit: 1, name: 'Van 1', pax: 6, year: 2024 }, system))._id;
  driverToken = await driverLogin(1, 'driver1@test.local');
});
afterAll(() => h.close());

/** A trip of driver 1 (today at 09:00 unless told) with `n` routed riders, sent to the driver. */
async function sentTrip(n: number, driver = 1, unit = 1, date = `${today} 09:00`) {
  const { store } = h.services;
  const jobs: number[] = [];
  for (let i = 0; i < n; i++)
    jobs.push((await store.insert('jobs', { ...SAMPLES.jobs?.(i, unit), date, status: 'routed' }, system))._id);
  const trip = await store.insert('trips', { unit, status: 'sent', date, stops: jobs, seats: n, driver, car }, system);
  for (const id of jobs) {
    const j = await store.getById('jobs', id);
    await store.update('jobs', id, { trip: trip._id, driver, car }, j?._version as number, system);
  }
  return { id: trip._id, jobs };
}

const drive = (id: number, action: string, more: Record<string, unknown> = {}, token = driverToken) =>
  h.call({ act: 'drivertrip', token, id, action, ...more });

const addOns = async (value: string) => {
  const { data } = await h.services.store.find('settings', { query: { name: 'add-on modules' } }, {});
  const s = data[0];
  if (s) await h.services.store.update('settings', s._id, { value }, s._version, system);
  else await h.services.store.insert('settings', { name: 'add-on modules', value, type: 'String' }, system);
};

describe('the driver app', () => {
  it('is for drivers of a site whose driver app add-on is on', async () => {
    await addOns('490');
    const off = await h.call({ act: 'driverday', token: driverToken });
    expect(off).toMatchObject({ status: 403, body: { error: 'The driver app is not active for your site' } });
    await addOns('490, 500');
    expect((await h.call({ act: 'driverday', token: driverToken })).status).toBe(200);
    const staff = await h.call({ act: 'driverday', token: await h.tokenOf('dispatcher') });
    expect(staff).toMatchObject({ status: 403, body: { error: 'Only drivers sign in to the driver app' } });
    // the driver has no console rights
    expect((await h.call({ act: 'find', col: 'trips', token: driverToken, query: {} })).status).toBe(403);
  });

  it("lists the driver's trips of today with their riders in stop order, and no one else's", async () => {
    const mine = await sentTrip(2);
    const other = await sentTrip(1, 2, 2);
    const day = await h.call({ act: 'driverday', token: driverToken });
    expect(day.status).toBe(200);
    const trips = day.body.trips as { _id: number; riders: { _id: number; name: string }[] }[];
    expect(trips.map((t) => t._id)).toContain(mine.id);
    expect(trips.map((t) => t._id)).not.toContain(other.id);
    expect(trips.find((t) => t._id === mine.id)?.riders.map((r) => r._id)).toEqual(mine.jobs);
    expect(day.body).toMatchObject({ day: today, driver: { _id: 1, driverStatus: 'offline' } });
    // another driver's trip is not found for this one
    expect((await drive(other.id, 'approve')).status).toBe(404);
  });

  it("reaches past midnight in the evening: at 22:30 the night's 00:30 trip is listed, the next morning's is not", async () => {
    // 22:30 on the site's clock, the last one before now (so the driver's token holds)
    let at = epochOf(DEFAULT_TIME_ZONE, `${today} 22:30`);
    if (at > Date.now()) at = epochOf(DEFAULT_TIME_ZONE, `${localDay(DEFAULT_TIME_ZONE, at - 86_400_000)} 22:30`);
    const next = localDay(DEFAULT_TIME_ZONE, at + 3 * 3_600_000);
    const night = await sentTrip(1, 1, 1, `${next} 00:30`);
    const morning = await sentTrip(1, 1, 1, `${next} 07:00`);
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    try {
      const day = await h.call({ act: 'driverday', token: driverToken });
      expect(day.status).toBe(200);
      expect(day.body.day).toBe(localDay(DEFAULT_TIME_ZONE, at));
      const ids = (day.body.trips as { _id: number }[]).map((t) => t._id);
      expect(ids).toContain(night.id);
      expect(ids).not.toContain(morning.id);
    } finally {
      vi.useRealTimers();
    }
    for (const id of [night.id, morning.id]) {
      const t = await h.services.store.getById('trips', id);
      await h.services.store.update('trips', id, { status: 'canceled' }, t?._version as number, system);
    }
  });

  it('works a trip through the console’s rules: approve, start, pick up, no show, drop off, end', async () => {
    const { id, jobs } = await sentTrip(2);
    const [a, b] = jobs as [number, number];
    expect((await drive(id, 'start')).status).toBe(409); // not approved yet
    expect((await drive(id, 'approve')).body).toMatchObject({ status: 'approved' });
    expect((await drive(id, 'start')).body).toMatchObject({ status: 'in route' });
    const pickedAt = Date.now() - 5 * 60_000;
    expect((await drive(id, 'pickup', { job: a, at: pickedAt })).body).toMatchObject({ status: 'picking up' });
    expect((await drive(id, 'end')).status).toBe(409); // riders not dropped
    expect((await drive(id, 'noshow', { job: b })).status).toBe(200);
    expect((await drive(id, 'dropoff', { job: a })).status).toBe(200);
    expect((await drive(id, 'end')).body).toMatchObject({ status: 'done' });
    const rider = await h.services.store.getById('jobs', a);
    // the pick-up's time is when the driver took it (queued offline), in the site's zone
    expect(rider).toMatchObject({ status: 'dropped', pickedAt: localDateTime(DEFAULT_TIME_ZONE, pickedAt) });
    expect(await h.services.store.getById('jobs', b)).toMatchObject({ status: 'noshow' });
    const history = await h.call({ act: 'find', col: 'history', token: admin, query: { collection: 'trips', id } });
    expect((history.body.data as { userName?: string; user_name?: string }[]).length).toBeGreaterThanOrEqual(5);
  });

  it('replays actions queued offline in order, and refuses the one the trip no longer takes', async () => {
    const { id, jobs } = await sentTrip(1);
    const [a] = jobs as [number];
    const queue = [
      { action: 'approve' },
      { action: 'start' },
      { action: 'pickup', job: a },
      { action: 'pickup', job: a }, // tapped twice: no change
      { action: 'noshow', job: a }, // aboard already: refused
      { action: 'dropoff', job: a },
      { action: 'end' },
    ];
    const statuses: number[] = [];
    for (const q of queue) statuses.push((await drive(id, q.action, q.job ? { job: q.job } : {})).status);
    expect(statuses).toEqual([200, 200, 200, 200, 409, 200, 200]);
    expect(await h.services.store.getById('trips', id)).toMatchObject({ status: 'done' });
  });

  it('answers dispatch', async () => {
    const { id } = await sentTrip(1);
    const dispatcher = await h.tokenOf('dispatcher');
    const t = await h.services.store.getById('trips', id);
    await h.call({
      act: 'tripaction',
      token: dispatcher,
      id,
      _version: t?._version,
      action: 'message',
      text: 'Gate B',
    });
    expect((await drive(id, 'reply', {})).status).toBe(400);
    const r = await drive(id, 'reply', { text: 'On my way' });
    expect(r.body.messages).toMatchObject([
      { from: 'dispatch', text: 'Gate B' },
      { from: 'driver', driver: 1, text: 'On my way' },
    ]);
  });

  it('goes online, on a break and offline itself', async () => {
    const self = (action: string) => h.call({ act: 'driverself', token: driverToken, action });
    expect((await self('online')).body).toEqual({ driverStatus: 'online' });
    expect((await self('online')).status).toBe(409);
    expect((await self('break')).body).toEqual({ driverStatus: 'break' });
    expect((await self('release')).body).toEqual({ driverStatus: 'online' });
    expect(await h.services.store.getById('drivers', 1)).toMatchObject({ driverStatus: 'online' });
  });
});

const position = (over: Record<string, unknown> = {}) => ({
  act: 'driverposition',
  token: driverToken,
  lat: 45.5,
  lon: -73.56,
  heading: 90,
  speed: 10,
  accuracy: 5,
  time: Date.now(),
  ...over,
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens /socket and collects its messages. */
async function listen(token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/socket?token=${encodeURIComponent(token)}`);
  const messages: Record<string, unknown>[] = [];
  // positions come as binary frames (docs/protocol.md), everything else as JSON text
  // each position heard, with when its frame arrived
  const positions: { p: LivePosition; at: number }[] = [];
  ws.on('message', (m, binary) => {
    if (binary) {
      const at = Date.now();
      for (const p of positionsOfFrame(readFrame(m as Buffer))) positions.push({ p, at });
    } else messages.push(JSON.parse(String(m)));
  });
  await new Promise<void>((resolve) => ws.on('message', () => resolve()));
  return {
    ws,
    positions: () => positions,
    changes: () => messages.filter((m) => m.type === 'change'),
  };
}

describe("the driver app's socket", () => {
  it('hears the changes of its own trips, their reservations and its record, and nothing else', async () => {
    const phone = await listen(driverToken);
    const other = (await h.services.store.insert('drivers', { ...SAMPLES.drivers?.(60, 1) }, system))._id;
    const mine = await sentTrip(1);
    const theirs = await sentTrip(1, other);
    await pause(300);
    const heard = () => phone.changes().map((m) => `${m.col}:${m.id}`);
    // its trip given to it and its rider (the trip's other fields follow in the same write)
    expect(heard()).toContain(`trips:${mine.id}`);
    expect(heard()).toContain(`jobs:${mine.jobs[0]}`);
    expect(heard()).not.toContain(`trips:${theirs.id}`);
    expect(heard()).not.toContain(`jobs:${theirs.jobs[0]}`);
    // a dispatcher's message to the driver reaches the phone as a change of its trip
    const before = phone.changes().length;
    const dispatcher = await h.tokenOf('dispatcher');
    const t = await h.services.store.getById('trips', mine.id);
    const sent = await h.call({
      act: 'tripaction',
      token: dispatcher,
      id: mine.id,
      _version: t?._version,
      action: 'message',
      text: 'Gate B',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await pause(300);
    expect(phone.changes().slice(before)).toEqual([
      { type: 'change', col: 'trips', op: 'update', id: mine.id, unit: 1 },
    ]);
    // taken off the trip, it hears that too (the driver before the change); then no more of it
    const now = await h.services.store.getById('trips', mine.id);
    await h.services.store.update('trips', mine.id, { driver: other }, now?._version as number, system);
    await pause(300);
    expect(phone.changes().at(-1)).toMatchObject({ col: 'trips', id: mine.id });
    const count = phone.changes().length;
    const later = await h.services.store.getById('trips', mine.id);
    await h.services.store.update('trips', mine.id, { line: 'L9' }, later?._version as number, system);
    await pause(300);
    expect(phone.changes()).toHaveLength(count);
    phone.ws.close();
  });
});

describe('positions', () => {
  it('checks each position: coordinates in range, a time, not ahead of the clock', async () => {
    expect((await h.call(position({ lat: 91 }))).status).toBe(400);
    expect((await h.call(position({ lon: -181 }))).status).toBe(400);
    expect((await h.call(position({ time: 'now' }))).status).toBe(400);
    const ahead = await h.call(position({ time: Date.now() + 60_000 }));
    expect(ahead).toMatchObject({ status: 400, body: { error: 'The position’s time is ahead of the server’s clock' } });
    // only the driver sends its position
    expect((await h.call(position({ token: await h.tokenOf('dispatcher') }))).status).toBe(403);
  });

  it('keeps the last one per driver, throttled, never an older one, and a bounded track per trip', async () => {
    const { id } = await sentTrip(1);
    const t0 = Date.now() - 10_000;
    expect((await h.call(position({ time: t0, trip: id }))).body).toEqual({ stored: true });
    // too soon after the last: not kept
    expect((await h.call(position({ time: t0 + 100, trip: id, lat: 45.6 }))).body).toEqual({ stored: false });
    await pause(550);
    // older than the last: not kept
    expect((await h.call(position({ time: t0 - 1000, trip: id }))).body).toEqual({ stored: false });
    expect((await h.call(position({ time: t0 + 2000, trip: id, lat: 45.51 }))).body).toEqual({ stored: true });
    const dispatcher = await h.tokenOf('dispatcher');
    const live = await h.call({ act: 'livepositions', token: dispatcher });
    expect(live.body.data).toEqual([
      expect.objectContaining({ driver: 1, lat: 45.51, lon: -73.56, time: t0 + 2000, trip: id, unit: 1 }),
    ]);
    const track = await h.call({ act: 'triptrack', token: dispatcher, trip: id });
    expect(track.body.points).toEqual([
      [45.5, -73.56, t0],
      [45.51, -73.56, t0 + 2000],
    ]);
    // another site's console sees none of them; a trip of another site is not its to read
    expect((await h.call({ act: 'livepositions', token: await h.tokenOf('dispatcher', 2) })).body.data).toEqual([]);
    expect((await h.call({ act: 'livepositions', token: dispatcher, unit: 2 })).status).toBe(403);
    expect((await h.call({ act: 'triptrack', token: await h.tokenOf('dispatcher', 2), trip: id })).status).toBe(404);
    // the track keeps the last TRACK_POINTS points
    await h.services.db.query(
      `UPDATE trip_tracks SET points = (SELECT jsonb_agg(jsonb_build_array(45.5, -73.5, n)) FROM generate_series(1, $2) n) WHERE trip = $1`,
      [id, TRACK_POINTS],
    );
    await h.services.db.query("UPDATE driver_positions SET received_at = received_at - interval '1 minute'");
    expect((await h.call(position({ time: Date.now(), trip: id }))).body).toEqual({ stored: true });
    const points = (await h.call({ act: 'triptrack', token: dispatcher, trip: id })).body.points as number[][];
    expect(points).toHaveLength(TRACK_POINTS);
    expect(points[0]?.[2]).toBe(2);
  });

  it("reach the consoles of the driver's site only, at most once a second per driver, the latest last", async () => {
    const site1 = await listen(await h.tokenOf('dispatcher'));
    const site2 = await listen(await h.tokenOf('dispatcher', 2));
    const agent = await listen(await h.tokenOf('agent'));
    // the last test's positions have gone out
    await pause(2100);
    const start = Date.now();
    const sent: number[] = [];
    for (let k = 0; k < 6; k++) {
      const time = start + k;
      await h.services.db.query("UPDATE driver_positions SET received_at = received_at - interval '1 second'");
      if ((await h.call(position({ time, lat: 45.5 + k / 1000 }))).body.stored) sent.push(time);
      await pause(150);
    }
    const took = Date.now() - start;
    expect(sent).toHaveLength(6);
    await pause(1300);
    const heard = site1.positions().filter(({ p }) => p.time >= start);
    const times = heard.map(({ p }) => p.time);
    // the first at once, none reordered, the latest last, and about a second between two
    expect(times[0]).toBe(sent[0]);
    expect(times.at(-1)).toBe(sent[5]);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    for (let k = 1; k < heard.length; k++)
      expect((heard[k]?.at ?? 0) - (heard[k - 1]?.at ?? 0)).toBeGreaterThanOrEqual(POSITION_FANOUT_MS - 250);
    // six positions in under a second: the first, then the latest of the rest a second later (a
    // machine too busy to send them within the second hears one more, a second after)
    if (took < POSITION_FANOUT_MS) expect(times).toEqual([sent[0], sent[5]]);
    expect(heard.at(-1)?.p).toMatchObject({ driver: 1, lat: 45.505, unit: 1 });
    expect(heard.at(-1)?.p).not.toHaveProperty('suppliers');
    expect(site2.positions()).toEqual([]);
    expect(agent.positions()).toEqual([]); // no live map
    for (const c of [site1, site2, agent]) c.ws.close();
  });
});

describe('a trip as it runs (live map)', () => {
  it("gives the stops left with ETAs from the vehicle's position (add-on 560), late ones flagged", async () => {
    const { store } = h.services;
    const { id, jobs } = await sentTrip(2);
    const [a, b] = jobs as [number, number];
    const at = (minutes: number) => localDateTime(DEFAULT_TIME_ZONE, Date.now() + minutes * 60_000);
    // a waits in two hours; b waited since two hours ago: past its window (30 minutes late at most)
    for (const [job, date] of [
      [a, at(120)],
      [b, at(-120)],
    ] as const) {
      const j = await store.getById('jobs', job);
      await store.update('jobs', job, { date }, j?._version as number, system);
    }
    const t = await store.getById('trips', id);
    const plan = [
      { kind: 'pickup', jobs: [a], at: at(120) },
      { kind: 'pickup', jobs: [b], at: at(130) },
      { kind: 'dropoff', jobs: [a, b], at: at(170) },
    ];
    await store.update('trips', id, { plan }, t?._version as number, system);
    await drive(id, 'approve');
    await drive(id, 'start');
    await h.services.db.query("UPDATE driver_positions SET received_at = received_at - interval '1 minute'");
    expect((await h.call(position({ time: Date.now(), trip: id, lat: 45.49, lon: -73.58 }))).body).toEqual({
      stored: true,
    });
    const dispatcher = await h.tokenOf('dispatcher');
    await addOns('500');
    const plain = await h.call({ act: 'triplive', token: dispatcher, trip: id });
    expect(plain.body).toMatchObject({ eta: false, position: { driver: 1, lat: 45.49 } });
    expect((plain.body.stops as { eta: unknown }[]).map((s) => s.eta)).toEqual([null, null, null, null]);
    await addOns('500, 560');
    const live = await h.call({ act: 'triplive', token: dispatcher, trip: id });
    const stops = live.body.stops as { kind: string; job: number; eta: string; late: boolean }[];
    expect(stops.map((s) => [s.kind, s.job])).toEqual([
      ['pickup', a],
      ['pickup', b],
      ['dropoff', a],
      ['dropoff', b],
    ]);
    expect(stops.every((s) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(s.eta))).toBe(true);
    expect(stops.map((s) => s.late)).toEqual([false, true, false, false]);
    // ETAs follow the stops in order
    expect([...stops.map((s) => s.eta)].sort()).toEqual(stops.map((s) => s.eta));
    // no route server: the way ahead is straight legs from the vehicle through the stops
    expect(live.body.route).toMatchObject({ estimated: true, server: false });
    expect((live.body.route as { coordinates: number[][] }).coordinates[0]).toEqual([-73.58, 45.49]);
    expect((await h.call({ act: 'triplive', token: await h.tokenOf('dispatcher', 2), trip: id })).status).toBe(404);

    // the live map's "All routes": every running trip's way ahead, of the caller's site only
    const all = await h.call({ act: 'liveroutes', token: dispatcher });
    const routes = all.body.routes as { trip: number; driver: number; coordinates: number[][]; estimated: boolean }[];
    expect(routes.find((r) => r.trip === id)).toMatchObject({ driver: 1, estimated: true });
    expect(routes.find((r) => r.trip === id)?.coordinates[0]).toEqual([-73.58, 45.49]);
    const elsewhere = await h.call({ act: 'liveroutes', token: await h.tokenOf('dispatcher', 2) });
    expect((elsewhere.body.routes as { trip: number }[]).map((r) => r.trip)).not.toContain(id);
    expect((await h.call({ act: 'liveroutes', token: dispatcher, unit: 2 })).status).toBe(403);
    expect((await h.call({ act: 'liveroutes', token: await h.tokenOf('agent') })).status).toBe(403);

    // the driver app shows the same ETAs on the running trip
    const day = await h.call({ act: 'driverday', token: driverToken });
    const mine = (day.body.trips as { _id: number; live: { stops: typeof stops } | null }[]).find((x) => x._id === id);
    expect(mine?.live?.stops.map((s) => [s.job, s.late])).toEqual(stops.map((s) => [s.job, s.late]));

    // the late sweep flags the trip with the reservation it reaches late, once, as ETA in its history
    expect(await sweepLate(h.services)).toContain(id);
    const flagged = await store.getById('trips', id);
    expect(flagged?.late).toEqual([b]);
    await sweepLate(h.services);
    expect((await store.getById('trips', id))?._version).toBe(flagged?._version);
    const changes = await h.call({ act: 'find', col: 'history', token: admin, query: { collection: 'trips', id } });
    expect((changes.body.data as { user: string }[]).filter((c) => c.user === 'ETA')).toHaveLength(1);
    // the trip list shows it (an alert column) and a dispatcher of the site reads it
    const list = await h.call({ act: 'find', col: 'trips', token: dispatcher, query: { _id: id } });
    expect((list.body.data as { late?: number[] }[])[0]?.late).toEqual([b]);

    // once the trip has ended, the flag goes
    await drive(id, 'pickup', { job: a });
    await drive(id, 'noshow', { job: b });
    await drive(id, 'dropoff', { job: a });
    expect((await drive(id, 'end')).status).toBe(200);
    expect(await sweepLate(h.services)).not.toContain(id);
    expect((await store.getById('trips', id))?.late ?? null).toBeNull();
  });
});
