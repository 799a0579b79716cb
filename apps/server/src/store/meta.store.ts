import type { Queryable } from './db.ts';

/** The installation's own values (`meta`: the owner account; keys of older versions, moved out at start). */

export async function getMeta(q: Queryable, key: string): Promise<string | undefined> {
  const r = await q.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', [key]);
  return r.rows[0]?.value;
}

export async function setMeta(q: Queryable, key: string, value: string): Promise<void> {
  await q.query(
    'INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
    [key, value],
  );
}

export async function deleteMeta(q: Queryable, keys: readonly string[]): Promise<void> {
  await q.query('DELETE FROM meta WHERE key = ANY($1::text[])', [keys]);
}
