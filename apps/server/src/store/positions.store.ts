import { type LivePosition, POSITION_MIN_INTERVAL_MS, type PositionInput, TRACK_POINTS } from '@tc/domain';
import type { Database, Queryable } from './db.ts';

/**
 * SQL of the driver app's positions (docs/live.md): each driver's last position (`driver_positions`)
 * and a bounded track per trip (`trip_tracks`). Measurements, not records: no history, no versions.
 * Every kept position is announced on POSITIONS_CHANNEL, so every server's consoles hear it.
 */
export const POSITIONS_CHANNEL = 'tc_positions';

/** A position as announced: the live one, with the suppliers of its driver (for the hub's check). */
export type PositionEvent = LivePosition & { suppliers: number[] };

interface PositionRow {
  driver: number;
  unit: number | null;
  lat: number;
  lon: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  time: string | number;
  trip: number | null;
}

const live = (r: PositionRow): LivePosition => ({
  driver: r.driver,
  unit: r.unit,
  lat: r.lat,
  lon: r.lon,
  heading: r.heading,
  speed: r.speed,
  accuracy: r.accuracy,
  time: Number(r.time),
  trip: r.trip,
});

interface Pending {
  driver: number;
  pos: PositionInput;
  done: (stored: boolean) => void;
  fail: (err: unknown) => void;
}

/** Positions wait at most this long to be written together with others (one commit for all). */
const BATCH_MS = 20;
const BATCH_MAX = 1000;

/**
 * The drivers' positions, written in batches: each position waits up to BATCH_MS for others, then
 * all go in one statement (one commit, one flush to disk), and each caller is answered once its
 * batch is committed: an acknowledged position is on disk, and thousands a second cost tens of
 * commits, not thousands.
 */
export class PositionWriter {
  private pending: Pending[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly db: Database) {}

  /**
   * Keeps `pos` as the last position of `driver` (a drivers record, not suspended; on its site)
   * unless it is not newer than the last, or came less than POSITION_MIN_INTERVAL_MS after it
   * (server clock); a kept position joins its trip's track when the trip is the driver's, and is
   * announced with the driver's suppliers. Answers whether it was kept.
   */
  record(driver: number, pos: PositionInput): Promise<boolean> {
    return new Promise((done, fail) => {
      this.pending.push({ driver, pos, done, fail });
      if (this.pending.length >= BATCH_MAX) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), BATCH_MS);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = [];
    // one row per driver (an upsert touches a row once): the newest; the others were too soon anyway
    const newest = new Map<number, Pending>();
    for (const p of batch) {
      const known = newest.get(p.driver);
      if (!known || known.pos.time < p.pos.time) newest.set(p.driver, p);
    }
    writePositions(this.db, [...newest.values()])
      .then((kept) => {
        for (const p of batch) p.done(newest.get(p.driver) === p && kept.has(p.driver));
      })
      .catch((err: unknown) => {
        for (const p of batch) p.fail(err);
      });
  }
}

/** One statement, its own transaction: the drivers checked, their positions, the trips' tracks and the announcements. */
async function writePositions(db: Database, rows: Pending[]): Promise<Set<number>> {
  const input = rows.map(({ driver, pos }) => ({
    driver,
    lat: pos.lat,
    lon: pos.lon,
    heading: pos.heading ?? null,
    speed: pos.speed ?? null,
    accuracy: pos.accuracy ?? null,
    time: pos.time,
    trip: pos.trip ?? null,
  }));
  const r = await db.query<{ driver: number }>(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(driver int, lat float8, lon float8, heading float8,
         speed float8, accuracy float8, time bigint, trip int)
     ), me AS (
       SELECT i.*, d.unit, coalesce(d.doc->'suppliers', '[]'::jsonb) AS suppliers
       FROM input i JOIN "drivers" d ON d._id = i.driver AND coalesce(d.doc->>'suspended', 'false') <> 'true'
     ), kept AS (
       INSERT INTO driver_positions AS d (driver, unit, lat, lon, heading, speed, accuracy, time, trip, received_at)
       SELECT driver, unit, lat, lon, heading, speed, accuracy, time, trip, clock_timestamp() FROM me
       ON CONFLICT (driver) DO UPDATE SET unit = EXCLUDED.unit, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
         heading = EXCLUDED.heading, speed = EXCLUDED.speed, accuracy = EXCLUDED.accuracy, time = EXCLUDED.time,
         trip = EXCLUDED.trip, received_at = EXCLUDED.received_at
       WHERE d.time < EXCLUDED.time AND d.received_at <= EXCLUDED.received_at - make_interval(secs => $2)
       RETURNING driver, unit, lat, lon, heading, speed, accuracy, time, trip
     ), track AS (
       INSERT INTO trip_tracks AS t (trip, points)
       SELECT tr._id, jsonb_build_array(jsonb_build_array(k.lat, k.lon, k.time))
       FROM kept k JOIN "trips" tr ON tr._id = k.trip AND tr.doc->>'driver' = k.driver::text
       ON CONFLICT (trip) DO UPDATE SET points =
         (CASE WHEN jsonb_array_length(t.points) >= $3 THEN t.points - 0 ELSE t.points END) || EXCLUDED.points
     )
     SELECT k.driver, pg_notify($4, json_build_object(
       'driver', k.driver, 'unit', k.unit, 'lat', k.lat, 'lon', k.lon, 'heading', k.heading, 'speed', k.speed,
       'accuracy', k.accuracy, 'time', k.time, 'trip', k.trip, 'suppliers', me.suppliers)::text)
     FROM kept k JOIN me ON me.driver = k.driver`,
    [JSON.stringify(input), POSITION_MIN_INTERVAL_MS / 1000, TRACK_POINTS, POSITIONS_CHANNEL],
  );
  return new Set(r.rows.map((row) => row.driver));
}

/** The last positions of the drivers of `unit` (every site: undefined), of one supplier's drivers when given. */
export async function latestPositions(
  db: Queryable,
  unit: number | undefined,
  supplier: number | undefined,
): Promise<LivePosition[]> {
  const r = await db.query<PositionRow>(
    `SELECT p.driver, p.unit, p.lat, p.lon, p.heading, p.speed, p.accuracy, p.time, p.trip
     FROM driver_positions p JOIN "drivers" d ON d._id = p.driver
     WHERE ($1::int IS NULL OR p.unit = $1) AND ($2::int IS NULL OR d.doc->'suppliers' @> to_jsonb($2::int))
     ORDER BY p.driver`,
    [unit ?? null, supplier ?? null],
  );
  return r.rows.map(live);
}

/** One driver's last position, if it has one. */
export async function positionOf(db: Queryable, driver: number): Promise<LivePosition | undefined> {
  const r = await db.query<PositionRow>(
    'SELECT driver, unit, lat, lon, heading, speed, accuracy, time, trip FROM driver_positions WHERE driver = $1',
    [driver],
  );
  return r.rows[0] ? live(r.rows[0]) : undefined;
}

/** A trip's track, oldest first. */
export async function trackOf(db: Queryable, trip: number): Promise<[number, number, number][]> {
  const r = await db.query<{ points: [number, number, number][] }>('SELECT points FROM trip_tracks WHERE trip = $1', [
    trip,
  ]);
  return r.rows[0]?.points ?? [];
}

/** Puts drivers at a first position (the demo's drivers at work, measured now). */
export async function seedPositions(
  db: Queryable,
  rows: { driver: number; unit: number | null; lat: number; lon: number }[],
): Promise<void> {
  if (!rows.length) return;
  await db.query(
    `INSERT INTO driver_positions (driver, unit, lat, lon, time)
     SELECT (r->>'driver')::int, (r->>'unit')::int, (r->>'lat')::float8, (r->>'lon')::float8, $2
     FROM jsonb_array_elements($1::jsonb) AS r ON CONFLICT (driver) DO NOTHING`,
    [JSON.stringify(rows), Date.now()],
  );
}
