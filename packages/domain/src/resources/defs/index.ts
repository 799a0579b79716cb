import type { ResourceDef } from '../resource.ts';
import { passengers } from './passengers.ts';

/** Every master-data resource the generic table and form drive (issue 3). */
export const RESOURCES: readonly ResourceDef[] = [passengers];

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
    return byKey.get(USER_ROLE_RESOURCE[role] ?? 'users');
  }
  return RESOURCES.find((r) => r.collection === col && !r.fixed);
}
