import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;
const passenger = (over: Record<string, unknown> = {}) => ({
  role: 'passenger',
  unit: 1,
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@test.local',
  phone: '514-555-0101',
  profiles: [1],
  ...over,
});

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

const insert = (token: string, data: Record<string, unknown>) => h.call({ act: 'insert', col: 'users', token, data });

describe('writes are validated by the resource schema on the server', () => {
  it('answers 400 with the spec text and the field, and stores nothing', async () => {
    expect(await insert(admin, passenger({ lastName: 'T' }))).toEqual({
      status: 400,
      body: { error: 'Must be 2 to 30 characters', field: 'lastName' },
    });
    expect(await insert(admin, passenger({ opusCard: '123' }))).toEqual({
      status: 400,
      body: { error: 'The OPUS card number must have exactly 12 characters', field: 'opusCard' },
    });
    expect((await insert(admin, passenger({ email: 'nope' }))).body).toEqual({
      error: 'Enter a valid email',
      field: 'email',
    });
    const n = await h.call({ act: 'find', col: 'users', token: admin, query: { role: 'passenger' }, count: true });
    expect(n.body.count).toBe(0);
  });

  it('stores the normalised record: trimmed text, blank optional fields left out', async () => {
    const r = await insert(admin, passenger({ firstName: '  Marie ', additionalPhone: '', code: ' ' }));
    expect(r.status).toBe(200);
    expect(r.body.firstName).toBe('Marie');
    expect(r.body).not.toHaveProperty('additionalPhone');
    expect(r.body).not.toHaveProperty('code');
  });

  it('rejects a second passenger with the same email with the spec text', async () => {
    const r = await insert(admin, passenger({ email: 'MARIE@test.local', firstName: 'Other' }));
    expect(r).toEqual({ status: 400, body: { error: 'Passenger email already in use', field: 'email' } });
  });

  it('validates an update as the whole record it makes, and clears a blanked field', async () => {
    const created = await insert(admin, passenger({ email: 'jean@test.local', code: 'P1' }));
    const id = created.body._id;
    const bad = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: id },
      data: { firstName: '', _version: 1 },
    });
    expect(bad).toEqual({ status: 400, body: { error: 'This field is required', field: 'firstName' } });
    const ok = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: id },
      data: { code: '', lastName: ' Roy ', _version: 1 },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.lastName).toBe('Roy');
    expect(ok.body.code).toBeNull();
    // taking an email another passenger holds
    const clash = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: id },
      data: { email: 'marie@test.local', _version: 2 },
    });
    expect(clash.body).toEqual({ error: 'Passenger email already in use', field: 'email' });
  });

  it('puts a site-held user’s record on their own site whatever the form says', async () => {
    const agent = await h.tokenOf('agent');
    const r = await insert(agent, passenger({ email: 'site@test.local', unit: 2 }));
    expect(r.status).toBe(200);
    expect(r.body.unit).toBe(1);
  });
});

describe('status changes need changeStatus', () => {
  it('lets an agent (passengers edit, no changeStatus) edit a passenger but not suspend one', async () => {
    const agent = await h.tokenOf('agent');
    const created = await insert(admin, passenger({ email: 'status@test.local' }));
    const id = created.body._id as number;
    const update = (data: Record<string, unknown>) =>
      h.call({ act: 'update', col: 'users', token: agent, query: { _id: id }, data });
    const suspend = await update({ suspended: true, suspension: { reason: 'admin locked' }, _version: 1 });
    expect(suspend).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE } });
    expect((await update({ phone: '514-555-0199', _version: 1 })).status).toBe(200);
    const asAdmin = await h.call({
      act: 'update',
      col: 'users',
      token: admin,
      query: { _id: id },
      data: { suspended: true, suspension: { reason: 'admin locked' }, status: 'suspended', _version: 2 },
    });
    expect(asAdmin.status).toBe(200);
  });

  it('lets a dispatcher (drivers changeStatus, no edit) suspend a driver, but not edit one', async () => {
    const dispatcher = await h.tokenOf('dispatcher');
    // a driver as its form leaves it (the fixture's has no phone nor email)
    const fixture = await h.services.store.getById('drivers', 1);
    const driver = await h.services.store.update(
      'drivers',
      1,
      { phone: '514-555-0100', email: 'driver.one@test.local' },
      fixture?._version as number,
      {
        id: null,
        name: 'fixtures',
      },
    );
    const update = (data: Record<string, unknown>) =>
      h.call({ act: 'update', col: 'drivers', token: dispatcher, query: { _id: 1 }, data });
    const rename = await update({ lastName: 'Renamed', suspended: true, _version: driver?._version });
    expect(rename).toEqual({ status: 403, body: { error: FORBIDDEN_MESSAGE } });
    const suspend = await update({
      suspended: true,
      suspension: { reason: 'temporarilySuspended' },
      driverStatus: 'suspended',
      _version: driver?._version,
    });
    expect(suspend.status, JSON.stringify(suspend.body)).toBe(200);
    expect(suspend.body).toMatchObject({ suspended: true, driverStatus: 'suspended' });
  });
});

describe('duplicates and export', () => {
  it('lists the records sharing the duplicate key within the filters, blanks never matching', async () => {
    for (const [i, p] of [
      { firstName: 'Luc', lastName: 'Caron', phone: '514-555-0111' },
      { firstName: 'luc ', lastName: 'CARON', phone: '514-555-0111' },
      { firstName: 'Luc', lastName: 'Caron', phone: '514-555-0112' },
      { firstName: 'Ana', lastName: 'Lima', phone: '' },
      { firstName: 'Ana', lastName: 'Lima', phone: '' },
    ].entries()) {
      expect((await insert(admin, passenger({ ...p, email: `dup${i}@test.local` }))).status).toBe(200);
    }
    const r = await h.call({
      act: 'duplicates',
      col: 'users',
      token: admin,
      query: { role: 'passenger', email: { $regex: '^dup' } },
      fields: ['firstName', 'lastName', 'phone'],
    });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(2);
    expect((r.body.data as { email: string }[]).map((d) => d.email).sort()).toEqual([
      'dup0@test.local',
      'dup1@test.local',
    ]);
    const bad = await h.call({
      act: 'duplicates',
      col: 'users',
      token: admin,
      query: { role: 'passenger' },
      fields: ['password'],
    });
    expect(bad).toEqual({ status: 400, body: { error: 'Unknown field: password' } });
  });

  it('exports every record the filters select, past one page, with the export action only', async () => {
    const rows = Array.from({ length: 1205 }, (_, i) => ({
      lastName: `Bulk${i}`,
      status: 'new',
      date: '2026-12-01 08:00',
      unit: 1,
    }));
    await h.services.store.bulkLoad(
      'jobs',
      rows.map((r, i) => ({ ...r, _id: 100000 + i })),
      { id: null, name: 't' },
      false,
    );
    const all = await h.call({
      act: 'export',
      col: 'jobs',
      token: admin,
      query: { date: ['2026-12-01', '2026-12-01 23:59'] },
    });
    expect(all.status).toBe(200);
    expect((all.body.data as unknown[]).length).toBe(1205);
    // the agent views reservations but holds no export
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'export', col: 'jobs', token: agent, query: {} })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });
});
