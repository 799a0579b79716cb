import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let admin: string;
let dispatchadmin: string;
const system = { id: null, name: 'fixtures' };
const ids: Record<string, number> = {};
const home = (n: number) => ({ address: `${n} Rue des Écoles, Laval`, lat: 45.56, lon: -73.7 });

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
  dispatchadmin = await h.tokenOf('dispatchadmin');
  const { store } = h.services;
  const add = async (col: string, doc: Record<string, unknown>) => (await store.insert(col, doc, system))._id;
  ids.schoolHours = await add('shifts', {
    unit: 1,
    name: 'School day',
    status: 'active',
    start: '08:00',
    end: '15:30',
    year: '2026',
    direction: 'both',
    weekDays: [1, 2, 3, 4, 5],
  });
  ids.closed = await add('shifts', {
    unit: 1,
    name: 'Closed',
    status: 'not active',
    start: '09:00',
    end: '10:00',
    year: '2026',
    direction: 'to',
    weekDays: [1],
  });
  ids.otherSite = await add('shifts', {
    unit: 2,
    name: 'Elsewhere',
    start: '08:00',
    end: '15:00',
    year: '2026',
    direction: 'to',
    weekDays: [1, 2, 3, 4, 5],
  });
  ids.school = await add('locations', { unit: 1, name: 'École', address: '1 Rue École', lat: 45.57, lon: -73.72 });
  ids.ana = await add('users', { ...SAMPLES.students?.(1, 1), mainAddress: home(1) });
  ids.ben = await add('users', { ...SAMPLES.students?.(2, 1), mainAddress: home(2) });
  ids.cleo = await add('users', { ...SAMPLES.students?.(3, 1) }); // no address
  ids.dan = await add('users', { ...SAMPLES.passengers?.(4, 1), home: home(4) });
  await add('holidays', { unit: 1, name: 'Pedagogical day', date: '2026-12-02' });
});
afterAll(() => h.close());

/** The school week of Monday 30 November 2026 (Wednesday 2 December a holiday). */
const plan = (over: Record<string, unknown> = {}) => ({
  act: 'setshifts',
  token: admin,
  unit: 1,
  riders: 'students',
  ids: [ids.ana, ids.ben, ids.cleo],
  shift: ids.schoolHours,
  place: ids.school,
  from: '2026-11-30',
  to: '2026-12-06',
  weekDays: [1, 2, 3, 4, 5],
  ...over,
});
const jobsOf = async (query: Record<string, unknown>) =>
  (await h.call({ act: 'find', col: 'jobs', token: admin, query, limit: 1000, sort: { date: 1 } })).body.data as Record<
    string,
    unknown
  >[];

describe('reservations from shifts', () => {
  it('previews how many it would make and who has no address, and makes nothing', async () => {
    const r = await h.call(plan({ preview: true }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // 4 school days (the holiday skipped) × 2 students with an address × both ways
    expect(r.body).toEqual({
      created: 16,
      alreadyBooked: 0,
      missing: [{ _id: ids.cleo, lacks: 'home', name: 'FirstDv LastDv' }],
    });
    expect(await jobsOf({ passenger: { $in: [ids.ana, ids.ben] } })).toHaveLength(0);
  });

  it('makes them in one go, with history, and a second run makes nothing twice', async () => {
    const r = await h.call(plan());
    expect(r.body).toMatchObject({ created: 16, alreadyBooked: 0 });
    const made = await jobsOf({ passenger: ids.ana });
    expect(made.map((j) => j.date)).toEqual([
      '2026-11-30 08:00',
      '2026-11-30 15:30',
      '2026-12-01 08:00',
      '2026-12-01 15:30',
      '2026-12-03 08:00',
      '2026-12-03 15:30',
      '2026-12-04 08:00',
      '2026-12-04 15:30',
    ]);
    expect(made[0]).toMatchObject({
      status: 'new',
      unit: 1,
      direction: 'to',
      profile: 1,
      from: home(1),
      to: { address: '1 Rue École', location: ids.school },
      shift: ids.schoolHours,
      shiftKey: `${ids.schoolHours}:${ids.ana}:2026-11-30:to`,
      createdBy: 'admin Site1',
    });
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'jobs', id: made[0]?._id },
    });
    expect((history.body.data as unknown[]).length).toBe(1);
    const again = await h.call(plan({ to: '2026-12-07' }));
    expect(again.body).toMatchObject({ created: 2 * 2, alreadyBooked: 16 });
    expect(await jobsOf({ passenger: ids.ana })).toHaveLength(10);
  });

  it('goes one way of a shift that runs both when asked', async () => {
    const r = await h.call(plan({ ids: [ids.ana], from: '2026-12-14', to: '2026-12-14', direction: 'from' }));
    expect(r.body).toMatchObject({ created: 1 });
    expect((await jobsOf({ passenger: ids.ana, date: ['2026-12-14', '2026-12-14'] })).map((j) => j.date)).toEqual([
      '2026-12-14 15:30',
    ]);
  });

  it('refuses a kind of rider that is not theirs, a shift not active or of another site, and a bad plan', async () => {
    const passengerAsStudent = await h.call(plan({ ids: [ids.dan] }));
    expect(passengerAsStudent.body).toEqual({ error: `Unknown students: ${ids.dan}`, field: 'ids' });
    const closed = await h.call(plan({ shift: ids.closed }));
    expect(closed.body).toEqual({ error: 'This shift is not active', field: 'shift' });
    const elsewhere = await h.call(plan({ shift: ids.otherSite }));
    expect(elsewhere.body).toEqual({ error: `Unknown shift: ${ids.otherSite}`, field: 'shift' });
    const backwards = await h.call(plan({ to: '2026-11-01' }));
    expect(backwards.body).toEqual({ error: 'The end must not be before the start', field: 'to' });
    const noDay = await h.call(plan({ weekDays: [] }));
    expect(noDay.body).toEqual({ error: 'You must select at least one day', field: 'weekDays' });
  });

  it('needs setSchoolShifts for students and setShifts for the others, on the caller’s own site', async () => {
    const agent = await h.tokenOf('agent');
    expect((await h.call(plan({ token: agent, preview: true }))).status).toBe(403);
    // a dispatch admin holds every reservation action: school hours of their own site only
    const own = await h.call(plan({ token: dispatchadmin, preview: true }));
    expect(own.status).toBe(200);
    const other = await h.call(plan({ token: await h.tokenOf('dispatchadmin', 2), preview: true }));
    expect(other.status).toBe(403);
    const passengers = await h.call(
      plan({ token: dispatchadmin, riders: 'passengers', ids: [ids.dan], from: '2026-11-30', to: '2026-11-30' }),
    );
    expect(passengers.body).toMatchObject({ created: 2 });
  });
});
