import type { JobStatus } from '@tc/domain';
import type { Place } from '../montreal.ts';
import { Rng } from '../prng.ts';
import {
  AHEAD_DAYS,
  DAY,
  type Doc,
  fmtDay,
  fmtLocal,
  HOUR,
  haversine,
  isoFromLocal,
  type JobPlan,
  MINUTE,
  money,
  PAST_DAYS,
  type PassengerRef,
  type Place3,
  SCHOOL_ADMIN_EMAIL,
  UNITS,
  type UnitId,
} from './common.ts';
import type { DemoContext } from './context.ts';
import type { DemoMasterData } from './masterData.ts';
import type { DemoOperations } from './operations.ts';
import type { DemoPeople } from './people.ts';

/** Trips with their reservations, the reservations streamed in batches, and the school site's admin. */
export function demoTripsAndJobs(g: DemoContext & DemoMasterData & DemoPeople & DemoOperations) {
  const {
    seed,
    nowDate,
    jobCount,
    cut,
    today,
    collections,
    add,
    address,
    staffNames,
    S,
    locs,
    placeOf,
    suppliers,
    drivers,
    passengers,
    schools,
    workplaces,
    closedDays,
  } = g;
  // ================================================================ trips and their jobs
  const createdByPool = [
    staffNames.agent,
    staffNames.agent,
    staffNames.superagent,
    staffNames.dispatcher,
    staffNames.dispatchadmin,
  ] as string[];
  const placesOf: Record<UnitId, Place3[]> = {
    1: locs[1].map((l) => placeOf(l.place)),
    2: locs[2].map((l) => placeOf(l.place)),
    3: locs[3].map((l) => placeOf(l.place)),
  };
  const destinations: Record<UnitId, Place3[]> = {
    1: locs[1].map((l) => placeOf(l.place)),
    2: schools.map((l) => placeOf(l.place)),
    3: workplaces.map((l) => placeOf(l.place)),
  };
  const airportByAddress = new Map<string, Place>();
  for (const u of UNITS)
    for (const l of locs[u]) if (l.place.type === 'airport') airportByAddress.set(l.place.address, l.place);

  function timeOfDay(r: Rng, u: UnitId, dayMs: number): number {
    if (u === 2) return dayMs + (r.chance(0.5) ? 7 * 60 + r.int(0, 15) * 5 : 15 * 60 + r.int(0, 15) * 5) * MINUTE;
    if (u === 3) return dayMs + (r.pick([5 * 60 + 30, 13 * 60 + 30, 21 * 60 + 30]) + r.int(-6, 6) * 5) * MINUTE;
    return dayMs + r.int(5 * 12, 22 * 12) * 5 * MINUTE;
  }
  function dayOffset(r: Rng): number {
    return r.int(-PAST_DAYS, AHEAD_DAYS);
  }
  const serviceDayCache: Record<UnitId, Map<number, number>> = { 1: new Map(), 2: new Map(), 3: new Map() };
  const isServiceDay = (u: UnitId, d: number): boolean => {
    const wd = new Date(d).getUTCDay();
    return wd !== 0 && wd !== 6 && !closedDays[u].has(fmtDay(d));
  };
  /** Schools and plants run on weekdays outside their holidays: the next such day (or the previous one near the window's end). */
  function weekdayShift(u: UnitId, dayMs: number): number {
    if (u === 1) return dayMs;
    const cache = serviceDayCache[u];
    let d = cache.get(dayMs);
    if (d === undefined) {
      d = dayMs;
      while (!isServiceDay(u, d) && d - dayMs < 30 * DAY) d += DAY;
      if (d > today + AHEAD_DAYS * DAY || !isServiceDay(u, d)) {
        d = dayMs;
        while (!isServiceDay(u, d) && dayMs - d < 30 * DAY) d -= DAY;
      }
      cache.set(dayMs, d);
    }
    return d;
  }
  function price(r: Rng, service: number, from: Place3, to: Place3): number {
    const km = haversine(from, to) / 1000;
    const base = service === S.school ? 0 : service === S.shuttle ? 300 : service === S.minivan ? 450 : 375;
    const perKm = service === S.school ? 0 : service === S.shuttle ? 40 : service === S.minivan ? 230 : 195;
    return money(Math.round((base + km * 1.3 * perKm * (0.95 + r.next() * 0.1)) / 25) * 25);
  }
  function jobDoc(
    r: Rng,
    plan: JobPlan & {
      at: number;
      status: JobStatus;
      passenger: PassengerRef;
      from: Place3;
      to: Place3;
      service: number;
    },
    extra: Record<string, unknown>,
  ): Record<string, unknown> {
    const p = plan.passenger;
    const adults =
      plan.service === S.school
        ? 1
        : r.weighted([
            [1, 70],
            [2, 20],
            [3, 10],
          ] as const);
    const infants = plan.service === S.school ? 0 : r.chance(0.06) ? 1 : 0;
    const wheelchair = p.ada && r.chance(0.6);
    const createdAt = Math.min(plan.at - r.int(60, 10 * 24 * 60) * MINUTE, plan.cut - r.int(0, 72 * 60) * MINUTE);
    const airport = airportByAddress.get(plan.from.address) ?? airportByAddress.get(plan.to.address);
    const doc: Record<string, unknown> = {
      unit: plan.unit,
      status: plan.status,
      date: fmtLocal(plan.at),
      passenger: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      phone: p.phone,
      email: p.email,
      from: { address: plan.from.address, lat: plan.from.lat, lon: plan.from.lon },
      to: { address: plan.to.address, lat: plan.to.lat, lon: plan.to.lon },
      seats: adults + infants,
      adults,
      infants,
      wheelchair,
      ada: p.ada,
      checkedBags: airport ? r.int(0, 3) : 0,
      carryon: r.int(0, 1),
      service: wheelchair && plan.unit === 1 ? S.wheelchair : plan.service,
      profile: p.profile,
      price: price(r, plan.service, plan.from, plan.to),
      paymentType: r.pick(p.paymentTypes),
      ...extra,
      createdBy: r.pick(createdByPool),
      createdAt: isoFromLocal(createdAt),
      updatedAt: isoFromLocal(Math.max(createdAt, Math.min(plan.at, plan.cut) - r.int(0, 120) * MINUTE)),
    };
    if (airport) {
      const t = airport.terminals?.[r.int(0, (airport.terminals?.length ?? 1) - 1)];
      if (t) doc.terminal = t.name;
      doc.flight = {
        date: fmtLocal(plan.at + (plan.to.address === airport.address ? 2 * HOUR : -30 * MINUTE)),
        type: t?.name.startsWith('Domestic') ? 'domestic' : 'international',
        airline: r.pick(['Air Canada', 'Air Transat', 'WestJet', 'Porter', 'Air France', 'Delta']),
        number: String(r.int(100, 1999)),
        terminal: t?.name ?? '',
      };
    }
    if (r.chance(0.08)) {
      doc.notes = [
        {
          type: r.pick(['general', 'booking', 'driver']),
          text: r.pick([
            'Please call on arrival.',
            'Ring twice, door on the side street.',
            'Needs help with bags.',
            'Client prefers French.',
            'Pick up at the main entrance.',
          ]),
          user: doc.createdBy,
          time: doc.createdAt,
        },
      ];
    }
    return doc;
  }

  // plan trips (at most 800; fewer for small job counts) with their jobs held in memory
  const tripTarget = Math.min(800, Math.floor(jobCount * 0.16));
  const tripJobBudget = Math.floor(jobCount / 2);
  const tripJobs: Record<string, unknown>[] = [];
  const tripStopIdx: number[][] = [];
  // each trip's planned stops, by index into tripJobs until the jobs have their ids
  const tripPlans: { kind: 'pickup' | 'dropoff'; idx: number[]; at: number }[][] = [];
  const trr = new Rng(seed ^ 0x5eed7219);
  // today's trips of every status on every site working today (issue 12, point 6; schools and
  // plants rest on weekends and holidays): two under way on each, then one new, one sent and one
  // approved later today
  const pinned: { unit: UnitId; status: string; minutes: number }[] = [];
  const working = ([1, 2, 3] as UnitId[]).filter((u) => weekdayShift(u, today) === today);
  for (const unit of working) {
    pinned.push({ unit, status: 'picking up', minutes: -10 }, { unit, status: 'in route', minutes: -30 });
  }
  for (const unit of working)
    for (const [i, status] of (['new', 'sent', 'approved'] as const).entries())
      pinned.push({ unit, status, minutes: 60 + 45 * i });
  for (let t = 0; t < tripTarget && tripJobs.length < tripJobBudget; t++) {
    const pin = pinned[t];
    const u: UnitId = pin
      ? pin.unit
      : trr.weighted([
          [1 as UnitId, 60],
          [2 as UnitId, 20],
          [3 as UnitId, 20],
        ] as const);
    const off = trr.weighted([
      [trr.int(-PAST_DAYS, -1), 60],
      [0, 7],
      [trr.int(1, AHEAD_DAYS), 33],
    ] as const);
    const dayMs = pin ? today : weekdayShift(u, today + off * DAY);
    // "later today" must stay today: late in the evening the pinned trips (-30 to +150 minutes from
    // now) close up, half as far apart, from 20:00 on, so that the last ends before midnight
    const evening = today + DAY - 4 * HOUR;
    const start = pin
      ? Math.min(cut + pin.minutes * MINUTE, evening + ((pin.minutes + 30) / 2) * MINUTE)
      : timeOfDay(trr, u, dayMs);
    let n =
      u === 1
        ? trr.weighted([
            [1, 35],
            [2, 35],
            [3, 20],
            [4, 10],
          ] as const)
        : u === 2
          ? trr.int(3, 6)
          : trr.int(2, 5);
    n = Math.min(n, tripJobBudget - tripJobs.length);
    let service = u === 1 ? S.sedan : u === 2 ? S.school : S.shuttle;
    const end = start + (15 + n * 8) * MINUTE;
    let status: string;
    if (pin) status = pin.status;
    else if (end < cut - HOUR) status = trr.chance(0.93) ? 'done' : 'canceled';
    else if (start < cut) status = trr.chance(0.5) ? 'in route' : 'picking up';
    else if (start < cut + 3 * DAY)
      status = trr.weighted([
        ['approved', 60],
        ['sent', 25],
        ['new', 10],
        ['canceled', 5],
      ] as const);
    else
      status = trr.weighted([
        ['new', 45],
        ['sent', 30],
        ['approved', 20],
        ['canceled', 5],
      ] as const);
    const pool = passengers[u];
    if (pool.length === 0) continue;
    const dest = trr.pick(destinations[u]);
    const inbound = u === 2 ? start - dayMs < 12 * HOUR : trr.chance(0.6);
    const stopIdx: number[] = [];
    const pickAt: number[] = [];
    let distance = 0;
    let prev: Place3 | undefined;
    for (let k = 0; k < n; k++) {
      const p = trr.pick(pool);
      const home = u === 3 && p.work && trr.chance(0.3) ? p.work : p.home;
      const from = inbound ? home : dest;
      const to = inbound ? dest : home;
      const at = inbound ? start + k * trr.int(4, 9) * MINUTE : start;
      pickAt.push(at);
      let jStatus: JobStatus;
      if (status === 'done') jStatus = trr.chance(0.92) ? 'dropped' : 'noshow';
      else if (status === 'canceled') jStatus = 'canceled';
      else if (status === 'in route') jStatus = k < n - 1 && trr.chance(0.5) ? 'dropped' : 'picked';
      else if (status === 'picking up') jStatus = k === 0 ? 'picked' : 'routed';
      else jStatus = 'routed';
      const doc = jobDoc(
        trr,
        { unit: u, dayStart: dayMs, cut, at, status: jStatus, passenger: p, from, to, service },
        { waitMinutes: 0 },
      );
      // picked up and dropped off when the trip's driver did it: mostly within minutes of the time
      // asked, every eleventh rider late (a spread from the rider's place, drawing no random number)
      if (jStatus === 'picked' || jStatus === 'dropped') {
        const spread = tripJobs.length % 11 === 0 ? 31 + (tripJobs.length % 20) : ((tripJobs.length * 7) % 16) - 3;
        doc.pickedAt = fmtLocal(at + spread * MINUTE);
        if (jStatus === 'dropped') doc.droppedAt = fmtLocal(at + (spread + 15 + (tripJobs.length % 20)) * MINUTE);
      }
      distance += haversine(prev ?? from, inbound ? from : to) * 1.3;
      prev = inbound ? from : to;
      stopIdx.push(tripJobs.length);
      tripJobs.push(doc);
    }
    const docs = stopIdx.map((i) => tripJobs[i] as Record<string, unknown>);
    // site 1 rides: a sedan up to 4 seats, else a minivan (parties shrunk to fit 6), a wheelchair van when needed
    if (u === 1) {
      if (docs.reduce((x, d) => x + (d.seats as number), 0) > 6) {
        for (const d of docs) {
          d.adults = 1;
          d.seats = 1 + (d.infants as number);
        }
      }
      const total = docs.reduce((x, d) => x + (d.seats as number), 0);
      service = docs.some((d) => d.wheelchair) ? S.wheelchair : total <= 4 ? S.sedan : S.minivan;
    }
    const seats = docs.reduce((x, d) => x + (d.seats as number), 0);
    const able = drivers[u].filter((d) => d.services.includes(service) && d.pax >= seats);
    const drv = status === 'new' ? undefined : trr.pick(able.length ? able : drivers[u]);
    const supplier = drv?.supplier ?? trr.pick(suppliers[u]);
    for (const d of docs) {
      d.service = service;
      if (drv) {
        d.driver = drv.id;
        d.car = drv.car;
      }
    }
    const first = tripJobs[stopIdx[0] as number] as { from: Place3; profile: number };
    const last = tripJobs[stopIdx[stopIdx.length - 1] as number] as { to: Place3 };
    distance += haversine(inbound ? (prev ?? dest) : dest, inbound ? dest : (prev ?? dest)) * 1.3;
    tripStopIdx.push(stopIdx);
    const duration = Math.round(distance / 8.3 + n * 90);
    const ends = Math.max(start + duration * 1000, (pickAt.at(-1) ?? start) + 10 * MINUTE);
    tripPlans.push(
      inbound
        ? [
            ...stopIdx.map((i, k) => ({ kind: 'pickup' as const, idx: [i], at: pickAt[k] as number })),
            { kind: 'dropoff' as const, idx: stopIdx, at: ends },
          ]
        : [
            { kind: 'pickup' as const, idx: stopIdx, at: start },
            ...stopIdx.map((i, k) => ({
              kind: 'dropoff' as const,
              idx: [i],
              at: start + Math.round(((k + 1) * (ends - start)) / n),
            })),
          ],
    );
    const tripId = add('trips', {
      unit: u,
      status,
      date: fmtLocal(start),
      from: { ...first.from },
      to: { ...last.to },
      seats,
      profile: first.profile,
      stops: [] as number[],
      distance: Math.round(distance),
      duration,
      service,
      supplier,
      ...(drv ? { driver: drv.id, car: drv.car } : {}),
      ...(u === 2 ? { line: `S${String(trr.int(1, 12)).padStart(2, '0')}` } : {}),
      createdBy: staffNames.dispatcher,
      createdAt: isoFromLocal(Math.min(start - DAY, cut - HOUR)),
      updatedAt: isoFromLocal(Math.min(start + 2 * HOUR, cut - HOUR)),
    });
    for (const i of stopIdx) (tripJobs[i] as Record<string, unknown>).trip = tripId;
  }
  // spread the trip jobs' ids evenly over 1..jobCount; the others are generated while streaming
  const M = tripJobs.length;
  const tripJobIds = tripJobs.map((_, k) => Math.floor((k * jobCount) / M) + 1);
  collections.trips.forEach((trip, t) => {
    trip.stops = (tripStopIdx[t] as number[]).map((i) => tripJobIds[i] as number);
    trip.plan = (tripPlans[t] ?? []).map((stop) => ({
      kind: stop.kind,
      jobs: stop.idx.map((i) => tripJobIds[i] as number),
      at: fmtLocal(stop.at),
    }));
  });

  // ---- free jobs: pools and status tables
  const FREE_PAST = [
    ['canceled', 50],
    ['noshow', 30],
    ['draft', 10],
    ['onhold', 10],
  ] as const;
  const FREE_TODAY = [
    ['waiting', 30],
    ['routing', 20],
    ['new', 25],
    ['onhold', 5],
    ['canceled', 10],
    ['draft', 10],
  ] as const;
  const FREE_AHEAD = [
    ['new', 45],
    ['waiting', 20],
    ['onhold', 10],
    ['draft', 10],
    ['canceled', 8],
    ['routing', 7],
  ] as const;
  const addressPools: Record<UnitId, Place3[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) for (let i = 0; i < 1500; i++) addressPools[u].push(address(u));

  function freeJob(r: Rng): Record<string, unknown> {
    const u = r.weighted([
      [1 as UnitId, 70],
      [2 as UnitId, 15],
      [3 as UnitId, 15],
    ] as const);
    const dayMs = weekdayShift(u, today + dayOffset(r) * DAY);
    const at = timeOfDay(r, u, dayMs);
    const status: JobStatus =
      at < cut ? r.weighted(FREE_PAST) : at < cut + DAY ? r.weighted(FREE_TODAY) : r.weighted(FREE_AHEAD);
    const pool = passengers[u].length ? passengers[u] : passengers[1];
    const p = r.pick(pool);
    const kind = r.next();
    let from: Place3;
    let to: Place3;
    const dest = u === 1 ? r.pick(placesOf[1]) : r.pick(destinations[u]);
    if (kind < 0.5) {
      from = p.home;
      to = dest;
    } else if (kind < 0.8) {
      from = dest;
      to = p.home;
    } else {
      from = p.home;
      to = r.pick(addressPools[u]);
    }
    const service = u === 1 ? r.pick([S.sedan, S.sedan, S.minivan]) : u === 2 ? S.school : S.shuttle;
    return jobDoc(
      r,
      { unit: u, dayStart: dayMs, cut, at, status, passenger: p, from, to, service },
      status === 'new' && at > cut && r.chance(0.05) ? { forceJoin: 'AUTO' } : {},
    );
  }

  function* jobBatches(batchSize: number): Generator<Doc[]> {
    const size = Math.max(1, Math.floor(batchSize));
    const r = new Rng(seed ^ 0x10b5f00d);
    let k = 0;
    let batch: Doc[] = [];
    for (let id = 1; id <= jobCount; id++) {
      let doc: Record<string, unknown>;
      if (k < M && tripJobIds[k] === id) {
        doc = structuredClone(tripJobs[k] as Record<string, unknown>);
        k++;
      } else {
        doc = freeJob(r);
      }
      batch.push({ _id: id, ...doc });
      if (batch.length === size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }

  // ---- an admin of the school site: its template (school shuttles) opens the parents and students screens.
  // Added last so that it moves no other record's id.
  add('users', {
    email: SCHOOL_ADMIN_EMAIL,
    firstName: 'Sylvie',
    lastName: 'Lachance',
    phone: '450-555-0199',
    role: 'admin',
    unit: 2,
    status: 'active',
    language: 'fr',
    // no random stamp: the reservations are drawn from the same generator after this
    createdAt: new Date(nowDate.getTime() - 300 * DAY).toISOString(),
    updatedAt: new Date(nowDate.getTime() - 300 * DAY).toISOString(),
    createdBy: staffNames.superadmin,
  });

  return { collections, jobCount, jobBatches };
}

export type DemoTrips = ReturnType<typeof demoTripsAndJobs>;
