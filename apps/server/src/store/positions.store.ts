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

/**
 * Keeps `pos` as the last position of `driver` (a drivers record, not suspended; on its site) unless it
 * is not newer than the last, or came less than POSITION_MIN_INTERVAL_MS after it (server clock); a
 * kept position joins its trip's track when the trip is the driver's, and is announced with the
 * driver's suppliers. Answers whether it was kept.
 */
export async function recordPosition(db: Database, driver: number, pos: PositionInput): Promise<boolean> {
  return db.tx(async (tx) => {
    const kept = await tx.query<PositionRow & { suppliers: unknown }>(
      `WITH me AS (
         SELECT _id, unit, coalesce(doc->'suppliers', '[]'::jsonb) AS suppliers FROM "drivers"
         WHERE _id = $1 AND coalesce(doc->>'suspended', 'false') <> 'true'
       ), kept AS (
         INSERT INTO driver_positions AS d (driver, unit, lat, lon, heading, speed, accuracy, time, trip, received_at)
         SELECT me._id, me.unit, $2, $3, $4, $5, $6, $7, $8, clock_timestamp() FROM me
         ON CONFLICT (driver) DO UPDATE SET unit = EXCLUDED.unit, lat = EXCLUDED.lat, lon = EXCLUDED.lon,
           heading = EXCLUDED.heading, speed = EXCLUDED.speed, accuracy = EXCLUDED.accuracy, time = EXCLUDED.time,
           trip = EXCLUDED.trip, received_at = EXCLUDED.received_at
         WHERE d.time < EXCLUDED.time AND d.received_at <= EXCLUDED.received_at - make_interval(secs => $9)
         RETURNING driver, unit, lat, lon, heading, speed, accuracy, time, trip
       )
       SELECT kept.*, me.suppliers FROM kept, me`,
      [
        driver,
        pos.lat,
        pos.lon,
        pos.heading ?? null,
        pos.speed ?? null,
        pos.accuracy ?? null,
        pos.time,
        pos.trip ?? null,
        POSITION_MIN_INTERVAL_MS / 1000,
      ],
    );
    const row = kept.rows[0];
    if (!row) return false;
    if (pos.trip) await appendTrack(tx, pos.trip, driver, [pos.lat, pos.lon, pos.time]);
    const suppliers = Array.isArray(row.suppliers) ? row.suppliers.filter((s) => typeof s === 'number') : [];
    const event: PositionEvent = { ...live(row), suppliers };
    await tx.query('SELECT pg_notify($1, $2)', [POSITIONS_CHANNEL, JSON.stringify(event)]);
    return true;
  });
}

/** Adds a point to the trip's track when the trip is the driver's, dropping the oldest beyond TRACK_POINTS. */
async function appendTrack(tx: Queryable, trip: number, driver: number, point: [number, number, number]) {
  await tx.query(
    `INSERT INTO trip_tracks AS t (trip, points)
     SELECT _id, jsonb_build_array($3::jsonb) FROM "trips" WHERE _id = $1 AND doc->>'driver' = $2::text
     ON CONFLICT (trip) DO UPDATE SET points =
       (CASE WHEN jsonb_array_length(t.points) >= $4 THEN t.points - 0 ELSE t.points END) || EXCLUDED.points`,
    [trip, driver, JSON.stringify(point), TRACK_POINTS],
  );
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
