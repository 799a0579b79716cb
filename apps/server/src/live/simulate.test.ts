import type { AddressInfo } from 'node:net';
import { DEFAULT_TIME_ZONE, localDateTime } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { positionOf, trackOf } from '../store/positions.store.ts';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';
import { runSimulation } from './simulate.ts';

let h: Harness;
let url: string;
const system = { id: null, name: 'fixtures' };

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  await h.services.store.insert('settings', { name: 'add-on modules', value: '500', type: 'String' }, system);
});
afterAll(() => h.close());

describe('npm run simulate', () => {
  it("drives an assigned trip through the driver app's acts: sent, accepted, started, moved, picked, dropped, ended (done)", async () => {
    const { store } = h.services;
    const admin = await h.tokenOf('admin');
    await h.tokenOf('dispatcher');
    // a driver of site 1 with a driver-app login (the password the simulation signs in with)
    const driver = (await store.insert('drivers', { ...SAMPLES.drivers?.(50, 1), email: 'sim@test.local' }, system))
      ._id;
    const set = await h.call({ act: 'driverlogin', token: admin, driver, password: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // a trip due in five minutes, assigned, with two riders, not yet sent
    const date = localDateTime(DEFAULT_TIME_ZONE, Date.now() + 5 * 60_000);
    const jobs: number[] = [];
    for (const i of [0, 1])
      jobs.push((await store.insert('jobs', { ...SAMPLES.jobs?.(i, 1), date, status: 'routed' }, system))._id);
    const [a, b] = jobs as [number, number];
    const plan = [
      { kind: 'pickup', jobs: [a], at: date },
      { kind: 'pickup', jobs: [b], at: date },
      { kind: 'dropoff', jobs: [a, b], at: date },
    ];
    const trip = (
      await store.insert('trips', { unit: 1, status: 'new', date, stops: jobs, seats: 2, driver, plan }, system)
    )._id;
    for (const id of jobs) {
      const j = await store.getById('jobs', id);
      await store.update('jobs', id, { trip, driver }, j?._version as number, system);
    }

    const stop = new AbortController();
    const lines: string[] = [];
    // fast enough that each leg is one step of a second
    const run = runSimulation({
      url,
      speed: 3600,
      password: PASSWORD,
      dispatcher: 'dispatcher@test.local',
      signal: stop.signal,
      log: (line) => lines.push(line),
    });
    await expect
      .poll(async () => (await store.getById('trips', trip))?.status, { timeout: 30_000, interval: 250 })
      .toBe('done');
    stop.abort();
    await run;

    const riders = await Promise.all(jobs.map((id) => store.getById('jobs', id)));
    expect(riders.map((j) => j?.status)).toEqual(['dropped', 'dropped']);
    expect(riders.every((j) => typeof j?.pickedAt === 'string' && typeof j?.droppedAt === 'string')).toBe(true);
    // the driver went online and reported where it drove, on the trip's track
    expect((await store.getById('drivers', driver))?.driverStatus).not.toBe('offline');
    expect((await trackOf(h.services.db, trip)).length).toBeGreaterThan(0);
    // at its own speed (40 km/h), not the demo clock's 3,600 times that
    expect((await positionOf(h.services.db, driver))?.speed).toBeCloseTo(40 / 3.6, 6);
    expect(lines).toContain(
      `driver ${SAMPLES.drivers?.(50, 1).firstName} ${SAMPLES.drivers?.(50, 1).lastName} ended trip ${trip}`,
    );
  }, 60_000);
});
