import { addDays, DEFAULT_TIME_ZONE, epochOf, localDateTime, localDay, type RoutePlan, tripBusySpan } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

let h: Harness;
let dispatcher: string;
let car: number;
const jobs: number[] = [];
let lost: number;
const system = { id: null, name: 'fixtures' };
const day = addDays(localDay(DEFAULT_TIME_ZONE), 3);
const downtown = (n: number) => ({ address: `${n} Rue Peel, Montréal`, lat: 45.5 + n / 2000, lon: -73.57 + n / 3000 });
const airport = { address: 'Montréal-Trudeau', lat: 45.4706, lon: -73.7408 };

beforeAll(async () => {
  h = await startHarness();
  dispatcher = await h.tokenOf('dispatcher');
  const { store } = h.services;
  car = (await store.insert('cars', { unit: 1, name: 'Van 1', pax: 6, year: 2024 }, system))._id;
  const driver = await store.getById('drivers', 1);
  await store.update('drivers', 1, { car, startAddress: downtown(0) }, driver?._version as number, system);
  await store.insert(
    'driverShifts',
    { unit: 1, driver: 1, start: `${day} 06:00`, end: `${day} 14:00`, breaks: [] },
    system,
  );
  // six riders from downtown to the airport around eight
  for (let i = 0; i < 6; i++) {
    const job = {
      ...SAMPLES.jobs?.(i, 1),
      status: 'new',
      date: `${day} 08:${String(i * 5).padStart(2, '0')}`,
      from: downtown(i + 1),
      to: airport,
    };
    jobs.push((await store.insert('jobs', job, system))._id);
  }
  lost = (
    await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(9, 1), status: 'new', date: `${day} 09:00`, from: { address: 'Somewhere' } },
      system,
    )
  )._id;
});
afterAll(() => h.close());

const plan = async (more: Record<string, unknown> = {}) => {
  const r = await h.call({ act: 'routeplan', token: dispatcher, day, seconds: 0.5, ...more });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as RoutePlan;
};
const routed = (p: RoutePlan) => p.trips.flatMap((t) => t.jobs);

describe('route and route-and-assign', () => {
  it('groups the day’s reservations into shared trips without drivers, writing nothing yet', async () => {
    const p = await plan();
    expect(p.verified).toBe(true);
    expect(p.estimated).toBe(true);
    // each reservation once: in a trip, or in the queue with its reason
    expect([...routed(p), ...p.unassigned.map((u) => u.job)].sort()).toEqual([...jobs, lost].sort());
    expect(p.unassigned).toContainEqual({ job: lost, reason: 'NO_COORDINATES' });
    expect(p.trips.length).toBeLessThan(jobs.length); // shared rides
    expect(p.trips.every((t) => t.driver === undefined)).toBe(true);
    const stored = await h.services.store.getById('jobs', jobs[0] as number);
    expect(stored?.status).toBe('new');
  });

  it('writes the plan: trips made new, their reservations routed into them; a second write is refused', async () => {
    const p = await plan();
    const w = await h.call({ act: 'routewrite', token: dispatcher, trips: p.trips });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    const made = w.body.trips as number[];
    expect(made).toHaveLength(p.trips.length);
    const trip = await h.services.store.getById('trips', made[0] as number);
    expect(trip).toMatchObject({ status: 'new', unit: 1, stops: p.trips[0]?.jobs });
    const rider = await h.services.store.getById('jobs', p.trips[0]?.jobs[0] as number);
    expect(rider).toMatchObject({ status: 'routed', trip: made[0] });
    const again = await h.call({ act: 'routewrite', token: dispatcher, trips: p.trips });
    expect(again).toMatchObject({ status: 409, body: { error: 'A reservation that is routed cannot become routed.' } });
    // the routed ones are no longer the day's to route
    expect(routed(await plan())).toEqual([]);
  });

  it('assigns the drivers on shift with their vehicles', async () => {
    const { store } = h.services;
    const more: number[] = [];
    for (let i = 0; i < 3; i++)
      more.push(
        (
          await store.insert(
            'jobs',
            {
              ...SAMPLES.jobs?.(20 + i, 1),
              status: 'new',
              date: `${day} 10:${String(i * 10).padStart(2, '0')}`,
              from: downtown(i),
              to: airport,
            },
            system,
          )
        )._id,
      );
    const p = await plan({ assign: true });
    expect(p.verified).toBe(true);
    expect(routed(p).sort()).toEqual(more.sort());
    expect(p.trips.every((t) => t.driver === 1 && t.car === car)).toBe(true);
    // the driver works for supplier 1: its trips are that supplier's
    const driver = await store.getById('drivers', 1);
    await store.update('drivers', 1, { suppliers: [1] }, driver?._version as number, system);
    const w = await h.call({ act: 'routewrite', token: dispatcher, trips: p.trips });
    expect(await store.getById('trips', (w.body.trips as number[])[0] as number)).toMatchObject({
      driver: 1,
      car,
      supplier: 1,
    });
    expect(await store.getById('jobs', more[0] as number)).toMatchObject({ status: 'routed', driver: 1, car });
  });

  it('fits a day’s new reservations around the trips its drivers already have, moving none of them', async () => {
    const { store } = h.services;
    const before = (await store.find('trips', { query: { driver: 1, date: { $gte: `${day} 00:00` } } })).data;
    expect(before.length).toBeGreaterThan(0);
    const spans = before.map((t) => tripBusySpan(DEFAULT_TIME_ZONE, t as never));
    // a rider right in the middle of the driver's trips, going elsewhere
    const mid = new Date((spans[0]?.start ?? 0) / 2 + (spans[0]?.end ?? 0) / 2);
    const at = localDateTime(DEFAULT_TIME_ZONE, mid);
    const late = (
      await store.insert(
        'jobs',
        { ...SAMPLES.jobs?.(30, 1), status: 'new', date: at, from: airport, to: downtown(8) },
        system,
      )
    )._id;
    const p = await plan({ assign: true });
    expect(p.verified).toBe(true);
    expect(routed(p)).toContain(late);
    for (const trip of p.trips.filter((t) => t.driver === 1))
      for (const stop of trip.plan ?? []) {
        const t = epochOf(DEFAULT_TIME_ZONE, stop.at);
        for (const s of spans) expect(t <= s.start || t >= s.end, `${stop.at} inside a trip already there`).toBe(true);
      }
    // the trips already there are as they were
    const after = (await store.find('trips', { query: { driver: 1, date: { $gte: `${day} 00:00` } } })).data;
    expect(after).toEqual(before);
  });

  it('keeps grouped reservations (forceJoin AUTO) together, each group by its places and hour', async () => {
    const other = addDays(day, 1);
    const grouped = async (i: number, from: ReturnType<typeof downtown>, at: string) =>
      (
        await h.services.store.insert(
          'jobs',
          { ...SAMPLES.jobs?.(40 + i, 1), status: 'new', date: `${other} ${at}`, from, to: airport, forceJoin: 'AUTO' },
          system,
        )
      )._id;
    const pair = [await grouped(0, downtown(3), '07:00'), await grouped(1, downtown(3), '07:10')];
    const apart = [await grouped(2, downtown(9), '13:00'), await grouped(3, downtown(12), '16:00')];
    const p = await plan({ day: other });
    expect(p.unassigned).toEqual([]);
    const tripOf = (id: number) => p.trips.findIndex((t) => t.jobs.includes(id));
    expect(tripOf(pair[0] as number)).toBe(tripOf(pair[1] as number));
    expect(routed(p).sort()).toEqual([...pair, ...apart].sort());
  });

  it('plans each trip’s stops with their times, and undoes a run that nothing changed since', async () => {
    const other = addDays(day, 2);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await h.services.store.insert(
            'jobs',
            {
              ...SAMPLES.jobs?.(60 + i, 1),
              status: i === 0 ? 'waiting' : 'new',
              date: `${other} 11:${String(i * 5).padStart(2, '0')}`,
              from: downtown(i + 2),
              to: airport,
            },
            system,
          )
        )._id,
      );
    const p = await plan({ day: other });
    const trip = p.trips[0];
    // every rider boards at a planned stop and leaves at a later one, within the trip's minutes
    for (const id of trip?.jobs ?? []) {
      const on = trip?.plan?.findIndex((s) => s.kind === 'pickup' && s.jobs.includes(id)) ?? -1;
      const off = trip?.plan?.findIndex((s) => s.kind === 'dropoff' && s.jobs.includes(id)) ?? -1;
      expect(on).toBeGreaterThanOrEqual(0);
      expect(off).toBeGreaterThan(on);
    }
    expect(trip?.plan?.[0]?.at).toBe(trip?.date);
    expect(trip?.duration).toBeGreaterThan(0);
    // the trip's metres: at least the direct distance from its first stop to its last, within the day's km
    expect(trip?.distance).toBeGreaterThan(0);
    expect(p.trips.reduce((m, t) => m + (t.distance ?? 0), 0)).toBeLessThanOrEqual(p.km * 1000 + 1);
    const w = await h.call({ act: 'routewrite', token: dispatcher, trips: p.trips });
    const made = w.body.trips as number[];
    expect(await h.services.store.getById('trips', made[0] as number)).toMatchObject({
      plan: trip?.plan,
      duration: trip?.duration,
      distance: trip?.distance,
    });
    // undone: the trips go, the reservations wait as they did
    const undone = await h.call({ act: 'routeundo', token: dispatcher, ...(w.body.run as object) });
    expect(undone.body).toMatchObject({ trips: made.length, jobs: ids.length });
    expect(await h.services.store.getById('trips', made[0] as number)).toBeUndefined();
    const back = await Promise.all(ids.map((id) => h.services.store.getById('jobs', id)));
    expect(back.map((j) => [j?.status, j?.trip])).toEqual([
      ['waiting', null],
      ['new', null],
      ['new', null],
      ['new', null],
    ]);
    // a run changed since it was written is not undone
    const again = await h.call({ act: 'routewrite', token: dispatcher, trips: (await plan({ day: other })).trips });
    const first = (again.body.trips as number[])[0] as number;
    const t = await h.services.store.getById('trips', first);
    await h.call({ act: 'tripaction', token: dispatcher, id: first, _version: t?._version, action: 'note', text: 'x' });
    const late = await h.call({ act: 'routeundo', token: dispatcher, ...(again.body.run as object) });
    expect(late).toMatchObject({
      status: 409,
      body: {
        error: 'This run changed since it was written (a trip or a reservation of it); it can no longer be undone',
      },
    });
    expect(await h.services.store.getById('trips', first)).toBeDefined();
  });

  it('routes with the site’s settings, and names a setting it cannot use', async () => {
    const other = addDays(day, 3);
    const { store } = h.services;
    for (let i = 0; i < 2; i++)
      await store.insert(
        'jobs',
        { ...SAMPLES.jobs?.(70 + i, 1), status: 'new', date: `${other} 15:00`, from: downtown(5), to: airport },
        system,
      );
    // two riders from one door at one time share a ride, unless the site joins nobody
    expect((await plan({ day: other })).trips).toHaveLength(1);
    const setting = await store.insert(
      'settings',
      {
        name: 'join option',
        label: 'Join option',
        category: 'RoutingEngine',
        type: 'String',
        value: 'no join',
        unit: 1,
      },
      system,
    );
    expect((await plan({ day: other })).trips).toHaveLength(2);
    await store.update('settings', setting._id, { value: 'sometimes' }, setting._version, system);
    const bad = await h.call({ act: 'routeplan', token: dispatcher, day: other, seconds: 0.5 });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'Please navigate to system settings and fill in missing parameters', setting: 'join option' },
    });
    await store.delete('settings', { _id: setting._id }, system);
  });

  it('gives a rider who needs an attribute only a driver or vehicle that has it', async () => {
    const { store } = h.services;
    const lift = await store.insert('attributes', { unit: 1, name: 'Lift' }, system);
    const rider = await store.insert(
      'users',
      {
        unit: 1,
        role: 'passenger',
        firstName: 'Ada',
        lastName: 'Lift',
        email: 'ada.lift@example.com',
        attributes: [lift._id],
      },
      system,
    );
    const job = await store.insert(
      'jobs',
      {
        ...SAMPLES.jobs?.(80, 1),
        status: 'new',
        passenger: rider._id,
        date: `${day} 12:00`,
        from: downtown(2),
        to: airport,
      },
      system,
    );
    const without = await plan({ assign: true });
    expect(without.unassigned).toContainEqual({ job: job._id, reason: 'NO_ATTRIBUTES' });
    const driver = await store.getById('drivers', 1);
    await store.update('drivers', 1, { attributes: [lift._id] }, driver?._version as number, system);
    expect(routed(await plan({ assign: true }))).toContain(job._id);
  });

  it('tells the caller’s consoles how a run goes, and a cancel answers at once with the best plan so far', async () => {
    const other = addDays(day, 4);
    for (let i = 0; i < 8; i++)
      await h.services.store.insert(
        'jobs',
        {
          ...SAMPLES.jobs?.(90 + i, 1),
          status: 'new',
          date: `${other} 09:${String(i * 5).padStart(2, '0')}`,
          from: downtown(i * 3),
          to: airport,
        },
        system,
      );
    const heard: { user: number; message: Record<string, unknown> }[] = [];
    h.services.live.attach((user, message) => heard.push({ user, message }));
    const started = Date.now();
    const running = h.call({ act: 'routeplan', token: dispatcher, day: other, seconds: 20, run: 'run-1' });
    await new Promise((r) => setTimeout(r, 1500));
    const cancel = await h.call({ act: 'routecancel', token: dispatcher, run: 'run-1' });
    expect(cancel.body).toEqual({ cancelled: true });
    const answer = await running;
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((answer.body as unknown as RoutePlan).verified).toBe(true);
    expect(heard[0]).toMatchObject({ message: { type: 'routing', run: 'run-1', limitMs: 20_000 } });
    // a run that is over, or someone else's, is not the caller's to cancel
    expect((await h.call({ act: 'routecancel', token: dispatcher, run: 'run-1' })).body).toEqual({ cancelled: false });
  });

  it('routes only the reservations chosen on the list', async () => {
    const other = addDays(day, 5);
    const made: number[] = [];
    for (let i = 0; i < 3; i++)
      made.push(
        (
          await h.services.store.insert(
            'jobs',
            { ...SAMPLES.jobs?.(100 + i, 1), status: 'new', date: `${other} 10:0${i}`, from: downtown(i), to: airport },
            system,
          )
        )._id,
      );
    const chosen = made.slice(0, 2);
    const p = await plan({ day: other, jobs: chosen });
    expect(routed(p).sort()).toEqual(chosen.sort());
    expect(p.unassigned).toEqual([]);
  });

  it('gives a driver who takes only trips inside its areas (per-area match 999999) nothing outside them', async () => {
    const { store } = h.services;
    const other = addDays(day, 6);
    // an area around downtown; the airport lies outside it
    const area = await store.insert(
      'areas',
      {
        unit: 1,
        name: 'Downtown',
        type: 'routing',
        map: {
          type: 'Polygon',
          coordinates: [
            [
              [-73.6, 45.48],
              [-73.5, 45.48],
              [-73.5, 45.56],
              [-73.6, 45.56],
              [-73.6, 45.48],
            ],
          ],
        },
      },
      system,
    );
    const driver = await store.getById('drivers', 1);
    await store.update('drivers', 1, { areas: [area._id], perAreaMatch: 999_999 }, driver?._version as number, system);
    await store.insert(
      'driverShifts',
      { unit: 1, driver: 1, start: `${other} 06:00`, end: `${other} 14:00`, breaks: [] },
      system,
    );
    const insideJob = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(110, 1), status: 'new', date: `${other} 09:00`, from: downtown(1), to: downtown(8) },
      system,
    );
    const outsideJob = await store.insert(
      'jobs',
      { ...SAMPLES.jobs?.(111, 1), status: 'new', date: `${other} 10:00`, from: downtown(2), to: airport },
      system,
    );
    const p = await plan({ day: other, assign: true });
    expect(routed(p)).toContain(insideJob._id);
    expect(p.unassigned).toContainEqual({ job: outsideJob._id, reason: 'NO_DRIVER_IN_AREAS' });
    const after = await store.getById('drivers', 1);
    await store.update('drivers', 1, { areas: [], perAreaMatch: 0 }, after?._version as number, system);
  });

  it('needs the route action, the caller’s site, and the site’s own drivers', async () => {
    expect((await h.call({ act: 'routeplan', token: await h.tokenOf('agent'), day })).status).toBe(403);
    const elsewhere = await h.call({ act: 'routeplan', token: await h.tokenOf('dispatcher', 2), unit: 1, day });
    expect(elsewhere.status).toBe(403);
    const forged = await h.call({
      act: 'routewrite',
      token: dispatcher,
      trips: [{ date: `${day} 12:00`, jobs: [lost], seats: 1, driver: 2, car }],
    });
    expect(forged).toMatchObject({ status: 400, body: { error: 'Unknown drivers: 2' } });
  });
});
