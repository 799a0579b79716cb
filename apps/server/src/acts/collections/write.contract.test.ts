import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

/** Holes 3 to 5 of the seams issue: a write carries only its kind's fields, real references and valid values. */

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

const passenger = (i: number, over: Record<string, unknown> = {}) => ({ ...SAMPLES.passengers?.(i, 1), ...over });
const insert = (token: string, col: string, data: Record<string, unknown>) =>
  h.call({ act: 'insert', col, token, data });
const count = async (col: string, query: Record<string, unknown>) =>
  (await h.call({ act: 'find', col, token: admin, query, count: 2 })).body.count;

describe('a write carries only its resource’s fields', () => {
  it('refuses a passenger carrying a field of another kind of user, naming it, and stores nothing', async () => {
    for (const [field, value] of [
      ['driver', 1],
      ['favoriteTrips', [1]],
      ['children', [1]],
    ] as const) {
      expect(await insert(admin, 'users', passenger(1, { [field]: value }))).toEqual({
        status: 400,
        body: { error: `Unknown field: ${field}`, field },
      });
    }
    const agent = await h.tokenOf('agent');
    for (const [field, value] of [
      ['supplier', 1],
      ['school', 'Collège'],
    ] as const) {
      expect((await insert(agent, 'users', passenger(2, { [field]: value }))).body).toEqual({
        error: `Unknown field: ${field}`,
        field,
      });
    }
    expect(await count('users', { role: 'passenger' })).toBe(0);
  });

  it('refuses an update carrying an unknown field and keeps the record as it was', async () => {
    const created = await insert(admin, 'users', passenger(3));
    expect(created.status).toBe(200);
    const r = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: created.body._id },
      data: { firstName: 'Changed', role_: 'admin', _version: 1 },
    });
    expect(r).toEqual({ status: 400, body: { error: 'Unknown field: role_', field: 'role_' } });
    const [stored] = (await h.call({ act: 'find', col: 'users', token: admin, query: { _id: created.body._id } })).body
      .data as { firstName: string; _version: number }[];
    expect(stored).toMatchObject({ firstName: created.body.firstName, _version: 1 });
  });
});

describe('references name records that exist and that the caller may see', () => {
  it('refuses a passenger whose profile does not exist, naming the field', async () => {
    expect(await insert(admin, 'users', passenger(4, { profiles: [1, 987654] }))).toEqual({
      status: 400,
      body: { error: 'Unknown profiles: 987654', field: 'profiles' },
    });
  });

  it('refuses a site-bound user a reference to another site’s record', async () => {
    const agent2 = await h.tokenOf('agent', 2);
    // profile 1 is site 1's: the agent of site 2 cannot see it
    const r = await insert(agent2, 'users', { ...SAMPLES.passengers?.(5, 2), profiles: [1] });
    expect(r).toEqual({ status: 400, body: { error: 'Unknown profiles: 1', field: 'profiles' } });
    expect((await insert(agent2, 'users', { ...SAMPLES.passengers?.(5, 2), profiles: [2] })).status).toBe(200);
  });

  it('checks single references, lists, typed references and sites, on insert and on update', async () => {
    const vehicle = { ...SAMPLES.vehicles?.(1, 1), services: [1, 77] };
    expect((await insert(admin, 'cars', vehicle)).body).toEqual({ error: 'Unknown services: 77', field: 'services' });
    const shift = { ...SAMPLES.driverShifts?.(1, 1), driver: 999 };
    expect((await insert(admin, 'driverShifts', shift)).body).toEqual({
      error: 'Unknown driver: 999',
      field: 'driver',
    });
    // a rate's from is a location or an area, by its type: area 1 exists, location 99 does not
    const rate = { ...SAMPLES.rates?.(1, 1), from: { type: 'location', id: 99 } };
    expect((await insert(admin, 'rates', rate)).body).toEqual({ error: 'Unknown from.id: 99', field: 'from.id' });
    expect((await insert(admin, 'users', passenger(6, { unit: 42 }))).body).toEqual({
      error: 'Unknown unit: 42',
      field: 'unit',
    });
    const ok = await insert(admin, 'cars', SAMPLES.vehicles?.(2, 1) as Record<string, unknown>);
    expect(ok.status).toBe(200);
    const upd = await h.call({
      act: 'update',
      col: 'cars',
      token: admin,
      query: { _id: ok.body._id },
      data: { suppliers: [1, 2, 5], _version: 1 },
    });
    expect(upd).toEqual({ status: 400, body: { error: 'Unknown suppliers: 5', field: 'suppliers' } });
  });

  it('holds a reference to the record’s own site where the resource says so', async () => {
    // a trip's driver and a reservation's passenger are of the record's site, whoever writes it
    const student = await insert(admin, 'users', passenger(7, { unit: 2, profiles: [2] }));
    expect(student.status).toBe(200);
    const trip = { unit: 1, status: 'new', date: '2026-12-01 08:00', driver: 2 };
    expect((await insert(admin, 'trips', trip)).body).toEqual({ error: 'Unknown driver: 2', field: 'driver' });
    const job = { ...SAMPLES.jobs?.(0, 1), passenger: student.body._id };
    expect((await insert(admin, 'jobs', job)).body).toEqual({
      error: `Unknown passenger: ${student.body._id}`,
      field: 'passenger',
    });
  });
});

describe('collections without a screen yet have strict schemas', () => {
  it('refuses a teleported trip, a road block off the globe, a made-up payment and a job of no date', async () => {
    const trip = { unit: 1, date: '2026-12-01 08:00', status: 'teleported', seats: -1, stops: [999999] };
    expect((await insert(admin, 'trips', trip)).body).toEqual({
      error: 'Choose one of the listed values',
      field: 'status',
    });
    expect((await insert(admin, 'trips', { ...trip, status: 'new' })).body).toEqual({
      error: 'Must be 0 or higher',
      field: 'seats',
    });
    expect((await insert(admin, 'trips', { ...trip, status: 'new', seats: 2 })).body).toEqual({
      error: 'Unknown stops: 999999',
      field: 'stops',
    });
    expect((await insert(admin, 'roadblocks', { unit: 1, name: 'Rue Test', lat: 999, lon: 0 })).body).toEqual({
      error: 'Latitude must be between -90 and 90',
      field: 'lat',
    });
    expect(
      (await insert(admin, 'trans', { unit: 1, job: 1, amount: 5, type: 'gift', status: 'approved' })).status,
    ).toBe(400);
    expect((await insert(admin, 'jobs', { unit: 1, lastName: 'Roy' })).body).toEqual({
      error: 'This field is required',
      field: 'date',
    });
    expect((await insert(admin, 'jobs', { ...SAMPLES.jobs?.(0, 1), teleport: true })).body).toEqual({
      error: 'Unknown field: teleport',
      field: 'teleport',
    });
    expect(await count('trips', {})).toBe(0);
    expect(await count('roadblocks', {})).toBe(0);
  });

  it('takes a trip of real reservations and an update that stays within the schema', async () => {
    const job = await insert(admin, 'jobs', SAMPLES.jobs?.(0, 1) ?? {});
    expect(job.status).toBe(200);
    const trip = { unit: 1, status: 'new', date: '2026-12-01 08:00', seats: 1, stops: [job.body._id], driver: 1 };
    const made = await insert(admin, 'trips', trip);
    expect(made.status).toBe(200);
    const update = (data: Record<string, unknown>) =>
      h.call({ act: 'update', col: 'trips', token: admin, query: { _id: made.body._id }, data });
    expect((await update({ externalId: ['x'], _version: 1 })).body).toMatchObject({ field: 'externalId' });
    // its status changes only through the trip's actions (docs/dispatch.md)
    expect((await update({ status: 'sent', _version: 1 })).body).toEqual({
      error: 'Only routing and trip actions set this field.',
      field: 'status',
    });
    expect((await update({ line: 'L2', _version: 1 })).status).toBe(200);
    const block = await insert(admin, 'roadblocks', { unit: 1, name: 'Rue Test', lat: 45.5, lon: -73.56 });
    expect(block.status).toBe(200);
  });

  it('has no generic write for a collection without a schema', async () => {
    const su = await h.tokenOf('superadmin');
    const r = await insert(su, 'outbox', { to: 'a@b.c', subject: 'x', text: 'y' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(await count('outbox', { subject: 'x' })).toBe(0);
  });
});
