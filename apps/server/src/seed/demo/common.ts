/**
 * What the parts of the demo operator's generator share (seed/generate.ts, seed/demo/): its
 * options and answer, the collections it fills, the records' shapes, constants and the Montreal
 * wall-clock time helpers.
 */
import { type RoleName, STAFF_ROLES } from '@tc/domain';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

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
  'routingSchedules',
] as const;
export type DemoCollection = (typeof DEMO_COLLECTIONS)[number];

/** The admin of the school site (School unit type: school-shuttles template). */
export const SCHOOL_ADMIN_EMAIL = 'schooladmin@demo.local';

/** Logins of the demo operator: `<role>@demo.local`, password set by the loader. */
export const DEMO_ROLES: readonly RoleName[] = [...STAFF_ROLES, 'driver', 'passenger'];

export type UnitId = 1 | 2 | 3;
export const UNITS: readonly UnitId[] = [1, 2, 3];
/** Records keep money in currency units as forms enter it (docs/fares.md); amounts here are written in cents. */
export const money = (cents: number): number => cents / 100;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Days before and after `now` that reservations and trips span. */
export const PAST_DAYS = 28;
export const AHEAD_DAYS = 21;
export const PALETTE = [
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

export function pad2(n: number): string {
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

export const dstCache = new Map<number, [number, number]>();
/** Start and end of daylight saving time in Montreal (2nd Sunday of March, 1st Sunday of November, 02:00). */
export function dstRange(year: number): [number, number] {
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

export function haversine(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const R = 6371000;
  const toRad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRad;
  const dLon = (b.lon - a.lon) * toRad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRad) * Math.cos(b.lat * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

export function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

// ---------------------------------------------------------------- generator

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface PassengerRef extends Person {
  id: number;
  unit: UnitId;
  home: Place3;
  work?: Place3;
  profile: number;
  paymentTypes: string[];
  ada: boolean;
}

export interface DriverRef {
  id: number;
  unit: UnitId;
  supplier: number;
  car: number;
  services: number[];
  pax: number;
}

export interface JobPlan {
  unit: UnitId;
  dayStart: number;
  cut: number;
}
