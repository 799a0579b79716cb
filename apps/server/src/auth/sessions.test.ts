import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openPostgres } from '../store/db.ts';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';
import { testConfig } from '../test/config.ts';

/**
 * Issue 15, hole 6: a session ends with a change of its account, on every server sharing the
 * database. Each change is made through one server and the session is tried on a second one that
 * has just served it (its cache holds the caller): on PostgreSQL the second server has its own
 * connection, as another process would.
 */

let h: Harness;
let twin: FastifyInstance;
let closeTwin: () => Promise<void>;
beforeAll(async () => {
  h = await startHarness();
  const db = h.url ? await openPostgres(h.url) : h.services.db;
  twin = (await buildApp({ db, config: testConfig() })).app;
  closeTwin = async () => {
    await twin.close();
    if (db !== h.services.db) await db.close();
  };
});
afterAll(async () => {
  await closeTwin();
  await h.close();
});

async function onTwin(body: Record<string, unknown>) {
  const r = await twin.inject({ method: 'POST', url: '/', payload: body });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
}

async function userOf(email: string) {
  const { data } = await h.services.store.find('users', { query: { email } });
  return data[0] as { _id: number; _version: number };
}

/** A session of `email` that the second server serves, and the admin's token on the first. */
async function servedSession(email: string) {
  const r = await h.call({ act: 'login', email, password: PASSWORD });
  expect(r.status).toBe(200);
  const token = r.body.token as string;
  expect((await onTwin({ act: 'refreshtoken', token })).status).toBe(200);
  return { token, admin: await h.tokenOf('admin'), user: await userOf(email) };
}

/** The admin's change of `user`, which must go through. */
async function changeUser(admin: string, user: { _id: number; _version: number }, data: Record<string, unknown>) {
  const r = await h.call({
    act: 'update',
    col: 'users',
    token: admin,
    query: { _id: user._id },
    data: { ...data, _version: user._version },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** The session is refused on both servers, as the spec's invalid token. */
async function expectEnded(token: string) {
  expect(await onTwin({ act: 'refreshtoken', token })).toEqual({
    status: 401,
    body: { error: 'invalid token', code: 'invalidToken' },
  });
  expect((await h.call({ act: 'refreshtoken', token })).status).toBe(401);
}

describe('a session ends on every server when its account changes', () => {
  it('when the user is deactivated', async () => {
    const { token, admin, user } = await servedSession('dispatcher@test.local');
    await changeUser(admin, user, { status: 'inactive' });
    await expectEnded(token);
  });

  it('when the user is deleted', async () => {
    const { token, admin, user } = await servedSession('accountant@test.local');
    expect((await h.call({ act: 'delete', col: 'users', token: admin, query: { _id: user._id } })).body).toEqual({
      deleted: 1,
    });
    await expectEnded(token);
  });

  it('when its role changes, even to one with the same permissions', async () => {
    const { token, admin, user } = await servedSession('superagent@test.local');
    await changeUser(admin, user, { role: 'agent' });
    await expectEnded(token);
    // signing in again gives the new role
    const again = await h.call({ act: 'login', email: 'superagent@test.local', password: PASSWORD });
    expect((again.body.user as { role: string }).role).toBe('agent');
  });

  it('when its site changes', async () => {
    const { token, admin, user } = await servedSession('agent@test.local');
    await changeUser(admin, user, { unit: 2 });
    await expectEnded(token);
  });

  it('when its supplier changes', async () => {
    const { token, admin, user } = await servedSession('supplier@test.local');
    const other = await h.call({
      act: 'insert',
      col: 'suppliers',
      token: admin,
      data: { unit: 1, name: 'Other coaches', status: 'active' },
    });
    expect(other.status).toBe(200);
    await changeUser(admin, user, { supplier: other.body._id });
    await expectEnded(token);
  });

  it('when its password changes: every other session ends, the one that changed it goes on', async () => {
    const { token: other } = await servedSession('accountingadmin@test.local');
    const mine = await h.call({ act: 'login', email: 'accountingadmin@test.local', password: PASSWORD });
    const token = mine.body.token as string;
    const changed = await h.call({
      act: 'changepassword',
      token,
      oldPassword: PASSWORD,
      newPassword: 'Changed1!x',
    });
    expect(changed.status).toBe(200);
    await expectEnded(other);
    expect((await onTwin({ act: 'refreshtoken', token })).status).toBe(200);
  });

  it('when a driver’s sign-in password is set again on the drivers screen', async () => {
    const admin = await h.tokenOf('admin');
    const driver = await h.call({
      act: 'insert',
      col: 'drivers',
      token: admin,
      data: {
        unit: 1,
        firstName: 'Session',
        lastName: 'Driver',
        phone: '514-555-0178',
        email: 'session.driver@test.local',
      },
    });
    const id = driver.body._id as number;
    const set = await h.call({ act: 'driverlogin', token: admin, driver: id, password: 'Conduire-2026' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const login = await h.call({ act: 'login', email: 'session.driver@test.local', password: 'Conduire-2026' });
    expect(login.status).toBe(200);
    const token = login.body.token as string;
    expect((await onTwin({ act: 'refreshtoken', token })).status).toBe(200);
    expect((await h.call({ act: 'driverlogin', token: admin, driver: id, password: 'Conduire-2027' })).status).toBe(
      200,
    );
    expect((await onTwin({ act: 'refreshtoken', token })).body).toEqual({
      error: 'invalid token',
      code: 'invalidToken',
    });
  });

  it('but not when only its name or phone changes', async () => {
    const { token, admin, user } = await servedSession('dispatchadmin@test.local');
    await changeUser(admin, user, { phone: '514-555-0199' });
    expect((await onTwin({ act: 'refreshtoken', token })).status).toBe(200);
  });
});
