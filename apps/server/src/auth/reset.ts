import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../store/db.ts';

/** How long a mailed link works: a reset a day, a new account's first password a week. */
const VALID_HOURS: Record<string, number> = { reset: 24, create: 168, parent: 168, customer: 168 };
export const RESET_MODES = Object.keys(VALID_HOURS);
export const RESET_INVALID = 'This link is invalid or has expired. Ask for a new one.';

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A single-use token; only its hash is stored. */
export async function issueResetToken(db: Queryable, userId: number, mode: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO auth_reset_tokens (token_hash, user_id, mode, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [digest(token), userId, mode, VALID_HOURS[mode] ?? 24],
  );
  return token;
}

/**
 * Marks the token used and gives its user, or undefined when unknown, used or expired. Every other
 * open link of that user dies with it: an older mail cannot set the password again.
 */
export async function consumeResetToken(db: Queryable, token: string): Promise<number | undefined> {
  const r = await db.query<{ user_id: number }>(
    `UPDATE auth_reset_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [digest(token)],
  );
  const userId = r.rows[0]?.user_id;
  if (userId !== undefined) await revokeResetTokens(db, userId);
  return userId;
}

/** Ends every open link of a user (a password change, a used link). */
export async function revokeResetTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE auth_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
