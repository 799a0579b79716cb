import {
  addDays,
  COUNTED_STATUSES,
  collectionDef,
  type Dashboard,
  PICKED_STATUSES,
  UNASSIGNED_STATUSES,
} from '@tc/domain';
import type { Scope } from './collection.store.ts';
import type { Queryable } from './db.ts';
import { Params } from './filter.translate.ts';
import { hotColumn, tableName } from './names.ts';
import { supplierWhere } from './supplierScope.ts';

/** A site time as stored ("YYYY-MM-DD HH:mm…"), as a SQL regex literal: a text is read as a time only when it matches. */
export const SITE_TIME = `'^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}'`;
/** The reservation's pick-up was recorded as a site time: only then is it read as one. */
export const pickedAtRecorded = (a = '') => `${a}doc->>'pickedAt' ~ ${SITE_TIME}`;
/** Minutes the pick-up came after the reservation's time (0 when early). */
export const pickupDelay = (a = '') =>
  `greatest(0, extract(epoch FROM ((${a}doc->>'pickedAt')::timestamp - (${a}doc->>'date')::timestamp)) / 60)`;
/** Picked up on time: at most `late` (a parameter's placeholder) minutes after the reservation's time. */
export const pickedOnTime = (late: string, a = '') => `${pickupDelay(a)} <= ${late}::int`;

/**
 * SQL of the home screens (docs/home.md): every figure is an aggregate in the database over the
 * site's records (reservation and trip dates are the site's wall-clock `YYYY-MM-DD HH:mm`, so a day
 * is a range of text), never a read of the records into the server.
 */

/** The rows of `col` in scope: the site (all sites when none), and a supplier's own. */
export function scoped(col: string, scope: Scope, params: Params): string {
  const d = collectionDef(col);
  if (!d) throw new Error(`not a collection: ${col}`);
  const parts = ['TRUE'];
  if (scope.unit !== undefined) parts.push(`unit = ${params.add(scope.unit)}::int`);
  const own = scope.supplier === undefined ? undefined : supplierWhere(d, scope.supplier, params);
  if (own) parts.push(own);
  return parts.join(' AND ');
}

/** `field` (a hot text column holding `YYYY-MM-DD HH:mm`) on the days `from` to `to`, both included. */
function onDays(field: string, from: string, to: string, params: Params): string {
  const column = hotColumn(field);
  return `${column} >= ${params.add(from)} AND ${column} < ${params.add(addDays(to, 1))}`;
}

async function countsBy(
  db: Queryable,
  col: 'jobs' | 'trips',
  day: string,
  scope: Scope,
): Promise<Record<string, number>> {
  const params = new Params();
  const where = `${scoped(col, scope, params)} AND ${onDays('date', day, day, params)}`;
  const r = await db.query<{ status: string | null; n: number }>(
    `SELECT ${hotColumn('status')} AS status, count(*)::int AS n FROM ${tableName(col)} WHERE ${where} GROUP BY 1`,
    params.values,
  );
  return Object.fromEntries(r.rows.filter((row) => row.status !== null).map((row) => [row.status, row.n]));
}

/** The dashboard's numbers for `day` on the site in `scope` (`lateMinutes`: how late a pick-up may be and still be on time). */
export async function dashboardCounts(
  db: Queryable,
  scope: Scope,
  day: string,
  weeks: { thisWeek: [string, string]; lastWeek: [string, string] },
  lateMinutes: number,
): Promise<Omit<Dashboard, 'timeZone'>> {
  const jobs = await countsBy(db, 'jobs', day, scope);
  const trips = await countsBy(db, 'trips', day, scope);

  const drivers = new Params();
  const online = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${tableName('drivers')} WHERE ${scoped('drivers', scope, drivers)}
       AND ${hotColumn('driverStatus')} IN ('online', 'en_route')`,
    drivers.values,
  );

  const picks = new Params();
  const pickups = await db.query<{ done: number; on_time: number }>(
    `SELECT count(*)::int AS done,
            count(*) FILTER (WHERE ${pickedOnTime(picks.add(lateMinutes))})::int AS on_time
       FROM ${tableName('jobs')}
      WHERE ${scoped('jobs', scope, picks)} AND ${onDays('date', day, day, picks)}
        AND ${hotColumn('status')} = ANY(${picks.add(PICKED_STATUSES)}::text[])
        AND ${pickedAtRecorded()}`,
    picks.values,
  );

  const week = async ([from, to]: [string, string]) => {
    const params = new Params();
    const r = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${tableName('jobs')}
        WHERE ${scoped('jobs', scope, params)} AND ${onDays('date', from, to, params)}
          AND ${hotColumn('status')} = ANY(${params.add(COUNTED_STATUSES)}::text[])`,
      params.values,
    );
    return { from, to, count: r.rows[0]?.n ?? 0 };
  };

  return {
    day,
    jobs,
    trips,
    driversOnline: online.rows[0]?.n ?? 0,
    unassigned: UNASSIGNED_STATUSES.reduce((n, s) => n + (jobs[s] ?? 0), 0),
    pickups: { done: pickups.rows[0]?.done ?? 0, onTime: pickups.rows[0]?.on_time ?? 0, lateMinutes },
    weeks: { thisWeek: await week(weeks.thisWeek), lastWeek: await week(weeks.lastWeek) },
  };
}
