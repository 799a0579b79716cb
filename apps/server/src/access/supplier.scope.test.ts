import type { AddressInfo } from 'node:net';
import { DEFAULT_GRANTS, expandGrant } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashPassword } from '../auth/password.hash.ts';
import { setPasswords } from '../store/auth.store.ts';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';

/**
 * Issue 15, hole 1: a user of the supplier role sees and changes only its supplier's drivers,
 * vehicles, driver shifts, trips and reservations (through their trips), on every act, list,
 * export, history read and WebSocket event. `supplier@test.local` works for supplier 1; supplier
 * "B" is another supplier of the same site.
 */

let h: Harness;
let port: number;
let admin: string;
let supplier: string;
const system = { id: null, name: 'fixtures' };
/** The records of each supplier: [mine, theirs]. */
const ids: Record<'drivers' | 'cars' | 'driverShifts' | 'trips' | 'jobs' | 'trans' | 'shuttles', [number, number]> =
  {} as never;
let other: number;

beforeAll(async () => {
  h = await startHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  admin = await h.tokenOf('admin');
  supplier = await h.tokenOf('supplier');
  const { store } = h.services;
  other = (await store.insert('suppliers', { unit: 1, name: 'Other coaches', status: 'active' }, system))._id;
  const pair = async (col: keyof typeof ids, doc: (s: number, i: number) => Record<string, unknown>) => {
    const made = [];
    for (const [i, s] of [1, other].entries())
      made.push((await store.insert(col, { unit: 1, ...doc(s, i) }, system))._id);
    ids[col] = made as [number, number];
  };
  await pair('drivers', (s, i) => ({ firstName: 'Driver', lastName: `Of${i}`, phone: '514-555-0101', suppliers: [s] }));
  await pair('cars', (s, i) => ({ name: `Van ${i}`, year: 2024, pax: 6, suppliers: [s] }));
  await pair('driverShifts', (_s, i) => ({
    driver: ids.drivers[i],
    start: '2026-12-01 06:00',
    end: '2026-12-01 14:00',
  }));
  await pair('trips', (s, i) => ({
    status: 'Assigned',
    date: '2026-12-01 08:00',
    supplier: s,
    driver: ids.drivers[i],
  }));
  await pair('jobs', (_s, i) => ({
    status: 'Assigned',
    date: '2026-12-01 08:00',
    lastName: `Rider${i}`,
    trip: ids.trips[i],
  }));
  await pair('trans', (_s, i) => ({ job: ids.jobs[i], amount: 10, type: 'charge', status: 'paid' }));
  await pair('shuttles', (s, i) => ({ code: `S${i}`, name: `Shuttle ${i}`, supplier: s }));
  // the supplier role may also read history and the accounting and shuttles screens here, to see the rule hold there
  const grant = expandGrant({
    ...DEFAULT_GRANTS.supplier,
    history: ['view'],
    accounting: ['view'],
    shuttles: ['view'],
  });
  const owner = await h.tokenOf('superadmin');
  const saved = await h.call({ act: 'saveroles', token: owner, roles: [{ roleCode: 'supplier', permissions: grant }] });
  expect(saved.status).toBe(200);
});
afterAll(() => h.close());

async function seen(col: string, token = supplier): Promise<number[]> {
  const query = { _id: { $in: ids[col as keyof typeof ids] } };
  const r = await h.call({ act: 'find', col, token, query });
  expect(r.status, `${col}: ${JSON.stringify(r.body)}`).toBe(200);
  return (r.body.data as { _id: number }[]).map((d) => d._id).sort((a, b) => a - b);
}

describe('a supplier’s user', () => {
  it('lists, counts and exports only its supplier’s records; an admin sees both', async () => {
    for (const col of Object.keys(ids)) {
      const [mine, theirs] = ids[col as keyof typeof ids];
      expect(await seen(col), col).toEqual([mine]);
      expect(await seen(col, admin), col).toEqual([mine, theirs]);
      const one = await h.call({ act: 'find', col, token: supplier, query: { _id: theirs }, count: true });
      expect(one.body, col).toEqual({ data: [], count: 0 });
    }
    const exported = await h.call({ act: 'export', col: 'drivers', token: supplier });
    const names = (exported.body.data as { lastName: string; suppliers: number[] }[]).map((d) => d.suppliers);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((s) => s.includes(1))).toBe(true);
    const dups = await h.call({ act: 'duplicates', col: 'drivers', token: supplier, fields: ['phone'] });
    expect((dups.body.data as { _id: number }[]).map((d) => d._id)).not.toContain(ids.drivers[1]);
  });

  it('reads only its own supplier among the site’s suppliers and only its drivers as choices', async () => {
    const r = await h.call({ act: 'options', token: supplier, resource: 'drivers', col: 'suppliers', unit: 1 });
    expect((r.body.data as { _id: number }[]).map((d) => d._id)).toEqual([1]);
    const d = await h.call({ act: 'options', token: supplier, resource: 'driverShifts', col: 'drivers', unit: 1 });
    const choices = (d.body.data as { _id: number }[]).map((x) => x._id);
    expect(choices).toContain(ids.drivers[0]);
    expect(choices).not.toContain(ids.drivers[1]);
  });

  it('cannot change, delete or act on another supplier’s records', async () => {
    const theirs = await h.services.store.getById('drivers', ids.drivers[1]);
    const upd = await h.call({
      act: 'update',
      col: 'drivers',
      token: supplier,
      query: { _id: ids.drivers[1] },
      data: { lastName: 'Mine now', _version: theirs?._version },
    });
    expect(upd.status).toBe(404);
    const del = await h.call({
      act: 'delete',
      col: 'driverShifts',
      token: supplier,
      query: { _id: ids.driverShifts[1] },
    });
    expect(del.body).toEqual({ deleted: 0 });
    const trip = await h.services.store.getById('trips', ids.trips[1]);
    const note = await h.call({
      act: 'tripaction',
      token: supplier,
      id: ids.trips[1],
      _version: trip?._version,
      action: 'note',
      text: 'x',
    });
    expect(note.status).toBe(404);
    const status = await h.call({
      act: 'driverstatus',
      token: supplier,
      id: ids.drivers[1],
      _version: theirs?._version,
      action: 'online',
    });
    expect(status.status).toBe(404);
    expect(await h.services.store.count('driverShifts', { _id: ids.driverShifts[1] })).toBe(1);
    expect((await h.services.store.getById('drivers', ids.drivers[1]))?.lastName).toBe('Of1');
  });

  it('makes its new records its supplier’s, and cannot give them or its own to another', async () => {
    const made = await h.call({
      act: 'insert',
      col: 'drivers',
      token: supplier,
      data: { unit: 1, firstName: 'New', lastName: 'Hire', phone: '514-555-0102', email: 'new.hire@test.local' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.suppliers).toEqual([1]);
    const given = await h.call({
      act: 'insert',
      col: 'drivers',
      token: supplier,
      data: {
        unit: 1,
        firstName: 'Their',
        lastName: 'Hire',
        phone: '514-555-0103',
        email: 'their.hire@test.local',
        suppliers: [other],
      },
    });
    // the other supplier is not one it knows
    expect(given.body).toEqual({ error: `Unknown suppliers: ${other}`, field: 'suppliers' });
    const moved = await h.call({
      act: 'update',
      col: 'drivers',
      token: supplier,
      query: { _id: made.body._id },
      data: { suppliers: [other], _version: made.body._version },
    });
    expect(moved.status).toBe(400);
    // nor strip its supplier from one
    const stripped = await h.call({
      act: 'update',
      col: 'drivers',
      token: supplier,
      query: { _id: made.body._id },
      data: { suppliers: [], _version: made.body._version },
    });
    expect(stripped.status).toBe(403);
    expect((await h.services.store.getById('drivers', made.body._id as number))?.suppliers).toEqual([1]);
    // a shift of another supplier's driver is not its to plan
    const shift = await h.call({
      act: 'insert',
      col: 'driverShifts',
      token: supplier,
      data: { unit: 1, driver: ids.drivers[1], start: '2026-12-02 06:00', end: '2026-12-02 14:00' },
    });
    expect(shift.body).toEqual({ error: `Unknown driver: ${ids.drivers[1]}`, field: 'driver' });
    const mine = await h.call({
      act: 'insert',
      col: 'driverShifts',
      token: supplier,
      data: { unit: 1, driver: ids.drivers[0], start: '2026-12-02 06:00', end: '2026-12-02 14:00' },
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });

  it('reads the history of its supplier’s records only', async () => {
    const r = await h.call({
      act: 'find',
      col: 'history',
      token: supplier,
      query: { collection: { $in: ['drivers', 'jobs'] } },
      limit: 1000,
    });
    expect(r.status).toBe(200);
    const records = (r.body.data as { collection: string; id: number }[]).map((e) => `${e.collection}:${e.id}`);
    expect(records).toContain(`drivers:${ids.drivers[0]}`);
    expect(records).toContain(`jobs:${ids.jobs[0]}`);
    expect(records).not.toContain(`drivers:${ids.drivers[1]}`);
    expect(records).not.toContain(`jobs:${ids.jobs[1]}`);
  });

  it('hears the changes of its supplier’s records only, and of a trip taken from it', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket?token=${encodeURIComponent(supplier)}`);
    const heard: { col?: string; id?: number; suppliers?: unknown }[] = [];
    ws.on('message', (m) => heard.push(JSON.parse(String(m))));
    await until(() => heard.length > 0);
    const { store } = h.services;
    const touch = async (col: string, id: number, patch: Record<string, unknown>) => {
      const r = await store.getById(col, id);
      await store.update(col, id, patch, r?._version as number, system);
    };
    await touch('drivers', ids.drivers[1], { phone: '514-555-0111' });
    await touch('jobs', ids.jobs[1], { seats: 2 });
    await touch('drivers', ids.drivers[0], { phone: '514-555-0112' });
    await until(() => heard.some((e) => e.col === 'drivers' && e.id === ids.drivers[0]));
    await touch('jobs', ids.jobs[0], { seats: 2 });
    // the trip goes to the other supplier: the supplier that had it hears that it changed
    await touch('trips', ids.trips[0], { supplier: other });
    await until(() => heard.some((e) => e.col === 'trips' && e.id === ids.trips[0]));
    await until(() => heard.some((e) => e.col === 'jobs' && e.id === ids.jobs[0]));
    expect(heard.some((e) => e.id === ids.drivers[1] || e.id === ids.jobs[1])).toBe(false);
    expect(heard.every((e) => e.suppliers === undefined)).toBe(true);
    ws.close();
    // and from then on the trip and its reservation are no longer its own
    expect(await seen('trips')).toEqual([]);
    expect(await seen('jobs')).toEqual([]);
    await touch('trips', ids.trips[0], { supplier: 1 });
  });

  it('without a supplier, sees no supplier’s records at all', async () => {
    const u = await h.services.store.insert(
      'users',
      { email: 'lost.supplier@test.local', firstName: 'Lost', lastName: 'Supplier', role: 'supplier', unit: 1 },
      system,
    );
    await setPasswords(h.services.db, [u._id], await hashPassword(PASSWORD));
    const login = await h.call({ act: 'login', email: 'lost.supplier@test.local', password: PASSWORD });
    const token = login.body.token as string;
    for (const col of ['drivers', 'cars', 'driverShifts', 'trips', 'jobs']) expect(await seen(col, token)).toEqual([]);
  });
});

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
