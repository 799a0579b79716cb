import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;

async function driver(data: Record<string, unknown>): Promise<number> {
  const r = await h.call({ act: 'insert', col: 'drivers', token: admin, data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as number;
}
const base = { firstName: 'Rémi', lastName: 'Tremblay', phone: '514-555-0177' };

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

describe('driverlogin', () => {
  it('gives a driver a login with that password, kept off the driver record, with history', async () => {
    const id = await driver({ ...base, unit: 1, email: 'remi.tremblay@test.local' });
    const r = await h.call({ act: 'driverlogin', token: admin, driver: id, password: 'Conduire-2026' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const login = await h.call({ act: 'login', email: 'remi.tremblay@test.local', password: 'Conduire-2026' });
    expect(login.status).toBe(200);
    expect((login.body.user as { role?: string }).role).toBe('driver');

    const user = r.body.user as number;
    const found = await h.call({ act: 'find', col: 'users', token: admin, query: { _id: user } });
    expect(found.body.data).toMatchObject([{ role: 'driver', driver: id, unit: 1, email: 'remi.tremblay@test.local' }]);
    const stored = await h.call({ act: 'find', col: 'drivers', token: admin, query: { _id: id } });
    expect(JSON.stringify(stored.body.data)).not.toContain('Conduire');
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'users', id: user },
      sort: { time: 1 },
    });
    const entries = history.body.data as { operation: string; data: Record<string, unknown> }[];
    expect(entries.map((e) => e.operation)).toEqual(['insert', 'update']);
    expect(JSON.stringify(entries)).not.toContain('Conduire');

    // a second password changes the same login
    const again = await h.call({ act: 'driverlogin', token: admin, driver: id, password: 'Autre-Mot-9' });
    expect(again.body.user).toBe(user);
    expect((await h.call({ act: 'login', email: 'remi.tremblay@test.local', password: 'Autre-Mot-9' })).status).toBe(
      200,
    );
  });

  it('refuses a weak password, a driver without an email, and an email another login holds', async () => {
    const id = await driver({ ...base, unit: 1, email: 'weak@test.local' });
    expect((await h.call({ act: 'driverlogin', token: admin, driver: id, password: 'short' })).body).toEqual({
      error: 'The password needs at least 8 characters',
      field: 'password',
    });
    // the form requires an email; an imported driver may lack one
    const noEmail = (await h.services.store.insert('drivers', { ...base, unit: 1 }, { id: null, name: 'import' }))._id;
    expect(await h.call({ act: 'driverlogin', token: admin, driver: noEmail, password: 'Conduire-2026' })).toEqual({
      status: 400,
      body: { error: 'The driver needs an email to sign in', field: 'email' },
    });
    const taken = await driver({ ...base, unit: 1, email: 'agent@test.local' });
    expect(await h.call({ act: 'driverlogin', token: admin, driver: taken, password: 'Conduire-2026' })).toEqual({
      status: 409,
      body: { error: 'Email already exists. Please try a different email.' },
    });
  });

  it('holds a site-bound user to their site and needs the drivers edit action', async () => {
    const id = await driver({ ...base, unit: 1, email: 'site1.driver@test.local' });
    const dispatchadmin2 = await h.tokenOf('dispatchadmin', 2);
    expect(await h.call({ act: 'driverlogin', token: dispatchadmin2, driver: id, password: 'Conduire-2026' })).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'driverlogin', token: agent, driver: id, password: 'Conduire-2026' })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });
});
