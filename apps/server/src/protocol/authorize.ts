import { collectionDef, ERROR_TEXTS, MODULES, type ModuleKey } from '@tc/domain';
import {
  actionFor,
  type CollectionOp,
  changesOnlyStatus,
  changesStatus,
  requireAccess,
  requireResourceUse,
  rolesInQuery,
  scopeOf,
  usersModule,
  userWritable,
  userWriteGuard,
} from '../access/access.ts';
import { idOf } from '../acts/collections/collection.acts.ts';
import type { Principal } from '../auth/principal.ts';
import type { StoredRecord } from '../store/collection.store.ts';
import type { ActContext, Permission } from './act.ts';
import { BadRequest, Forbidden, HttpError } from './errors.ts';

/** Enforces an act's declared permission before it runs. */
export async function authorize(permission: Permission, ctx: ActContext, p: Principal): Promise<void> {
  switch (permission.kind) {
    case 'public':
    case 'session':
    case 'delegated':
      return;
    case 'owner':
      if (!p.isOwner) throw new Forbidden();
      return;
    case 'module':
      requireAccess(p, permission.module, permission.action);
      return;
    case 'moduleAction':
      requireAccess(p, permission.module, permission.actionOf(ctx.body));
      return;
    case 'resource':
      requireResourceUse(p, ctx.body.resource);
      return;
    case 'collection':
      await authorizeCollection(permission.op, ctx, p);
      return;
    case 'driver':
      if (p.role !== 'driver' || p.driver === null) throw new HttpError(403, ERROR_TEXTS.notDriver, {}, 'notDriver');
      if (!(await ctx.services.addOns.active(p.unit, MODULES.driverApp.code, permission.addOnMaxAgeMs)))
        throw new HttpError(403, ERROR_TEXTS.driverAppOff, {}, 'driverAppOff');
      return;
  }
}

async function authorizeCollection(op: CollectionOp, ctx: ActContext, p: Principal): Promise<void> {
  const col = ctx.body.col;
  if (col === 'history') {
    if (op !== 'find') throw new Forbidden();
    requireAccess(p, 'history', 'view');
    return;
  }
  const def = typeof col === 'string' ? collectionDef(col) : undefined;
  if (!def) throw new BadRequest(`Unknown collection: ${String(col)}`);
  if (def.readOnly && op !== 'find') throw new Forbidden();
  if (def.module === null) return; // personal collections (views) filter by the caller themselves
  let module: ModuleKey = def.module;
  if (def.name === 'users') {
    // the record an update names, read once for the write guard and for its role's module
    const target = op === 'update' ? await ctx.services.store.getById('users', idOf(ctx.body.query)) : undefined;
    if (op === 'update' || op === 'delete') await assertUsersWritable(op, ctx, p, target);
    module = usersModule(await rolesConcerned(op, ctx, p, target));
  }
  const statusOnly = op === 'update' && changesOnlyStatus(module, ctx.body.data);
  requireAccess(p, module, statusOnly ? 'changeStatus' : actionFor(module, op, def));
  if (def.name === 'users' && op === 'update' && hasRoleChange(ctx.body.data)) requireAccess(p, 'users', 'changeRole');
  if (op === 'update' && changesStatus(module, ctx.body.data)) requireAccess(p, module, 'changeStatus');
}

function hasRoleChange(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'role' in data;
}

/**
 * A users update or delete is refused as a whole when it names any record outside the caller's
 * write guard (another role's people, a superadmin, the owner). The delete act also puts the guard
 * into its own WHERE, so a record that changes role meanwhile is not touched either.
 */
async function assertUsersWritable(
  op: 'update' | 'delete',
  ctx: ActContext,
  p: Principal,
  target: StoredRecord | undefined,
): Promise<void> {
  const guard = userWriteGuard(p, op);
  const { store } = ctx.services;
  if (op === 'update') {
    if (target && !userWritable(guard, target)) throw new Forbidden();
    return;
  }
  const query = ctx.body.query;
  if (typeof query !== 'object' || query === null || Object.keys(query).length === 0) return; // the act refuses it
  const outside = await store.count(
    'users',
    { $and: [query, { $or: [{ role: { $nin: guard.roles } }, { _id: { $in: guard.exceptIds } }] }] },
    scopeOf(p),
  );
  if (outside > 0) throw new Forbidden();
}

/** The roles a users call touches: asked for in the query or data, or held by the records it names. */
async function rolesConcerned(
  op: CollectionOp,
  ctx: ActContext,
  p: Principal,
  target: StoredRecord | undefined,
): Promise<unknown[]> {
  const body = ctx.body;
  if (op === 'find' || op === 'export') return rolesInQuery(body.query);
  if (op === 'insert') return [(body.data as { role?: unknown } | undefined)?.role];
  const roles: unknown[] = [];
  if (op === 'update') {
    roles.push(target?.role);
    const newRole = (body.data as { role?: unknown } | undefined)?.role;
    if (newRole !== undefined) roles.push(newRole);
    return roles;
  }
  // a delete: every role it may touch is within the guard (checked above); the module is the one
  // of the roles actually selected, which the guard limits the WHERE to
  const found = await ctx.services.store.distinctValues('users', 'role', body.query, scopeOf(p));
  return found.length ? found : [undefined];
}
