/**
 * Deterministic demo operator (issue 2, section 7): three sites in the Montreal metropolitan area,
 * one login per role, master data, people, trips and reservations across past and coming weeks.
 * Same seed and `now` give the same data. Reservations are streamed in batches so the 1,000,000-job
 * benchmark never holds them all in memory: their hot path uses a fast seeded PRNG over
 * pre-generated pools, never faker.
 */
import { createHash } from 'node:crypto';
import { base, en, en_CA, Faker } from '@faker-js/faker';
import {
  DISCOUNT_TYPES,
  type JobStatus,
  PAYMENT_TYPES,
  PER_AREA_MATCH_MAX,
  RATE_TYPES,
  type RoleName,
  SUSPENSION_REASONS,
  UNIT_TYPES,
} from '@tc/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import {
  AREA_CODES,
  BOROUGHS,
  type Borough,
  boroughPolygon,
  PLACES,
  type Place,
  pointIn,
  QC_FIRST_NAMES,
  QC_LAST_NAMES,
} from './montreal.ts';
import { Rng } from './prng.ts';

dayjs.extend(utc);

export interface DemoOptions {
  /** PRNG seed; default 42. */
  seed?: number;
  /** Reference time; default the current time truncated to the start of its UTC day. */
  now?: Date;
  /** Number of reservations; default 5000 (1,000,000 for the benchmark). */
  jobs?: number;
  /** Number of passengers; default 500. */
  passengers?: number;
}

export type Doc = Record<string, unknown> & { _id: number };

export interface DemoData {
  /** Everything except jobs, keyed by collection name. */
  collections: Record<string, Doc[]>;
  jobCount: number;
  /** Streams the reservations (collection `jobs`); every call starts over and yields the same jobs. */
  jobBatches(batchSize: number): Generator<Doc[]>;
}

export const DEMO_COLLECTIONS = [
  'units',
  'users',
  'drivers',
  'cars',
  'services',
  'locations',
  'areas',
  'rates',
  'ratetypes',
  'profiles',
  'suppliers',
  'shifts',
  'driverShifts',
  'holidays',
  'extraservices',
  'attributes',
  'assignPriorityGroups',
  'settings',
  'trips',
  'blacklist',
  'shuttles',
  'fares',
  'roadblocks',
] as const;
export type DemoCollection = (typeof DEMO_COLLECTIONS)[number];

/** The admin of the school site (School unit type: school-shuttles template). */
export const SCHOOL_ADMIN_EMAIL = 'schooladmin@demo.local';

/** Logins of the demo operator: `<role>@demo.local`, password set by the loader. */
export const DEMO_ROLES = [
  'superadmin',
  'admin',
  'supplier',
  'dispatchadmin',
  'dispatcher',
  'superagent',
  'agent',
  'accountingadmin',
  'accountant',
  'driver',
  'passenger',
] as const satisfies readonly RoleName[];

type UnitId = 1 | 2 | 3;
const UNITS: readonly UnitId[] = [1, 2, 3];
/** Records keep money in currency units as forms enter it (docs/fares.md); amounts here are written in cents. */
const money = (cents: number): number => cents / 100;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Days before and after `now` that reservations and trips span. */
export const PAST_DAYS = 28;
export const AHEAD_DAYS = 21;
const PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#008080',
  '#9a6324',
] as const;

export interface Place3 {
  address: string;
  lat: number;
  lon: number;
}

// ---------------------------------------------------------------- time helpers
// Times are kept as "wall-clock milliseconds": Date.UTC of the Montreal local date and time.

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** 'YYYY-MM-DD HH:mm' of a wall-clock time. */
export function fmtLocal(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
}

/** 'YYYY-MM-DD' of a wall-clock time. */
export function fmtDay(ms: number): string {
  return fmtLocal(ms).slice(0, 10);
}

const dstCache = new Map<number, [number, number]>();
/** Start and end of daylight saving time in Montreal (2nd Sunday of March, 1st Sunday of November, 02:00). */
function dstRange(year: number): [number, number] {
  let r = dstCache.get(year);
  if (!r) {
    const mar1 = Date.UTC(year, 2, 1);
    const marSun = mar1 + ((7 - new Date(mar1).getUTCDay()) % 7) * DAY + 7 * DAY;
    const nov1 = Date.UTC(year, 10, 1);
    const novSun = nov1 + ((7 - new Date(nov1).getUTCDay()) % 7) * DAY;
    r = [marSun + 2 * HOUR, novSun + 2 * HOUR];
    dstCache.set(year, r);
  }
  return r;
}

/** ISO instant of a Montreal wall-clock time. */
export function isoFromLocal(ms: number): string {
  const [s, e] = dstRange(new Date(ms).getUTCFullYear());
  const offset = ms >= s && ms < e ? 4 : 5;
  return new Date(ms + offset * HOUR).toISOString();
}

/** Montreal wall-clock time of an instant. */
export function localFromInstant(ms: number): number {
  const est = ms - 5 * HOUR;
  const [s, e] = dstRange(new Date(est).getUTCFullYear());
  return est >= s - HOUR && est < e - HOUR ? ms - 4 * HOUR : est;
}

function haversine(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const R = 6371000;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

// ---------------------------------------------------------------- generator

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

interface PassengerRef extends Person {
  id: number;
  unit: UnitId;
  home: Place3;
  work?: Place3;
  profile: number;
  paymentTypes: string[];
  ada: boolean;
}

interface DriverRef {
  id: number;
  unit: UnitId;
  supplier: number;
  car: number;
  services: number[];
  pax: number;
}

interface JobPlan {
  unit: UnitId;
  dayStart: number;
  cut: number;
}

export function generateDemo(options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? 42;
  const nowDate = options.now ?? dayjs.utc().startOf('day').toDate();
  const jobCount = Math.max(0, Math.floor(options.jobs ?? 5000));
  const passengerCount = Math.max(3, Math.floor(options.passengers ?? 500));
  /** Wall-clock present of the demo (Montreal time of `now`): before it is past, after it is coming. */
  const cut = localFromInstant(nowDate.getTime());
  const today = cut - (cut % DAY);

  const rng = new Rng(seed);
  const faker = new Faker({ locale: [en_CA, en, base] });
  faker.seed(seed);

  const collections = Object.fromEntries(DEMO_COLLECTIONS.map((c) => [c, [] as Doc[]])) as Record<
    DemoCollection,
    Doc[]
  >;
  function add(col: DemoCollection, fields: Record<string, unknown>): number {
    const list = collections[col];
    const _id = list.length + 1;
    list.push({ _id, ...fields });
    return _id;
  }

  // ---- name pools (faker, once)
  const firstNames: string[] = [...QC_FIRST_NAMES];
  const lastNames: string[] = [...QC_LAST_NAMES];
  for (let i = 0; i < 170; i++) {
    firstNames.push(faker.person.firstName());
    lastNames.push(faker.person.lastName().replace(/[^A-Za-zÀ-ÿ' -]/g, ''));
  }
  let emailSeq = 0;
  function person(unit: UnitId, domain = 'example.com'): Person {
    const firstName = rng.pick(firstNames);
    const lastName = rng.pick(lastNames);
    emailSeq++;
    return {
      firstName,
      lastName,
      email: `${slug(firstName)}.${slug(lastName)}${emailSeq}@${domain}`,
      phone: phone(unit),
    };
  }
  function phone(unit: UnitId): string {
    let line = rng.int(0, 9999);
    if (line === 1212 || (line >= 100 && line <= 199)) line += 300;
    return `${rng.pick(AREA_CODES[unit])}-555-${String(line).padStart(4, '0')}`;
  }

  // ---- addresses
  function postal(b: Borough): string {
    const L = 'ABCEGHJKLMNPRSTVWXYZ';
    return `${b.postalPrefix} ${rng.int(1, 9)}${L[rng.int(0, L.length - 1)]}${rng.int(0, 9)}`;
  }
  function address(unit: UnitId, borough?: Borough): Place3 {
    const b = borough ?? rng.pick(BOROUGHS[unit]);
    const p = pointIn(b, rng.next(), rng.next());
    const civic = rng.chance(0.7) ? rng.int(100, 8999) : rng.int(10, 99) * 10 + rng.int(0, 9);
    return { address: `${civic} ${rng.pick(b.streets)}, ${b.city}, QC ${postal(b)}`, lat: p.lat, lon: p.lon };
  }

  // ---- record stamps
  const staffNames: Record<string, string> = {};
  for (const role of DEMO_ROLES) staffNames[role] = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
  const masterAuthors = [staffNames.superadmin, staffNames.admin, staffNames.dispatchadmin] as string[];
  function stamp(author?: string, maxDaysAgo = 400): Record<string, unknown> {
    const created = today - rng.int(30, maxDaysAgo) * DAY + rng.int(8 * 60, 18 * 60) * MINUTE;
    const updated = Math.min(created + rng.int(0, 60) * DAY + rng.int(0, 600) * MINUTE, today - HOUR);
    return {
      createdAt: isoFromLocal(created),
      updatedAt: isoFromLocal(Math.max(created, updated)),
      createdBy: author ?? rng.pick(masterAuthors),
    };
  }

  // ---- units
  const unitNames: Record<UnitId, string> = { 1: 'Montreal', 2: 'Laval Schools', 3: 'Longueuil Works' };
  const unitCentres: Record<UnitId, Place3> = {
    1: { address: '800 Rue De La Gauchetière Ouest, Montréal, QC H5A 1K6', lat: 45.4995, lon: -73.5654 },
    2: { address: '1 Place du Souvenir, Laval, QC H7V 1W7', lat: 45.5593, lon: -73.7216 },
    3: { address: '4250 Chemin de la Savane, Longueuil, QC J3Y 9G4', lat: 45.5125, lon: -73.4515 },
  };
  for (const u of UNITS) {
    add('units', {
      name: unitNames[u],
      type: UNIT_TYPES[u - 1],
      address: unitCentres[u],
      timeZone: 'America/Toronto',
      ...stamp(staffNames.superadmin, 500),
    });
  }

  // ---- services (global)
  const SERVICE_DEFS = [
    { name: 'Sedan', type: 'private', maxPassengers: 4 },
    { name: 'Minivan', type: 'private', maxPassengers: 6 },
    { name: 'Wheelchair van', type: 'accessible', maxPassengers: 6 },
    { name: 'Shuttle bus', type: 'shared', maxPassengers: 20 },
    { name: 'School bus', type: 'shared', maxPassengers: 48 },
  ] as const;
  const svc: Record<string, number> = {};
  for (const s of SERVICE_DEFS) svc[s.name] = add('services', { ...s, sharedWith: [], ...stamp() });
  const S = {
    sedan: svc.Sedan as number,
    minivan: svc.Minivan as number,
    wheelchair: svc['Wheelchair van'] as number,
    shuttle: svc['Shuttle bus'] as number,
    school: svc['School bus'] as number,
  };

  // ---- rate types (global)
  const ageBands: Record<string, [number, number] | null> = {
    ordinary: null,
    'free 0-5': [0, 5],
    'free 6-11': [6, 11],
    'free 0-11': [0, 11],
  };
  for (const name of RATE_TYPES) {
    const band = ageBands[name] ?? null;
    add('ratetypes', {
      name,
      code: name === 'ordinary' ? 'ORD' : `FREE${name.slice(5).replace('-', '')}`,
      ...(band ? { minAge: band[0], maxAge: band[1] } : {}),
      ...stamp(),
    });
  }

  // ---- areas: one zone-pricing area per borough, a few large routing zones
  const zoneAreas: Record<UnitId, { id: number; borough: Borough }[]> = { 1: [], 2: [], 3: [] };
  const routingAreas: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  let colour = 0;
  for (const u of UNITS) {
    for (const b of BOROUGHS[u]) {
      const id = add('areas', {
        unit: u,
        name: b.name,
        type: 'zone-pricing',
        color: PALETTE[colour++ % PALETTE.length],
        map: { type: 'Polygon', coordinates: [boroughPolygon(b)] },
        ...stamp(),
      });
      zoneAreas[u].push({ id, borough: b });
    }
  }
  const ROUTING_ZONES: { unit: UnitId; name: string; lat: number; lon: number; rLat: number; rLon: number }[] = [
    { unit: 1, name: 'Montreal – downtown and east routing zone', lat: 45.535, lon: -73.565, rLat: 0.05, rLon: 0.06 },
    { unit: 1, name: 'Montreal – west and airport routing zone', lat: 45.48, lon: -73.69, rLat: 0.05, rLon: 0.08 },
    { unit: 2, name: 'Laval routing zone', lat: 45.575, lon: -73.72, rLat: 0.05, rLon: 0.09 },
    { unit: 3, name: 'Rive-Sud routing zone', lat: 45.52, lon: -73.46, rLat: 0.08, rLon: 0.08 },
  ];
  for (const z of ROUTING_ZONES) {
    routingAreas[z.unit].push(
      add('areas', {
        unit: z.unit,
        name: z.name,
        type: 'routing-zone',
        color: PALETTE[colour++ % PALETTE.length],
        map: { type: 'Polygon', coordinates: [boroughPolygon(z)] },
        ...stamp(),
      }),
    );
  }

  // ---- locations
  const locs: Record<UnitId, { id: number; place: Place }[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    for (const p of PLACES[u]) {
      const waits =
        p.type === 'airport'
          ? [
              { name: 'Domestic arrivals', minutes: 30 },
              { name: 'International arrivals', minutes: 60 },
            ]
          : [{ name: 'Standard', minutes: p.waitTime }];
      const id = add('locations', {
        unit: u,
        name: p.name,
        type: p.type,
        address: p.address,
        lat: p.lat,
        lon: p.lon,
        radius: p.radius,
        waitTime: p.waitTime,
        subLocations: (p.terminals ?? []).map((t) => ({ name: t.name, lat: t.lat, lon: t.lon })),
        waits,
        ...stamp(),
      });
      locs[u].push({ id, place: p });
    }
  }
  const placeOf = (p: Place): Place3 => ({ address: p.address, lat: p.lat, lon: p.lon });

  // ---- attributes and assign-priority groups
  const ATTRS = ['Bilingual (FR/EN)', 'Wheelchair certified', 'Child seat', 'Winter tires', 'Pet friendly'] as const;
  const attrs: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    ATTRS.forEach((name, i) => {
      attrs[u].push(
        add('attributes', {
          unit: u,
          name,
          assignPriority: i + 1,
          parameters: { required: name === 'Wheelchair certified' },
          ...stamp(),
        }),
      );
    });
  }
  for (const u of UNITS) {
    const a = attrs[u];
    add('assignPriorityGroups', {
      unit: u,
      name: 'Accessible trips',
      attributes: [a[1], a[2]],
      assignPriority: 1,
      ...stamp(),
    });
    add('assignPriorityGroups', {
      unit: u,
      name: 'Winter readiness',
      attributes: [a[3]],
      assignPriority: 2,
      ...stamp(),
    });
  }

  // ---- suppliers
  const SUPPLIERS: Record<UnitId, string[]> = {
    1: ['Transports Mont-Royal', 'Limousines Ville-Marie', 'Navettes Saint-Laurent'],
    2: ['Autobus Laval Nord', 'Transport scolaire des Prairies'],
    3: ['Navettes Rive-Sud', 'Transport Montarville'],
  };
  const suppliers: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    for (const name of SUPPLIERS[u]) {
      const c = person(u, 'example.ca');
      suppliers[u].push(
        add('suppliers', {
          unit: u,
          name,
          status: rng.chance(0.9) ? 'active' : 'inactive',
          areas: rng.sample(
            zoneAreas[u].map((z) => z.id),
            rng.int(2, 4),
          ),
          offPeak: { start: '22:00', end: '05:00', commission: rng.int(8, 14) },
          defaultCommission: rng.int(12, 20),
          priorityScoring: rng.int(1, 10),
          bookingLimitMinutes: rng.pick([30, 60, 120]),
          multiplePassengerDetails: rng.chance(0.5),
          maxPassengers: u === 2 ? 48 : rng.pick([6, 20]),
          contact: { firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email },
          ...stamp(),
        }),
      );
    }
    // the first supplier of each site is active, so every site has one to dispatch with
    const first = collections.suppliers.find((s) => s._id === suppliers[u][0]);
    if (first) first.status = 'active';
  }

  // ---- profiles
  const PROFILES: Record<UnitId, [string, string][]> = {
    1: [
      ['Retail customers', 'retail'],
      ['Website bookings', 'website'],
      ['Hôtel Place-d’Armes Group', 'hotel'],
      ['CIUSSS medical appointments', 'corporate'],
      ['Voyages Boréal', 'tourOperator'],
      ['Adapted transport partners', '3rdParty'],
      ['Individual accounts', 'individual'],
    ],
    2: [
      ['Laval school service centre', 'corporate'],
      ['Parents (direct)', 'individual'],
    ],
    3: [
      ['Aéro Rive-Sud employees', 'corporate'],
      ['Logistique Montarville staff', 'corporate'],
    ],
  };
  const profiles: Record<UnitId, number[]> = { 1: [], 2: [], 3: [] };
  for (const u of UNITS) {
    PROFILES[u].forEach(([name, profileType], i) => {
      const c = person(u, 'example.ca');
      const discount = i === 0 ? 'none' : rng.pick(DISCOUNT_TYPES);
      profiles[u].push(
        add('profiles', {
          unit: u,
          name,
          status:
            i < 2
              ? 'active'
              : rng.weighted([
                  ['active', 8],
                  ['inactive', 1],
                  ['on hold', 1],
                ] as const),
          profileType,
          rateType: profileType === 'individual' && u === 2 ? 'free 6-11' : 'ordinary',
          sharedWith: [],
          email: `billing.${slug(name).slice(0, 16)}@example.ca`,
          phone: phone(u),
          startDate: fmtDay(today - rng.int(200, 900) * DAY),
          billing: {
            address: address(u).address,
            country: 'CA',
            state: 'QC',
            terms: rng.pick(['Net 30', 'Net 15', 'On receipt']),
          },
          contacts: [{ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, role: 'billing' }],
          jobPreferences: { defaultPaymentType: profileType === 'corporate' ? 'direct bill' : 'card' },
          rules: {
            discount: { type: discount, value: discount === 'none' ? 0 : rng.pick([5, 10, 15]) },
            markup: { type: 'none', value: 0 },
          },
          ...stamp(),
        }),
      );
    });
  }

  // ---- extra services
  const EXTRAS = [
    ['Child seat', 'retail', 'Rear-facing or booster seat installed before pick-up', 1000, 500, 1, 0],
    ['Extra luggage', 'retail', 'More than two checked bags', 0, 500, 2, 0],
    ['Meet and greet', 'hotel', 'Driver waits in the arrivals hall with a name sign', 2500, 0, 1, 0],
    ['Pet carrier', 'individual', 'Small pet in a closed carrier', 1500, 0, 1, 0],
    ['Night surcharge', 'corporate', 'Trips between 23:00 and 05:00', 0, 0, 0, 1500],
  ] as const;
  for (const u of UNITS) {
    for (const [name, profileType, description, basePrice, extraPrice, baseUpTo, surcharge] of EXTRAS) {
      add('extraservices', {
        unit: u,
        name,
        profileType,
        description,
        basePrice: money(basePrice),
        extraPrice: money(extraPrice),
        baseUpTo,
        surcharge: money(surcharge),
        ...stamp(),
      });
    }
  }

  // ---- staff users (one login per role), first one is the owner
  for (const role of DEMO_ROLES) {
    const [firstName = 'Demo', lastName = 'User'] = (staffNames[role] as string).split(' ');
    add('users', {
      email: `${role}@demo.local`,
      firstName,
      lastName,
      phone: phone(1),
      role,
      unit: 1,
      status: 'active',
      language: 'en',
      ...(role === 'supplier' ? { supplier: suppliers[1][0] } : {}),
      ...(role === 'passenger'
        ? { profiles: [profiles[1][0]], paymentTypes: ['card'], code: 'P000000', home: address(1), ada: false }
        : {}),
      ...stamp(role === 'superadmin' ? 'system' : staffNames.superadmin, 500),
    });
  }

  // ---- vehicles
  const CAR_MODELS: Record<UnitId, { make: string; model: string; pax: number; wc: number; services: number[] }[]> = {
    1: [
      { make: 'Toyota', model: 'Camry Hybrid', pax: 4, wc: 0, services: [S.sedan] },
      { make: 'Toyota', model: 'Prius', pax: 4, wc: 0, services: [S.sedan] },
      { make: 'Toyota', model: 'Sienna', pax: 6, wc: 0, services: [S.sedan, S.minivan] },
      { make: 'Chrysler', model: 'Pacifica', pax: 6, wc: 0, services: [S.sedan, S.minivan] },
      { make: 'Dodge', model: 'Grand Caravan (adapted)', pax: 5, wc: 1, services: [S.minivan, S.wheelchair] },
      { make: 'Ford', model: 'Transit 350 (adapted)', pax: 6, wc: 2, services: [S.wheelchair] },
    ],
    2: [
      { make: 'Blue Bird', model: 'Vision', pax: 48, wc: 0, services: [S.school] },
      { make: 'Girardin', model: 'MiniBus G5', pax: 24, wc: 2, services: [S.school, S.wheelchair] },
      { make: 'Chrysler', model: 'Pacifica', pax: 6, wc: 0, services: [S.minivan] },
    ],
    3: [
      { make: 'Ford', model: 'E-450 Shuttle', pax: 20, wc: 1, services: [S.shuttle] },
      { make: 'Mercedes-Benz', model: 'Sprinter 2500', pax: 14, wc: 0, services: [S.shuttle, S.minivan] },
      { make: 'Toyota', model: 'Sienna', pax: 6, wc: 0, services: [S.minivan, S.sedan] },
    ],
  };
  const COLORS = ['Black', 'White', 'Silver', 'Grey', 'Dark blue', 'Red', 'Yellow'];
  const carCounts: Record<UnitId, number> = { 1: 28, 2: 6, 3: 6 };
  const cars: Record<UnitId, { id: number; supplier: number; services: number[]; pax: number }[]> = {
    1: [],
    2: [],
    3: [],
  };
  const unitCode: Record<UnitId, string> = { 1: 'MTL', 2: 'LAV', 3: 'LGL' };
  for (const u of UNITS) {
    for (let i = 0; i < carCounts[u]; i++) {
      const m = CAR_MODELS[u][i % CAR_MODELS[u].length] as (typeof CAR_MODELS)[1][number];
      const year = rng.int(2017, 2025);
      const supplier = suppliers[u][i % suppliers[u].length] as number;
      const last = today - rng.int(10, 170) * DAY;
      const L = 'ABCDEFGHJKLMNPRSTVWXYZ';
      const plate = `${L[rng.int(0, L.length - 1)]}${rng.int(10, 99)} ${L[rng.int(0, L.length - 1)]}${L[rng.int(0, L.length - 1)]}${L[rng.int(0, L.length - 1)]}`;
      const insStart = today - rng.int(30, 300) * DAY;
      const mileage = rng.int(8000, 240000);
      const color = u === 2 && m.pax > 6 ? 'Yellow' : rng.pick(COLORS.slice(0, 6));
      const code = `${unitCode[u]}-${String(i + 1).padStart(3, '0')}`;
      const suspended = i === 5 && u === 1;
      cars[u].push({
        id: add('cars', {
          unit: u,
          name: `${m.make} ${m.model} ${code}`,
          year,
          make: m.make,
          model: m.model,
          color,
          code,
          productID: faker.vehicle.vin(),
          licensePlate: plate,
          mileage,
          mileageAtLastInspection: mileage - rng.int(500, 8000),
          pax: m.pax,
          minSeats: m.pax > 10 ? 4 : 1,
          wheelchair: m.wc,
          services: m.services,
          suppliers: [supplier],
          insurances: [
            { type: 'liability', start: fmtDay(insStart), end: fmtDay(insStart + 365 * DAY) },
            { type: 'collision', start: fmtDay(insStart), end: fmtDay(insStart + 365 * DAY) },
          ],
          lastInspection: fmtDay(last),
          nextInspection: fmtDay(last + 182 * DAY),
          licenseExpiry: fmtDay(insStart + 2 * 365 * DAY),
          attributes: rng.sample(attrs[u], rng.int(0, 2)),
          status: suspended ? 'suspended' : 'active',
          ...(suspended ? { suspended: true, suspension: { reason: 'temporarily suspended' } } : {}),
          ...stamp(),
        }),
        supplier,
        services: m.services,
        pax: m.pax,
      });
    }
  }

  // ---- drivers
  const driverCounts: Record<UnitId, number> = { 1: 36, 2: 7, 3: 7 };
  const drivers: Record<UnitId, DriverRef[]> = { 1: [], 2: [], 3: [] };
  let driverNo = 0;
  for (const u of UNITS) {
    for (let i = 0; i < driverCounts[u]; i++) {
      const p = person(u);
      const car = cars[u][i % cars[u].length] as { id: number; supplier: number; services: number[]; pax: number };
      const suspended = (u === 1 && (i === 7 || i === 21)) || (u === 3 && i === 4);
      driverNo++;
      const id = add('drivers', {
        unit: u,
        firstName: p.firstName,
        lastName: p.lastName,
        displayName: `${p.firstName} ${p.lastName.charAt(0)}.`,
        phone: p.phone,
        email: p.email,
        driverStatus: suspended
          ? 'offline'
          : rng.weighted([
              ['offline', 4],
              ['online', 3],
              ['en_route', 2],
              ['break', 1],
            ] as const),
        ...(suspended ? { suspended: true, suspension: { reason: rng.pick(SUSPENSION_REASONS) } } : {}),
        car: car.id,
        assignedCar: car.id,
        startAddress: address(u),
        firstTripDistance: rng.int(3, 20),
        firstTripDistanceUnit: rng.chance(0.8) ? 'km' : 'miles',
        services: car.services,
        areas: rng.sample(
          zoneAreas[u].map((z) => z.id),
          rng.int(1, 3),
        ),
        externalId: `DRV-${String(driverNo).padStart(4, '0')}`,
        perAreaMatch: rng.weighted([
          [0, 6],
          [PER_AREA_MATCH_MAX, 1],
          [rng.int(1, 5000), 3],
        ] as const),
        suppliers: [car.supplier],
        attributes: rng.sample(attrs[u], rng.int(0, 3)),
        status: 'active',
        ...stamp(),
      });
      if (!suspended)
        drivers[u].push({ id, unit: u, supplier: car.supplier, car: car.id, services: car.services, pax: car.pax });
    }
  }

  // ---- passengers (role passenger) on all three sites
  const passengers: Record<UnitId, PassengerRef[]> = { 1: [], 2: [], 3: [] };
  const share2 = Math.max(1, Math.round(passengerCount * 0.15));
  const share3 = Math.max(1, Math.round(passengerCount * 0.15));
  for (let i = 0; i < passengerCount; i++) {
    const u: UnitId = i < passengerCount - share2 - share3 ? 1 : i < passengerCount - share3 ? 2 : 3;
    const p = person(u);
    const home = address(u);
    const work = rng.chance(0.6) ? address(u) : undefined;
    const ada = rng.chance(0.08);
    const profile = rng.chance(0.6) ? (profiles[u][0] as number) : rng.pick(profiles[u]);
    const paymentTypes =
      u === 2
        ? ['free']
        : u === 3
          ? ['direct bill', ...(rng.chance(0.3) ? ['opus monthly'] : [])]
          : rng.sample(PAYMENT_TYPES as readonly string[], rng.int(1, 3));
    const status = rng.weighted([
      ['active', 95],
      ['suspended', 3],
      ['inactive', 2],
    ] as const);
    const created = stamp(rng.pick([staffNames.agent, staffNames.superagent]) as string);
    const id = add('users', {
      unit: u,
      role: 'passenger',
      ...p,
      ...(rng.chance(0.3) ? { additionalPhone: phone(u) } : {}),
      code: `P${String(100000 + i * 7 + rng.int(0, 6))}`,
      ada,
      profiles: [profile],
      home,
      ...(work ? { work } : {}),
      paymentTypes,
      ...(paymentTypes.some((t) => t.startsWith('opus'))
        ? { opusCard: String(rng.int(100000, 999999)) + String(rng.int(100000, 999999)) }
        : {}),
      ...(ada
        ? {
            health: {
              certificationDate: fmtDay(today - rng.int(100, 700) * DAY),
              expirationDate: fmtDay(today + rng.int(30, 700) * DAY),
              disabilityAidTools: [rng.pick(['wheelchair', 'walker', 'cane', 'guide dog'])],
            },
          }
        : {}),
      status,
      ...(status === 'suspended' ? { suspended: true, suspension: { reason: rng.pick(SUSPENSION_REASONS) } } : {}),
      language: rng.chance(0.6) ? 'fr' : 'en',
      ...created,
    });
    if (status === 'active') {
      passengers[u].push({
        id,
        unit: u,
        ...p,
        home,
        ...(work ? { work } : {}),
        profile,
        paymentTypes,
        ada,
      });
    }
  }

  // ---- students (site 2) and their parents
  const schools = locs[2].filter((l) => l.place.type === 'school');
  const students: number[] = [];
  for (let i = 0; i < 60; i++) {
    const p = person(2);
    const age = rng.int(6, 16);
    const school = rng.pick(schools);
    const secondary = age >= 12;
    students.push(
      add('users', {
        unit: 2,
        role: 'student',
        ...p,
        dateOfBirth: fmtDay(Date.UTC(2025 - age, rng.int(0, 11), rng.int(1, 28))),
        gender: rng.chance(0.5) ? 'male' : 'female',
        mainAddress: address(2),
        ...(rng.chance(0.2) ? { alternateAddress: address(2) } : {}),
        school: school.place.name,
        academicYear: '2025-2026',
        level: secondary ? `Secondary ${age - 11}` : `Grade ${age - 5}`,
        class: `${secondary ? age - 11 : age - 5}${rng.pick(['A', 'B', 'C'])}`,
        profiles: [profiles[2][0]],
        status: 'active',
        language: 'fr',
        ...stamp(staffNames.superagent),
      }),
    );
  }
  let s = 0;
  while (s < students.length) {
    const n = Math.min(
      rng.weighted([
        [1, 5],
        [2, 4],
        [3, 1],
      ] as const),
      students.length - s,
    );
    const children = students.slice(s, s + n);
    s += n;
    const p = person(2);
    const created = stamp(staffNames.superagent);
    add('users', {
      unit: 2,
      role: 'parent',
      ...p,
      ...(rng.chance(0.3) ? { additionalPhone: phone(2) } : {}),
      address: address(2),
      children,
      profile: profiles[2][1],
      status: rng.chance(0.9) ? 'Active' : 'Inactive',
      registerWith: rng.pick(['email', 'phone']),
      registerDate: String(created.createdAt).slice(0, 10),
      language: 'fr',
      ...created,
    });
  }

  // ---- employees (site 3)
  const workplaces = locs[3].filter((l) => l.place.type === 'work');
  for (let i = 0; i < 60; i++) {
    const p = person(3);
    const wp = rng.pick(workplaces);
    add('users', {
      unit: 3,
      role: 'employee',
      ...p,
      code: `E${String(20000 + i)}`,
      home: address(3),
      work: placeOf(wp.place),
      profiles: [profiles[3][wp === workplaces[0] ? 0 : 1]],
      paymentTypes: ['direct bill'],
      status: rng.chance(0.95) ? 'active' : 'inactive',
      language: rng.chance(0.7) ? 'fr' : 'en',
      ...stamp(staffNames.agent),
    });
  }

  // ---- shifts (hours per site: shifts, school hours, work hours)
  const SHIFTS: Record<UnitId, [string, string, string, string, number[]][]> = {
    1: [
      ['Morning peak', '06:00', '10:00', 'both', [1, 2, 3, 4, 5]],
      ['Midday', '10:00', '15:00', 'both', [1, 2, 3, 4, 5]],
      ['Evening peak', '15:00', '19:30', 'both', [1, 2, 3, 4, 5]],
      ['Weekend', '08:00', '20:00', 'both', [0, 6]],
    ],
    2: [
      ['Morning school run', '07:00', '08:30', 'to', [1, 2, 3, 4, 5]],
      ['Afternoon school run', '15:00', '16:30', 'from', [1, 2, 3, 4, 5]],
      ['Wednesday early release', '12:00', '13:00', 'from', [3]],
    ],
    3: [
      ['Day shift', '06:00', '14:00', 'both', [1, 2, 3, 4, 5]],
      ['Evening shift', '14:00', '22:00', 'both', [1, 2, 3, 4, 5]],
      ['Night shift', '22:00', '06:00', 'both', [0, 1, 2, 3, 4]],
    ],
  };
  for (const u of UNITS) {
    for (const [name, start, end, direction, weekDays] of SHIFTS[u]) {
      add('shifts', {
        unit: u,
        name,
        status: name === 'Wednesday early release' ? 'not active' : 'active',
        start,
        end,
        year: u === 2 ? '2025-2026' : '2026',
        direction,
        weekDays,
        ...stamp(),
      });
    }
  }

  // ---- driver shifts: a week back and two ahead, weekdays (and some weekends on site 1)
  for (const u of UNITS) {
    for (const d of drivers[u]) {
      const early = rng.chance(0.5);
      for (let day = -7; day <= 14; day++) {
        const dayMs = today + day * DAY;
        const wd = new Date(dayMs).getUTCDay();
        if ((wd === 0 || wd === 6) && !(u === 1 && rng.chance(0.25))) continue;
        if (rng.chance(0.1)) continue;
        const start = dayMs + (early ? rng.int(5, 7) : rng.int(11, 14)) * HOUR + rng.pick([0, 30]) * MINUTE;
        const end = start + rng.int(7, 10) * HOUR;
        const b = start + 4 * HOUR;
        add('driverShifts', {
          unit: u,
          driver: d.id,
          start: fmtLocal(start),
          end: fmtLocal(end),
          supplier: d.supplier,
          firstTripDistance: rng.int(3, 15),
          areas: rng.sample(
            zoneAreas[u].map((z) => z.id),
            2,
          ),
          breaks: [{ start: fmtLocal(b), end: fmtLocal(b + 30 * MINUTE) }],
          ...stamp(staffNames.dispatchadmin, 60),
        });
      }
    }
  }

  // ---- holidays (Canada / Quebec 2026-2027, some per site)
  const HOLIDAYS: [string, string, string, string?, UnitId?][] = [
    ["New Year's Day", 'NEWYEAR', '2026-01-01'],
    ['Good Friday', 'GOODFRI', '2026-04-03'],
    ['Easter Monday', 'EASTERMON', '2026-04-06'],
    ["National Patriots' Day", 'PATRIOTS', '2026-05-18'],
    ['Fête nationale du Québec', 'FETENAT', '2026-06-24'],
    ['Canada Day', 'CANADA', '2026-07-01'],
    ['Labour Day', 'LABOUR', '2026-09-07'],
    ['Thanksgiving', 'THANKS', '2026-10-12'],
    ['Christmas Day', 'XMAS', '2026-12-25'],
    ['Boxing Day', 'BOXING', '2026-12-26'],
    ["New Year's Day", 'NEWYEAR', '2027-01-01'],
    ['Good Friday', 'GOODFRI', '2027-03-26'],
    ['Easter Monday', 'EASTERMON', '2027-03-29'],
    ["National Patriots' Day", 'PATRIOTS', '2027-05-24'],
    ['Fête nationale du Québec', 'FETENAT', '2027-06-24'],
    ['Canada Day', 'CANADA', '2027-07-01'],
    ['Labour Day', 'LABOUR', '2027-09-06'],
    ['Thanksgiving', 'THANKS', '2027-10-11'],
    ['Christmas Day', 'XMAS', '2027-12-25'],
    ['Winter break (schools)', 'SCHOOLXMAS', '2026-12-22', '2027-01-05', 2],
    ['Spring break (schools)', 'SCHOOLSPRING', '2027-03-01', '2027-03-05', 2],
    ['Pedagogical day', 'PEDDAY', '2026-11-27', undefined, 2],
    ['Construction holiday', 'CONSTRUCTION', '2026-07-19', '2026-08-01', 3],
    ['Plant shutdown', 'SHUTDOWN', '2026-12-24', '2027-01-03', 3],
  ];
  /** Days without school runs (site 2) or plant shifts (site 3): statutory holidays plus the site's own. */
  const closedDays: Record<UnitId, Set<string>> = { 1: new Set(), 2: new Set(), 3: new Set() };
  for (const [, , start, end, unit] of HOLIDAYS) {
    const from = Date.parse(`${start}T00:00:00Z`);
    const to = Date.parse(`${end ?? start}T00:00:00Z`);
    for (let d = from; d <= to; d += DAY) {
      for (const u of unit ? [unit] : ([2, 3] as const)) closedDays[u].add(fmtDay(d));
    }
  }
  for (const [name, code, start, end, unit] of HOLIDAYS) {
    add('holidays', {
      name,
      code,
      ...(end ? { start, end } : { date: start }),
      ...(unit ? { unit } : {}),
      ...stamp(),
    });
  }

  // ---- settings (global, with a few site overrides)
  const SETTINGS: [string, string, string, string, string, unknown, UnitId | null][] = [
    [
      'map center',
      'Map center',
      'Initial centre of maps: latitude, longitude',
      'Misc',
      'String',
      '45.5017, -73.5673',
      null,
    ],
    [
      'map route server',
      'Map route server',
      'URL of the route server; empty for straight lines',
      'Misc',
      'String',
      '',
      null,
    ],
    ['bot', 'Chat-bot', 'Show the chat-bot widget', 'Misc', 'Boolean', 'false', null],
    [
      'systemTemplate',
      'System template',
      'Wording and screens for the default site type',
      'Misc',
      'String',
      'default',
      null,
    ],
    [
      'pick gap early',
      'Pick gap early',
      'Minutes a pick-up may be moved earlier',
      'RoutingConfig',
      'Integer',
      30,
      null,
    ],
    ['pick gap late', 'Pick gap late', 'Minutes a pick-up may be moved later', 'RoutingConfig', 'Integer', 30, null],
    ['routing ratio', 'Routing ratio', 'At most this times the direct drive time', 'RoutingConfig', 'Float', 1.5, null],
    [
      'join option',
      'Join option',
      'How reservations are joined into trips',
      'RoutingEngine',
      'String',
      'try join',
      null,
    ],
    ['routing type', 'Routing type', 'Routing strategy', 'RoutingEngine', 'String', 'dynamic', null],
    ['max shift hours', 'Max shift hours', 'Longest driver shift (1 to 24)', 'RouteingAssign', 'Integer', 10, null],
    ['routing type', 'Routing type', 'School routes are planned as bus lines', 'RoutingEngine', 'String', 'bus', 2],
    ['max shift hours', 'Max shift hours', 'School drivers work split shifts', 'RouteingAssign', 'Integer', 8, 2],
    ['routing type', 'Routing type', 'Employee transport on demand', 'RoutingEngine', 'String', 'demand', 3],
    [
      'booking lead minutes',
      'Booking lead time',
      'Minutes before pick-up a booking is accepted',
      'Reservations',
      'Integer',
      120,
      null,
    ],
  ];
  for (const [name, label, description, category, type, value, unit] of SETTINGS) {
    add('settings', { name, label, description, category, type, value, unit, ...stamp(staffNames.superadmin) });
  }

  // ---- rates
  const yul = locs[1][0] as { id: number; place: Place };
  const central = locs[1][1] as { id: number; place: Place };
  const addition = (
    name: string,
    valueType: string,
    value: number,
    extra: Record<string, unknown>,
    priority: number,
  ) => ({
    name,
    valueType,
    value: valueType === 'percent' ? value : money(value),
    ...extra,
    priority,
  });
  function rate(u: UnitId, fields: Record<string, unknown>): void {
    if (typeof fields.price === 'number') fields.price = money(fields.price);
    add('rates', {
      unit: u,
      biDir: true,
      rateType: 'ordinary',
      priority: 10,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      startTime: '00:00',
      endTime: '23:59',
      weekDays: [0, 1, 2, 3, 4, 5, 6],
      additions: [
        addition('Night surcharge', 'percent', 15, { times: ['23:00-05:00'] }, 1),
        addition('Holiday', 'price', 1000, { dates: ['2026-12-25', '2027-01-01'] }, 2),
      ],
      ...fields,
      ...stamp(staffNames.accountingadmin),
    });
  }
  for (const z of zoneAreas[1]) {
    const km = haversine(z.borough, yul.place) / 1000;
    for (const [svcId, tag, mult] of [
      [S.sedan, 'SED', 1],
      [S.minivan, 'VAN', 1.35],
    ] as const) {
      rate(1, {
        code: `YUL-${slug(z.borough.name).slice(0, 6).toUpperCase()}-${tag}`,
        from: { type: 'location', id: yul.id },
        to: { type: 'area', id: z.id },
        service: svcId,
        price: Math.round(((4000 + km * 180) * mult) / 25) * 25,
      });
    }
  }
  rate(1, {
    code: 'YUL-GARECENTRALE-SED',
    from: { type: 'location', id: yul.id },
    to: { type: 'location', id: central.id },
    service: S.sedan,
    price: 4940,
    priority: 30,
  });
  rate(1, {
    code: 'YUL-GARECENTRALE-F05',
    from: { type: 'location', id: yul.id },
    to: { type: 'location', id: central.id },
    service: S.sedan,
    price: 0,
    rateType: 'free 0-5',
    priority: 30,
  });
  const [rz1, rz2] = routingAreas[1] as [number, number];
  for (const [a, b, from, to, price] of [
    [rz1, rz1, 0, 10, 1800],
    [rz1, rz1, 10, 25, 3200],
    [rz1, rz2, 0, 40, 4500],
    [rz2, rz2, 0, 20, 2600],
  ] as const) {
    rate(1, {
      code: `DIST-${a}-${b}-${from}-${to}`,
      from: { type: 'area', id: a },
      to: { type: 'area', id: b },
      service: S.wheelchair,
      price,
      distanceFrom: from,
      distanceTo: to,
      weekDays: [1, 2, 3, 4, 5],
      startTime: '06:00',
      endTime: '20:00',
      priority: 20,
    });
  }
  for (const u of [2, 3] as const) {
    const dests = locs[u].filter((l) => l.place.type === (u === 2 ? 'school' : 'work'));
    for (const z of zoneAreas[u]) {
      for (const d of dests.slice(0, 2)) {
        rate(u, {
          code: `${unitCode[u]}-${slug(z.borough.name).slice(0, 6).toUpperCase()}-${d.id}`,
          from: { type: 'area', id: z.id },
          to: { type: 'location', id: d.id },
          service: u === 2 ? S.school : S.shuttle,
          price: u === 2 ? 0 : Math.round((300 + (haversine(z.borough, d.place) / 1000) * 40) / 25) * 25,
          rateType: u === 2 ? 'free 6-11' : 'ordinary',
          weekDays: [1, 2, 3, 4, 5],
          additions: [],
        });
      }
    }
  }

  // ---- fares (school fares, site 2): per zone a tagged base rate the school fares inherit from
  for (const z of zoneAreas[2]) {
    rate(2, {
      code: `LAV-SCH-${slug(z.borough.name).slice(0, 6).toUpperCase()}`,
      tag: 'laval-schools',
      from: { type: 'area', id: z.id },
      to: { type: 'area', id: z.id },
      service: S.school,
      price: 300,
      startDate: '2025-08-27',
      endDate: '2026-06-23',
      weekDays: [1, 2, 3, 4, 5],
      additions: [],
    });
    for (const [i, sch] of schools.slice(0, 2).entries()) {
      const code = `LAV-SCH-${String(collections.fares.length + 1).padStart(2, '0')}`;
      add('fares', {
        unit: 2,
        code,
        tag: i === 0 ? 'school-am' : 'school-pm',
        parentTag: 'laval-schools',
        parentCode: `LAV-SCH-${slug(z.borough.name).slice(0, 6).toUpperCase()}`,
        from: { type: 'area', id: z.id },
        to: { type: 'location', id: sch.id },
        biDir: true,
        service: S.school,
        price: money(rng.pick([0, 0, 250, 350])),
        rateType: rng.pick(['free 6-11', 'ordinary']),
        priority: 10,
        startDate: '2025-08-27',
        endDate: '2026-06-23',
        weekDays: [1, 2, 3, 4, 5],
        ...stamp(staffNames.accountingadmin),
      });
    }
  }

  // ---- shuttles
  const stop = (p: Place3, name: string, zone: string) => ({ address: p.address, name, zone, lat: p.lat, lon: p.lon });
  const weekdays = [1, 2, 3, 4, 5];
  const SHUTTLES = [
    {
      unit: 1 as UnitId,
      code: 'YUL-747',
      name: 'YUL Express downtown',
      line: '747',
      direction: 'to',
      stops: [
        stop(placeOf(central.place), 'Gare Centrale', 'Ville-Marie'),
        stop(address(1, BOROUGHS[1][0]), 'René-Lévesque / Peel', 'Ville-Marie'),
        stop(placeOf(yul.place), 'YUL departures', 'Dorval'),
      ],
      hours: ['05:00', '06:00', '07:00', '08:00', '12:00', '16:00', '20:00'],
    },
    {
      unit: 2 as UnitId,
      code: 'LAV-S01',
      name: 'Chomedey – Saint-Maxime school run',
      line: 'S01',
      direction: 'to',
      stops: [
        stop(address(2, BOROUGHS[2][0]), 'Chomedey / Notre-Dame', 'Chomedey'),
        stop(address(2, BOROUGHS[2][0]), 'Curé-Labelle / Saint-Martin', 'Chomedey'),
        stop(placeOf((schools[2] ?? schools[0])?.place ?? (PLACES[2][0] as Place)), 'École Saint-Maxime', 'Chomedey'),
      ],
      hours: ['07:10', '07:40'],
    },
    {
      unit: 3 as UnitId,
      code: 'LGL-E1',
      name: 'Longueuil metro – Aéro Rive-Sud',
      line: 'E1',
      direction: 'both',
      stops: [
        stop(placeOf((locs[3][0] as { place: Place }).place), 'Station Longueuil', 'Vieux-Longueuil'),
        stop(placeOf((workplaces[0] as { place: Place }).place), 'Aéro Rive-Sud gate 3', 'Vieux-Longueuil'),
      ],
      hours: ['05:30', '06:00', '13:30', '14:00', '21:30', '22:00'],
    },
  ];
  for (const sh of SHUTTLES) {
    add('shuttles', {
      unit: sh.unit,
      code: sh.code,
      name: sh.name,
      line: sh.line,
      area: routingAreas[sh.unit][0],
      direction: sh.direction,
      supplier: suppliers[sh.unit][0],
      profile: profiles[sh.unit][0],
      drivers: drivers[sh.unit].slice(0, 2).map((d) => d.id),
      pax: sh.unit === 1 ? 20 : sh.unit === 2 ? 48 : 20,
      paymentType: sh.unit === 1 ? 'opus passage' : sh.unit === 2 ? 'free' : 'direct bill',
      routingType: sh.unit === 1 ? 'bus' : sh.unit === 2 ? 'bus' : 'exo',
      timing: sh.unit === 3 ? 'flexible' : 'fixed',
      times: sh.hours.map((hour) => ({ hour, weekDays: sh.unit === 1 ? [0, ...weekdays, 6] : weekdays, limit: 20 })),
      stops: sh.stops,
      ...stamp(),
    });
  }

  // ---- blacklist (card numbers kept as last four digits and a fingerprint only)
  for (const [u, reason] of [
    [1, 'chargeback'],
    [1, 'reported stolen'],
    [1, 'repeated no-show'],
    [3, 'chargeback'],
  ] as const) {
    let number = '4';
    for (let i = 0; i < 15; i++) number += String(rng.int(0, 9));
    add('blacklist', {
      unit: u,
      last4: number.slice(-4),
      fingerprint: createHash('sha256').update(number).digest('hex'),
      reason,
      ...stamp(staffNames.accountingadmin, 200),
    });
  }

  // ---- road blocks
  for (const [name, lat, lon] of [
    ['Rue Sainte-Catherine Ouest / Rue Peel (pedestrian zone)', 45.5005, -73.5735],
    ['Boulevard Saint-Laurent / Rue Rachel (street fair)', 45.5175, -73.5795],
    ['Rue Notre-Dame Est / Avenue Papineau (roadwork)', 45.5315, -73.5475],
    ['Tunnel Louis-Hippolyte-La Fontaine (night closure)', 45.5845, -73.5075],
  ] as const) {
    add('roadblocks', { unit: 1, name, lat, lon, ...stamp(staffNames.dispatcher, 60) });
  }

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
  const trr = new Rng(seed ^ 0x5eed7219);
  for (let t = 0; t < tripTarget && tripJobs.length < tripJobBudget; t++) {
    const u: UnitId =
      t < 2
        ? 1
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
    // the first two trips are under way at the present moment, so picked and in-route states always show
    const dayMs = t < 2 ? today : weekdayShift(u, today + off * DAY);
    const start = t < 2 ? cut - (10 + 20 * t) * MINUTE : timeOfDay(trr, u, dayMs);
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
    if (end < cut - HOUR) status = trr.chance(0.93) ? 'done' : 'canceled';
    else if (start < cut) status = t === 0 ? 'picking up' : t === 1 || trr.chance(0.5) ? 'in route' : 'picking up';
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
    let distance = 0;
    let prev: Place3 | undefined;
    for (let k = 0; k < n; k++) {
      const p = trr.pick(pool);
      const home = u === 3 && p.work && trr.chance(0.3) ? p.work : p.home;
      const from = inbound ? home : dest;
      const to = inbound ? dest : home;
      const at = inbound ? start + k * trr.int(4, 9) * MINUTE : start;
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
      duration: Math.round(distance / 8.3 + n * 90),
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
