import type { Database, Queryable } from './db.ts';

/** SQL of `auth_failures`: counted attempts, each kept `windowMinutes` (the policy is auth/throttle.ts). */

export interface AttemptCount {
  key: string;
  /** Attempts counted in the window. */
  n: number;
  /** Seconds since the last of them (null: none). */
  idle: number | null;
}

/**
 * In one transaction: locks each key, counts its attempts, lets `decide` refuse (it throws), then
 * records one attempt per key and returns their ids. Locked while counted, parallel attempts cannot
 * all pass the count.
 */
export async function countAndRecordAttempts(
  db: Database,
  keys: readonly string[],
  windowMinutes: number,
  decide: (counts: AttemptCount[]) => void,
): Promise<number[]> {
  return db.tx(async (tx) => {
    for (const key of [...keys].sort()) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
    const counts: AttemptCount[] = [];
    for (const key of keys) {
      const r = await tx.query<{ n: number; idle: number | null }>(
        `SELECT count(*)::int AS n, extract(epoch FROM now() - max(time))::float8 AS idle FROM auth_failures
         WHERE key = $1 AND time > now() - make_interval(mins => $2)`,
        [key, windowMinutes],
      );
      counts.push({ key, n: r.rows[0]?.n ?? 0, idle: r.rows[0]?.idle ?? null });
    }
    decide(counts);
    await tx.query('DELETE FROM auth_failures WHERE time < now() - make_interval(mins => $1)', [windowMinutes]);
    const ids: number[] = [];
    for (const key of keys) {
      const r = await tx.query<{ id: number }>('INSERT INTO auth_failures (key) VALUES ($1) RETURNING id', [key]);
      ids.push(r.rows[0]?.id as number);
    }
    return ids;
  });
}

/** Forgets the attempts `ids` and every attempt under `clearKey`. */
export async function forgetAttempts(db: Queryable, ids: readonly number[], clearKey: string): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE id = ANY($1::int[]) OR key = $2', [ids, clearKey]);
}
