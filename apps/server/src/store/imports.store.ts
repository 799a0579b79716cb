import type { Queryable } from './db.ts';

/**
 * The rows of an upload (docs/import.md), held per user and run until `import` writes them: a file
 * larger than one call arrives in chunks, each kept by its offset (a chunk sent again replaces itself).
 */

/** Held rows older than this are dropped. */
const STAGE_HOURS = 24;

export async function stageRows(
  db: Queryable,
  user: number,
  run: string,
  offset: number,
  rows: unknown[],
): Promise<number> {
  await db.query(`DELETE FROM import_stage WHERE created_at < now() - make_interval(hours => ${STAGE_HOURS})`);
  await db.query(
    `INSERT INTO import_stage (user_id, run, "offset", rows) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, run, "offset") DO UPDATE SET rows = excluded.rows, created_at = now()`,
    [user, run, offset, JSON.stringify(rows)],
  );
  const r = await db.query<{ n: number }>(
    `SELECT coalesce(sum(jsonb_array_length(rows)), 0)::int AS n FROM import_stage WHERE user_id = $1 AND run = $2`,
    [user, run],
  );
  return r.rows[0]?.n ?? 0;
}

/** The held rows of a run, in the file's order. */
export async function stagedRows(db: Queryable, user: number, run: string): Promise<Record<string, unknown>[]> {
  const r = await db.query<{ rows: Record<string, unknown>[] }>(
    `SELECT rows FROM import_stage WHERE user_id = $1 AND run = $2 ORDER BY "offset"`,
    [user, run],
  );
  return r.rows.flatMap((x) => x.rows);
}

export async function dropStage(db: Queryable, user: number, run: string): Promise<void> {
  await db.query('DELETE FROM import_stage WHERE user_id = $1 AND run = $2', [user, run]);
}
