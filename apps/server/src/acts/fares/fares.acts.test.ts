import { FORBIDDEN_MESSAGE } from '@tc/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_PASSWORD, loadDemo } from '../../seed/demo.load.ts';
import { ensureCatalog } from '../../store/catalog.ts';
import { CollectionStore } from '../../store/collection.store.ts';
import { testConfig } from '../../test/config.ts';
import { freshDatabase } from '../../test/fresh-db.ts';

let app: FastifyInstance;
let drop: () => Promise<void>;
let store: CollectionStore;
const call = async (body: Record<string, unknown>) => {
  const r = await app.inject({ method: 'POST', url: '/', payload: body });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};
const tokenOf = async (role: string) =>
  (await call({ act: 'login', email: `${role}@demo.local`, password: DEMO_PASSWORD })).body.token as string;

let yul: { lat: number; lon: number };
let central: { lat: number; lon: number };

beforeAll(async () => {
  const fresh = await freshDatabase();
  drop = fresh.drop;
  store = new CollectionStore(fresh.db);
  await ensureCatalog(store);
  await loadDemo(store, { jobs: 0 });
  ({ app } = await buildApp({ db: fresh.db, config: testConfig() }));
  const rate = (await store.find('rates', { query: { code: 'YUL-GARECENTRALE-SED' } })).data[0] as unknown as {
    from: { id: number };
    to: { id: number };
  };
  const place = async (id: number) => (await store.getById('locations', id)) as unknown as { lat: number; lon: number };
  yul = await place(rate.from.id);
  central = await place(rate.to.id);
});
afterAll(async () => {
  await app.close();
  await drop();
});

const job = (extra: Record<string, unknown> = {}) => ({
  unit: 1,
  from: yul,
  to: central,
  date: '2026-11-24 10:00',
  seats: 1,
  ...extra,
});

describe('getjobfares', () => {
  it('quotes each service that has a fare, with its breakdown', async () => {
    const r = await call({ act: 'getjobfares', token: await tokenOf('agent'), project: {}, job: job() });
    expect(r.status).toBe(200);
    const fares = r.body.fares as {
      code: string;
      price: number;
      addition: number;
      total: number;
      breakdown: unknown;
    }[];
    expect(fares.length).toBeGreaterThan(0);
    const sedan = fares.find((f) => f.code === 'YUL-GARECENTRALE-SED');
    expect(sedan).toBeDefined();
    for (const f of fares) {
      expect(f.total).toBeGreaterThanOrEqual(0);
      expect(f.breakdown).toBeDefined();
    }
    expect(sedan?.price).toBe(49.4);
  });

  it('answers an empty list when nothing matches, not an error', async () => {
    const far = await call({
      act: 'getjobfares',
      token: await tokenOf('agent'),
      job: job({ from: { lat: 46.8, lon: -71.2 }, to: { lat: 46.81, lon: -71.21 } }),
    });
    expect(far).toEqual({ status: 200, body: { fares: [] } });
  });

  it('answers 400 with a clear message for a bad request', async () => {
    const token = await tokenOf('agent');
    const noSite = await call({ act: 'getjobfares', token, job: job({ unit: undefined }) });
    expect(noSite.status).toBe(400);
    expect(noSite.body.error).toContain('Missing site');
    const badLat = await call({ act: 'getjobfares', token, job: job({ from: { lat: 95, lon: -73.7 } }) });
    expect(badLat.status).toBe(400);
    const noProfile = await call({ act: 'getjobfares', token, job: job({ profile: 99999 }) });
    expect(noProfile.status).toBe(400);
    expect(String(noProfile.body.error).toLowerCase()).toContain('profile');
  });

  it('keeps a user below admin on their own site and needs reservations view', async () => {
    const other = await call({ act: 'getjobfares', token: await tokenOf('agent'), job: job({ unit: 2 }) });
    expect(other).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE, code: 'forbidden' } });
    const driver = await call({ act: 'getjobfares', token: await tokenOf('driver'), job: job() });
    expect(driver).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE, code: 'forbidden' } });
    const admin = await call({ act: 'getjobfares', token: await tokenOf('admin'), job: job({ unit: 2 }) });
    expect(admin.status).toBe(200);
  });

  it('quotes the new price right after a rate changes', async () => {
    const admin = await tokenOf('admin');
    const rate = (await store.find('rates', { query: { code: 'YUL-GARECENTRALE-SED' } })).data[0] as {
      _id: number;
      _version: number;
    };
    const upd = await call({
      act: 'update',
      col: 'rates',
      token: admin,
      query: { _id: rate._id },
      data: { price: 55, _version: rate._version },
    });
    expect(upd.status).toBe(200);
    // the change notification drops the cached context; give it a moment to arrive
    let price: number | undefined;
    for (let i = 0; i < 50 && price !== 55; i++) {
      const r = await call({ act: 'getjobfares', token: admin, job: job() });
      price = (r.body.fares as { code: string; price: number }[]).find((f) => f.code === 'YUL-GARECENTRALE-SED')?.price;
      if (price !== 55) await new Promise((res) => setTimeout(res, 20));
    }
    expect(price).toBe(55);
  });
});
