import { HttpError } from '../protocol/errors.ts';
import type { Queryable } from '../store/db.ts';

export const THROTTLE = { maxFailures: 10, windowMinutes: 15 } as const;
export const TOO_MANY = 'Too many attempts. Try again later.';

/**
 * Refuses with 429 once a key (an account or an address) has failed 10 times within the window:
 * every further try is refused, even with the right password, until old failures leave the window.
 */
export async function assertNotThrottled(db: Queryable, keys: string[]): Promise<void> {
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth_failures
     WHERE key = ANY($1::text[]) AND time > now() - make_interval(mins => $2) GROUP BY key ORDER BY n DESC LIMIT 1`,
    [keys, THROTTLE.windowMinutes],
  );
  if ((r.rows[0]?.n ?? 0) >= THROTTLE.maxFailures) throw new HttpError(429, TOO_MANY);
}

export async function recordFailure(db: Queryable, keys: string[]): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE time < now() - make_interval(mins => $1)', [THROTTLE.windowMinutes]);
  for (const key of keys) await db.query('INSERT INTO auth_failures (key) VALUES ($1)', [key]);
}
