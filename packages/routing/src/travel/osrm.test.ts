import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OsrmTravelTimes } from './osrm.ts';

const A = { lat: 45.5, lng: -73.6 };
const B = { lat: 45.52, lng: -73.55 };

let server: Server;
let base = '';
const seen: string[] = [];
let mode: 'ok' | 'slow' | 'error' | 'bad' = 'ok';

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (mode === 'slow') {
      setTimeout(() => send(200, { code: 'Ok' }), 500);
      return;
    }
    if (mode === 'error') return send(500, { code: 'InternalError' });
    if (mode === 'bad') return send(200, { code: 'NoTable', message: 'no table' });
    const url = req.url ?? '';
    if (url.startsWith('/table/v1/driving/')) {
      return send(200, {
        code: 'Ok',
        durations: [
          [0, 600],
          [660, 0],
        ],
        distances: [
          [0, 5000],
          [5200, 0],
        ],
      });
    }
    if (url.startsWith('/route/v1/driving/')) {
      return send(200, {
        code: 'Ok',
        routes: [
          {
            distance: 5000,
            duration: 600,
            geometry: {
              coordinates: [
                [-73.6, 45.5],
                [-73.58, 45.51],
                [-73.55, 45.52],
              ],
            },
          },
        ],
      });
    }
    if (url.startsWith('/nearest/v1/driving/'))
      return send(200, { code: 'Ok', waypoints: [{ location: [-73.6001, 45.5002] }] });
    send(404, { code: 'NotFound' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

describe('OsrmTravelTimes against a local OSRM-compatible server', () => {
  it('reads a /table/v1 matrix in minutes and km, lng,lat order in the path', async () => {
    mode = 'ok';
    const osrm = new OsrmTravelTimes({ baseUrl: `${base}/` });
    const m = await osrm.matrix([A, B]);
    expect(m.estimated).toBe(false);
    expect(m.minutes).toEqual([
      [0, 10],
      [11, 0],
    ]);
    expect(m.km[1]?.[0]).toBeCloseTo(5.2);
    expect(seen.at(-1)).toBe(
      '/table/v1/driving/-73.600000,45.500000;-73.550000,45.520000?annotations=duration,distance',
    );
  });

  it('reads /route/v1 geometry and /nearest/v1 snapping', async () => {
    mode = 'ok';
    const osrm = new OsrmTravelTimes({ baseUrl: base });
    const g = await osrm.route([A, B]);
    expect(g).toMatchObject({ km: 5, minutes: 10, estimated: false });
    expect(g.coordinates).toHaveLength(3);
    expect(await osrm.nearest(A)).toEqual({ lng: -73.6001, lat: 45.5002 });
  });

  it.each([
    ['a timeout', 'slow' as const, 'timeout'],
    ['an HTTP error', 'error' as const, 'table: HTTP 500'],
    ['a non-Ok code', 'bad' as const, 'table: NoTable no table'],
  ])('falls back to the estimator on %s and says why', async (_, m, reason) => {
    mode = m;
    const osrm = new OsrmTravelTimes({ baseUrl: base, timeoutMs: 100 });
    const res = await osrm.matrix([A, B]);
    expect(res.estimated).toBe(true);
    expect(res.fallbackReason).toBe(reason);
    expect(res.km[0]?.[1]).toBeGreaterThan(3);
    const g = await osrm.route([A, B]);
    expect(g.estimated).toBe(true);
  });

  it('falls back when nothing listens', async () => {
    const osrm = new OsrmTravelTimes({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    const res = await osrm.matrix([A, B]);
    expect(res.estimated).toBe(true);
    expect(res.fallbackReason).toBeTruthy();
  });
});
