import type { Database, Queryable } from './db.ts';

/**
 * The routing scheduler's state (migration 6, docs/routing.md): when each schedule runs next and
 * whether a run of it is under way, kept apart from the schedule's record. Times are epoch ms.
 */
export interface ScheduleState {
  scheduleVersion: number;
  nextAt: number;
}

export async function scheduleState(db: Queryable, schedule: number): Promise<ScheduleState | undefined> {
  const row = (
    await db.query<{ schedule_version: number; next_at: string }>(
      'SELECT schedule_version, next_at FROM routing_schedule_state WHERE schedule = $1',
      [schedule],
    )
  ).rows[0];
  return row ? { scheduleVersion: row.schedule_version, nextAt: Number(row.next_at) } : undefined;
}

/** Sets when a schedule (at this version of its record) runs next. */
export async function setScheduleNext(
  db: Queryable,
  s: { schedule: number; unit: number; version: number; nextAt: number },
): Promise<void> {
  await db.query(
    `INSERT INTO routing_schedule_state (schedule, unit, schedule_version, next_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (schedule) DO UPDATE SET unit = $2, schedule_version = $3, next_at = $4`,
    [s.schedule, s.unit, s.version, s.nextAt],
  );
}

/**
 * Claims a run of a schedule, in one transaction (on PostgreSQL under an advisory lock per site):
 * only while its next run is still `due` and no run of its site is under way since `stale` or
 * later. The schedule then runs next at `next` and is under way from `now`. Answers undefined when
 * not claimed, else the runs of the site that were under way before `stale` (their servers
 * stopped), now freed: `{schedule, since}`.
 */
export async function claimScheduleRun(
  db: Database,
  c: { schedule: number; unit: number; due: number; next: number; now: number; stale: number },
): Promise<{ dead: { schedule: number; since: number }[] } | undefined> {
  return db.tx(async (q) => {
    if (db.kind === 'postgres') await q.query('SELECT pg_advisory_xact_lock(5505, $1)', [c.unit]);
    const busy = (
      await q.query<{ schedule: number; running_since: string }>(
        'SELECT schedule, running_since FROM routing_schedule_state WHERE unit = $1 AND running_since IS NOT NULL',
        [c.unit],
      )
    ).rows.map((r) => ({ schedule: r.schedule, since: Number(r.running_since) }));
    if (busy.some((r) => r.since >= c.stale)) return undefined;
    const taken = await q.query(
      `UPDATE routing_schedule_state SET next_at = $3, running_since = $4
       WHERE schedule = $1 AND next_at = $2 AND (running_since IS NULL OR running_since < $5) RETURNING schedule`,
      [c.schedule, c.due, c.next, c.now, c.stale],
    );
    if (taken.rows.length === 0) return undefined;
    await q.query(
      'UPDATE routing_schedule_state SET running_since = NULL WHERE unit = $1 AND schedule <> $2 AND running_since < $3',
      [c.unit, c.schedule, c.stale],
    );
    return { dead: busy };
  });
}

/** A schedule's run has ended: its site is free. */
export async function endScheduleRun(db: Queryable, schedule: number): Promise<void> {
  await db.query('UPDATE routing_schedule_state SET running_since = NULL WHERE schedule = $1', [schedule]);
}
