import { randomBytes } from 'node:crypto';
import type { PermissionEntry } from '@tc/domain';
import { type Actor, CHANGE_CHANNEL, type ChangeEvent, SESSIONS_EVENT } from './collection.store.ts';
import type { Database, Queryable } from './db.ts';
import { recordHistory } from './history.store.ts';
import { setMeta } from './meta.store.ts';

/** SQL of the auth tables: credentials, sessions and the owner account. */

const OWNER_KEY = 'owner_user_id';

/** A live session with its user, the user's role record, site record and the owner account's id. */
export interface SessionRow {
  user_id: number;
  unit: number | null;
  doc: Record<string, unknown>;
  revoked_at: Date | null;
  role_doc: { permissions?: PermissionEntry[] } | null;
  unit_doc: { name?: string; type?: string; timeZone?: string } | null;
  owner: string | null;
}

/** What of a user (`u`) its sessions hold to: a change of role, site, supplier or driver record ends them. */
const SESSION_STAMP = `jsonb_build_array(u.doc->'role', u.unit, u.doc->'supplier', u.doc->'driver')`;

/** One query: the session (not ended), its user, the user's role and site, and the owner's id. */
export async function findSession(db: Queryable, userId: number, sessionId: string): Promise<SessionRow | undefined> {
  const r = await db.query<SessionRow>(
    `SELECT u._id AS user_id, u.unit, u.doc, s.revoked_at, r.doc AS role_doc, un.doc AS unit_doc,
            (SELECT value FROM meta WHERE key = '${OWNER_KEY}') AS owner
     FROM auth_sessions s
     JOIN "users" u ON u._id = s.user_id
     LEFT JOIN "roles" r ON r.doc->>'roleCode' = u.doc->>'role'
     LEFT JOIN "units" un ON un._id = u.unit
     WHERE s.id = $1 AND s.user_id = $2 AND s.expires_at > now() AND s.stamp = ${SESSION_STAMP}`,
    [sessionId, userId],
  );
  return r.rows[0];
}

export async function findLoginByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: number; hash: string | null } | undefined> {
  const r = await db.query<{ _id: number; hash: string | null }>(
    `SELECT u._id, c.hash FROM "users" u LEFT JOIN auth_credentials c ON c.user_id = u._id
     WHERE lower(u.doc->>'email') = lower($1) LIMIT 1`,
    [email],
  );
  const row = r.rows[0];
  return row ? { id: row._id, hash: row.hash } : undefined;
}

export async function getPasswordHash(db: Queryable, userId: number): Promise<string | undefined> {
  const r = await db.query<{ hash: string }>('SELECT hash FROM auth_credentials WHERE user_id = $1', [userId]);
  return r.rows[0]?.hash;
}

/**
 * Sets a password, records that it changed (never the hash) and ends every session of the user
 * but `keep` (the one that changed it), in the same transaction: whoever knew the old one is out.
 */
export async function setPassword(
  db: Database,
  userId: number,
  hash: string,
  actor: Actor,
  keep?: string,
): Promise<void> {
  await db.tx((tx) => setPasswordIn(tx, userId, hash, actor, keep));
}

/** `setPassword` inside a transaction the caller holds. */
export async function setPasswordIn(
  tx: Queryable,
  userId: number,
  hash: string,
  actor: Actor,
  keep?: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO auth_credentials (user_id, hash) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, updated_at = now()`,
    [userId, hash],
  );
  const u = await tx.query<{ unit: number | null }>('SELECT unit FROM "users" WHERE _id = $1', [userId]);
  await recordHistory(tx, {
    collection: 'users',
    id: userId,
    unit: u.rows[0]?.unit ?? null,
    actor,
    operation: 'update',
    data: { changes: { password: { from: null, to: 'changed' } } },
  });
  await revokeUserSessions(tx, userId, keep);
}

/** The login (a user with the driver role) of a driver record, if it has one. */
export async function findDriverLogin(q: Queryable, driverId: number): Promise<number | undefined> {
  const r = await q.query<{ _id: number }>(
    `SELECT _id FROM "users" WHERE "h_role" = 'driver' AND doc->>'driver' = $1 LIMIT 1`,
    [String(driverId)],
  );
  return r.rows[0]?._id;
}

/** Many users at once with one hash (demo logins); history is written by the bulk load of the users. */
export async function setPasswords(db: Queryable, userIds: number[], hash: string): Promise<void> {
  await db.query(
    `INSERT INTO auth_credentials (user_id, hash) SELECT id, $2 FROM unnest($1::int[]) AS id
     ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, updated_at = now()`,
    [userIds, hash],
  );
}

/**
 * A new session that ends `maxHours` after now, however often its token is refreshed. It keeps
 * its user's stamp (role, site, supplier): a session whose user has another one since is no
 * session (findSession), on every server at once, whatever changed the user.
 */
export async function createSession(db: Queryable, userId: number, maxHours: number): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.query(
    `INSERT INTO auth_sessions (id, user_id, expires_at, stamp)
     SELECT $1, $2, now() + make_interval(secs => $3), ${SESSION_STAMP} FROM "users" u WHERE u._id = $2`,
    [id, userId, maxHours * 3600],
  );
  return id;
}

export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE auth_sessions SET last_seen = now() WHERE id = $1', [sessionId]);
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  const r = await db.query<{ user_id: number }>(
    'UPDATE auth_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING user_id',
    [sessionId],
  );
  const userId = r.rows[0]?.user_id;
  if (userId !== undefined) await notifySessionsEnded(db, userId);
}

/** Ends every session of a user but `keep` (the one that changed its password). */
export async function revokeUserSessions(db: Queryable, userId: number, keep?: string): Promise<void> {
  await db.query(
    'UPDATE auth_sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND id IS DISTINCT FROM $2',
    [userId, keep ?? null],
  );
  await notifySessionsEnded(db, userId);
}

/** Tells every server (principal caches, sockets) that sessions of this user ended. */
async function notifySessionsEnded(db: Queryable, userId: number): Promise<void> {
  const e: ChangeEvent = { col: SESSIONS_EVENT, op: 'update', id: userId, unit: null };
  await db.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(e)]);
}

export async function setOwner(db: Queryable, userId: number): Promise<void> {
  await setMeta(db, OWNER_KEY, String(userId));
}

/** Settings a user sees: system-wide values and their own site's. */
export async function settingsFor(db: Queryable, unit: number | null) {
  const r = await db.query<{ name: string; value: unknown; unit: number | null }>(
    `SELECT doc->>'name' AS name, doc->'value' AS value, unit FROM "settings"
     WHERE unit IS NULL OR unit = $1 ORDER BY doc->>'name', unit NULLS FIRST`,
    [unit],
  );
  return r.rows;
}

/** A setting's value for `unit`: the site's own when it has one, else the global one. */
export async function siteSetting(db: Queryable, unit: number | null, name: string): Promise<unknown> {
  const r = await db.query<{ value: unknown }>(
    `SELECT doc->'value' AS value FROM "settings" WHERE doc->>'name' = $1 AND (unit IS NULL OR unit = $2)
     ORDER BY unit NULLS LAST LIMIT 1`,
    [name, unit],
  );
  return r.rows[0]?.value;
}

export async function countUsersByRole(db: Queryable): Promise<{ role: string; count: number }[]> {
  const r = await db.query<{ role: string; count: number }>(
    `SELECT "h_role" AS role, count(*)::int AS count FROM "users" GROUP BY "h_role" ORDER BY "h_role"`,
  );
  return r.rows;
}

export async function isEmpty(db: Queryable): Promise<boolean> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM "users"');
  return (r.rows[0]?.n ?? 0) === 0;
}
