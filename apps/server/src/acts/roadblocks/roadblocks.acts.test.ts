import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_TIME_ZONE, localDay } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let dispatcher: string;
let routeServer: Server;
let host: string;
const asked: { method: string; url: string }[] = [];
const system = { id: null, name: 'fixtures' };

/** A route server answering /nearest/v1 as OSRM does: the road 0.001° south of the click; "NoSegment" far out at sea. */
function startRouteServer(): Promise<void> {
  routeServer = createServer((req, res) => {
    asked.push({ method: req.method ?? '', url: req.url ?? '' });
    // the road between two points goes north first, through (45.6, -73.6)
    const r = /^\/route\/v1\/driving\/([^?]+)/.exec(req.url ?? '');
    if (r) {
      const points = (r[1] ?? '').split(';').map((p) => p.split(',').map(Number));
      const coordinates = points.flatMap((p, i) => (i === 0 ? [p] : [[-73.6, 45.6], p]));
      res.setHeader('content-type', 'application/json');
      return res.end(
        JSON.stringify({ code: 'Ok', routes: [{ distance: 30_000, duration: 1800, geometry: { coordinates } }] }),
      );
    }
    const m = /^\/nearest\/v1\/driving\/(-?[\d.]+),(-?[\d.]+)/.exec(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (!m) return res.end(JSON.stringify({ code: 'InvalidUrl' }));
    const [lon, lat] = [Number(m[1]), Number(m[2])];
    if (lon < -80) return res.end(JSON.stringify({ code: 'NoSegment', message: 'Could not find a matching segment' }));
    if (lon < -75) return res.end(JSON.stringify({ code: 'Ok', waypoints: [] }));
    res.end(
      JSON.stringify({ code: 'Ok', waypoints: [{ name: 'Rue Sainte-Catherine', location: [lon, lat - 0.001] }] }),
    );
  });
  return new Promise((resolve) => routeServer.listen(0, '127.0.0.1', () => resolve()));
}

const setRouteServer = async (value: string) => {
  const { data } = await h.services.store.find('settings', { query: { name: 'map route server' } }, {});
  const s = data[0];
  if (s) await h.services.store.update('settings', s._id, { value }, s._version, system);
  else await h.services.store.insert('settings', { name: 'map route server', value, type: 'String' }, system);
};

beforeAll(async () => {
  h = await startHarness();
  dispatcher = await h.tokenOf('dispatcher');
  await startRouteServer();
  host = `http://127.0.0.1:${(routeServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  routeServer.close();
  await h.close();
});

describe('road blocks', () => {
  it('snaps a click to the nearest road through the route server, else keeps it as clicked and says why', async () => {
    const near = (lat: number, lon: number) => h.call({ act: 'nearestroad', token: dispatcher, lat, lon });
    expect((await near(45.5, -73.56)).body).toEqual({
      lat: 45.5,
      lon: -73.56,
      name: '',
      snapped: false,
      server: false,
    });
    await setRouteServer(host);
    expect((await near(45.5, -73.56)).body).toEqual({
      lat: 45.499,
      lon: -73.56,
      name: 'Rue Sainte-Catherine',
      snapped: true,
      server: true,
    });
    expect(asked.at(-1)).toEqual({ method: 'POST', url: '/nearest/v1/driving/-73.560000,45.500000?number=1' });
    // not Ok, or Ok without a waypoint: nothing to add
    expect((await near(45.5, -85)).body).toMatchObject({ snapped: false, server: true });
    expect((await near(45.5, -76)).body).toMatchObject({ snapped: false, server: true });
    expect((await near(95, -73)).status).toBe(400);
    // a route server that does not answer: not snapped either
    await setRouteServer('http://127.0.0.1:9');
    expect((await near(45.5, -73.56)).body).toMatchObject({ snapped: false, server: true });
    await setRouteServer('');
  });

  it('saves new and removed blocks in one call, and flags the trips whose way passes one', async () => {
    const { store } = h.services;
    const today = localDay(DEFAULT_TIME_ZONE);
    // a rider from (45.5, -73.56) to (45.47, -73.74): the block at its midpoint is on the way
    const job = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(0, 1), date: `${today} 10:00`, status: 'routed' },
      system,
    );
    const trip = await store.insert(
      'trips',
      { unit: 1, status: 'new', date: `${today} 10:00`, stops: [job._id], seats: 1 },
      system,
    );
    const old = await store.insert('roadblocks', { unit: 1, name: 'Old block', lat: 46, lon: -72 }, system);
    const save = (create: unknown[], del: number[], token = dispatcher) =>
      h.call({ act: 'saveroadblocks', token, create, delete: del });
    const saved = await save([{ lat: 45.485, lon: -73.65, name: 'Boulevard Décarie' }], [old._id]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ deleted: 1, flagged: [trip._id] });
    const [made] = saved.body.created as number[];
    expect(await store.getById('roadblocks', old._id)).toBeUndefined();
    expect(await store.getById('roadblocks', made as number)).toMatchObject({ unit: 1, name: 'Boulevard Décarie' });
    expect(await store.getById('trips', trip._id)).toMatchObject({ blocked: [made] });
    // the block lifted: the rebuild clears the flag
    expect((await save([], [made as number])).body).toMatchObject({ deleted: 1, flagged: [] });
    expect((await store.getById('trips', trip._id))?.blocked).toBeNull();
    expect((await h.call({ act: 'rebuildroadblocks', token: dispatcher })).body).toEqual({ blocks: 0, flagged: [] });
    // with a route server, the way by road: a block off the straight line but on the road is passed
    const offLine = await save([{ lat: 45.6, lon: -73.6, name: 'North' }], []);
    expect(offLine.body).toMatchObject({ flagged: [] });
    await setRouteServer(host);
    const byRoad = await h.call({ act: 'rebuildroadblocks', token: dispatcher });
    expect(byRoad.body).toEqual({ blocks: 1, flagged: [trip._id] });
    expect(asked.some((a) => a.url.startsWith('/route/v1/driving/'))).toBe(true);
    await setRouteServer('');
    await save([], offLine.body.created as number[]);
    // a bad point refuses the whole call; another site's block is not the caller's to delete
    const other = await store.insert('roadblocks', { unit: 2, name: 'Laval', lat: 45.55, lon: -73.7 }, system);
    expect((await save([{ lat: 91, lon: 0, name: 'x' }], [])).status).toBe(400);
    expect((await save([], [other._id])).body).toMatchObject({ deleted: 0 });
    expect(await store.getById('roadblocks', other._id)).toBeDefined();
    // the live map's module is needed
    expect((await save([], [], await h.tokenOf('agent'))).status).toBe(403);
  });
});
