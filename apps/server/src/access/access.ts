import {
  COLLECTIONS,
  type CollectionDef,
  can,
  collectionDef,
  ERROR_TEXTS,
  hasAction,
  type ModuleKey,
  moduleOfUserRole,
  type ResourceDef,
  ROLE_NAMES,
  type RoleName,
  resourceByKey,
  USERS_MODULES,
} from '@tc/domain';
import type { Principal } from '../auth/principal.ts';
import { siteFree } from '../auth/principal.ts';
import { BadRequest, Forbidden } from '../protocol/errors.ts';
import { type ChangeEvent, inScope, type Scope, type StoredRecord } from '../store/collection.store.ts';

/** Every permission and site rule of the server lives here. */

export function requireAccess(p: Principal, module: ModuleKey, action: string): void {
  if (!can(p.access, module, action)) throw new Forbidden();
}

/**
 * What a reservation's write needs beyond insert or update (docs/reservations.md): canceling it the
 * reservations module's `cancel`; charging another price than the quoted fare `changeProfile` or `edit`.
 */
export function requireReservationRights(p: Principal, write: { cancels?: boolean; repricesQuote?: boolean }): void {
  if (write.cancels && !can(p.access, 'jobs', 'cancel')) throw new Forbidden();
  if (write.repricesQuote && !can(p.access, 'jobs', 'changeProfile') && !can(p.access, 'jobs', 'edit'))
    throw new Forbidden();
}

/**
 * The rows a caller may touch: users below admin only their own site's (a user without a site
 * sees no site-scoped record); everyone only their own personal records (views); a user of the
 * supplier role only its supplier's drivers, vehicles, driver shifts, trips, reservations (through
 * their trips) and the like (each collection's `supplierScope`), a supplier user without a supplier
 * none of them. The store applies it to every read, write (the written record must stay the
 * supplier's), delete, count, export and history read; `mayHear` to every change event.
 */
export function scopeOf(p: Principal): Scope {
  const scope: Scope = siteFree(p) ? { user: p.id } : { unit: p.unit ?? -1, user: p.id };
  if (p.role === 'supplier') scope.supplier = p.supplier ?? -1;
  return scope;
}

/**
 * What a site-held caller writes goes to its own site, whatever the data says; what a supplier's
 * user makes is its supplier's when the data names none (a new driver, vehicle or shuttle).
 */
export function onCallerScope<T extends Record<string, unknown>>(scope: Scope, data: T, col?: string): T {
  const out: Record<string, unknown> = scope.unit !== undefined ? { ...data, unit: scope.unit } : { ...data };
  const s = col === undefined ? undefined : collectionDef(col)?.supplierScope;
  if (scope.supplier !== undefined && s && 'field' in s && s.field !== '_id' && out[s.field] == null) {
    out[s.field] = collectionDef(col as string)?.fields[s.field] === 'ids' ? [scope.supplier] : scope.supplier;
  }
  return out as T;
}

/**
 * The site a call about one site is for (a fare quote): the one it names, which a site-held caller
 * may only name as its own (another is refused); a site-held caller naming none gets its own.
 */
export function siteOfCall(p: Principal, requested: unknown): number | undefined {
  const { unit } = scopeOf(p);
  if (unit !== undefined && requested !== undefined && requested !== unit) throw new Forbidden();
  return typeof requested === 'number' ? requested : unit;
}

/** The site a call about one site's day is for (shuttle departures, routing): as above, and one there must be. */
export function requireSiteOfCall(p: Principal, requested: unknown): number {
  const unit = siteOfCall(p, requested);
  if (unit === undefined) throw new BadRequest(ERROR_TEXTS.selectSite, { field: 'unit' }, 'selectSite');
  return unit;
}

/** An upload writes records as the resource's create does: the caller needs that too (the act asks upload). */
export function requireImportOf(p: Principal, def: ResourceDef): void {
  requireAccess(p, def.module, 'create');
}

/** Whoever may view, create or edit a screen's resource may read the choices of what it refers to. */
export function requireResourceUse(p: Principal, key: unknown): ResourceDef {
  const def = typeof key === 'string' ? resourceByKey(key) : undefined;
  if (!def) throw new Forbidden();
  if (!['view', 'create', 'edit'].some((a) => can(p.access, def.module, a))) throw new Forbidden();
  return def;
}

/**
 * Does the caller fill the resource's forms (create or edit)? Only then do its choices carry more
 * than a label (a rider's phone, email and home): a role that only views reads names.
 */
export function fillsForms(p: Principal, def: ResourceDef): boolean {
  return ['create', 'edit'].some((a) => can(p.access, def.module, a));
}

/** The records of `col` a caller may choose among: the store's scope, and a site-held caller's own site only. */
export function optionsQuery(p: Principal, col: string, query: Record<string, unknown>): Record<string, unknown> {
  const { unit } = scopeOf(p);
  return col === 'units' && unit !== undefined ? { ...query, _id: unit } : query;
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
 * A change of nothing but a status (suspending a driver with its reason): the module's
 * changeStatus is enough, without its edit (a dispatcher suspends drivers it may not edit).
 */
export function changesOnlyStatus(module: ModuleKey, data: unknown): boolean {
  if (!changesStatus(module, data)) return false;
  return Object.keys(data as object).every((f) => f === '_version' || STATUS_FIELDS.includes(f));
}

/**
 * Passengers, students, employees and parents are users with those roles, guarded by their own
 * modules; a query over several kinds of users needs the users module.
 */
export function usersModule(roles: readonly unknown[]): ModuleKey {
  const modules = new Set(roles.map(moduleOfUserRole));
  const [only] = [...modules];
  return modules.size === 1 && only ? only : 'users';
}

/**
 * Which users records a caller may change or delete: those of a role whose module grants the
 * operation, never a superadmin unless the caller is one, never the owner account unless the caller
 * is the owner. The condition goes into the write's own WHERE (collection acts) and a write that
 * names any other record is refused as a whole (authorize).
 */
export interface UserWriteGuard {
  roles: RoleName[];
  exceptIds: number[];
}

export function userWriteGuard(p: Principal, op: 'update' | 'delete'): UserWriteGuard {
  const roles = ROLE_NAMES.filter((role) => {
    if (role === 'superadmin' && p.role !== 'superadmin') return false;
    const module = moduleOfUserRole(role);
    return can(p.access, module, actionFor(module, op));
  });
  return { roles, exceptIds: p.ownerId !== null && !p.isOwner ? [p.ownerId] : [] };
}

/** The guard as a filter of the protocol's language. */
export function userWriteFilter(g: UserWriteGuard): Record<string, unknown> {
  return { role: { $in: g.roles }, ...(g.exceptIds.length ? { _id: { $nin: g.exceptIds } } : {}) };
}

/** Does the guard let the caller write this record? */
export function userWritable(g: UserWriteGuard, user: { _id: number; role?: unknown }): boolean {
  return g.roles.includes(user.role as RoleName) && !g.exceptIds.includes(user._id);
}

/** May `p` send a first-password mail to this person: create on its module, on its site, within the write guard. */
export function mayInvite(p: Principal, user: StoredRecord): boolean {
  if (!inScope(collectionDef('users') as CollectionDef, user, scopeOf(p), 'write')) return false;
  return can(p.access, moduleOfUserRole(user.role), 'create') && userWritable(userWriteGuard(p, 'update'), user);
}

/**
 * A password mail other than a plain reset (a first-password mail, a greeting by name) is sent
 * only by staff (`caller`) who may invite its recipient; the recipient is checked once known
 * (an unknown address answers like a known one, so the public cannot probe).
 */
export function requireInviter(caller: Principal | undefined, needed: boolean, user?: StoredRecord | null): void {
  if (needed && !caller) throw new Forbidden();
  if (caller && user !== undefined && (!user || !mayInvite(caller, user))) throw new Forbidden();
}

/** Modules whose view lets a client hear about a collection's changes (users: every module guarding some users). */
function viewModules(col: string): readonly ModuleKey[] {
  if (col === 'users') return USERS_MODULES;
  const module = collectionDef(col)?.module;
  return module ? [module] : [];
}

/**
 * The events operation: may the caller hear of this change (its site or all sites, its supplier's
 * records for a supplier's user, a module viewing the collection)?
 */
export function mayHear(p: Principal, e: ChangeEvent): boolean {
  const { unit, supplier } = scopeOf(p);
  if (unit !== undefined && e.unit !== null && e.unit !== unit) return false;
  if (supplier !== undefined && collectionDef(e.col)?.supplierScope && !e.suppliers?.includes(supplier)) return false;
  return viewModules(e.col).some((m) => can(p.access, m, 'view'));
}

/**
 * May a driver app's socket hear this change: its own drivers record, or a trip or reservation given
 * to it before or after the change (the app then reads its day again)?
 */
export function mayHearOwnDay(p: Principal, e: ChangeEvent): boolean {
  if (p.role !== 'driver' || p.driver === null) return false;
  if (e.col === 'drivers') return e.id === p.driver;
  return e.drivers?.includes(p.driver) ?? false;
}

/** The driver app's caller's own drivers record: of its site and not suspended, else 403. */
export function ownDriverRecord(p: Principal, record: StoredRecord | undefined): StoredRecord {
  if (!record || p.role !== 'driver' || record._id !== p.driver || record.unit !== p.unit || record.suspended === true)
    throw new Forbidden();
  return record;
}

/**
 * May the caller hear a driver's position (live map view, the driver's site, a supplier's user only
 * its supplier's drivers)?
 */
export function mayHearPosition(p: Principal, e: { unit: number | null; suppliers: readonly number[] }): boolean {
  const { unit, supplier } = scopeOf(p);
  if (unit !== undefined && e.unit !== unit) return false;
  if (supplier !== undefined && !e.suppliers.includes(supplier)) return false;
  return can(p.access, 'liveMap', 'view');
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

/**
 * What of the history log a caller reads: the changes of collections whose module it may view
 * (with its site scope); for users, those of the people it may view when it may not view all users.
 * Personal collections (views) are nobody else's history.
 */
export interface HistoryVisibility {
  collections: string[];
  /** Set when only users of these roles are visible (the caller views people modules, not users). */
  userRoles?: string[];
}

export function historyVisibility(p: Principal): HistoryVisibility {
  const collections = [...COLLECTIONS.values()]
    .filter((d) => d.module !== null && d.name !== 'users' && can(p.access, d.module, 'view'))
    .map((d) => d.name);
  if (can(p.access, 'users', 'view')) return { collections: [...collections, 'users'] };
  const userRoles = ROLE_NAMES.filter(
    (r) => moduleOfUserRole(r) !== 'users' && can(p.access, moduleOfUserRole(r), 'view'),
  );
  return userRoles.length ? { collections: [...collections, 'users'], userRoles } : { collections };
}
