import {
  addDays,
  DEFAULT_TIME_ZONE,
  epochOf,
  localDateTime,
  localDay,
  type ScheduleNext,
  type StoredDoc,
} from '@tc/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';
import { RoutingScheduler, SCHEDULER_ACTOR } from './scheduler.ts';

let h: Harness;
const system = { id: null, name: 'fixtures' };
const zone = DEFAULT_TIME_ZONE;
// the day routed: three days on, so that the real clock's today never meets it
const day = addDays(localDay(zone), 3);
const eve = addDays(day, -1);
const at = (local: string) => epochOf(zone, local);
const downtown = (n: number) => ({ address: `${n} Rue Peel, Montréal`, lat: 45.5 + n / 2000, lon: -73.57 + n / 3000 });
const airport = { address: 'Montréal-Trudeau', lat: 45.4706, lon: -73.7408 };
const jobs: number[] = [];

/** A scheduler on a clock the test moves, as a server started at that time. */
let clock = 0;
const scheduler = () => new RoutingScheduler(h.services, () => clock);
const logged: string[] = [];

const runs = async (schedule: number) =>
  (await h.services.store.find('routingRuns', { query: { schedule }, sort: { _id: 1 }, limit: 100 }, {})).data;

/** A rider from downtown to the airport at `date` (the site's local time), waiting to be routed. */
const rider = async (i: number, date: string) =>
  (
    await h.services.store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(i, 1), status: 'new', date, from: downtown(i + 1), to: airport },
      system,
    )
  )._id;

beforeAll(async () => {
  // the server's log, where a fault that is not the caller's is written
  h = await startHarness({ app: { logStream: { write: (line) => logged.push(line) } } });
  const { store } = h.services;
  await store.insert('settings', { name: 'add-on modules', value: '550', type: 'String', unit: 1 }, system);
  // six riders from downtown to the airport around eight, waiting to be routed
  for (let i = 0; i < 6; i++) jobs.push(await rider(i, `${day} 08:${String(i * 5).padStart(2, '0')}`));
});
afterAll(() => h.close());
beforeEach(async () => {
  // each test's schedules alone
  await h.services.db.query('DELETE FROM routing_schedule_state');
  const { data } = await h.services.store.find('routingSchedules', { limit: 100 }, {});
  for (const s of data)
    await h.services.store.update('routingSchedules', s._id, { status: 'inactive' }, s._version, system);
});

const daily = async (unit = 1) =>
  h.services.store.insert(
    'routingSchedules',
    { unit, name: 'Tomorrow at six', status: 'active', repeat: 'daily', time: '18:00', daysAhead: 1, seconds: 1 },
    system,
  );

describe('the routing scheduler', () => {
  it('runs a daily schedule at its time, routing the day ahead, and writes its trips as a dispatcher’s run', async () => {
    const s = await daily();
    clock = at(`${eve} 17:00`);
    expect(await scheduler().tick()).toEqual([]);
    clock = at(`${eve} 18:00`) + 20_000;
    const [run] = await scheduler().tick();
    expect(run).toMatchObject({
      unit: 1,
      schedule: s._id,
      outcome: 'written',
      dueAt: `${eve} 18:00`,
      days: [day],
      routed: 6,
      queued: 0,
      assign: false,
    });
    const trips = (run as StoredDoc).trips as number[];
    expect(trips.length).toBeGreaterThan(0);
    expect(trips.length).toBeLessThan(6); // shared rides
    const trip = await h.services.store.getById('trips', trips[0] as number);
    expect(trip).toMatchObject({ status: 'new', unit: 1 });
    for (const id of jobs) expect((await h.services.store.getById('jobs', id))?.status).toBe('routed');
    // by the scheduler, in the history, in the same transaction as the write
    const history = await h.services.db.query<{ user_name: string }>(
      "SELECT user_name FROM history WHERE collection = 'trips' AND record_id = $1",
      [trips[0]],
    );
    expect(history.rows.map((r) => r.user_name)).toEqual([SCHEDULER_ACTOR.name]);
    // its log: what it routed, day by day, and what it wrote, at the site's time
    expect((run as StoredDoc).log).toEqual([
      { at: `${eve} 18:00`, event: 'start', assign: false, from: `${day} 00:00`, to: `${day} 23:59`, seconds: 1 },
      { at: `${eve} 18:00`, event: 'day', day, trips: trips.length, routed: 6, queued: 0, estimated: true },
      { at: `${eve} 18:00`, event: 'written', trips: trips.length },
    ]);
    // it has run: not again before tomorrow's 18:00
    clock += 60_000;
    expect(await scheduler().tick()).toEqual([]);
  });

  it('undoes a written run while nothing of it changed, once; others may not', async () => {
    const [run] = await runs(
      (await h.services.store.find('routingSchedules', { limit: 1 }, {})).data[0]?._id as number,
    );
    const id = (run as StoredDoc)._id;
    const other = await h.call({ act: 'routingrunundo', token: await h.tokenOf('dispatcher', 2), id });
    expect(other.status).toBe(404);
    const agent = await h.call({ act: 'routingrunundo', token: await h.tokenOf('agent'), id });
    expect(agent.status).toBe(403);
    // the runs and the schedules are those who route's: an agent, who books, may not read them
    for (const col of ['routingRuns', 'routingSchedules'])
      expect((await h.call({ act: 'find', token: await h.tokenOf('agent'), col })).status).toBe(403);
    const token = await h.tokenOf('dispatcher');
    const undone = await h.call({ act: 'routingrunundo', token, id });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toMatchObject({ outcome: 'undone' });
    expect((undone.body.log as { event: string; by: string }[]).at(-1)).toMatchObject({
      event: 'undone',
      by: 'dispatcher Site1',
    });
    for (const j of jobs)
      expect(await h.services.store.getById('jobs', j)).toMatchObject({ status: 'new', trip: null });
    for (const t of (run as StoredDoc).trips as number[])
      expect(await h.services.store.getById('trips', t)).toBeUndefined();
    const again = await h.call({ act: 'routingrunundo', token, id });
    expect(again).toMatchObject({ status: 409, code: 'runChanged' });
  });

  it('after a stop, records the runs missed and makes the last one due; a run of the site never overlaps another', async () => {
    const s = await daily();
    clock = at(`${addDays(day, -3)} 12:00`);
    await scheduler().tick();
    // the server was stopped from before that 18:00 until two days later at 20:00
    clock = at(`${addDays(day, -1)} 20:00`);
    const made = await scheduler().tick();
    expect(made.map((r) => r.outcome)).toEqual(['missed', 'written']);
    expect(made[0]).toMatchObject({
      missed: 2,
      dueAt: `${addDays(day, -3)} 18:00`,
      log: [{ at: `${addDays(day, -1)} 20:00`, event: 'missed', count: 2, from: `${addDays(day, -3)} 18:00` }],
    });
    // the last run due (the eve's 18:00) routes the day
    expect(made[1]).toMatchObject({ dueAt: `${eve} 18:00`, days: [day], routed: 6 });
    await h.call({ act: 'routingrunundo', token: await h.tokenOf('dispatcher'), id: made[1]?._id });

    // another schedule of the site runs meanwhile (its server alive): this one waits
    const other = await daily();
    clock = at(`${day} 18:00`) + 1000;
    await h.services.db.query(
      'INSERT INTO routing_schedule_state (schedule, unit, schedule_version, next_at, running_since) VALUES ($1, 1, $2, $3, $4)',
      [other._id, other._version, at(`${addDays(day, 1)} 18:00`), clock - 1000],
    );
    expect(await scheduler().tick()).toEqual([]);
    // five minutes on, that run is taken for dead (its server stopped): said so, and this one runs, late
    clock += 5 * 60_000 + 1000;
    const late = await scheduler().tick();
    expect(late.map((r) => [r.schedule, r.outcome])).toEqual([
      [other._id, 'interrupted'],
      [s._id, 'nothing'],
    ]);
    expect(late[1]).toMatchObject({ dueAt: `${day} 18:00`, days: [addDays(day, 1)] });
  });

  it('runs a schedule every few minutes at once when made, routing the next hours only', async () => {
    const { store } = h.services;
    clock = at(`${day} 07:00`);
    const s = await store.insert(
      'routingSchedules',
      {
        unit: 1,
        name: 'Every 15 minutes',
        status: 'active',
        repeat: 'interval',
        minutes: 15,
        hoursAhead: 1,
        seconds: 1,
      },
      system,
    );
    // 07:00 to 08:00: the first riders only (08:00), the others wait for a later run
    const [first] = await scheduler().tick();
    expect(first).toMatchObject({ schedule: s._id, outcome: 'written', routed: 1, dueAt: `${day} 07:00` });
    clock = at(`${day} 07:14`);
    expect(await scheduler().tick()).toEqual([]);
    clock = at(`${day} 07:15`);
    const [second] = await scheduler().tick();
    expect(second).toMatchObject({ outcome: 'written', routed: 3, dueAt: `${day} 07:15` });
  });

  it('runs a schedule now when asked, never beside another run of its site, only where the add-on is on', async () => {
    const s = await daily();
    const token = await h.tokenOf('dispatcher');
    // a run of the site under way: refused, nothing run
    await h.services.db.query(
      'INSERT INTO routing_schedule_state (schedule, unit, schedule_version, next_at, running_since) VALUES (999, 1, 1, 0, $1)',
      [Date.now()],
    );
    const busy = await h.call({ act: 'routingschedulerun', token, id: s._id });
    expect(busy).toMatchObject({ status: 409, code: 'routingBusy' });
    await h.services.db.query('DELETE FROM routing_schedule_state WHERE schedule = 999');
    const now = await h.call({ act: 'routingschedulerun', token, id: s._id });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    // run today (the real clock): it routes tomorrow, the day after today
    expect(now.body).toMatchObject({ schedule: s._id, days: [addDays(localDay(zone), 1)] });
    expect(['written', 'nothing']).toContain(now.body.outcome);
    // when it next runs is as it was: today's or tomorrow's 18:00
    const next = await h.services.db.query<{ next_at: string }>(
      'SELECT next_at FROM routing_schedule_state WHERE schedule = $1',
      [s._id],
    );
    expect(Number(next.rows[0]?.next_at)).toBeGreaterThan(Date.now());
    // another site's schedule is not the dispatcher's; a site without the add-on does not run
    const theirs = await daily(2);
    expect((await h.call({ act: 'routingschedulerun', token, id: theirs._id })).status).toBe(404);
    const admin = await h.tokenOf('admin');
    expect(await h.call({ act: 'routingschedulerun', token: admin, id: theirs._id })).toMatchObject({
      status: 403,
      code: 'schedulerOff',
    });
  });

  it('records a run that cannot route as failed, with the refusal in its log, and writes nothing', async () => {
    const { store } = h.services;
    const bad = await store.insert(
      'settings',
      { name: 'routing ratio', value: 'wide', type: 'String', unit: 1 },
      system,
    );
    try {
      const s = await daily();
      clock = at(`${eve} 17:00`);
      await scheduler().tick();
      clock = at(`${eve} 18:00`) + 1000;
      const trips = await store.count('trips', {}, {});
      const [run] = await scheduler().tick();
      expect(run).toMatchObject({ schedule: s._id, outcome: 'failed' });
      expect(((run as StoredDoc).log as Record<string, unknown>[]).at(-1)).toMatchObject({
        event: 'failed',
        code: 'missingParameters',
        details: { setting: 'routing ratio' },
      });
      expect(await store.count('trips', {}, {})).toBe(trips);
    } finally {
      await store.delete('settings', { _id: bad._id }, system);
    }
  });

  it('records a run now that the database refuses as failed, answers it, and logs the fault', async () => {
    const { store, db } = h.services;
    // two riders tomorrow (the real clock's: Run now routes the day ahead of today)
    const tomorrow = addDays(localDay(zone), 1);
    const riders: number[] = [];
    for (let i = 0; i < 2; i++) riders.push(await rider(i, `${tomorrow} 09:0${i}`));
    // a fault of the database itself, not a refusal of the caller's: no trip can be written
    await db.query(
      `CREATE FUNCTION refuse_trip() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await db.query('CREATE TRIGGER refuse_trip BEFORE INSERT ON "trips" FOR EACH ROW EXECUTE FUNCTION refuse_trip()');
    try {
      const s = await daily();
      const trips = await store.count('trips', {}, {});
      const from = logged.length;
      const now = await h.call({ act: 'routingschedulerun', token: await h.tokenOf('dispatcher'), id: s._id });
      expect(now.status, JSON.stringify(now.body)).toBe(200);
      expect(now.body).toMatchObject({ schedule: s._id, outcome: 'failed', days: [tomorrow] });
      expect((now.body.log as Record<string, unknown>[]).at(-1)).toMatchObject({ event: 'failed', error: 'disk full' });
      expect(await store.count('trips', {}, {})).toBe(trips);
      // the riders still wait to be routed, and the operator's log says what failed
      for (const id of riders) expect((await store.getById('jobs', id))?.status).toBe('new');
      const line = logged.slice(from).join('');
      expect(line).toContain('routing schedule run');
      expect(line).toContain('disk full');
    } finally {
      await db.query('DROP TRIGGER refuse_trip ON "trips"');
      await db.query('DROP FUNCTION refuse_trip()');
      for (const id of riders) await store.delete('jobs', { _id: id }, system);
    }
  });

  it('leaves sites without the add-on, and inactive schedules, alone', async () => {
    const s = await daily(2);
    clock = at(`${eve} 18:00`) + 1000;
    const sched = scheduler();
    await sched.tick();
    clock += 24 * 3600_000;
    expect(await sched.tick()).toEqual([]);
    expect(await runs(s._id)).toEqual([]);
  });
});

describe('the next runs (routingschedulenext)', () => {
  it('answers the time the scheduler keeps, at the site’s time, soonest first, with the days routed and whether the add-on is on', async () => {
    const s = await daily();
    const every = await h.services.store.insert(
      'routingSchedules',
      { unit: 1, name: 'Every 20', status: 'active', repeat: 'interval', minutes: 20, hoursAhead: 2, seconds: 1 },
      system,
    );
    const theirs = await daily(2);
    await h.services.store.insert(
      'routingSchedules',
      { unit: 1, name: 'Off', status: 'inactive', repeat: 'daily', time: '07:00', daysAhead: 1, seconds: 1 },
      system,
    );
    // both as a scheduler saw them at 19:00 of the day routed: the daily one kept for 18:00 the day
    // after, the new interval one run at once and kept for 19:20
    clock = at(`${day} 19:00`);
    await scheduler().tick();
    const dispatcher = await h.tokenOf('dispatcher');
    const ask = async (token: string, unit?: number) => {
      const r = await h.call({ act: 'routingschedulenext', token, ...(unit === undefined ? {} : { unit }) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as unknown as ScheduleNext[];
    };
    // the times kept, not the next ones the rules give from the real clock
    expect(await ask(dispatcher)).toEqual([
      { id: every._id, name: 'Every 20', unit: 1, at: `${day} 19:20`, days: [day], on: true },
      {
        id: s._id,
        name: 'Tomorrow at six',
        unit: 1,
        at: `${addDays(day, 1)} 18:00`,
        days: [addDays(day, 2)],
        on: true,
      },
    ]);
    // a time kept that has passed (a run due, made at the scheduler's next look) reads now
    await h.services.db.query('UPDATE routing_schedule_state SET next_at = $1 WHERE schedule = $2', [
      Date.now() - 3600_000,
      s._id,
    ]);
    const before = localDateTime(zone);
    const [due] = await ask(dispatcher);
    const after = localDateTime(zone);
    expect(due?.id).toBe(s._id);
    expect((due?.at ?? '') >= before && (due?.at ?? '') <= after).toBe(true);
    expect(due?.days).toEqual([addDays((due?.at ?? '').slice(0, 10), 1)]);
    // an administrator sees every site's, and that site 2 lacks the add-on; a dispatcher may not ask for site 2
    const admin = await h.tokenOf('admin');
    expect((await ask(admin)).find((n) => n.id === theirs._id)).toMatchObject({ unit: 2, on: false });
    expect((await ask(admin, 2)).map((n) => n.id)).toEqual([theirs._id]);
    expect((await h.call({ act: 'routingschedulenext', token: dispatcher, unit: 2 })).status).toBe(403);
    // reading wrote nothing: site 2's schedule has no kept time yet
    const kept = await h.services.db.query('SELECT schedule FROM routing_schedule_state WHERE schedule = $1', [
      theirs._id,
    ]);
    expect(kept.rows).toEqual([]);
  });
});
