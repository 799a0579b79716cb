import type { ModuleKey } from '../../permissions/modules.ts';
import type { ResourceDef } from '../resource.ts';
import { OPERATIONAL_WRITES, type WriteDef } from '../writes.ts';
import {
  assignPriority,
  attributes,
  driverShifts,
  extraservices,
  holidays,
  ratetypes,
  services,
  shifts,
  sites,
  suppliers,
} from './catalog.ts';
import { drivers } from './drivers.ts';
import { blacklist, fares, shuttles } from './fleet.ts';
import { jobs } from './jobs.ts';

export { LOCATION_REF, RIDER_REF, SHIFT_REF } from './jobs.ts';
export { AREA_TYPES } from './places.ts';
export { CAR_REF, DRIVER_REF } from './trips.ts';

import { parents } from './parents.ts';
import { passengers } from './passengers.ts';
import { employees, students } from './people.ts';
import { areas, locations } from './places.ts';
import { profiles } from './profiles.ts';
import { rates } from './rates.ts';
import { routingSchedules } from './routing.ts';
import { systemsettings } from './systemsettings.ts';
import { trips } from './trips.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/** Every master-data resource the generic table and form drive (issue 3). */
export const RESOURCES: readonly ResourceDef[] = [
  jobs,
  trips,
  passengers,
  students,
  employees,
  parents,
  drivers,
  vehicles,
  users,
  profiles,
  suppliers,
  services,
  locations,
  areas,
  rates,
  ratetypes,
  fares,
  extraservices,
  shifts,
  driverShifts,
  holidays,
  sites,
  attributes,
  assignPriority,
  blacklist,
  systemsettings,
  shuttles,
  routingSchedules,
];

const byKey = new Map(RESOURCES.map((r) => [r.key, r]));

export function resourceByKey(key: string): ResourceDef | undefined {
  return byKey.get(key);
}

/**
 * The people resources: passengers, students, employees and parents are `users` records of their
 * role (`fixed.role`), each guarded by its resource's module. The one source of the people-role →
 * resource and module mapping (the access rules, the live hub and the web read it from here).
 */
const PEOPLE = new Map(
  RESOURCES.filter((r) => r.collection === 'users' && r.fixed?.role).map((r) => [r.fixed?.role as string, r]),
);

/** The resource of a `users` record of this role: its people resource, else staff users. */
export function userResourceOfRole(role: unknown): ResourceDef {
  // an own key only: a role named `constructor` must not find Object's
  return (typeof role === 'string' && PEOPLE.get(role)) || (byKey.get('users') as ResourceDef);
}

/** The module guarding `users` records of this role (users for staff and unknown roles). */
export function moduleOfUserRole(role: unknown): ModuleKey {
  return userResourceOfRole(role).module;
}

/** Every module guarding some `users` records: viewing any of them shows some users. */
export const USERS_MODULES: readonly ModuleKey[] = [
  ...new Set(['users' as const, ...[...PEOPLE.values()].map((r) => r.module)]),
];

/**
 * What validates a write of this record to this collection: its resource, or the collection's
 * operational schema; none for a collection the generic acts may not write.
 */
export function writeDefFor(col: string, record: Record<string, unknown>): WriteDef | undefined {
  if (col === 'users') return userResourceOfRole(record.role);
  return (
    RESOURCES.find((r) => r.collection === col && !r.fixed) ?? OPERATIONAL_WRITES.find((w) => w.collection === col)
  );
}
