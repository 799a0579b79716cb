import type { Queryable } from './db.ts';

/** SQL of `auth_reset_tokens`: mailed single-use links, kept as hashes only. */

export async function insertResetToken(
  db: Queryable,
  hash: string,
  userId: number,
  mode: string,
  validHours: number,
): Promise<void> {
  await db.query(
    `INSERT INTO auth_reset_tokens (token_hash, user_id, mode, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hash, userId, mode, validHours],
  );
}

/** Marks the open, unexpired token of this hash used and gives its user. */
export async function useResetToken(db: Queryable, hash: string): Promise<number | undefined> {
  const r = await db.query<{ user_id: number }>(
    `UPDATE auth_reset_tokens SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
    [hash],
  );
  return r.rows[0]?.user_id;
}

/** Ends every open link of a user. */
export async function revokeResetTokens(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE auth_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
