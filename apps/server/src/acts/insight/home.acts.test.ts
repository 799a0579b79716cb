import { addDays, DEFAULT_TIME_ZONE, localDay, statQueries } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let agent: string;
let agentName: string;
const job = SAMPLES.jobs as (i: number, unit: number) => Record<string, unknown>;
const HOUR = 3_600_000;

/** Stores a reservation as `by` booked it `ago` ms before now. */
async function booked(by: string, ago: number, data: Record<string, unknown>, unit = 1): Promise<number> {
  const r = await h.services.store.insert('jobs', { ...job(1, unit), ...data }, { id: null, name: by });
  const at = new Date(Date.now() - ago).toISOString();
  await h.services.db.query(
    `UPDATE "jobs" SET doc = jsonb_set(doc, '{createdAt}', to_jsonb($1::text)) WHERE _id = $2`,
    [at, r._id],
  );
  return r._id;
}

beforeAll(async () => {
  h = await startHarness();
  agent = await h.tokenOf('agent');
  const me = await h.call({ act: 'refreshtoken', token: agent });
  agentName = (me.body.user as { name: string }).name;
});
afterAll(async () => h.close());

describe('the agent home', () => {
  it("counts the statistic tiles' windows at their edges, canceled ones left out, mine by who booked", async () => {
    const now = Date.now();
    const counts = async () => {
      const r = await h.call({ act: 'batch', token: agent, queries: statQueries(agentName, new Date()) });
      expect(r.body).toMatchObject({ results: expect.any(Array) });
      return (r.body.results as { count: number }[]).map((x) => x.count);
    };
    const before = await counts();
    expect(before).toEqual([0, 0, 0, 0]);
    // a minute inside the last 24 hours, and a minute outside it
    await booked(agentName, 24 * HOUR - 60_000, { status: 'new' });
    await booked(agentName, 24 * HOUR + 60_000, { status: 'new' });
    // inside and outside the 700 days of the "week" tiles
    await booked('someone else', 699 * 24 * HOUR, { status: 'routed' });
    await booked('someone else', 701 * 24 * HOUR, { status: 'routed' });
    // canceled ones never count; another site's never reach an agent of site 1
    await booked(agentName, HOUR, { status: 'canceled' });
    await booked(agentName, HOUR, { status: 'new' }, 2);
    expect(Date.now() - now).toBeLessThan(60_000);
    expect(await counts()).toEqual([3, 1, 2, 1]);
  });

  it('lists my last bookings newest first, 5 or 10 of them, on my own site', async () => {
    for (let i = 0; i < 12; i++)
      await booked(agentName, (30 - i) * 60_000, { status: 'new', firstName: 'Ana', lastName: `Recent${i}` });
    const five = await h.call({ act: 'myrecentjobs', token: agent, col: 'jobs', limit: 5 });
    expect(five.body).toBeInstanceOf(Array);
    const rows = five.body as unknown as { id: number; lastName: string; status: string; passenger: string }[];
    expect(rows.map((r) => r.lastName)).toEqual(['Recent11', 'Recent10', 'Recent9', 'Recent8', 'Recent7']);
    expect(rows[0]).toMatchObject({ status: 'new', passenger: 'Ana Recent11' });
    const ten = await h.call({ act: 'myrecentjobs', token: agent, col: 'jobs', limit: 10 });
    expect((ten.body as unknown as unknown[]).length).toBe(10);
    // the default is 5; more than 10 is refused, as is another collection
    expect((await h.call({ act: 'myrecentjobs', token: agent, col: 'jobs' })).body).toHaveLength(5);
    expect((await h.call({ act: 'myrecentjobs', token: agent, col: 'jobs', limit: 11 })).status).toBe(400);
    expect((await h.call({ act: 'myrecentjobs', token: agent, col: 'users' })).status).toBe(400);
    // someone else's bookings are not mine
    const other = await h.call({ act: 'myrecentjobs', token: await h.tokenOf('agent', 2), col: 'jobs', limit: 10 });
    expect((other.body as unknown as { lastName: string }[]).every((r) => !r.lastName.startsWith('Recent'))).toBe(true);
  });
});

describe('the dashboard', () => {
  it("counts one site's day by status, drivers online, pick-ups on time and the weeks", async () => {
    const dispatcher = await h.tokenOf('dispatcher');
    const dispatcher2 = await h.tokenOf('dispatcher', 2);
    const newOf = async (token: string) =>
      ((await h.call({ act: 'dashboard', token })).body as { jobs: Record<string, number> }).jobs.new ?? 0;
    // counted from what site 2 had before, as site 1's are: the test does not own the day
    const otherBase = await newOf(dispatcher2);
    const first = await h.call({ act: 'dashboard', token: dispatcher });
    expect(first.status).toBe(200);
    const today = localDay(DEFAULT_TIME_ZONE);
    expect(first.body).toMatchObject({ day: today, timeZone: DEFAULT_TIME_ZONE });
    const at = (day: string, time: string) => `${day} ${time}`;
    const add = (data: Record<string, unknown>, unit = 1) =>
      h.services.store.insert('jobs', { ...job(2, unit), ...data }, { id: null, name: 'fixtures' });
    const base = first.body as {
      jobs: Record<string, number>;
      unassigned: number;
      weeks: { thisWeek: { count: number } };
    };
    await add({ date: at(today, '08:00'), status: 'new' });
    await add({ date: at(today, '09:00'), status: 'waiting' });
    await add({ date: at(today, '10:00'), status: 'canceled' });
    // picked 30 minutes late (on time: the margin is 30) and 31 minutes late (late)
    await add({ date: at(today, '07:00'), status: 'dropped', pickedAt: at(today, '07:30') });
    await add({ date: at(today, '07:00'), status: 'picked', pickedAt: at(today, '07:31') });
    // another day, another site: not today's, not this site's
    await add({ date: at(addDays(today, 1), '08:00'), status: 'new' });
    await add({ date: at(today, '08:00'), status: 'new' }, 2);
    await h.services.store.insert(
      'trips',
      { unit: 1, status: 'sent', date: at(today, '06:30'), seats: 0 },
      { id: null, name: 'fixtures' },
    );
    const drivers = await h.services.store.find('drivers', { query: { unit: 1 } }, {});
    const d = drivers.data[0];
    if (!d) throw new Error('no driver');
    await h.services.store.update('drivers', d._id, { driverStatus: 'online' }, d._version, { id: null, name: 'x' });

    const r = await h.call({ act: 'dashboard', token: dispatcher });
    const body = r.body as {
      jobs: Record<string, number>;
      trips: Record<string, number>;
      driversOnline: number;
      unassigned: number;
      pickups: { done: number; onTime: number; lateMinutes: number };
      weeks: { thisWeek: { count: number; from: string; to: string } };
    };
    const grew = (s: string) => (body.jobs[s] ?? 0) - (base.jobs[s] ?? 0);
    expect([grew('new'), grew('waiting'), grew('canceled'), grew('dropped'), grew('picked')]).toEqual([1, 1, 1, 1, 1]);
    expect(body.unassigned - base.unassigned).toBe(2);
    expect(body.trips.sent).toBe(1);
    expect(body.driversOnline).toBe(1);
    expect(body.pickups).toEqual({ done: 2, onTime: 1, lateMinutes: 30 });
    // today's four that are not canceled, and tomorrow's when it falls in this week
    const tomorrowThisWeek = addDays(today, 1) <= body.weeks.thisWeek.to ? 1 : 0;
    expect(body.weeks.thisWeek.count - base.weeks.thisWeek.count).toBe(4 + tomorrowThisWeek);

    // site 2's dispatcher sees its own site's day; an agent may not see the dashboard of another site
    expect((await newOf(dispatcher2)) - otherBase).toBe(1);
    expect((await h.call({ act: 'dashboard', token: dispatcher, unit: 2 })).status).toBe(403);
  });
});
