import { collectionDef, type ModuleKey } from '@tc/domain';
import {
  actionFor,
  type CollectionOp,
  changesStatus,
  requireAccess,
  rolesInQuery,
  scopeOf,
  usersModule,
} from '../access/access.ts';
import type { Principal } from '../auth/principal.ts';
import type { ActContext, Permission } from './act.ts';
import { BadRequest, Forbidden } from './errors.ts';

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
    case 'collection':
      await authorizeCollection(permission.op, ctx, p);
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
  if (def.name === 'users') module = usersModule(await rolesConcerned(op, ctx, p));
  requireAccess(p, module, actionFor(module, op, def));
  if (def.name === 'users' && op === 'update' && hasRoleChange(ctx.body.data)) requireAccess(p, 'users', 'changeRole');
  if (op === 'update' && changesStatus(module, ctx.body.data)) requireAccess(p, module, 'changeStatus');
}

function hasRoleChange(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'role' in data;
}

/** The roles a users call touches: asked for in the query or data, or held by the records it names. */
async function rolesConcerned(op: CollectionOp, ctx: ActContext, p: Principal): Promise<unknown[]> {
  const body = ctx.body;
  if (op === 'find' || op === 'export') return rolesInQuery(body.query);
  if (op === 'insert') return [(body.data as { role?: unknown } | undefined)?.role];
  const targets = await ctx.services.store.find(
    'users',
    { query: body.query, project: { role: 1 }, limit: 1000 },
    scopeOf(p),
  );
  const roles = targets.data.map((r) => r.role);
  const newRole = (body.data as { role?: unknown } | undefined)?.role;
  if (op === 'update' && newRole !== undefined) roles.push(newRole);
  return roles.length ? roles : [undefined];
}
