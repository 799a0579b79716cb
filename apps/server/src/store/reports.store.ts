import { addDays, type ReportCell, type ReportColumn, type ReportColumnKind, type ReportRequest } from '@tc/domain';
import type { Scope } from './collection.store.ts';
import type { Queryable } from './db.ts';
import { Params } from './filter.translate.ts';
import { pickedAtRecorded, pickupDelay, scoped } from './insight.store.ts';
import { hotColumn } from './names.ts';

/**
 * SQL of the reports (docs/reports.md). Each type is one statement: the site's reservations (`jj`)
 * or trips (`tt`) of the period and filters in a CTE, grouped with GROUPING SETS so that the same
 * statement answers the rows and the totals line (the row whose group is all NULL). Dates are the
 * site's wall-clock text (`YYYY-MM-DD HH:mm`), so a day is `left(date, 10)`.
 */

export interface ReportTable {
  columns: ReportColumn[];
  rows: Record<string, ReportCell>[];
  totals: Record<string, ReportCell>;
}

/** The filters of a report as the SQL reads them. */
export type ReportQuery = Pick<ReportRequest, 'from' | 'to' | 'service' | 'supplier' | 'profile' | 'driver'> & {
  scope: Scope;
  /** How late a pick-up may be and still be on time (delays). */
  lateMinutes: number;
};

const ROWS_MAX = 5000;
const DATE = hotColumn('date');
const STATUS = hotColumn('status');
/** A number field of a record (aliased `a`), 0 when missing or not a number. */
const num = (a: string, f: string) =>
  `(CASE WHEN jsonb_typeof(${a}.doc->'${f}') = 'number' THEN (${a}.doc->>'${f}')::numeric ELSE 0 END)`;
/** A reference field of a record as an integer id, NULL when missing. */
const ref = (a: string, f: string) =>
  `(CASE WHEN jsonb_typeof(${a}.doc->'${f}') = 'number' THEN (${a}.doc->>'${f}')::numeric::int END)`;
const COUNTED = `${STATUS} <> 'canceled'`;

/** The reservations (`jj`) and trips (`tt`) of the period, site and filters, as CTEs. */
export function ctes(q: ReportQuery, params: Params): string {
  const period = `${DATE} >= ${params.add(q.from)} AND ${DATE} < ${params.add(addDays(q.to, 1))}`;
  const jobs = [scoped('jobs', q.scope, params), period];
  const trips = [scoped('trips', q.scope, params), period];
  const id = (v: number) => `to_jsonb(${params.add(v)}::int)`;
  if (q.service) {
    const v = id(q.service);
    jobs.push(`doc->'service' = ${v}`);
    trips.push(`doc->'service' = ${v}`);
  }
  if (q.profile) {
    const v = id(q.profile);
    jobs.push(`doc->'profile' = ${v}`);
    trips.push(`doc->'profile' = ${v}`);
  }
  if (q.driver) {
    const v = id(q.driver);
    jobs.push(`doc->'driver' = ${v}`);
    trips.push(`doc->'driver' = ${v}`);
  }
  if (q.supplier) {
    const v = id(q.supplier);
    trips.push(`doc->'supplier' = ${v}`);
    jobs.push(`doc->'trip' IN (SELECT to_jsonb(_id) FROM "trips" WHERE doc->'supplier' = ${v})`);
  }
  return `jj AS (SELECT * FROM "jobs" WHERE ${jobs.join(' AND ')}),
          tt AS (SELECT * FROM "trips" WHERE ${trips.join(' AND ')})`;
}

type Row = Record<string, unknown> & { total: boolean };

/** Runs a grouped statement whose `total` column tells the totals line (GROUPING() of its groups). */
async function grouped(db: Queryable, sql: string, params: Params): Promise<{ rows: Row[]; totals: Row | undefined }> {
  const r = await db.query<Row>(sql, params.values);
  const rows = r.rows.filter((x) => !x.total).slice(0, ROWS_MAX);
  return { rows, totals: r.rows.find((x) => x.total) };
}

function table(columns: [string, ReportColumnKind][], rows: Row[], totals: Row | undefined, noTotal: string[] = []) {
  const cell = (v: unknown): ReportCell =>
    v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? norm(v) : String(v);
  const pick = (r: Row | undefined) => Object.fromEntries(columns.map(([k]) => [k, cell(r?.[k])]));
  const t = pick(totals);
  for (const [k, kind] of columns) if (kind === 'text' || kind === 'day' || noTotal.includes(k)) t[k] = null;
  return {
    columns: columns.map(([key, kind]) => ({ key, kind })),
    rows: rows.map(pick),
    totals: t,
  } satisfies ReportTable;
}

/** Numbers from the database (numeric comes as text) as numbers, rounded to 2 decimals. */
function norm(v: number | string): ReportCell {
  if (typeof v === 'number') return Math.round(v * 100) / 100;
  return /^-?\d+(\.\d+)?$/.test(v) ? Math.round(Number(v) * 100) / 100 : v;
}

const share = (part: string, whole: string) => `round(100.0 * ${part} / nullif(${whole}, 0), 1)`;

export async function runReport(db: Queryable, type: string, q: ReportQuery): Promise<ReportTable> {
  const params = new Params();
  const w = ctes(q, params);
  switch (type) {
    case 'total trips/passengers': {
      // reservations and trips per day, each counted in its own table, the days of either side kept
      const sql = `WITH ${w},
        j AS (SELECT left(${DATE}, 10) AS day,
                     count(*) FILTER (WHERE ${COUNTED}) AS reservations,
                     coalesce(sum(${num('jj', 'seats')}) FILTER (WHERE ${COUNTED}), 0) AS passengers,
                     count(*) FILTER (WHERE ${STATUS} IN ('picked', 'dropped')) AS picked,
                     count(*) FILTER (WHERE ${STATUS} = 'noshow') AS noshows,
                     count(*) FILTER (WHERE ${STATUS} = 'canceled') AS canceled
                FROM jj GROUP BY 1),
        t AS (SELECT left(${DATE}, 10) AS day, count(*) FILTER (WHERE ${COUNTED}) AS trips FROM tt GROUP BY 1)
        SELECT coalesce(j.day, t.day) AS day, GROUPING(coalesce(j.day, t.day)) = 1 AS total,
               sum(coalesce(t.trips, 0)) AS trips, sum(coalesce(j.reservations, 0)) AS reservations,
               sum(coalesce(j.passengers, 0)) AS passengers, sum(coalesce(j.picked, 0)) AS picked,
               sum(coalesce(j.noshows, 0)) AS noshows, sum(coalesce(j.canceled, 0)) AS canceled
          FROM j FULL JOIN t ON t.day = j.day
         GROUP BY GROUPING SETS ((coalesce(j.day, t.day)), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['day', 'day'],
          ['trips', 'count'],
          ['reservations', 'count'],
          ['passengers', 'count'],
          ['picked', 'count'],
          ['noshows', 'count'],
          ['canceled', 'count'],
        ],
        rows,
        totals,
      );
    }
    case 'daily summary': {
      // the reservations summed per day and service id first; the names joined to those few groups
      const sql = `WITH ${w},
        g AS (SELECT left(${DATE}, 10) AS day, ${ref('jj', 'service')} AS service, count(*) AS n,
                     sum(${num('jj', 'seats')}) AS seats, sum(${num('jj', 'price')}) AS price
                FROM jj WHERE ${COUNTED} GROUP BY 1, 2)
        SELECT g.day, coalesce(s.doc->>'name', '—') AS service, GROUPING(g.day) = 1 AS total,
               sum(g.n) AS reservations, sum(g.seats) AS passengers, sum(g.price) AS revenue
          FROM g LEFT JOIN "services" s ON s._id = g.service
         GROUP BY GROUPING SETS ((g.day, coalesce(s.doc->>'name', '—')), ()) ORDER BY 1, 2`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['day', 'day'],
          ['service', 'text'],
          ['reservations', 'count'],
          ['passengers', 'count'],
          ['revenue', 'money'],
        ],
        rows,
        totals,
      );
    }
    case 'delays': {
      const late = params.add(q.lateMinutes);
      const delay = pickupDelay('jj.');
      const sql = `WITH ${w}
        SELECT left(jj.${DATE}, 10) AS day, GROUPING(left(jj.${DATE}, 10)) = 1 AS total,
               count(*) AS pickups, count(*) FILTER (WHERE ${delay} > ${late}::int) AS late,
               ${share(`count(*) FILTER (WHERE ${delay} > ${late}::int)`, 'count(*)')} AS "latePercent",
               round(avg(${delay}), 1) AS "averageDelay", round(max(${delay}), 1) AS "maxDelay"
          FROM jj
         WHERE jj.${STATUS} IN ('picked', 'dropped') AND ${pickedAtRecorded('jj.')}
         GROUP BY GROUPING SETS ((left(jj.${DATE}, 10)), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['day', 'day'],
          ['pickups', 'count'],
          ['late', 'count'],
          ['latePercent', 'percent'],
          ['averageDelay', 'minutes'],
          ['maxDelay', 'minutes'],
        ],
        rows,
        totals,
      );
    }
    case 'shuttle report':
    case 'shuttle passengers': {
      const byDeparture = type === 'shuttle passengers';
      const keys = byDeparture
        ? `sh._id, sh.doc->>'code', sh.doc->>'name', jj.${DATE}`
        : `sh._id, sh.doc->>'code', sh.doc->>'name'`;
      const sql = `WITH ${w}
        SELECT sh.doc->>'code' AS code, sh.doc->>'name' AS shuttle, ${byDeparture ? `jj.${DATE} AS departure,` : ''}
               GROUPING(sh._id) = 1 AS total,
               count(DISTINCT (sh._id, jj.${DATE})) AS departures,
               count(*) FILTER (WHERE jj.${COUNTED}) AS reservations,
               coalesce(sum(${num('jj', 'seats')}) FILTER (WHERE jj.${COUNTED}), 0) AS seats,
               count(*) FILTER (WHERE jj.${STATUS} = 'canceled') AS canceled
          FROM jj JOIN "shuttles" sh ON sh._id = ${ref('jj', 'shuttle')}
         GROUP BY GROUPING SETS ((${keys}), ()) ORDER BY 1, 2${byDeparture ? ', 3' : ''}`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['code', 'text'],
          ['shuttle', 'text'],
          ...(byDeparture
            ? [['departure', 'text'] as [string, ReportColumnKind]]
            : [['departures', 'count'] as [string, ReportColumnKind]]),
          ['reservations', 'count'],
          ['seats', 'count'],
          ['canceled', 'count'],
        ],
        rows,
        totals,
      );
    }
    case 'unique drivers per day': {
      const sql = `WITH ${w}
        SELECT left(tt.${DATE}, 10) AS day, GROUPING(left(tt.${DATE}, 10)) = 1 AS total,
               count(DISTINCT ${ref('tt', 'driver')}) AS drivers, count(*) AS trips,
               round(count(*)::numeric / nullif(count(DISTINCT ${ref('tt', 'driver')}), 0), 2) AS "tripsPerDriver"
          FROM tt
         WHERE tt.${COUNTED} AND ${ref('tt', 'driver')} IS NOT NULL
         GROUP BY GROUPING SETS ((left(tt.${DATE}, 10)), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['day', 'day'],
          ['drivers', 'count'],
          ['trips', 'count'],
          ['tripsPerDriver', 'count'],
        ],
        rows,
        totals,
      );
    }
    case 'driver report': {
      const sql = `WITH ${w}
        SELECT concat_ws(' ', d.doc->>'firstName', d.doc->>'lastName') AS driver, GROUPING(d._id) = 1 AS total,
               count(*) AS trips, count(*) FILTER (WHERE tt.${STATUS} = 'done') AS done,
               count(DISTINCT left(tt.${DATE}, 10)) AS days,
               sum(${num('tt', 'seats')}) AS passengers,
               round(sum(${num('tt', 'distance')}) / 1000, 1) AS km, round(sum(${num('tt', 'duration')}) / 3600, 1) AS hours
          FROM tt JOIN "drivers" d ON d._id = ${ref('tt', 'driver')}
         WHERE tt.${COUNTED}
         GROUP BY GROUPING SETS ((d._id, d.doc->>'firstName', d.doc->>'lastName'), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['driver', 'text'],
          ['trips', 'count'],
          ['done', 'count'],
          ['days', 'count'],
          ['passengers', 'count'],
          ['km', 'km'],
          ['hours', 'hours'],
        ],
        rows,
        totals,
        ['days'],
      );
    }
    case 'vehicle occupancy': {
      const sql = `WITH ${w}
        SELECT c.doc->>'name' AS vehicle, GROUPING(c._id) = 1 AS total,
               count(*) AS trips, sum(${num('tt', 'seats')}) AS passengers, sum(${num('c', 'pax')}) AS capacity,
               ${share(`sum(${num('tt', 'seats')})`, `sum(${num('c', 'pax')})`)} AS occupancy,
               round(sum(${num('tt', 'distance')}) / 1000, 1) AS km
          FROM tt JOIN "cars" c ON c._id = ${ref('tt', 'car')}
         WHERE tt.${COUNTED}
         GROUP BY GROUPING SETS ((c._id, c.doc->>'name'), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['vehicle', 'text'],
          ['trips', 'count'],
          ['passengers', 'count'],
          ['capacity', 'count'],
          ['occupancy', 'percent'],
          ['km', 'km'],
        ],
        rows,
        totals,
      );
    }
    case 'bill report': {
      const sql = `WITH ${w},
        g AS (SELECT ${ref('jj', 'profile')} AS profile, count(*) AS n, sum(${num('jj', 'seats')}) AS seats,
                     sum(${num('jj', 'price')}) AS price
                FROM jj WHERE ${COUNTED} GROUP BY 1)
        SELECT coalesce(p.doc->>'name', '—') AS profile, GROUPING(coalesce(p.doc->>'name', '—')) = 1 AS total,
               sum(g.n) AS reservations, sum(g.seats) AS passengers, sum(g.price) AS revenue,
               round(sum(g.price) / sum(g.n), 2) AS "averagePrice"
          FROM g LEFT JOIN "profiles" p ON p._id = g.profile
         GROUP BY GROUPING SETS ((coalesce(p.doc->>'name', '—')), ()) ORDER BY 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['profile', 'text'],
          ['reservations', 'count'],
          ['passengers', 'count'],
          ['revenue', 'money'],
          ['averagePrice', 'money'],
        ],
        rows,
        totals,
      );
    }
    case 'passenger cost pareto': {
      // each rider's spend, largest first, with its share and the running share of the whole
      const name = `coalesce(nullif(concat_ws(' ', jj.doc->>'firstName', jj.doc->>'lastName'), ''), '—')`;
      const sql = `WITH ${w},
        p AS (SELECT ${name} AS passenger, count(*) AS reservations, sum(${num('jj', 'price')}) AS revenue
                FROM jj WHERE jj.${COUNTED} GROUP BY coalesce(${ref('jj', 'passenger')}::text, ${name}), ${name}),
        whole AS (SELECT sum(revenue) AS revenue, sum(reservations) AS reservations FROM p)
        SELECT p.passenger, false AS total, p.reservations, p.revenue, ${share('p.revenue', 'whole.revenue')} AS share,
               ${share('sum(p.revenue) OVER (ORDER BY p.revenue DESC, p.passenger ROWS UNBOUNDED PRECEDING)', 'whole.revenue')} AS cumulative
          FROM p, whole
        UNION ALL
        SELECT NULL, true, whole.reservations, whole.revenue, NULL, NULL FROM whole
        ORDER BY 2, 4 DESC, 1`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['passenger', 'text'],
          ['reservations', 'count'],
          ['revenue', 'money'],
          ['share', 'percent'],
          ['cumulative', 'percent'],
        ],
        rows,
        totals,
      );
    }
    case 'holiday report':
    case 'holiday tariff report': {
      const tariff = type === 'holiday tariff report';
      const unit = q.scope.unit === undefined ? 'TRUE' : `(unit = ${params.add(q.scope.unit)}::int OR unit IS NULL)`;
      const from = params.add(q.from);
      const to = params.add(q.to);
      const code = `coalesce(jj.doc#>>'{quote,code}', '—')`;
      const quoted = `(CASE WHEN jsonb_typeof(jj.doc#>'{quote,total}') = 'number' THEN (jj.doc#>>'{quote,total}')::numeric ELSE 0 END)`;
      const sql = `WITH ${w},
        h AS (SELECT _id, unit, doc->>'name' AS name,
                     coalesce(left(doc->>'start', 10), left(doc->>'date', 10)) AS hs,
                     coalesce(left(doc->>'end', 10), left(doc->>'start', 10), left(doc->>'date', 10)) AS he
                FROM "holidays" WHERE ${unit})
        SELECT h.name AS holiday, h.hs AS start, h.he AS "end", ${tariff ? `${code} AS fare,` : ''}
               GROUPING(h._id) = 1 AS total,
               count(jj._id) AS reservations, coalesce(sum(${num('jj', 'seats')}), 0) AS passengers,
               ${tariff ? `coalesce(sum(${quoted}), 0) AS quoted, coalesce(sum(${num('jj', 'price')}), 0) AS charged, coalesce(sum(${num('jj', 'price')} - ${quoted}), 0) AS difference` : `coalesce(sum(${num('jj', 'price')}), 0) AS revenue`}
          FROM h ${tariff ? 'JOIN' : 'LEFT JOIN'} jj ON left(jj.${DATE}, 10) BETWEEN h.hs AND h.he AND jj.${COUNTED}
               AND (h.unit IS NULL OR h.unit = jj.unit)
               ${tariff ? `AND jj.doc ? 'quote'` : ''}
         WHERE h.hs <= ${to} AND h.he >= ${from}
         GROUP BY GROUPING SETS ((h._id, h.name, h.hs, h.he${tariff ? `, ${code}` : ''}), ()) ORDER BY 2, 1${tariff ? ', 4' : ''}`;
      const { rows, totals } = await grouped(db, sql, params);
      return table(
        [
          ['holiday', 'text'],
          ['start', 'day'],
          ['end', 'day'],
          ...(tariff
            ? ([
                ['fare', 'text'],
                ['reservations', 'count'],
                ['passengers', 'count'],
                ['quoted', 'money'],
                ['charged', 'money'],
                ['difference', 'money'],
              ] as [string, ReportColumnKind][])
            : ([
                ['reservations', 'count'],
                ['passengers', 'count'],
                ['revenue', 'money'],
              ] as [string, ReportColumnKind][])),
        ],
        rows,
        totals,
      );
    }
    default:
      throw new Error(`not a report type: ${type}`);
  }
}
