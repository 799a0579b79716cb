import { type CollectionDef, can, hasAction, type ModuleKey, PEOPLE_ROLE_MODULES } from '@tc/domain';
import type { Principal } from '../auth/principal.ts';
import { siteFree } from '../auth/principal.ts';
import { Forbidden } from '../protocol/errors.ts';
import type { Scope } from '../store/collection.store.ts';

/** Every permission and site rule of the server lives here. */

export function requireAccess(p: Principal, module: ModuleKey, action: string): void {
  if (!can(p.access, module, action)) throw new Forbidden();
}

/** Users below admin are held to their own site; a user without a site sees no site-scoped record. */
export function scopeOf(p: Principal): Scope {
  return siteFree(p) ? {} : { unit: p.unit ?? -1 };
}

export type CollectionOp = 'find' | 'insert' | 'update' | 'delete' | 'export';

/**
 * The action an operation on a collection needs: the collection's own override, else view/create/edit,
 * and delete falls back to edit where the module has no delete.
 */
export function actionFor(module: ModuleKey, op: CollectionOp, def?: CollectionDef): string {
  const own = def?.module === module ? def.actions?.[op] : undefined;
  if (own) return own;
  switch (op) {
    case 'find':
      return 'view';
    case 'insert':
      return 'create';
    case 'update':
      return 'edit';
    case 'delete':
      return hasAction(module, 'delete') ? 'delete' : 'edit';
    case 'export':
      return 'export';
  }
}

/** Fields whose change is a status change: it needs the module's changeStatus where the module has one. */
const STATUS_FIELDS = ['status', 'suspended', 'suspension', 'driverStatus'];

export function changesStatus(module: ModuleKey, data: unknown): boolean {
  if (!hasAction(module, 'changeStatus') || typeof data !== 'object' || data === null) return false;
  return STATUS_FIELDS.some((f) => f in data);
}

/**
 * Passengers, students, employees and parents are users with those roles, guarded by their own
 * modules; a query over several kinds of users needs the users module.
 */
export function usersModule(roles: readonly unknown[]): ModuleKey {
  const modules = new Set(roles.map((r) => (typeof r === 'string' ? (PEOPLE_ROLE_MODULES[r] ?? 'users') : 'users')));
  const [only] = [...modules];
  return modules.size === 1 && only ? only : 'users';
}

/** The roles a users query is limited to, read from `role` (a value or `$in`). Empty when unrestricted. */
export function rolesInQuery(query: unknown): unknown[] {
  if (typeof query !== 'object' || query === null) return [];
  const role = (query as Record<string, unknown>).role;
  if (typeof role === 'string') return [role];
  if (typeof role === 'object' && role !== null && Array.isArray((role as { $in?: unknown }).$in)) {
    return (role as { $in: unknown[] }).$in;
  }
  return [];
}

/** Only a superadmin may hand out the superadmin or admin role. */
export function assertMayGrantRole(p: Principal, role: unknown): void {
  if ((role === 'superadmin' || role === 'admin') && p.role !== 'superadmin') throw new Forbidden();
}
