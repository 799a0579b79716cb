import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('login and tokens', () => {
  it('logs in with user, settings and the module catalog', async () => {
    await h.services.store.insert(
      'settings',
      { name: 'map center', value: '45.5017, -73.5673' },
      { id: null, name: 't' },
    );
    const r = await h.call({ act: 'login', email: 'superadmin@test.local', password: PASSWORD });
    expect(r.status).toBe(200);
    const user = r.body.user as Record<string, unknown>;
    expect(user).toMatchObject({
      email: 'superadmin@test.local',
      role: 'superadmin',
      roleCode: 10,
      unit: 1,
      unitName: 'Montreal',
      isOwner: true,
    });
    expect((user.modulesAccess as unknown[]).length).toBeGreaterThan(150);
    expect(r.body.settings).toEqual([{ name: 'map center', value: '45.5017, -73.5673', unit: null }]);
    expect((r.body.modules as { moduleCode: string }[]).map((m) => m.moduleCode)).toContain('640');
    expect(typeof r.body.token).toBe('string');
  });

  it('gives the role its own permissions and only the owner is the owner', async () => {
    const r = await h.call({ act: 'login', email: 'agent@test.local', password: PASSWORD });
    const user = r.body.user as { isOwner: boolean; modulesAccess: { moduleCode: string; action: string }[] };
    expect(user.isOwner).toBe(false);
    expect(user.modulesAccess).toContainEqual(expect.objectContaining({ moduleCode: '100', action: 'create' }));
    expect(user.modulesAccess.some((p) => p.moduleCode === '280')).toBe(false);
  });

  it('answers the spec text for a wrong password or unknown email, and validates the form', async () => {
    const wrong = await h.call({ act: 'login', email: 'admin@test.local', password: 'nope' });
    expect(wrong).toEqual({ status: 401, body: { error: 'Email or password is invalid' } });
    const unknown = await h.call({ act: 'login', email: 'ghost@test.local', password: 'nope' });
    expect(unknown.body.error).toBe('Email or password is invalid');
    const bad = await h.call({ act: 'login', email: 'not-an-email', password: 'x' });
    expect(bad).toEqual({ status: 400, body: { error: 'Enter a valid email', field: 'email' } });
  });

  it('slows guessing per account and address: 5 free failures, then growing delays, never a lockout for others', async () => {
    for (let i = 0; i < 5; i++) {
      const r = await h.call({ act: 'login', email: 'accountant2@test.local', password: `wrong${i}` }, '10.0.0.9');
      expect(r.status).toBe(401);
    }
    const blocked = await h.call({ act: 'login', email: 'accountant2@test.local', password: PASSWORD }, '10.0.0.9');
    expect(blocked).toEqual({ status: 429, body: { error: 'Too many attempts. Try again later.', retryAfter: 1 } });
    // the account itself is not locked: its owner, from another address, signs in
    expect(
      (await h.call({ act: 'login', email: 'accountant2@test.local', password: PASSWORD }, '10.0.0.10')).status,
    ).toBe(200);
    // once the delay has passed, the next try is checked, and a success starts the count over
    await h.services.db.query("UPDATE auth_failures SET time = time - interval '2 seconds'");
    expect(
      (await h.call({ act: 'login', email: 'accountant2@test.local', password: PASSWORD }, '10.0.0.9')).status,
    ).toBe(200);
    expect((await h.call({ act: 'login', email: 'accountant2@test.local', password: 'x' }, '10.0.0.9')).status).toBe(
      401,
    );
  });

  it('refreshes a token, and revokes it on logout', async () => {
    const login = await h.call({ act: 'login', email: 'dispatcher@test.local', password: PASSWORD });
    const token = login.body.token as string;
    const refreshed = await h.call({ act: 'refreshtoken', token, appType: 'admin_v1' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toHaveProperty('token');
    expect(refreshed.body).toHaveProperty('settings');
    expect((refreshed.body.user as { email: string }).email).toBe('dispatcher@test.local');
    expect((await h.call({ act: 'logout', token })).body).toEqual({ ok: true });
    expect(await h.call({ act: 'find', col: 'jobs', token })).toEqual({
      status: 401,
      body: { error: 'invalid token' },
    });
    const next = refreshed.body.token as string;
    expect((await h.call({ act: 'refreshtoken', token: next })).body).toEqual({ error: 'invalid token' });
  });

  it('tells a missing or forged token (bad token) from an expired one (invalid token)', async () => {
    expect(await h.call({ act: 'find', col: 'jobs' })).toEqual({ status: 401, body: { error: 'bad token' } });
    expect((await h.call({ act: 'find', col: 'jobs', token: 'abc.def.ghi' })).body.error).toBe('bad token');
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('other-secret'));
    expect((await h.call({ act: 'find', col: 'jobs', token: forged })).body.error).toBe('bad token');
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(h.services.keys.tokenSecrets[0]));
    expect(await h.call({ act: 'find', col: 'jobs', token: expired })).toEqual({
      status: 401,
      body: { error: 'invalid token' },
    });
  });

  it('refuses a suspended user at login and on their next call', async () => {
    const token = await h.tokenOf('superagent', 2);
    const me = (
      await h.call({
        act: 'find',
        col: 'users',
        token: await h.tokenOf('superadmin'),
        query: { email: 'superagent2@test.local' },
      })
    ).body.data as { _id: number; _version: number }[];
    const u = me[0] as { _id: number; _version: number };
    await h.call({
      act: 'update',
      col: 'users',
      token: await h.tokenOf('superadmin'),
      query: { _id: u._id },
      data: { status: 'suspended', _version: u._version },
    });
    expect((await h.call({ act: 'find', col: 'jobs', token })).body.error).toBe('invalid token');
    const again = await h.call({ act: 'login', email: 'superagent2@test.local', password: PASSWORD });
    expect(again).toEqual({
      status: 403,
      body: { error: 'Your account is not active. Please contact an administrator.' },
    });
  });
});

describe('passwords', () => {
  it('resets a password through the outbox, once', async () => {
    expect((await h.call({ act: 'passwordsendresettoken', email: 'agent2@test.local' })).body).toEqual({ ok: true });
    expect((await h.call({ act: 'passwordsendresettoken', email: 'nobody@test.local' })).body).toEqual({ ok: true });
    const outbox = await h.services.store.find('outbox', { query: { to: 'agent2@test.local' } });
    expect(outbox.data).toHaveLength(1);
    const mail = outbox.data[0] as unknown as { _id: number; subject: string; text: string };
    expect(mail.subject).toBe('Reset your password');
    // the owner account reads the link of a mail the outbox keeps
    const owner = await h.tokenOf('superadmin');
    const link = (await h.call({ act: 'outboxlink', token: owner, id: mail._id })).body.link as string;
    const token = /token=([A-Za-z0-9_-]+)/.exec(link)?.[1] as string;
    const weak = await h.call({ act: 'resetpassword', resetToken: token, password: 'weakpass' });
    expect(weak).toEqual({
      status: 400,
      body: {
        error: 'The password needs an uppercase letter',
        field: 'password',
      },
    });
    expect((await h.call({ act: 'resetpassword', resetToken: token, password: 'NewPass9!' })).body).toEqual({
      ok: true,
    });
    expect((await h.call({ act: 'login', email: 'agent2@test.local', password: 'NewPass9!' })).status).toBe(200);
    expect((await h.call({ act: 'login', email: 'agent2@test.local', password: PASSWORD })).status).toBe(401);
    const reused = await h.call({ act: 'resetpassword', resetToken: token, password: 'Other9!x' });
    expect(reused).toEqual({ status: 400, body: { error: 'This link is invalid or has expired. Ask for a new one.' } });
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: await h.tokenOf('superadmin'),
      query: { collection: 'users', operation: 'update' },
    });
    expect(JSON.stringify(history.body.data)).toContain('"password"');
    expect(JSON.stringify(history.body.data)).not.toContain('argon2');
  });

  it('changes a password only with the right old one and the change rule', async () => {
    const token = await h.tokenOf('supplier', 2);
    expect(await h.call({ act: 'changepassword', token, oldPassword: 'nope', newPassword: 'Abcdef' })).toEqual({
      status: 400,
      body: { error: 'Wrong old password' },
    });
    const weak = await h.call({ act: 'changepassword', token, oldPassword: PASSWORD, newPassword: 'abcdef' });
    expect(weak.body.error).toBe('The password needs an uppercase letter');
    expect((await h.call({ act: 'changepassword', token, oldPassword: PASSWORD, newPassword: 'Abcdef' })).body).toEqual(
      { ok: true },
    );
    expect((await h.call({ act: 'login', email: 'supplier2@test.local', password: 'Abcdef' })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers 400 for unknown acts, bad JSON, non-objects and oversized bodies', async () => {
    expect(await h.call({ act: 'dropdatabase' })).toEqual({
      status: 400,
      body: { error: 'Unknown act: dropdatabase' },
    });
    const json = await h.app.inject({
      method: 'POST',
      url: '/',
      payload: '{"act":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'Invalid JSON body', code: 'badRequest' });
    const arr = await h.app.inject({
      method: 'POST',
      url: '/',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(arr.json()).toEqual({ error: 'The request body must be a JSON object', code: 'badRequest' });
    const big = await h.app.inject({
      method: 'POST',
      url: '/',
      payload: { act: 'systeminfo', pad: 'x'.repeat(1_100_000) },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ error: 'The request is too large', code: 'tooLarge' });
  });

  it('tells what it is without a token', async () => {
    const r = await h.call({ act: 'systeminfo' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Transport Console' });
  });
});
