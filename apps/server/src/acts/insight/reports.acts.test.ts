import type { ReportAnswer } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

/**
 * Each report on a small hand-made day pair (site 1, 1 and 2 December 2026), its figures computed by
 * hand in the comments. Site 2's and 3 December's records must never count.
 */
let h: Harness;
let token: string;
let vanId: number;
const sys = { id: null, name: 'fixtures' };

beforeAll(async () => {
  h = await startHarness();
  token = await h.tokenOf('admin');
  const { store } = h.services;
  const van = await store.insert('services', { name: 'Van', maxPassengers: 8 }, sys);
  vanId = van._id;
  const ana = await store.insert('drivers', { unit: 1, firstName: 'Ana', lastName: 'Lima' }, sys);
  const carA = await store.insert('cars', { unit: 1, name: 'Car A', pax: 4 }, sys);
  const carB = await store.insert('cars', { unit: 1, name: 'Car B', pax: 8 }, sys);
  const shuttle = await store.insert('shuttles', { unit: 1, code: 'S1', name: 'Airport', pax: 20 }, sys);
  await store.insert('holidays', { name: 'Christmas', code: 'XMAS', start: '2026-12-01', end: '2026-12-01' }, sys);
  await store.insert('holidays', { name: 'Later', code: 'L', start: '2026-12-20', end: '2026-12-21' }, sys);
  // site 2's own holiday: site 1's reservations that day are not on it
  await store.insert('holidays', { unit: 2, name: 'Site day', code: 'S2', date: '2026-12-02' }, sys);
  const trip = (data: Record<string, unknown>) => store.insert('trips', { unit: 1, ...data }, sys);
  // driver 1 is "Fixture Driver1" of site 1
  const t1 = await trip({
    date: '2026-12-01 07:30',
    status: 'done',
    driver: 1,
    car: carA._id,
    seats: 3,
    distance: 12000,
    duration: 3600,
    service: 1,
  });
  await trip({
    date: '2026-12-01 12:00',
    status: 'sent',
    driver: ana._id,
    car: carB._id,
    seats: 2,
    distance: 8000,
    duration: 1800,
    service: 1,
  });
  await trip({
    date: '2026-12-02 07:00',
    status: 'new',
    driver: 1,
    car: carA._id,
    seats: 1,
    distance: 5000,
    duration: 900,
  });
  await trip({ date: '2026-12-02 09:00', status: 'canceled', driver: ana._id, car: carB._id, seats: 4 });
  await store.insert('trips', { unit: 2, date: '2026-12-01 08:00', status: 'done', driver: 2, seats: 9 }, sys);
  const job = (data: Record<string, unknown>, unit = 1) =>
    store.insert(
      'jobs',
      // a field given as undefined is left out (the reservation without a profile)
      JSON.parse(
        JSON.stringify({
          unit,
          profile: unit,
          paymentType: 'cash',
          from: { address: 'A' },
          to: { address: 'B' },
          ...data,
        }),
      ),
      sys,
    );
  const ann = { firstName: 'Ann', lastName: 'A' };
  const bob = { firstName: 'Bob', lastName: 'B' };
  const j1 = await job({
    ...ann,
    // picked up and dropped off where it was: its direct drive is 0 minutes
    from: { address: 'A', lat: 45.5, lon: -73.56 },
    to: { address: 'A', lat: 45.5, lon: -73.56 },
    date: '2026-12-01 08:00',
    status: 'dropped',
    seats: 2,
    price: 10,
    service: 1,
    pickedAt: '2026-12-01 08:10',
    driver: 1,
    trip: t1._id,
    quote: { service: 1, code: 'XMAS', total: 12 },
  });
  const j2 = await job({
    ...ann,
    date: '2026-12-01 09:00',
    status: 'picked',
    seats: 1,
    price: 20,
    service: van._id,
    pickedAt: '2026-12-01 09:45',
    driver: 1,
    trip: t1._id,
  });
  // the first trip's plan: the first rider rides 30 minutes (the second has no coordinates: no detour)
  const plan = [
    { kind: 'pickup', jobs: [j1._id], at: '2026-12-01 08:00' },
    { kind: 'pickup', jobs: [j2._id], at: '2026-12-01 08:10' },
    { kind: 'dropoff', jobs: [j1._id, j2._id], at: '2026-12-01 08:30' },
  ];
  await store.update('trips', t1._id, { plan }, t1._version, sys);
  await job({ ...ann, date: '2026-12-01 10:00', status: 'canceled', seats: 3, price: 99, service: 1 });
  await job({
    ...bob,
    date: '2026-12-02 08:00',
    status: 'noshow',
    seats: 1,
    price: 5,
    service: 1,
    shuttle: shuttle._id,
  });
  await job({
    ...bob,
    date: '2026-12-02 08:00',
    status: 'new',
    seats: 2,
    price: 15,
    service: 1,
    shuttle: shuttle._id,
    profile: undefined,
  });
  await job({ ...bob, date: '2026-12-01 08:00', status: 'new', seats: 7, price: 70, service: 1 }, 2);
  await job({ ...bob, date: '2026-12-03 08:00', status: 'new', seats: 7, price: 70, service: 1 });
});
afterAll(async () => h.close());

async function report(report: string, type: string, extra: Record<string, unknown> = {}): Promise<ReportAnswer> {
  const r = await h.call({
    act: 'report',
    token,
    report,
    type,
    from: '2026-12-01',
    to: '2026-12-02',
    unit: 1,
    ...extra,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as ReportAnswer;
}

describe('reports', () => {
  it('Trips/Passengers Summary: totals per day, a daily summary by service, and delays', async () => {
    const total = await report('trips-pax-reports', 'total trips/passengers');
    expect(total.rows).toEqual([
      { day: '2026-12-01', trips: 2, reservations: 2, passengers: 3, picked: 2, noshows: 0, canceled: 1 },
      { day: '2026-12-02', trips: 1, reservations: 2, passengers: 3, picked: 0, noshows: 1, canceled: 0 },
    ]);
    expect(total.totals).toEqual({
      day: null,
      trips: 3,
      reservations: 4,
      passengers: 6,
      picked: 2,
      noshows: 1,
      canceled: 1,
    });

    const daily = await report('trips-pax-reports', 'daily summary');
    expect(daily.rows).toEqual([
      { day: '2026-12-01', service: 'Sedan', reservations: 1, passengers: 2, revenue: 10 },
      { day: '2026-12-01', service: 'Van', reservations: 1, passengers: 1, revenue: 20 },
      { day: '2026-12-02', service: 'Sedan', reservations: 2, passengers: 3, revenue: 20 },
    ]);
    expect(daily.totals).toMatchObject({ reservations: 4, passengers: 6, revenue: 50 });

    // picked 10 and 45 minutes after the time asked; the margin is 30 minutes
    const delays = await report('trips-pax-reports', 'delays');
    expect(delays.rows).toEqual([
      { day: '2026-12-01', pickups: 2, late: 1, latePercent: 50, averageDelay: 27.5, maxDelay: 45 },
    ]);
    expect(delays.totals).toMatchObject({ pickups: 2, late: 1, latePercent: 50 });

    // filtered by service: the van's one reservation
    const van = await report('trips-pax-reports', 'daily summary', { service: vanId });
    expect(van.totals).toMatchObject({ reservations: 1, revenue: 20 });
  });

  it('Shuttle Reports: per shuttle and per departure', async () => {
    const shuttles = await report('shuttle-reports', 'shuttle report');
    expect(shuttles.rows).toEqual([
      { code: 'S1', shuttle: 'Airport', departures: 1, reservations: 2, seats: 3, canceled: 0 },
    ]);
    const departures = await report('shuttle-reports', 'shuttle passengers');
    expect(departures.rows).toEqual([
      { code: 'S1', shuttle: 'Airport', departure: '2026-12-02 08:00', reservations: 2, seats: 3, canceled: 0 },
    ]);
  });

  it('Unique Drivers Per Day, Driver Report and Vehicle Report count trips not canceled', async () => {
    const unique = await report('unique-drivers-report', 'unique drivers per day');
    expect(unique.rows).toEqual([
      { day: '2026-12-01', drivers: 2, trips: 2, tripsPerDriver: 1 },
      { day: '2026-12-02', drivers: 1, trips: 1, tripsPerDriver: 1 },
    ]);
    // the total of drivers is the distinct drivers of the whole period, not a sum of days
    expect(unique.totals).toMatchObject({ drivers: 2, trips: 3, tripsPerDriver: 1.5 });

    const drivers = await report('drivers-reports', 'driver report');
    expect(drivers.rows).toEqual([
      { driver: 'Ana Lima', trips: 1, done: 0, days: 1, passengers: 2, km: 8, hours: 0.5 },
      { driver: 'Fixture Driver1', trips: 2, done: 1, days: 2, passengers: 4, km: 17, hours: 1.3 },
    ]);
    expect(drivers.totals).toEqual({ driver: null, trips: 3, done: 1, days: null, passengers: 6, km: 25, hours: 1.8 });
    const one = await report('drivers-reports', 'driver report', { driver: 1 });
    expect(one.rows.map((r) => r.driver)).toEqual(['Fixture Driver1']);

    const vehicles = await report('vehicles-reports', 'vehicle occupancy');
    expect(vehicles.rows).toEqual([
      { vehicle: 'Car A', trips: 2, passengers: 4, capacity: 8, occupancy: 50, km: 17 },
      { vehicle: 'Car B', trips: 1, passengers: 2, capacity: 8, occupancy: 25, km: 8 },
    ]);
    expect(vehicles.totals).toMatchObject({ trips: 3, passengers: 6, capacity: 16, occupancy: 37.5, km: 25 });
  });

  it('Bill Report by profile, and the passengers’ cost pareto', async () => {
    const bill = await report('bill-reports', 'bill report');
    expect(bill.rows).toEqual([
      { profile: 'Profile 1', reservations: 3, passengers: 4, revenue: 35, averagePrice: 11.67 },
      { profile: '—', reservations: 1, passengers: 2, revenue: 15, averagePrice: 15 },
    ]);
    expect(bill.totals).toMatchObject({ reservations: 4, passengers: 6, revenue: 50, averagePrice: 12.5 });
    const pareto = await report('bill-reports', 'passenger cost pareto');
    expect(pareto.rows).toEqual([
      { passenger: 'Ann A', reservations: 2, revenue: 30, share: 60, cumulative: 60 },
      { passenger: 'Bob B', reservations: 2, revenue: 20, share: 40, cumulative: 100 },
    ]);
    expect(pareto.totals).toMatchObject({ reservations: 4, revenue: 50 });
  });

  it('Holiday Report and Holiday Tariff Report: the reservations of the holidays in the period', async () => {
    const holidays = await report('holiday-reports', 'holiday report');
    expect(holidays.rows).toEqual([
      { holiday: 'Christmas', start: '2026-12-01', end: '2026-12-01', reservations: 2, passengers: 3, revenue: 30 },
    ]);
    // every site (an administrator with none chosen): site 2's reservation on Christmas, none on site 2's day
    const all = await report('holiday-reports', 'holiday report', { unit: undefined });
    expect(all.rows).toEqual([
      { holiday: 'Christmas', start: '2026-12-01', end: '2026-12-01', reservations: 3, passengers: 10, revenue: 100 },
      { holiday: 'Site day', start: '2026-12-02', end: '2026-12-02', reservations: 0, passengers: 0, revenue: 0 },
    ]);
    const tariff = await report('holidaytariff-reports', 'holiday tariff report');
    expect(tariff.rows).toEqual([
      {
        holiday: 'Christmas',
        start: '2026-12-01',
        end: '2026-12-01',
        fare: 'XMAS',
        reservations: 1,
        passengers: 2,
        quoted: 12,
        charged: 10,
        difference: -2,
      },
    ]);
  });

  it('Analytics: the series per day of the period', async () => {
    const r = await h.call({ act: 'analytics', token, from: '2026-12-01', to: '2026-12-02', unit: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      from: '2026-12-01',
      to: '2026-12-02',
      days: ['2026-12-01', '2026-12-02'],
      jobs: { dropped: [1, 0], picked: [1, 0], canceled: [1, 0], noshow: [0, 1], new: [0, 1] },
      trips: { done: [1, 0], sent: [1, 0], new: [0, 1], canceled: [0, 1] },
      onTime: { pickups: [2, 0], onTime: [1, 0], lateMinutes: 30 },
      // 1.5 h and 20 km on the 1st; 5 seats over 4 + 8 pax; 1 seat over 4 on the 2nd
      vehicles: { hours: [1.5, 0.3], km: [20, 5], occupancy: [41.7, 25] },
      // both of the 1st's reservations ride the first trip together
      sharing: { ratio: [100, null], detour: [30, null] },
      revenue: {
        byService: [
          { name: 'Sedan', value: 30 },
          { name: 'Van', value: 20 },
        ],
        byProfile: [
          { name: 'Profile 1', value: 35 },
          { name: '—', value: 15 },
        ],
      },
    });
    const accountant = await h.tokenOf('accountant');
    expect((await h.call({ act: 'analytics', token: accountant, from: '2026-12-01', to: '2026-12-02' })).status).toBe(
      403,
    );
  });

  it('needs a type of the report, a start and an end date, a period of at most 366 days, and the reports module', async () => {
    const ask = (body: Record<string, unknown>, t = token) =>
      h.call({ act: 'report', token: t, report: 'bill-reports', ...body });
    expect((await ask({ type: 'delays', from: '2026-12-01', to: '2026-12-02' })).status).toBe(400);
    expect((await ask({ type: 'bill report', to: '2026-12-02' })).status).toBe(400);
    expect((await ask({ type: 'bill report', from: '2026-12-02', to: '2026-12-01' })).body).toMatchObject({
      error: 'The end must not be before the start',
    });
    expect((await ask({ type: 'bill report', from: '2026-01-01', to: '2027-01-02' })).body).toMatchObject({
      error: 'A report covers at most 366 days',
    });
    // a site-held user reads its own site only; a role without the reports module none
    const own = await ask(
      { type: 'bill report', from: '2026-12-01', to: '2026-12-02' },
      await h.tokenOf('accountant', 2),
    );
    expect(own.status).toBe(200);
    expect((own.body as unknown as ReportAnswer).totals).toMatchObject({ reservations: 1, revenue: 70 });
    expect(
      (
        await ask(
          { type: 'bill report', from: '2026-12-01', to: '2026-12-02', unit: 1 },
          await h.tokenOf('accountant', 2),
        )
      ).status,
    ).toBe(403);
    const dispatcher = await ask(
      { type: 'bill report', from: '2026-12-01', to: '2026-12-02' },
      await h.tokenOf('dispatcher'),
    );
    expect(dispatcher.status).toBe(403);
  });
});
