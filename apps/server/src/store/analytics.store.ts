import { type Analytics, addDays, DIRECT_MINUTES_PER_KM } from '@tc/domain';
import type { Queryable } from './db.ts';
import { Params } from './filter.translate.ts';
import { pickedAtRecorded, pickedOnTime, SITE_TIME } from './insight.store.ts';
import { hotColumn } from './names.ts';
import { ctes, type ReportQuery } from './reports.store.ts';

/**
 * SQL of the analytics charts (docs/reports.md): per-day aggregates over the same reservations
 * (`jj`) and trips (`tt`) of the period and site as the reports, each series one statement.
 */

const DATE = hotColumn('date');
const STATUS = hotColumn('status');
const COUNTED = `${STATUS} <> 'canceled'`;
const num = (expr: string) => `(CASE WHEN jsonb_typeof(${expr}) = 'number' THEN (${expr} #>> '{}')::float8 END)`;

type Query = Omit<ReportQuery, 'service' | 'supplier' | 'profile' | 'driver'>;

export async function analyticsOf(db: Queryable, q: Query): Promise<Omit<Analytics, 'from' | 'to'>> {
  const days: string[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) days.push(d);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = () => days.map(() => 0);
  const run = async <T extends Record<string, unknown>>(select: (params: Params) => string) => {
    const params = new Params();
    const w = ctes(q, params);
    const sql = select(params);
    return (await db.query<T>(`WITH ${w}${sql.startsWith(',') ? '' : ' '}${sql}`, params.values)).rows;
  };
  const byStatus = async (table: 'jj' | 'tt') => {
    const out: Record<string, number[]> = {};
    const rows = await run<{ d: string; s: string; n: number }>(
      () => `SELECT left(${DATE}, 10) AS d, ${STATUS} AS s, count(*)::int AS n FROM ${table} GROUP BY 1, 2`,
    );
    for (const r of rows) {
      const i = index.get(r.d);
      if (i === undefined || r.s === null) continue;
      out[r.s] ??= series();
      (out[r.s] as number[])[i] = r.n;
    }
    return out;
  };

  const onTime = { pickups: series(), onTime: series(), lateMinutes: q.lateMinutes };
  for (const r of await run<{ d: string; p: number; o: number }>(
    (params) => `SELECT left(${DATE}, 10) AS d, count(*)::int AS p,
        count(*) FILTER (WHERE ${pickedOnTime(params.add(q.lateMinutes))})::int AS o
      FROM jj WHERE ${STATUS} IN ('picked', 'dropped') AND ${pickedAtRecorded()} GROUP BY 1`,
  )) {
    const i = index.get(r.d);
    if (i === undefined) continue;
    onTime.pickups[i] = r.p;
    onTime.onTime[i] = r.o;
  }

  const vehicles = { hours: series(), km: series(), occupancy: days.map((): number | null => null) };
  for (const r of await run<{ d: string; h: number; km: number; o: number | null }>(
    () => `SELECT left(tt.${DATE}, 10) AS d,
        round((coalesce(sum(${num("tt.doc->'duration'")}), 0) / 3600)::numeric, 1)::float8 AS h,
        round((coalesce(sum(${num("tt.doc->'distance'")}), 0) / 1000)::numeric, 1)::float8 AS km,
        round((100 * sum(${num("tt.doc->'seats'")}) FILTER (WHERE c._id IS NOT NULL) / nullif(sum(${num("c.doc->'pax'")}), 0))::numeric, 1)::float8 AS o
      FROM tt LEFT JOIN "cars" c ON c._id = ${num("tt.doc->'car'")}::int
      WHERE tt.${COUNTED} GROUP BY 1`,
  )) {
    const i = index.get(r.d);
    if (i === undefined) continue;
    vehicles.hours[i] = r.h;
    vehicles.km[i] = r.km;
    vehicles.occupancy[i] = r.o;
  }

  // shared: a reservation whose trip carries another of the period's reservations
  const sharing = { ratio: days.map((): number | null => null), detour: days.map((): number | null => null) };
  for (const r of await run<{ d: string; ratio: number | null }>(
    () => `, r AS (SELECT left(${DATE}, 10) AS d, ${num("doc->'trip'")}::int AS trip FROM jj
                 WHERE ${COUNTED} AND jsonb_typeof(doc->'trip') = 'number'),
             n AS (SELECT trip, count(*) AS c FROM r GROUP BY trip)
        SELECT r.d, round(100.0 * count(*) FILTER (WHERE n.c >= 2) / count(*), 1)::float8 AS ratio
          FROM r JOIN n USING (trip) GROUP BY 1`,
  )) {
    const i = index.get(r.d);
    if (i !== undefined) sharing.ratio[i] = r.ratio;
  }
  // detour: minutes a rider's planned ride takes beyond the estimator's direct drive from its pick-up to its drop-off
  const lat = (side: string) => num(`jj.doc#>'{${side},lat}'`);
  const lon = (side: string) => num(`jj.doc#>'{${side},lon}'`);
  const km = `2 * 6371 * asin(sqrt(power(sin(radians(${lat('to')} - ${lat('from')}) / 2), 2)
      + cos(radians(${lat('from')})) * cos(radians(${lat('to')})) * power(sin(radians(${lon('to')} - ${lon('from')}) / 2), 2)))`;
  for (const r of await run<{ d: string; detour: number | null }>(
    (params) => `, s AS (SELECT st->>'kind' AS kind, st->>'at' AS at, j::int AS job
                   FROM tt,
                        jsonb_array_elements(CASE WHEN jsonb_typeof(tt.doc->'plan') = 'array' THEN tt.doc->'plan' ELSE '[]'::jsonb END) st,
                        jsonb_array_elements_text(CASE WHEN jsonb_typeof(st->'jobs') = 'array' THEN st->'jobs' ELSE '[]'::jsonb END) j
                  WHERE tt.${COUNTED}),
             ride AS (SELECT job, min(at) FILTER (WHERE kind = 'pickup') AS p, max(at) FILTER (WHERE kind = 'dropoff') AS q
                        FROM s WHERE at ~ ${SITE_TIME} GROUP BY job)
        SELECT left(jj.${DATE}, 10) AS d,
               round(avg(greatest(0, extract(epoch FROM (ride.q::timestamp - ride.p::timestamp)) / 60
                 - ${km} * ${params.add(DIRECT_MINUTES_PER_KM)}::float8))::numeric, 1)::float8 AS detour
          FROM ride JOIN jj ON jj._id = ride.job
         WHERE ride.p IS NOT NULL AND ride.q IS NOT NULL AND jj.${COUNTED}
           AND ${lat('from')} IS NOT NULL AND ${lat('to')} IS NOT NULL AND ${lon('from')} IS NOT NULL AND ${lon('to')} IS NOT NULL
         GROUP BY 1`,
  )) {
    const i = index.get(r.d);
    if (i !== undefined) sharing.detour[i] = r.detour;
  }

  const revenueBy = async (col: 'services' | 'profiles', field: string) =>
    (
      await run<{ name: string; value: number }>(
        () => `SELECT coalesce(x.doc->>'name', '—') AS name, round(sum(coalesce(${num("jj.doc->'price'")}, 0))::numeric, 2)::float8 AS value
          FROM jj LEFT JOIN "${col}" x ON x._id = ${num(`jj.doc->'${field}'`)}::int
         WHERE jj.${COUNTED} GROUP BY 1 ORDER BY 2 DESC, 1`,
      )
    ).map((r) => ({ name: r.name, value: Number(r.value) }));

  return {
    days,
    jobs: await byStatus('jj'),
    trips: await byStatus('tt'),
    onTime,
    vehicles,
    sharing,
    revenue: { byService: await revenueBy('services', 'service'), byProfile: await revenueBy('profiles', 'profile') },
  };
}
