import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_HIDDEN } from '../mail/mailer.ts';
import { type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';

/** The holes of the security issue, each as it was reproduced (docs/security.md lists them). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Row = Record<string, unknown> & { _id: number; _version: number };

async function userByEmail(email: string): Promise<Row> {
  const r = await h.services.store.find('users', { query: { email } });
  return r.data[0] as Row;
}

const passenger = (i: number) => SAMPLES.passengers?.(i, 1) as Record<string, unknown>;

describe('1. the outbox keeps live links from staff', () => {
  it('shows staff a reset mail without its link; only the owner reads the link; history never holds it', async () => {
    await h.call({ act: 'passwordsendresettoken', email: 'superadmin@test.local' });
    const dispatcher = await h.tokenOf('dispatcher');
    const found = await h.call({
      act: 'find',
      col: 'outbox',
      token: dispatcher,
      query: { to: 'superadmin@test.local' },
    });
    const mail = (found.body.data as Row[])[0] as Row & { text: string; html: string };
    expect(mail.text).toContain(LINK_HIDDEN);
    expect(`${mail.text}${mail.html}`).not.toMatch(/token=/);
    expect(await h.call({ act: 'outboxlink', token: dispatcher, id: mail._id })).toMatchObject({ status: 403 });
    const owner = await h.tokenOf('superadmin');
    const link = (await h.call({ act: 'outboxlink', token: owner, id: mail._id })).body.link as string;
    expect(link).toMatch(/\/admin\/resetpw\?token=[\w-]{20,}&mode=reset$/);
    const token = /token=([\w-]+)/.exec(link)?.[1] as string;
    const history = await h.services.db.query<{ data: unknown }>('SELECT data FROM history');
    expect(JSON.stringify(history.rows)).not.toContain(token);
  });

  it('shows staff only the mail of their own site', async () => {
    await h.call({ act: 'passwordsendresettoken', email: 'agent2@test.local' });
    const site1 = await h.call({
      act: 'find',
      col: 'outbox',
      token: await h.tokenOf('dispatcher'),
      query: { to: 'agent2@test.local' },
    });
    expect(site1.body.data).toEqual([]);
    const site2 = await h.call({
      act: 'find',
      col: 'outbox',
      token: await h.tokenOf('dispatcher', 2),
      query: { to: 'agent2@test.local' },
    });
    expect((site2.body.data as unknown[]).length).toBe(1);
  });
});

async function lastLinkTo(email: string): Promise<string> {
  const r = await h.services.store.find('outbox', { query: { to: email }, sort: { _id: -1 }, limit: 1 });
  const id = (r.data[0] as Row)._id;
  return (await h.call({ act: 'outboxlink', token: await h.tokenOf('superadmin'), id })).body.link as string;
}

describe('2. mail links do not take their host from the request', () => {
  it('links to this server, not to a forged Host', async () => {
    await h.call({ act: 'passwordsendresettoken', email: 'accountant@test.local' }, '127.0.0.1', {
      host: 'evil.example',
    });
    const link = await lastLinkTo('accountant@test.local');
    expect(link.startsWith('http://localhost:8080/admin/resetpw?token=')).toBe(true);
  });
});

describe('3. a users delete touches only what was checked', () => {
  it('refuses an agent whose delete would reach a dispatcher behind 1,000 passengers', async () => {
    const docs = Array.from({ length: 1000 }, (_, i) => ({
      ...passenger(i),
      _id: 50_000 + i,
      unit: 1,
      email: `bulk${i}@test.local`,
      lastName: 'Aaagent',
    }));
    await h.services.store.bulkLoad('users', docs, { id: null, name: 'test' }, false);
    const dispatcher = await userByEmail('dispatcher@test.local');
    const agent = await h.tokenOf('agent');
    const r = await h.call({
      act: 'delete',
      col: 'users',
      token: agent,
      query: { $or: [{ lastName: 'Aaagent' }, { _id: dispatcher._id }] },
    });
    expect(r.status).toBe(403);
    expect(await userByEmail('dispatcher@test.local')).toBeDefined();
    expect(await h.services.store.count('users', { lastName: 'Aaagent' })).toBe(1000);
    // the passengers alone are the agent's to delete
    expect((await h.call({ act: 'delete', col: 'users', token: agent, query: { lastName: 'Aaagent' } })).body).toEqual({
      deleted: 1000,
    });
  });
});

describe('4. only the owner edits the owner; only a superadmin edits a superadmin', () => {
  it('refuses an admin taking over, suspending or demoting them', async () => {
    const admin = await h.tokenOf('admin');
    const owner = await userByEmail('superadmin@test.local');
    for (const data of [{ email: 'mine@evil.example' }, { status: 'suspended' }]) {
      const r = await h.call({
        act: 'update',
        col: 'users',
        token: admin,
        query: { _id: owner._id },
        data: { ...data, _version: owner._version },
      });
      expect(r.status).toBe(403);
    }
    const other = await userByEmail('superadmin2@test.local');
    const demote = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: other._id },
      data: { role: 'agent', _version: other._version },
    });
    expect(demote.status).toBe(403);
    const byOtherSuperadmin = await h.call({
      act: 'update',
      col: 'users',
      token: await h.tokenOf('superadmin', 2),
      query: { _id: owner._id },
      data: { phone: '514-555-0199', _version: owner._version },
    });
    expect(byOtherSuperadmin.status).toBe(403);
    expect((await h.call({ act: 'delete', col: 'users', token: admin, query: { _id: owner._id } })).status).toBe(403);
    const byOwner = await h.call({
      act: 'update',
      col: 'users',
      token: await h.tokenOf('superadmin'),
      query: { _id: other._id },
      data: { phone: '514-555-0198', _version: other._version },
    });
    expect(byOwner.status).toBe(200);
    expect((await userByEmail('superadmin@test.local')).status).toBe('active');
  });
});

describe('5. sessions end when they should', () => {
  it('a password change ends the other sessions and the open reset links', async () => {
    const login = async () =>
      (await h.call({ act: 'login', email: 'accountingadmin2@test.local', password: PASSWORD })).body.token as string;
    const other = await login();
    const mine = await login();
    await h.call({ act: 'passwordsendresettoken', email: 'accountingadmin2@test.local' });
    const link = await lastLinkTo('accountingadmin2@test.local');
    const change = await h.call({ act: 'changepassword', token: mine, oldPassword: PASSWORD, newPassword: 'Abcdefg' });
    expect(change.body).toEqual({ ok: true });
    expect((await h.call({ act: 'find', col: 'jobs', token: other })).body).toEqual({ error: 'invalid token' });
    expect((await h.call({ act: 'refreshtoken', token: other })).status).toBe(401);
    expect((await h.call({ act: 'find', col: 'jobs', token: mine })).status).toBe(200);
    const resetToken = /token=([\w-]+)/.exec(link)?.[1];
    expect((await h.call({ act: 'resetpassword', resetToken, password: 'Sneaky9!x' })).status).toBe(400);
  });

  it('a used reset link ends the older ones', async () => {
    await h.call({ act: 'passwordsendresettoken', email: 'dispatchadmin2@test.local' });
    const older = /token=([\w-]+)/.exec(await lastLinkTo('dispatchadmin2@test.local'))?.[1];
    await h.call({ act: 'passwordsendresettoken', email: 'dispatchadmin2@test.local' });
    const newer = /token=([\w-]+)/.exec(await lastLinkTo('dispatchadmin2@test.local'))?.[1];
    expect(older).not.toBe(newer);
    expect((await h.call({ act: 'resetpassword', resetToken: newer, password: 'Newer9!xx' })).status).toBe(200);
    expect((await h.call({ act: 'resetpassword', resetToken: older, password: 'Older9!xx' })).body).toEqual({
      error: 'This link is invalid or has expired. Ask for a new one.',
    });
  });

  it('a session has an absolute lifetime, refreshes or not', async () => {
    const token = (await h.call({ act: 'login', email: 'agent2@test.local', password: PASSWORD })).body.token as string;
    expect((await h.call({ act: 'refreshtoken', token })).status).toBe(200);
    await h.services.db.query(
      `UPDATE auth_sessions SET expires_at = now() - interval '1 second'
       WHERE user_id = (SELECT _id FROM users WHERE doc->>'email' = 'agent2@test.local')`,
    );
    h.services.principals.clear();
    expect((await h.call({ act: 'refreshtoken', token })).body).toEqual({ error: 'invalid token' });
  });

  it('accepts no token without an expiry', async () => {
    const me = await userByEmail('agent@test.local');
    const session = await h.services.db.query<{ id: string }>('SELECT id FROM auth_sessions WHERE user_id = $1', [
      me._id,
    ]);
    const forever = await new SignJWT({ sid: session.rows[0]?.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(me._id))
      .sign(new TextEncoder().encode(h.services.keys.tokenSecrets[0]));
    expect(await h.call({ act: 'find', col: 'jobs', token: forever })).toEqual({
      status: 401,
      body: { error: 'bad token' },
    });
  });
});

describe('6. public reset requests cannot write mail of their own', () => {
  it('takes mode and name only from staff who may create that person', async () => {
    const create = await h.call({ act: 'passwordsendresettoken', email: 'agent@test.local', mode: 'create' });
    expect(create.status).toBe(403);
    const named = await h.call({
      act: 'passwordsendresettoken',
      email: 'agent@test.local',
      name: 'IT support. Sign in at http://evil.example first',
    });
    expect(named.status).toBe(403);
    // an agent may not invite a dispatcher; an admin may
    const inviteBy = async (role: string) =>
      h.call({
        act: 'passwordsendresettoken',
        token: await h.tokenOf(role),
        email: 'dispatcher@test.local',
        mode: 'create',
        name: 'Dee',
      });
    expect((await inviteBy('agent')).status).toBe(403);
    expect((await inviteBy('admin')).body).toEqual({ ok: true });
  });

  it('limits the requests of one client', async () => {
    const answers = [];
    for (let i = 0; i < 12; i++) {
      answers.push(
        (await h.call({ act: 'passwordsendresettoken', email: `nobody${i}@test.local` }, '10.6.6.6')).status,
      );
    }
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
  });
});

describe('7. no search holds the database', () => {
  it('refuses a backtracking pattern at once, and still finds typed text literally', async () => {
    const token = await h.tokenOf('admin');
    const started = Date.now();
    const r = await h.call({
      act: 'find',
      col: 'users',
      token,
      query: { lastName: { $regex: '(.{0,100}){1,100}z' } },
    });
    expect(r.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(5000);
    const typed = await h.call({
      act: 'find',
      col: 'users',
      token,
      query: { email: { $regex: '^dispatcher\\.?2?@test\\.local$', $options: 'i' } },
    });
    expect(typed.status).toBe(400); // `?` is not text
    const literal = await h.call({
      act: 'find',
      col: 'users',
      token,
      query: { email: { $regex: '^dispatcher2@test\\.local$', $options: 'i' } },
    });
    expect((literal.body.data as Row[]).map((u) => u.email)).toEqual(['dispatcher2@test.local']);
    // LIKE's own wildcards in the typed text are text too
    const percent = await h.call({ act: 'find', col: 'users', token, query: { email: { $regex: '%' } } });
    expect(percent.body.data).toEqual([]);
  });
});

describe('8. no call takes the memory of the server', () => {
  it('refuses a batch asking for more than its row budget', async () => {
    const queries = Array.from({ length: 25 }, () => ({ act: 'find', col: 'jobs', query: {}, limit: 1000 }));
    const r = await h.call({ act: 'batch', token: await h.tokenOf('admin'), queries });
    expect(r).toEqual({ status: 400, body: { error: 'A batch may ask for at most 5000 rows in all' } });
    const small = await h.call({
      act: 'batch',
      token: await h.tokenOf('admin'),
      queries: [{ act: 'find', col: 'jobs', query: {}, count: 2 }],
    });
    expect(small.status).toBe(200);
  });

  it('streams an export past one page with the same answer as before', async () => {
    const token = await h.tokenOf('admin');
    const r = await h.call({ act: 'export', col: 'users', token, query: { lastName: 'Aaagent' } });
    expect(r.body).toEqual({ data: [] });
    const docs = Array.from({ length: 1205 }, (_, i) => ({
      name: `Zone ${i}`,
      type: 'zone',
      unit: 2,
      _id: 70_000 + i,
    }));
    await h.services.store.bulkLoad('areas', docs, { id: null, name: 'test' }, false);
    const all = await h.call({ act: 'export', col: 'areas', token, query: { type: 'zone' }, sort: { _id: 1 } });
    const data = all.body.data as Row[];
    expect(data).toHaveLength(1205);
    expect(data.at(-1)?._id).toBe(71_204);
  });
});

describe('9. login throttling holds under a race, and locks no one out', () => {
  it('checks at most the free attempts of 100 parallel wrong passwords', async () => {
    const tries = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.call({ act: 'login', email: 'supplier@test.local', password: `wrong-${i}` }, '10.9.9.9'),
      ),
    );
    const checked = tries.filter((t) => t.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(tries.filter((t) => t.status === 429).length).toBe(100 - checked);
    // the owner of the account, elsewhere, is not kept out
    expect((await h.call({ act: 'login', email: 'supplier@test.local', password: PASSWORD }, '10.9.9.10')).status).toBe(
      200,
    );
  });

  it('spends as long on an unknown email as on a wrong password', async () => {
    const time = async (email: string) => {
      const t = performance.now();
      await h.call({ act: 'login', email, password: 'Wrong-pass1' }, `10.8.0.${Math.floor(Math.random() * 200)}`);
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('accountant@test.local'));
      unknown.push(await time(`ghost${i}@test.local`));
    }
    // a refusal without the hash check took an eighth of the time; with it, about the same
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe('9. behind a proxy, only its own hop is believed', () => {
  it('counts a client by the address the proxy saw, whatever it wrote before it', async () => {
    const proxied = await startHarness({ config: { trustProxy: 1 } });
    try {
      const attempt = (spoofed: string) =>
        proxied.call({ act: 'login', email: 'agent@test.local', password: 'wrong' }, '127.0.0.1', {
          'x-forwarded-for': `${spoofed}, 203.0.113.7`,
        });
      for (let i = 0; i < 5; i++) expect((await attempt(`198.51.100.${i}`)).status).toBe(401);
      // a new made-up first entry does not make a new client
      expect((await attempt('198.51.100.99')).status).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('10. history follows module permissions', () => {
  it('shows a superagent no history of drivers, vehicles, staff or rates', async () => {
    const admin = await h.tokenOf('admin');
    const driver = await h.call({ act: 'insert', col: 'drivers', token: admin, data: SAMPLES.drivers?.(900, 1) });
    expect(driver.status).toBe(200);
    const pax = await h.call({ act: 'insert', col: 'users', token: admin, data: passenger(901) });
    expect(pax.status).toBe(200);
    const superagent = await h.tokenOf('superagent');
    const all = await h.call({ act: 'find', col: 'history', token: superagent, limit: 1000, sort: { _id: -1 } });
    expect(all.status).toBe(200);
    const rows = all.body.data as { collection: string; id: number }[];
    const collections = new Set(rows.map((r) => r.collection));
    for (const refused of ['drivers', 'cars', 'blacklist', 'rates']) expect(collections.has(refused)).toBe(false);
    const staffIds = new Set(
      (
        await h.services.store.find('users', { query: { role: { $in: ['dispatcher', 'admin'] } }, limit: 100 })
      ).data.map((u) => u._id),
    );
    expect(rows.some((r) => r.collection === 'users' && staffIds.has(r.id))).toBe(false);
    // the passengers it may view keep their history
    expect(rows.some((r) => r.collection === 'users' && r.id === (pax.body._id as number))).toBe(true);
  });
});

describe('12. uniqueness holds under concurrent writes', () => {
  it('stores one driver of 20 concurrent inserts with one email', async () => {
    const admin = await h.tokenOf('admin');
    const data = { ...SAMPLES.drivers?.(950, 1), email: 'race@test.local' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.call({ act: 'insert', col: 'drivers', token: admin, data })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual(
      Array(19).fill('Passenger/student/driver/area already exists'),
    );
    expect(await h.services.store.count('drivers', { email: 'race@test.local' })).toBe(1);
  });
});

describe('13. bad input is a 400, not a 500', () => {
  it('refuses a role named constructor, a NUL in a text, a date past the calendar, 100,000 parameters', async () => {
    const admin = await h.tokenOf('admin');
    const find = await h.call({ act: 'find', col: 'users', token: admin, query: { role: 'constructor' } });
    expect(find.status).toBe(200);
    const del = await h.call({ act: 'delete', col: 'users', token: admin, query: { role: 'constructor' } });
    expect(del.status).toBe(200);
    const ins = await h.call({
      act: 'insert',
      col: 'users',
      token: admin,
      data: { ...passenger(960), role: 'constructor' },
    });
    expect(ins.status).toBe(400);
    const nul = await h.call({
      act: 'insert',
      col: 'users',
      token: admin,
      data: { ...passenger(961), firstName: 'A\u0000b' },
    });
    expect(nul.status).toBe(400);
    const nulQuery = await h.call({ act: 'find', col: 'users', token: admin, query: { lastName: 'A\u0000b' } });
    expect(nulQuery.status).toBe(400);
    const farDate = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { time: { $gte: '+275760-09-13T00:00:00.000Z' } },
    });
    expect(farDate.status).toBe(400);
    // 50 branches of 1,000 values each, nested: past PostgreSQL's 65,535 parameters a statement
    const values = Array.from({ length: 1000 }, (_, i) => `v${i}`);
    const branches = Array.from({ length: 50 }, () => ({ lastName: { $in: values } }));
    const many = await h.call({
      act: 'find',
      col: 'users',
      token: admin,
      query: { $and: [{ $or: branches }, { $or: branches }] },
    });
    expect(many).toEqual({ status: 400, body: { error: 'The query is too large: ask for fewer values' } });
  });
});
