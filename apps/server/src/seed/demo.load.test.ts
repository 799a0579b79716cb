import { collectionDef, computeJobFares, createFareContext } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ensureCatalog } from '../store/catalog.ts';
import { CollectionStore, checkFields } from '../store/collection.store.ts';
import type { Database } from '../store/db.ts';
import { testConfig } from '../test/config.ts';
import { freshDatabase } from '../test/fresh-db.ts';
import { bookDemoReservations } from './demo.bookings.ts';
import { DEMO_LOGIN_ROLES, DEMO_PASSWORD, loadDemo } from './demo.load.ts';
import { generateDemo } from './generate.ts';

describe('demo data against the registry', () => {
  it('declares every field of every demo record', () => {
    const demo = generateDemo({ jobs: 2000 });
    const entries = [...Object.entries(demo.collections), ['jobs', [...demo.jobBatches(1000)].flat()] as const];
    for (const [col, docs] of entries) {
      const def = collectionDef(col);
      expect(def, col).toBeDefined();
      if (!def) continue;
      for (const doc of docs) checkFields(def, doc);
    }
  });
});

/** The fare engine's context over the demo's pricing records. */
function fareContextOf(c: ReturnType<typeof generateDemo>['collections']) {
  return createFareContext({
    rates: c.rates ?? [],
    fares: c.fares,
    areas: c.areas,
    locations: c.locations,
    profiles: c.profiles,
    holidays: c.holidays,
    extraservices: c.extraservices,
    services: c.services,
  });
}

describe('demo data against the fare engine', () => {
  it('gives the engine only records it can read (no missing parent rate, no bad place)', () => {
    const c = generateDemo({ jobs: 0 }).collections;
    const ctx = fareContextOf(c);
    expect(ctx.skipped).toEqual([]);
  });

  it('prices at least 90 % of the trips between two places of one site (a quote for the booking form)', () => {
    const c = generateDemo({ jobs: 0 }).collections;
    const ctx = fareContextOf(c);
    let pairs = 0;
    let priced = 0;
    for (const unit of [1, 2, 3]) {
      const places = (c.locations ?? []).filter((l) => l.unit === unit);
      const profile = (c.profiles ?? []).find((p) => p.unit === unit)?._id;
      for (const a of places) {
        for (const b of places) {
          if (a === b) continue;
          pairs++;
          const job = { unit, profile, from: { lat: a.lat, lon: a.lon }, to: { lat: b.lat, lon: b.lon } };
          const { fares } = computeJobFares({ ...job, date: '2026-12-02 10:00' } as never, ctx, {} as never);
          if (fares.length > 0) priced++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(100);
    expect(priced / pairs).toBeGreaterThanOrEqual(0.9);
  });
});

describe('loading the demo operator', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
    const store = new CollectionStore(db);
    await ensureCatalog(store);
    await loadDemo(store, { jobs: 1500 });
  });
  afterAll(() => drop());

  it('logs in every demo role and keeps a dispatcher on their site', async () => {
    const { app } = await buildApp({ db, config: testConfig() });
    const call = async (body: Record<string, unknown>) =>
      (await app.inject({ method: 'POST', url: '/', payload: body })).json() as Record<string, unknown>;
    for (const role of DEMO_LOGIN_ROLES) {
      const r = await call({ act: 'login', email: `${role}@demo.local`, password: DEMO_PASSWORD });
      expect((r.user as { role: string } | undefined)?.role, role).toBe(role);
    }
    const su = await call({ act: 'login', email: 'superadmin@demo.local', password: DEMO_PASSWORD });
    expect((su.user as { isOwner: boolean }).isOwner).toBe(true);
    const d = await call({ act: 'login', email: 'dispatcher@demo.local', password: DEMO_PASSWORD });
    const unit = (d.user as { unit: number }).unit;
    const jobs = await call({ act: 'find', col: 'jobs', token: d.token, query: {}, count: true, limit: 1000 });
    const all = await call({ act: 'find', col: 'jobs', token: su.token, query: {}, count: true, limit: 1 });
    expect(jobs.count).toBeGreaterThan(0);
    expect(jobs.count).toBeLessThan(all.count as number);
    expect((jobs.data as { unit: number }[]).every((j) => j.unit === unit)).toBe(true);
    await app.close();
  });

  it('books the demo’s round trips, series and card payment through the booking rules', async () => {
    const { app } = await buildApp({ db, config: testConfig() });
    const ids = await bookDemoReservations(app);
    expect(ids).toHaveLength(4);
    const store = new CollectionStore(db);
    const [airport, commute, weekly] = (await Promise.all(ids.map((id) => store.getById('jobs', id)))) as Record<
      string,
      unknown
    >[];
    // the airport round trip: two linked legs, paid by card, only its last four kept
    const legs = airport?.legs as { A: number; B: number };
    expect(legs.A).toBe(ids[0]);
    expect((await store.getById('jobs', legs.B))?.legs).toEqual(legs);
    expect(airport?.payment).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(JSON.stringify(await store.find('jobs', { query: { _id: { $in: [legs.A, legs.B] } } }, {}))).not.toContain(
      '4242424242424242',
    );
    // the commute repeats three days a week, both ways; the weekly ride goes on
    const series = await store.find('jobs', { query: { series: commute?.series }, limit: 1000 }, {});
    expect(series.data.length).toBeGreaterThan(20);
    expect(series.data.every((j) => j.legs)).toBe(true);
    const open = await store.getById('jobseries', weekly?.series as number);
    expect(open?.more).toBe(true);
    // seats on tomorrow's shuttle departures
    const seats = await store.find('jobs', { query: { shuttle: { $exists: true } }, limit: 100 }, {});
    expect(seats.data.length).toBeGreaterThan(0);
    // a week of school hours for the Laval students, of the day shift for the Longueuil plant's employees
    const fromShifts = await store.find('jobs', { query: { shiftKey: { $exists: true } }, limit: 1000 }, {});
    // (the Laval schools' week may fall in their winter break)
    expect(fromShifts.data.some((j) => j.unit === 3)).toBe(true);
    expect(fromShifts.data.every((j) => j.unit === 2 || j.unit === 3)).toBe(true);
    expect(
      fromShifts.data.some((j) => j.direction === 'to') && fromShifts.data.some((j) => j.direction === 'from'),
    ).toBe(true);
    await app.close();
  });

  it('moves id sequences past the loaded records and records their history', async () => {
    const store = new CollectionStore(db);
    const before = await store.count('drivers', {});
    const rec = await store.insert(
      'drivers',
      { firstName: 'New', lastName: 'Driver', unit: 1 },
      { id: null, name: 't' },
    );
    expect(rec._id).toBe(before + 1);
    const h = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM history WHERE collection = 'jobs'`);
    expect(h.rows[0]?.n).toBeGreaterThanOrEqual(1500);
  });
});
