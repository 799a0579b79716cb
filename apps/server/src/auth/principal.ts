import {
  allPermissions,
  isSiteFree,
  normaliseRole,
  type PermissionEntry,
  ROLES,
  type RoleName,
  siteTimeZone,
} from '@tc/domain';
import { INVALID_TOKEN, Unauthorized } from '../protocol/errors.ts';
import { findSession, type SessionRow } from '../store/auth.store.ts';
import type { Queryable } from '../store/db.ts';

/** The caller of an act, as every permission and site check sees it. */
export interface Principal {
  id: number;
  sessionId: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  language: string;
  role: RoleName;
  unit: number | null;
  /** The supplier a user of the supplier role works for (what it may see: access.scopeOf). */
  supplier: number | null;
  /** The drivers record a user of the driver role signs in as (the driver app). */
  driver: number | null;
  unitName: string | null;
  unitType: string | null;
  /** The user's site's zone (its own, else the spec's): the console's days and times follow it. */
  timeZone: string;
  isOwner: boolean;
  /** The owner account's id (only the owner changes it). */
  ownerId: number | null;
  favoriteTrips: number[];
  access: PermissionEntry[];
}

const BLOCKED = new Set(['suspended', 'inactive', 'disabled']);

/** The caller of a session; a revoked or ended session, or a blocked user, is an invalid token. */
export async function loadPrincipal(db: Queryable, userId: number, sessionId: string): Promise<Principal> {
  const row = await findSession(db, userId, sessionId);
  if (!row || row.revoked_at) throw new Unauthorized(INVALID_TOKEN);
  return toPrincipal(row, sessionId);
}

function toPrincipal(row: SessionRow, sessionId: string): Principal {
  const doc = row.doc;
  const role = normaliseRole(String(doc.role ?? ''));
  if (!role || BLOCKED.has(String(doc.status ?? '')) || doc.suspended === true) throw new Unauthorized(INVALID_TOKEN);
  const firstName = String(doc.firstName ?? '');
  const lastName = String(doc.lastName ?? '');
  return {
    id: row.user_id,
    sessionId,
    email: String(doc.email ?? ''),
    firstName,
    lastName,
    name: `${firstName} ${lastName}`.trim(),
    language: String(doc.language ?? 'en'),
    role,
    unit: row.unit,
    supplier: typeof doc.supplier === 'number' ? doc.supplier : null,
    driver: role === 'driver' && typeof doc.driver === 'number' ? doc.driver : null,
    unitName: row.unit_doc?.name ?? null,
    unitType: row.unit_doc?.type ?? null,
    timeZone: siteTimeZone(row.unit_doc),
    isOwner: row.owner !== null && Number(row.owner) === row.user_id,
    ownerId: row.owner === null ? null : Number(row.owner),
    favoriteTrips: Array.isArray(doc.favoriteTrips) ? (doc.favoriteTrips as number[]) : [],
    access: role === 'superadmin' ? allPermissions() : (row.role_doc?.permissions ?? []),
  };
}

/** The user object of login and refresh answers (docs/protocol.md). */
export function publicUser(p: Principal) {
  return {
    _id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    name: p.name,
    language: p.language,
    unit: p.unit,
    unitName: p.unitName,
    unitType: p.unitType,
    timeZone: p.timeZone,
    role: p.role,
    roleCode: ROLES[p.role],
    isOwner: p.isOwner,
    favoriteTrips: p.favoriteTrips,
    modulesAccess: p.access,
  };
}

export function siteFree(p: Principal): boolean {
  return isSiteFree(p.role);
}
