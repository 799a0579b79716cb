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
import { parents } from './parents.ts';
import { passengers } from './passengers.ts';
import { employees, students } from './people.ts';
import { areas, locations } from './places.ts';
import { profiles } from './profiles.ts';
import { rates } from './rates.ts';
import { systemsettings } from './systemsettings.ts';
import { users } from './users.ts';
import { vehicles } from './vehicles.ts';

/** Every master-data resource the generic table and form drive (issue 3). */
export const RESOURCES: readonly ResourceDef[] = [
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
];

const byKey = new Map(RESOURCES.map((r) => [r.key, r]));

export function resourceByKey(key: string): ResourceDef | undefined {
  return byKey.get(key);
}

/** Role of a `users` record -> the resource that validates it (staff roles are plain users). */
const USER_ROLE_RESOURCE: Record<string, string> = {
  passenger: 'passengers',
  student: 'students',
  employee: 'employees',
  parent: 'parents',
};

/**
 * What validates a write of this record to this collection: its resource, or the collection's
 * operational schema; none for a collection the generic acts may not write.
 */
export function writeDefFor(col: string, record: Record<string, unknown>): WriteDef | undefined {
  if (col === 'users') {
    const role = typeof record.role === 'string' ? record.role : '';
    // an own key only: a role named `constructor` must not find Object's
    return byKey.get(Object.hasOwn(USER_ROLE_RESOURCE, role) ? (USER_ROLE_RESOURCE[role] as string) : 'users');
  }
  return (
    RESOURCES.find((r) => r.collection === col && !r.fixed) ?? OPERATIONAL_WRITES.find((w) => w.collection === col)
  );
}
