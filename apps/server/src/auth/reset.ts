import { createHash, randomBytes } from 'node:crypto';
import type { RESET_MODES } from '@tc/domain';
import type { Queryable } from '../store/db.ts';
import { insertResetToken, revokeResetTokens, useResetToken } from '../store/reset.store.ts';

/** How long a mailed link works: a reset a day, a new account's first password a week. */
const VALID_HOURS: Record<(typeof RESET_MODES)[number], number> = {
  reset: 24,
  create: 168,
  parent: 168,
  customer: 168,
};

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A single-use token; only its hash is stored. */
export async function issueResetToken(
  db: Queryable,
  userId: number,
  mode: (typeof RESET_MODES)[number],
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertResetToken(db, digest(token), userId, mode, VALID_HOURS[mode]);
  return token;
}

/**
 * Marks the token used and gives its user, or undefined when unknown, used or expired. Every other
 * open link of that user dies with it: an older mail cannot set the password again.
 */
export async function consumeResetToken(db: Queryable, token: string): Promise<number | undefined> {
  const userId = await useResetToken(db, digest(token));
  if (userId !== undefined) await revokeResetTokens(db, userId);
  return userId;
}
