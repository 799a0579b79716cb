import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, PASSWORD, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let dispatcher: string;
let car: number;
const system = { id: null, name: 'fixtures' };

beforeAll(async () => {
  h = await startHarness();
  dispatcher = await h.tokenOf('dispatcher');
  car = (await h.services.store.insert('cars', { unit: 1, name: 'Van 1', pax: 6, year: 2024 }, system))._id;
});
afterAll(() => h.close());

/** A trip of site 1 with `n` routed reservations, as routing leaves it. */
async function tripOf(n: number, over: Record<string, unknown> = {}) {
  const { store } = h.services;
  const jobs: number[] = [];
  for (let i = 0; i < n; i++)
    jobs.push((await store.insert('jobs', { ...SAMPLES.jobs?.(i, 1), status: 'routed', seats: 1 }, system))._id);
  const trip = await store.insert(
    'trips',
    { unit: 1, status: 'new', date: '2026-12-01 08:00', stops: jobs, seats: n, ...over },
    system,
  );
  for (const id of jobs) {
    const j = await store.getById('jobs', id);
    await store.update('jobs', id, { trip: trip._id }, j?._version as number, system);
  }
  return { id: trip._id, jobs };
}

const act = async (id: number, action: string, more: Record<string, unknown> = {}, token = dispatcher) => {
  const trip = await h.services.store.getById('trips', id);
  return h.call({ act: 'tripaction', token, id, _version: trip?._version, action, ...more });
};
const job = async (id: number) => (await h.services.store.getById('jobs', id)) as Record<string, unknown>;

describe('trip actions', () => {
  it('runs a trip from assignment to its end, its riders following', async () => {
    const { id, jobs } = await tripOf(2);
    const [a, b] = jobs as [number, number];
    const assigned = await act(id, 'assign', { driver: 1, car });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'new', driver: 1, car });
    expect(assigned.body.assignLog).toMatchObject([{ action: 'assign', driver: 1, car, user: 'dispatcher Site1' }]);
    expect(await job(a)).toMatchObject({ driver: 1, car });
    // re-assigning needs clearing first (spec section 8)
    const again = await act(id, 'assign', { driver: 1, car });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'All selected trips were already assigned; clear the assignment first' },
    });
    // start only an approved trip
    const early = await act(id, 'start');
    expect(early).toMatchObject({ status: 409, body: { error: 'A trip that is new cannot be started.' } });
    expect(early.code).toBe('tripAction');
    expect((await act(id, 'send')).body).toMatchObject({ status: 'sent' });
    expect((await act(id, 'approve')).body).toMatchObject({ status: 'approved' });
    expect((await act(id, 'start')).body).toMatchObject({ status: 'in route' });
    // ending with riders not dropped off warns
    const tooSoon = await act(id, 'end');
    expect(tooSoon).toMatchObject({
      status: 409,
      body: {
        error: '2 passengers are not dropped off yet. Mark them all as dropped off to end the trip?',
        count: 2,
      },
    });
    expect((await act(id, 'pickup', { job: a })).body).toMatchObject({ status: 'picking up' });
    expect(await job(a)).toMatchObject({
      status: 'picked',
      pickedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
    });
    const dropWaiting = await act(id, 'dropoff', { job: b });
    expect(dropWaiting).toMatchObject({
      status: 409,
      body: { error: 'A reservation that is routed cannot become dropped.' },
    });
    expect((await act(id, 'dropoff', { job: a })).body).toMatchObject({ status: 'picking up' });
    expect((await act(id, 'noshow', { job: b })).body).toMatchObject({ status: 'in route' });
    expect((await act(id, 'end')).body).toMatchObject({ status: 'done' });
    expect([(await job(a)).status, (await job(b)).status]).toEqual(['dropped', 'noshow']);
    expect((await job(a)).droppedAt).toBeTypeOf('string');
    expect((await job(b)).droppedAt).toBeUndefined();
    // the trip's history: each action by the dispatcher
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: await h.tokenOf('admin'),
      query: { collection: 'trips', id },
    });
    expect((history.body.data as unknown[]).length).toBe(1 + 8);
  });

  it('ends a trip marking the riders still aboard or waiting as dropped off when told to', async () => {
    const { id, jobs } = await tripOf(2);
    await act(id, 'assign', { driver: 1, car });
    for (const action of ['send', 'approve', 'start']) await act(id, action);
    await act(id, 'pickup', { job: jobs[0] });
    const r = await act(id, 'end', { dropAll: true });
    expect(r.body).toMatchObject({ status: 'done' });
    expect((await Promise.all(jobs.map(job))).map((j) => j.status)).toEqual(['dropped', 'dropped']);
  });

  it('clears, cancels and removes: riders go back to the queue', async () => {
    const { id, jobs } = await tripOf(3);
    await act(id, 'assign', { driver: 1, car });
    await act(id, 'send');
    const cleared = await act(id, 'clear');
    expect(cleared.body).toMatchObject({ status: 'new', driver: null, car: null });
    expect(await job(jobs[0] as number)).toMatchObject({ driver: null, car: null, status: 'routed' });
    const removed = await act(id, 'remove', { job: jobs[0] });
    expect(removed.body).toMatchObject({ stops: jobs.slice(1), seats: 2 });
    expect(await job(jobs[0] as number)).toMatchObject({ status: 'new', trip: null });
    const stranger = await act(id, 'remove', { job: jobs[0] });
    expect(stranger).toMatchObject({ status: 400, body: { error: 'This reservation is not on this trip' } });
    expect((await act(id, 'cancel')).body).toMatchObject({ status: 'canceled', stops: [] });
    expect((await Promise.all(jobs.map(job))).map((j) => [j.status, j.trip])).toEqual([
      ['new', null],
      ['new', null],
      ['new', null],
    ]);
    const noted = await act(id, 'note', { text: 'Driver called in sick' });
    expect(noted.body.notes).toMatchObject([{ type: 'dispatch', text: 'Driver called in sick' }]);
  });

  it('moves a rider to another trip of the day, and merges two trips', async () => {
    const a = await tripOf(2, { driver: 1, car });
    const b = await tripOf(1);
    const [first, second] = a.jobs as [number, number];
    const moved = await act(a.id, 'move', { job: first, trip: b.id });
    expect(moved.body).toMatchObject({ stops: [second], seats: 1 });
    expect(await job(first)).toMatchObject({ trip: b.id, status: 'routed', driver: null, car: null });
    expect(await h.services.store.getById('trips', b.id)).toMatchObject({ stops: [...b.jobs, first], seats: 2 });
    // another day's trip, the trip itself, a started trip: refused
    const later = await tripOf(1, { date: '2026-12-02 08:00' });
    const refused = await act(a.id, 'move', { job: second, trip: later.id });
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'Choose another trip of the same site and day that has not started' },
    });
    expect((await act(a.id, 'move', { job: second, trip: a.id })).status).toBe(409);
    // merging: b's riders ride a's trip with a's driver; b is canceled with a note that says where they went
    const merged = await act(a.id, 'merge', { trip: b.id });
    expect(merged.body).toMatchObject({ stops: [second, ...b.jobs, first], seats: 3, driver: 1 });
    expect(await job(first)).toMatchObject({ trip: a.id, driver: 1, car });
    expect(await h.services.store.getById('trips', b.id)).toMatchObject({
      status: 'canceled',
      stops: [],
      notes: [{ text: `Merged into trip ${a.id}` }],
    });
    // merging needs the trips module's combineTrip: a dispatcher without it is refused
    expect((await act(a.id, 'merge', { trip: later.id }, await h.tokenOf('supplier'))).status).toBe(403);
  });

  it('routes a reservation waiting in the queue into a trip of its site and day', async () => {
    const { id } = await tripOf(1, { driver: 1, car });
    const { store } = h.services;
    const queued = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(30, 1), status: 'new', seats: 2, date: '2026-12-01 08:20' },
      system,
    );
    expect((await act(id, 'add')).status).toBe(400);
    const added = await act(id, 'add', { job: queued._id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ seats: 3 });
    expect(await job(queued._id)).toMatchObject({ status: 'routed', trip: id, driver: 1, car });
    // once in a trip, or on another day, or on hold, it is not the queue's
    const again = await act(id, 'add', { job: queued._id });
    expect(again).toMatchObject({
      status: 409,
      body: { error: 'This reservation is not waiting in the queue of this trip’s site and day' },
    });
    const held = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(31, 1), status: 'onhold', date: '2026-12-01 09:00' },
      system,
    );
    expect((await act(id, 'add', { job: held._id })).status).toBe(409);
    const tomorrow = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(32, 1), status: 'new', date: '2026-12-02 09:00' },
      system,
    );
    expect((await act(id, 'add', { job: tomorrow._id })).status).toBe(409);
  });

  it('groups and ungroups a trip’s riders, messages its driver, and releases its routing', async () => {
    const { id, jobs } = await tripOf(2);
    expect((await act(id, 'group')).status).toBe(200);
    expect((await Promise.all(jobs.map(job))).map((j) => j.forceJoin)).toEqual(['AUTO', 'AUTO']);
    await act(id, 'ungroup');
    expect((await job(jobs[0] as number)).forceJoin).toBe('');
    const unassigned = await act(id, 'message', { text: 'Gate B today' });
    expect(unassigned).toMatchObject({ status: 409, body: { error: 'The trip has no driver to message' } });
    await act(id, 'assign', { driver: 1, car });
    const message = await act(id, 'message', { text: 'Gate B today' });
    expect(message.body.messages).toMatchObject([{ from: 'dispatch', driver: 1, text: 'Gate B today' }]);
    // released: the trip is gone, its riders wait in the queue
    expect((await act(id, 'release')).status).toBe(200);
    expect(await h.services.store.getById('trips', id)).toBeUndefined();
    expect((await Promise.all(jobs.map(job))).map((j) => [j.status, j.trip, j.driver])).toEqual([
      ['new', null, null],
      ['new', null, null],
    ]);
  });

  it('brings a trip to the supplier of the driver it is assigned to', async () => {
    const { store } = h.services;
    const { id } = await tripOf(1, { supplier: 2 });
    const driver = await store.getById('drivers', 1);
    await store.update('drivers', 1, { suppliers: [1] }, driver?._version as number, system);
    expect((await act(id, 'assign', { driver: 1, car })).body).toMatchObject({ driver: 1, supplier: 1 });
    // cleared, the trip stays its supplier's, waiting for another of its drivers
    expect((await act(id, 'clear')).body).toMatchObject({ driver: null, supplier: 1 });
    const after = await store.getById('drivers', 1);
    await store.update('drivers', 1, { suppliers: [] }, after?._version as number, system);
  });

  it('gives one trip to one of two dispatchers acting on it at once, and refuses a stale version', async () => {
    const { id } = await tripOf(1, { driver: 1, car });
    const other = await h.tokenOf('dispatchadmin');
    const [x, y] = await Promise.all([act(id, 'send'), act(id, 'send', {}, other)]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const stale = await h.call({ act: 'tripaction', token: dispatcher, id, _version: 1, action: 'approve' });
    expect(stale.status).toBe(409);
  });

  it('needs the action’s permission of the trips module, on the caller’s own site', async () => {
    const { id } = await tripOf(1);
    expect((await act(id, 'note', { text: 'x' }, await h.tokenOf('agent'))).status).toBe(403);
    // a supplier notes its own trips (another's are none of its business) but does not assign them
    const supplier = await h.tokenOf('supplier');
    expect((await act(id, 'note', { text: 'Late by 5 min' }, supplier)).status).toBe(404);
    const trip = await h.services.store.getById('trips', id);
    await h.services.store.update('trips', id, { supplier: 1 }, trip?._version as number, { id: null, name: 'test' });
    expect((await act(id, 'note', { text: 'Late by 5 min' }, supplier)).status).toBe(200);
    expect((await act(id, 'assign', { driver: 1, car }, supplier)).status).toBe(403);
    expect((await act(id, 'send', {}, await h.tokenOf('dispatcher', 2))).status).toBe(404);
    // a driver or car of another site is not the trip's to take
    const elsewhere = await act(id, 'assign', { driver: 2, car });
    expect(elsewhere.status).toBe(404);
  });
});

describe('favourite trips', () => {
  it('keeps the caller’s favourites on its user, for trips it may see', async () => {
    const a = await tripOf(1);
    const b = await tripOf(1);
    const fav = (trip: number, favorite: boolean, token = dispatcher) =>
      h.call({ act: 'favoritetrip', token, trip, favorite });
    expect((await fav(a.id, true)).body).toEqual({ favoriteTrips: [a.id] });
    expect((await fav(b.id, true)).body).toEqual({ favoriteTrips: [a.id, b.id] });
    expect((await fav(a.id, false)).body).toEqual({ favoriteTrips: [b.id] });
    // the login answer carries them
    const login = await h.call({ act: 'login', email: 'dispatcher@test.local', password: PASSWORD });
    expect(login.body.user).toMatchObject({ favoriteTrips: [b.id] });
    // another site's dispatcher cannot mark a trip it cannot see
    expect((await fav(a.id, true, await h.tokenOf('dispatcher', 2))).status).toBe(404);
    expect((await fav(a.id, true, await h.tokenOf('agent'))).status).toBe(403);
  });
});

describe('a trip written without its actions', () => {
  it('keeps its status, riders and assignment to the trip actions', async () => {
    const { id } = await tripOf(1);
    const trip = await h.services.store.getById('trips', id);
    const forged = await h.call({
      act: 'update',
      col: 'trips',
      token: dispatcher,
      query: { _id: id },
      data: { status: 'done', _version: trip?._version },
    });
    expect(forged).toMatchObject({ status: 400, body: { field: 'status' } });
    const line = await h.call({
      act: 'update',
      col: 'trips',
      token: dispatcher,
      query: { _id: id },
      data: { line: 'L7', status: 'new', _version: trip?._version },
    });
    expect(line.body).toMatchObject({ line: 'L7', status: 'new' });
  });
});
