import { JOB_STATUSES, LOCATION_TYPES, PAYMENT_TYPES, RATE_TYPES, TRIP_STATUSES, weekDayOf } from '@tc/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_COLLECTIONS,
  DEMO_ROLES,
  type DemoData,
  type Doc,
  fmtLocal,
  generateDemo,
  localFromInstant,
} from './generate.ts';
import { MONTREAL_BBOX } from './montreal.ts';

const NOW = new Date('2026-11-22T00:00:00Z');
const GLOBAL = new Set(['units', 'services', 'ratetypes']);

/** Reference fields: collection -> field -> target collection. */
const REFS: Record<string, Record<string, string>> = {
  users: { supplier: 'suppliers', profiles: 'profiles', profile: 'profiles', children: 'users' },
  drivers: {
    car: 'cars',
    assignedCar: 'cars',
    services: 'services',
    areas: 'areas',
    suppliers: 'suppliers',
    attributes: 'attributes',
  },
  cars: { services: 'services', suppliers: 'suppliers', attributes: 'attributes' },
  suppliers: { areas: 'areas' },
  assignPriorityGroups: { attributes: 'attributes' },
  driverShifts: { driver: 'drivers', supplier: 'suppliers', areas: 'areas' },
  rates: { service: 'services' },
  fares: { service: 'services' },
  shuttles: { area: 'areas', supplier: 'suppliers', profile: 'profiles', drivers: 'drivers' },
  trips: {
    profile: 'profiles',
    stops: 'jobs',
    service: 'services',
    supplier: 'suppliers',
    driver: 'drivers',
    car: 'cars',
  },
  jobs: { passenger: 'users', service: 'services', profile: 'profiles', trip: 'trips', driver: 'drivers', car: 'cars' },
};

function allJobs(demo: DemoData, size = 1000): Doc[] {
  const out: Doc[] = [];
  for (const b of demo.jobBatches(size)) out.push(...b);
  return out;
}

function firstBatches(demo: DemoData, n: number, size: number): Doc[][] {
  const out: Doc[][] = [];
  for (const b of demo.jobBatches(size)) {
    out.push(b);
    if (out.length === n) break;
  }
  return out;
}

function ids(v: unknown): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.filter((x): x is number => typeof x === 'number');
  return [];
}

/** Every {lat, lon} object and every polygon position inside a value. */
function walkCoordinates(v: unknown, visit: (lat: number, lon: number, path: string) => void, path = ''): void {
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      walkCoordinates(x, visit, `${path}[${i}]`);
    });
    return;
  }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (typeof o.lat === 'number' && typeof o.lon === 'number') visit(o.lat, o.lon, path);
    if (o.type === 'Polygon' && Array.isArray(o.coordinates)) {
      for (const ring of o.coordinates as [number, number][][]) for (const [lon, lat] of ring) visit(lat, lon, path);
    }
    for (const [k, x] of Object.entries(o)) if (k !== 'coordinates') walkCoordinates(x, visit, `${path}.${k}`);
  }
}

function indexAll(demo: DemoData, jobs: Doc[]): Record<string, Map<number, Doc>> {
  const byCol: Record<string, Map<number, Doc>> = Object.fromEntries(
    Object.entries(demo.collections).map(([k, docs]) => [k, new Map(docs.map((d) => [d._id, d]))]),
  );
  byCol.jobs = new Map(jobs.map((j) => [j._id, j]));
  return byCol;
}

/** Every id points at an existing record of the same site; trips and their stops agree. */
function checkIntegrity(demo: DemoData, jobs: Doc[]): void {
  const byCol = indexAll(demo, jobs);
  const all: [string, Doc][] = [
    ...Object.entries(demo.collections).flatMap(([col, docs]) => docs.map((d) => [col, d] as [string, Doc])),
    ...jobs.map((j) => ['jobs', j] as [string, Doc]),
  ];
  let checked = 0;
  for (const [col, d] of all) {
    if (!GLOBAL.has(col) && !(col === 'holidays' || col === 'settings')) {
      expect([1, 2, 3], `${col} ${d._id} unit`).toContain(d.unit);
    }
    if (col === 'settings') expect([null, 1, 2, 3]).toContain(d.unit);
    const refs: [string, number][] = [];
    for (const [field, target] of Object.entries(REFS[col] ?? {}))
      for (const id of ids(d[field])) refs.push([target, id]);
    for (const field of ['from', 'to']) {
      const v = d[field] as { type?: string; id?: number } | undefined;
      if ((col === 'rates' || col === 'fares') && v) {
        expect(['location', 'area']).toContain(v.type);
        refs.push([v.type === 'location' ? 'locations' : 'areas', v.id as number]);
      }
    }
    for (const [target, id] of refs) {
      const t = byCol[target]?.get(id);
      expect(t, `${col} ${d._id} -> ${target} ${id}`).toBeDefined();
      if (!GLOBAL.has(target)) expect(t?.unit, `${col} ${d._id} -> ${target} ${id} unit`).toBe(d.unit);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(jobs.length * 4);
  // trips and their stops agree both ways
  for (const t of demo.collections.trips ?? []) {
    const stops = t.stops as number[];
    expect(stops.length).toBeGreaterThan(0);
    for (const id of stops) expect(byCol.jobs?.get(id)?.trip).toBe(t._id);
    expect(t.seats).toBe(stops.reduce((n, id) => n + ((byCol.jobs?.get(id)?.seats as number) ?? 0), 0));
  }
  for (const j of jobs) {
    if (typeof j.trip === 'number') expect(byCol.trips?.get(j.trip)?.stops as number[]).toContain(j._id);
    const p = byCol.users?.get(j.passenger as number);
    expect(p?.role).toBe('passenger');
  }
  for (const u of demo.collections.users ?? []) {
    if (u.role === 'parent') {
      for (const c of u.children as number[]) expect(byCol.users?.get(c)?.role).toBe('student');
    }
  }
}

/** Trips carry a service, driver and vehicle that fit their reservations. */
function checkTrips(demo: DemoData, jobs: Doc[]): void {
  const byCol = indexAll(demo, jobs);
  let assigned = 0;
  for (const t of demo.collections.trips ?? []) {
    const stops = (t.stops as number[]).map((id) => byCol.jobs?.get(id) as Doc);
    for (const j of stops) {
      expect(j.service).toBe(t.service);
      expect(j.driver).toBe(t.driver);
      expect(j.car).toBe(t.car);
      expect((j.date as string) >= (t.date as string)).toBe(true);
    }
    if (t.status === 'new') continue;
    const driver = byCol.drivers?.get(t.driver as number);
    const car = byCol.cars?.get(t.car as number);
    expect(driver?.car).toBe(t.car);
    expect(driver?.suspended).toBeUndefined();
    expect(car?.services as number[]).toContain(t.service);
    expect(car?.pax as number).toBeGreaterThanOrEqual(t.seats as number);
    expect(driver?.suppliers as number[]).toContain(t.supplier);
    assigned++;
  }
  expect(assigned).toBeGreaterThan((demo.collections.trips?.length ?? 0) / 2);
  for (const d of demo.collections.drivers ?? []) {
    const car = byCol.cars?.get(d.car as number);
    for (const s of d.services as number[]) expect(car?.services as number[]).toContain(s);
  }
}

describe('generateDemo', () => {
  let demo: DemoData;
  let jobs: Doc[];
  let byCol: Record<string, Map<number, Doc>>;

  beforeAll(() => {
    demo = generateDemo({ now: NOW });
    jobs = allJobs(demo);
    byCol = Object.fromEntries(
      Object.entries(demo.collections).map(([k, docs]) => [k, new Map(docs.map((d) => [d._id, d]))]),
    );
    byCol.jobs = new Map(jobs.map((j) => [j._id, j]));
  });

  it('is deterministic for a seed and differs for another seed', () => {
    const a = generateDemo({ seed: 7, now: NOW, jobs: 3000, passengers: 200 });
    const b = generateDemo({ seed: 7, now: NOW, jobs: 3000, passengers: 200 });
    const c = generateDemo({ seed: 8, now: NOW, jobs: 3000, passengers: 200 });
    expect(b.collections).toEqual(a.collections);
    expect(firstBatches(b, 3, 400)).toEqual(firstBatches(a, 3, 400));
    // a second pass over the same generator yields the same jobs again
    expect(firstBatches(a, 2, 400)).toEqual(firstBatches(b, 2, 400));
    expect(c.collections.users).not.toEqual(a.collections.users);
    expect(firstBatches(c, 1, 400)).not.toEqual(firstBatches(a, 1, 400));
    // the batch size does not change the jobs
    expect(allJobs(a, 999)).toEqual(allJobs(b, 3000));
  });

  it('holds every collection with sequential ids from 1 and stamps', () => {
    expect(Object.keys(demo.collections).sort()).toEqual([...DEMO_COLLECTIONS].sort());
    expect(demo.collections.jobs).toBeUndefined();
    for (const [col, docs] of Object.entries(demo.collections)) {
      expect(docs.length, col).toBeGreaterThan(0);
      docs.forEach((d, i) => {
        expect(d._id, col).toBe(i + 1);
        expect(typeof d.createdAt, `${col} ${d._id}`).toBe('string');
        expect(typeof d.updatedAt, `${col} ${d._id}`).toBe('string');
        expect(typeof d.createdBy, `${col} ${d._id}`).toBe('string');
        expect(Date.parse(d.updatedAt as string), `${col} ${d._id}`).toBeGreaterThanOrEqual(
          Date.parse(d.createdAt as string),
        );
        expect(Date.parse(d.updatedAt as string), `${col} ${d._id}`).toBeLessThanOrEqual(NOW.getTime());
      });
    }
  });

  it('has the stated sizes', () => {
    const c = demo.collections;
    const users = c.users ?? [];
    expect(c.units?.map((u) => [u._id, u.type])).toEqual([
      [1, 'Default'],
      [2, 'School'],
      [3, 'Employees'],
    ]);
    expect(c.drivers?.length).toBeGreaterThanOrEqual(45);
    expect(c.drivers?.length).toBeLessThanOrEqual(55);
    expect(c.cars?.length).toBeGreaterThanOrEqual(35);
    expect(c.cars?.length).toBeLessThanOrEqual(45);
    const pax = users.filter((u) => u.role === 'passenger' && u.email !== 'passenger@demo.local');
    expect(pax.length).toBe(500);
    expect(users.filter((u) => u.role === 'student').length).toBeGreaterThan(20);
    expect(users.filter((u) => u.role === 'parent').length).toBeGreaterThan(10);
    expect(users.filter((u) => u.role === 'employee').length).toBeGreaterThan(20);
    expect(c.trips?.length).toBeGreaterThanOrEqual(700);
    expect(c.trips?.length).toBeLessThanOrEqual(900);
    expect(demo.jobCount).toBe(5000);
    expect(jobs.length).toBe(5000);
    expect(c.ratetypes?.map((r) => r.name)).toEqual([...RATE_TYPES]);
    for (const col of ['services', 'locations', 'areas', 'rates', 'profiles', 'suppliers', 'shifts', 'holidays']) {
      expect(c[col]?.length, col).toBeGreaterThanOrEqual(3);
    }
  });

  it('puts a meaningful share of jobs, drivers, cars and passengers on sites 2 and 3', () => {
    const share = (docs: Doc[], unit: number) => docs.filter((d) => d.unit === unit).length / docs.length;
    const pax = (demo.collections.users ?? []).filter((u) => u.role === 'passenger');
    for (const docs of [jobs, demo.collections.drivers ?? [], demo.collections.cars ?? [], pax]) {
      expect(share(docs, 1)).toBeGreaterThan(0.5);
      expect(share(docs, 2)).toBeGreaterThanOrEqual(0.1);
      expect(share(docs, 3)).toBeGreaterThanOrEqual(0.1);
    }
  });

  it('has every job status and trip status, consistent with time', () => {
    const statuses = new Set(jobs.map((j) => j.status));
    for (const s of JOB_STATUSES) expect(statuses, s).toContain(s);
    const tripStatuses = new Set(demo.collections.trips?.map((t) => t.status));
    for (const s of TRIP_STATUSES) expect(tripStatuses, s).toContain(s);
    const present = localFromInstant(NOW.getTime());
    const dayAgo = fmtLocal(present - 86_400_000);
    const dayAhead = fmtLocal(present + 86_400_000);
    const first = fmtLocal(present - 30 * 86_400_000);
    const last = fmtLocal(present + 23 * 86_400_000);
    for (const j of jobs) {
      const date = j.date as string;
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(date >= first && date <= last, date).toBe(true);
      if (date < dayAgo) expect(['dropped', 'noshow', 'canceled', 'draft', 'onhold'], `${j._id}`).toContain(j.status);
      if (date > dayAhead) expect(['picked', 'dropped', 'noshow'], `${j._id}`).not.toContain(j.status);
      // money in currency units with at most two decimals
      expect(j.price as number).toBeGreaterThanOrEqual(0);
      expect(Math.abs((j.price as number) * 100 - Math.round((j.price as number) * 100))).toBeLessThan(1e-6);
      expect(PAYMENT_TYPES as readonly unknown[]).toContain(j.paymentType);
      if (['routed', 'picked', 'dropped'].includes(j.status as string)) expect(j.trip, `${j._id}`).toBeTypeOf('number');
    }
    for (const t of demo.collections.trips ?? []) {
      if ((t.date as string) < dayAgo) expect(['done', 'canceled']).toContain(t.status);
      if ((t.date as string) > dayAhead) expect(['new', 'sent', 'approved', 'canceled']).toContain(t.status);
    }
    // schools and plants run on weekdays outside their holidays (2026-11-27 is a pedagogical day on site 2)
    for (const d of [...jobs, ...(demo.collections.trips ?? [])]) {
      if (d.unit === 1) continue;
      const day = (d.date as string).slice(0, 10);
      expect([0, 6], `${d._id} ${day}`).not.toContain(weekDayOf(day));
      if (d.unit === 2) expect(day).not.toBe('2026-11-27');
    }
    const past = jobs.filter((j) => (j.date as string) < dayAgo);
    const closed = past.filter((j) => ['dropped', 'noshow', 'canceled'].includes(j.status as string));
    expect(closed.length / past.length).toBeGreaterThan(0.75);
  });

  it('keeps referential integrity and site consistency', () => {
    checkIntegrity(demo, jobs);
  });

  it('gives trips a service, driver and vehicle that fit their reservations', () => {
    checkTrips(demo, jobs);
  });

  it('holds the same invariants for other seeds and dates (summer time, mid-day)', () => {
    for (const [seed, now] of [
      [1, new Date('2026-07-05T15:30:00Z')],
      [2024, new Date('2027-03-14T12:00:00Z')],
    ] as const) {
      const other = generateDemo({ seed, now, jobs: 2500, passengers: 300 });
      const otherJobs = allJobs(other);
      checkIntegrity(other, otherJobs);
      checkTrips(other, otherJobs);
      const statuses = new Set(otherJobs.map((j) => j.status));
      for (const s of JOB_STATUSES) expect(statuses, `${seed} ${s}`).toContain(s);
      const stamps = Object.values(other.collections).flatMap((docs) => docs.map((d) => d.updatedAt as string));
      for (const t of [...stamps, ...otherJobs.map((j) => j.updatedAt as string)]) {
        expect(Date.parse(t)).toBeLessThanOrEqual(now.getTime());
      }
    }
  });

  it('has one demo login per role, the superadmin first, without passwords', () => {
    const users = demo.collections.users ?? [];
    expect(users[0]?.email).toBe('superadmin@demo.local');
    expect(users[0]?.role).toBe('superadmin');
    for (const role of DEMO_ROLES) {
      const found = users.filter((u) => u.email === `${role}@demo.local`);
      expect(found.length, role).toBe(1);
      expect(found[0]).toMatchObject({ role, unit: 1, status: 'active', language: 'en' });
    }
    expect(users.find((u) => u.role === 'supplier')?.supplier).toBeTypeOf('number');
    for (const u of users) {
      expect(Object.keys(u).some((k) => /password|hash/i.test(k))).toBe(false);
    }
    const emails = users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('lies in the Montreal area with closed polygons', () => {
    let n = 0;
    const visit = (lat: number, lon: number, path: string) => {
      n++;
      const ok =
        lat >= MONTREAL_BBOX.minLat &&
        lat <= MONTREAL_BBOX.maxLat &&
        lon >= MONTREAL_BBOX.minLon &&
        lon <= MONTREAL_BBOX.maxLon;
      expect(ok, `${path} ${lat},${lon}`).toBe(true);
    };
    for (const [col, docs] of Object.entries(demo.collections)) walkCoordinates(docs, visit, col);
    walkCoordinates(jobs, visit, 'jobs');
    expect(n).toBeGreaterThan(10000);
    for (const a of demo.collections.areas ?? []) {
      expect(['zone-pricing', 'routing-zone']).toContain(a.type);
      const map = a.map as { type: string; coordinates: [number, number][][] };
      expect(map.type).toBe('Polygon');
      const ring = map.coordinates[0] ?? [];
      expect(ring.length).toBeGreaterThanOrEqual(4);
      expect(ring[ring.length - 1]).toEqual(ring[0]);
    }
    for (const l of demo.collections.locations ?? []) expect(LOCATION_TYPES as readonly unknown[]).toContain(l.type);
    const yul = demo.collections.locations?.find((l) => String(l.name).includes('YUL'));
    expect((yul?.subLocations as unknown[] | undefined)?.length ?? 0).toBeGreaterThanOrEqual(3);
    for (const j of jobs.slice(0, 200)) expect((j.from as { address: string }).address).toMatch(/, QC [A-Z]\d[A-Z] /);
  });

  it('stores blacklisted cards only as last four digits and a fingerprint', () => {
    for (const b of demo.collections.blacklist ?? []) {
      expect(b.last4).toMatch(/^\d{4}$/);
      expect(b.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(b).filter((k) => /number|card/i.test(k))).toEqual([]);
    }
  });

  it('has the named settings', () => {
    const global = new Map(
      (demo.collections.settings ?? []).filter((s) => s.unit === null).map((s) => [s.name, s.value]),
    );
    expect(global.get('map center')).toBe('45.5017, -73.5673');
    expect(global.get('map route server')).toBe('');
    expect(global.get('bot')).toBe('false');
    expect(global.get('systemTemplate')).toBe('default');
    expect(global.get('pick gap early')).toBe(30);
    expect(global.get('pick gap late')).toBe(30);
    expect(global.get('routing ratio')).toBe(1.5);
    expect(global.get('join option')).toBe('try join');
    expect(global.get('routing type')).toBe('dynamic');
    expect(global.get('max shift hours')).toBe(10);
  });

  it('streams exactly jobCount jobs with unique sequential ids, for any size', () => {
    const small = generateDemo({ now: NOW, jobs: 1234, passengers: 60 });
    let next = 1;
    for (const batch of small.jobBatches(100)) {
      expect(batch.length).toBeLessThanOrEqual(100);
      for (const j of batch) expect(j._id).toBe(next++);
    }
    expect(next - 1).toBe(1234);
    expect(small.collections.trips?.length).toBeLessThanOrEqual(Math.floor(1234 * 0.16));
    expect(jobs.map((j) => j._id)).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
    const empty = generateDemo({ now: NOW, jobs: 0 });
    expect([...empty.jobBatches(10)]).toEqual([]);
  });

  it('streams a large job count quickly without building it up front', () => {
    const big = generateDemo({ now: NOW, jobs: 200_000 });
    const t = Date.now();
    let n = 0;
    let last = 0;
    for (const batch of big.jobBatches(5000)) {
      n += batch.length;
      last = batch[batch.length - 1]?._id ?? last;
    }
    expect(n).toBe(200_000);
    expect(last).toBe(200_000);
    expect(Date.now() - t).toBeLessThan(20_000);
  });
});
