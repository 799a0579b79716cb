import type { ResourceDef } from '../resource.ts';
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

/** The resource whose schema validates a write of this record to this collection, if any. */
export function resourceForRecord(col: string, record: Record<string, unknown>): ResourceDef | undefined {
  if (col === 'users') {
    const role = typeof record.role === 'string' ? record.role : '';
    // an own key only: a role named `constructor` must not find Object's
    return byKey.get(Object.hasOwn(USER_ROLE_RESOURCE, role) ? (USER_ROLE_RESOURCE[role] as string) : 'users');
  }
  return RESOURCES.find((r) => r.collection === col && !r.fixed);
}
