import { DEFAULT_TIME_ZONE, FORBIDDEN_MESSAGE, localDay } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let admin: string;
let dispatcher: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
  dispatcher = await h.tokenOf('dispatcher');
  const jobs = [
    { ...SAMPLES.jobs?.(0, 1), lastName: 'Tremblay', status: 'new', date: '2026-11-22 08:00' },
    { ...SAMPLES.jobs?.(1, 1), lastName: 'Gagnon', status: 'new', date: '2026-11-22 09:00' },
    { ...SAMPLES.jobs?.(2, 2), lastName: 'Roy', status: 'new', date: '2026-11-23 10:00' },
  ];
  const ids: number[] = [];
  for (const data of jobs) {
    const r = await h.call({ act: 'insert', col: 'jobs', token: admin, data });
    expect(r.status).toBe(200);
    ids.push(r.body._id as number);
  }
  // a reservation is booked new and canceled after (docs/reservations.md)
  const cancel = { status: 'canceled', _version: 1 };
  const r = await h.call({ act: 'update', col: 'jobs', token: admin, query: { _id: ids[1] }, data: cancel });
  expect(r.status).toBe(200);
});
afterAll(() => h.close());

describe('find', () => {
  it('returns data and count, and holds a dispatcher to their site whatever the query says', async () => {
    const all = await h.call({ act: 'find', col: 'jobs', token: admin, query: {}, count: true });
    expect(all.body.count).toBe(3);
    const mine = await h.call({ act: 'find', col: 'jobs', token: dispatcher, query: { unit: 2 }, count: true });
    expect(mine.body).toEqual({ data: [], count: 0 });
    const site1 = await h.call({
      act: 'find',
      col: 'jobs',
      token: dispatcher,
      query: { $or: [{ unit: 2 }, { unit: 1 }] },
      count: true,
    });
    expect((site1.body.data as { lastName: string }[]).map((j) => j.lastName).sort()).toEqual(['Gagnon', 'Tremblay']);
  });

  it('answers 400 with a clear message for unknown collections, fields and operators', async () => {
    expect(await h.call({ act: 'find', col: 'pg_shadow', token: admin })).toEqual({
      status: 400,
      body: { error: 'Unknown collection: pg_shadow' },
    });
    expect((await h.call({ act: 'find', col: 'jobs', token: admin, query: { $where: '1' } })).body).toEqual({
      error: 'Unknown operator: $where',
    });
    expect((await h.call({ act: 'find', col: 'jobs', token: admin, query: { secret: 1 } })).body).toEqual({
      error: 'Unknown field: secret',
    });
    expect((await h.call({ act: 'find', col: 'jobs', token: admin, limit: 'all' })).body).toEqual({
      error: 'limit must be a number of at least 0',
    });
  });

  it('runs a batch, with count: 2 answering only the number', async () => {
    const r = await h.call({
      act: 'batch',
      token: admin,
      queries: [
        {
          act: 'find',
          col: 'jobs',
          query: { status: { $ne: 'canceled' }, date: ['2026-11-22', '2026-11-22'] },
          count: 2,
        },
        { act: 'find', col: 'jobs', query: { lastName: 'Roy' } },
        { act: 'countroles' },
      ],
    });
    expect(r.status).toBe(200);
    const [stats, roy, roles] = r.body.results as Record<string, unknown>[];
    expect(stats).toEqual({ count: 1 });
    expect((roy as { data: { lastName: string }[] }).data[0]?.lastName).toBe('Roy');
    expect(roles?.data).toContainEqual({ role: 'agent', roleCode: 70, count: 2 });
  });

  it('checks each query of a batch on its own', async () => {
    const agent = await h.tokenOf('agent');
    const r = await h.call({
      act: 'batch',
      token: agent,
      queries: [
        { act: 'find', col: 'jobs' },
        { act: 'find', col: 'rates' },
      ],
    });
    expect(r).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE } });
  });
});

describe('writes', () => {
  it('inserts on the caller site, updates with the version read, refuses a stale one', async () => {
    const ins = await h.call({
      act: 'insert',
      col: 'drivers',
      token: dispatcher,
      data: { firstName: 'Léa', lastName: 'Morin', unit: 2, phone: '514-555-0150', email: 'lea.morin@test.local' },
    });
    expect(ins.status).toBe(403); // the dispatcher may not create drivers
    const created = await h.call({
      act: 'insert',
      col: 'drivers',
      token: await h.tokenOf('dispatchadmin'),
      data: { firstName: 'Léa', lastName: 'Morin', unit: 2, phone: '514-555-0150', email: 'lea.morin@test.local' },
    });
    expect(created.body).toMatchObject({ firstName: 'Léa', unit: 1, _version: 1, createdBy: 'dispatchadmin Site1' });
    const id = created.body._id;
    const noVersion = await h.call({
      act: 'update',
      col: 'drivers',
      token: admin,
      query: { _id: id },
      data: { phone: '1' },
    });
    expect(noVersion).toEqual({ status: 400, body: { error: '_version is required: send the version you read' } });
    const first = await h.call({
      act: 'update',
      col: 'drivers',
      token: admin,
      query: { _id: id },
      data: { phone: '514-555-0160', _version: 1 },
    });
    expect(first.body).toMatchObject({ phone: '514-555-0160', _version: 2 });
    const stale = await h.call({
      act: 'update',
      col: 'drivers',
      token: admin,
      query: { _id: id },
      data: { phone: '438-555-0160', _version: 1 },
    });
    expect(stale).toEqual({
      status: 409,
      body: { error: 'This record was changed by someone else. Reload and try again.' },
    });
    const hist = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'drivers', id },
      sort: { time: 1 },
    });
    expect((hist.body.data as { operation: string; user: string }[]).map((e) => [e.operation, e.user])).toEqual([
      ['insert', 'dispatchadmin Site1'],
      ['update', 'admin Site1'],
    ]);
  });

  it('deletes by id within the site and refuses an empty filter', async () => {
    const r = await h.call({
      act: 'insert',
      col: 'drivers',
      token: admin,
      data: { firstName: 'Zoé', lastName: 'Roy', unit: 2, phone: '514-555-0151', email: 'zoe.roy@test.local' },
    });
    const id = r.body._id;
    const other = await h.call({
      act: 'delete',
      col: 'drivers',
      token: await h.tokenOf('dispatchadmin'),
      query: { _id: id },
    });
    expect(other.body).toEqual({ deleted: 0 });
    expect((await h.call({ act: 'delete', col: 'drivers', token: admin, query: {} })).body).toEqual({
      error: 'Select the records to delete',
    });
    expect((await h.call({ act: 'delete', col: 'drivers', token: admin, query: { _id: { $in: [id] } } })).body).toEqual(
      { deleted: 1 },
    );
  });

  it('speaks the spec text for a duplicate email', async () => {
    const r = await h.call({
      act: 'insert',
      col: 'users',
      token: admin,
      data: {
        email: 'AGENT@test.local',
        firstName: 'Ann',
        lastName: 'Bell',
        phone: '514-555-0152',
        role: 'agent',
        unit: 1,
      },
    });
    expect(r).toEqual({ status: 409, body: { error: 'Email already exists. Please try a different email.' } });
  });

  it('lets only a superadmin hand out the admin role, and changing a role needs changeRole', async () => {
    const r = await h.call({
      act: 'insert',
      col: 'users',
      token: admin,
      data: {
        email: 'new-admin@test.local',
        firstName: 'Nina',
        lastName: 'Admin',
        phone: '514-555-0153',
        role: 'admin',
        unit: 1,
      },
    });
    expect(r.status).toBe(403);
    const su = await h.tokenOf('superadmin');
    const ok = await h.call({
      act: 'insert',
      col: 'users',
      token: su,
      data: {
        email: 'new-admin@test.local',
        firstName: 'Nina',
        lastName: 'Admin',
        phone: '514-555-0153',
        role: 'admin',
        unit: 1,
      },
    });
    expect(ok.status).toBe(200);
  });

  it('keeps read-only collections read-only and views personal', async () => {
    expect((await h.call({ act: 'insert', col: 'roles', token: admin, data: { roleCode: 'x' } })).status).toBe(403);
    expect((await h.call({ act: 'insert', col: 'history', token: admin, data: {} })).status).toBe(403);
    const agent = await h.tokenOf('agent');
    await h.call({ act: 'insert', col: 'views', token: agent, data: { col: 'jobs', id: 1 } });
    await h.call({ act: 'insert', col: 'views', token: admin, data: { col: 'jobs', id: 2 } });
    const mine = await h.call({ act: 'find', col: 'views', token: agent, query: { col: 'jobs' }, sort: { time: -1 } });
    expect((mine.body.data as { id: number }[]).map((v) => v.id)).toEqual([1]);
  });
});

describe('people are users guarded by their own modules', () => {
  it('lets an agent list passengers but not staff', async () => {
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'find', col: 'users', token: agent, query: { role: 'passenger' } })).status).toBe(200);
    expect((await h.call({ act: 'find', col: 'users', token: agent, query: {} })).status).toBe(403);
    expect(
      (await h.call({ act: 'find', col: 'users', token: agent, query: { role: { $in: ['passenger', 'admin'] } } }))
        .status,
    ).toBe(403);
    const p = await h.call({
      act: 'insert',
      col: 'users',
      token: agent,
      data: { email: 'pax@test.local', firstName: 'Pat', lastName: 'Roy', role: 'passenger', unit: 1, profiles: [1] },
    });
    expect(p.status).toBe(200);
    const promote = await h.call({
      act: 'update',
      col: 'users',
      token: agent,
      query: { _id: p.body._id },
      data: { role: 'admin', _version: 1 },
    });
    expect(promote.status).toBe(403);
  });
});

describe('roles', () => {
  it('lets only the owner save roles, updating existing and inserting new ones', async () => {
    const body = {
      act: 'saveroles',
      roles: [
        { roleCode: 'agent', permissions: [{ moduleCode: '100', action: 'view' }] },
        { roleCode: 'nightshift', roleName: 'Night shift', permissions: [{ moduleCode: '110', action: 'view' }] },
      ],
    };
    expect((await h.call({ ...body, token: admin })).body).toEqual({ error: FORBIDDEN_MESSAGE });
    const su = await h.tokenOf('superadmin');
    expect((await h.call({ ...body, token: su })).body).toEqual({ ok: true, updated: 1, inserted: 1 });
    const roles = await h.call({
      act: 'find',
      col: 'roles',
      token: su,
      query: { roleCode: { $in: ['agent', 'nightshift'] } },
      sort: { roleCode: 1 },
    });
    expect(
      (roles.body.data as { roleCode: string; permissions: unknown[] }[]).map((r) => [
        r.roleCode,
        r.permissions.length,
      ]),
    ).toEqual([
      ['agent', 1],
      ['nightshift', 1],
    ]);
    const bad = await h.call({
      act: 'saveroles',
      token: su,
      roles: [{ roleCode: 'agent', permissions: [{ moduleCode: '100', action: 'fly' }] }],
    });
    expect(bad).toEqual({ status: 400, body: { error: 'Unknown permission 100 fly' } });
  });

  it("starts a new role on the day of the records without a site, not the server's UTC day", async () => {
    const su = await h.tokenOf('superadmin');
    // 02:00 UTC (before now, so the token holds) is the evening before in New York
    const now = new Date();
    const at =
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2) - (now.getUTCHours() < 2 ? 86_400_000 : 0);
    vi.useFakeTimers({ now: at, toFake: ['Date'] });
    try {
      const saved = await h.call({ act: 'saveroles', token: su, roles: [{ roleCode: 'latenight', permissions: [] }] });
      expect(saved.body).toEqual({ ok: true, updated: 0, inserted: 1 });
    } finally {
      vi.useRealTimers();
    }
    const found = await h.call({ act: 'find', col: 'roles', token: su, query: { roleCode: 'latenight' } });
    const day = (found.body.data as { startDate: string }[])[0]?.startDate;
    expect(day).toBe(localDay(DEFAULT_TIME_ZONE, at));
    expect(day).not.toBe(new Date(at).toISOString().slice(0, 10));
  });
});
