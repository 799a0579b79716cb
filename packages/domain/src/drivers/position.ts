import { z } from 'zod';
import type { TripAction } from '../trips/status.ts';

/**
 * A vehicle's position as the driver app reports it (docs/live.md): where, which way, how fast and
 * when the phone measured it. The server keeps each driver's last one and a bounded track per trip.
 */

/** A driver's positions closer together than this (server clock) are not kept: one in 0.5 s at most. */
export const POSITION_MIN_INTERVAL_MS = 500;
/** A position's time may be ahead of the server's clock by this much (phones' clocks drift), no more. */
export const POSITION_CLOCK_SKEW_MS = 5_000;
/** Positions reach the consoles at most once per driver per this many ms (the latest of the window). */
export const POSITION_FANOUT_MS = 1_000;
/** The most points a trip's track keeps (the oldest go first). */
export const TRACK_POINTS = 1_000;
/** A position older than this is shown as stale on the live map. */
export const POSITION_STALE_MS = 5 * 60_000;

export const positionSchema = z.object({
  lat: z
    .number({ error: 'lat must be a number' })
    .min(-90, 'lat must be between -90 and 90')
    .max(90, 'lat must be between -90 and 90'),
  lon: z
    .number({ error: 'lon must be a number' })
    .min(-180, 'lon must be between -180 and 180')
    .max(180, 'lon must be between -180 and 180'),
  /** Degrees clockwise from north. */
  heading: z.number().min(0).max(360).nullish(),
  /** Metres per second. */
  speed: z.number().min(0).max(120).nullish(),
  /** Metres. */
  accuracy: z.number().min(0).max(100_000).nullish(),
  /** When the phone measured it, epoch ms. */
  time: z.number({ error: 'time must be epoch milliseconds' }).int().positive(),
  /** The trip the driver is running, whose track the point joins (the server checks it is the driver's). */
  trip: z.number().int().positive().nullish(),
});
export type PositionInput = z.output<typeof positionSchema>;

/** A position as the consoles receive it (the `positions` message of /socket, the `livepositions` act). */
export interface LivePosition {
  driver: number;
  lat: number;
  lon: number;
  heading: number | null;
  speed: number | null;
  accuracy: number | null;
  /** Epoch ms the phone measured it. */
  time: number;
  trip: number | null;
  unit: number | null;
}

/**
 * The `positions` message of /socket, a column per field (docs/live.md): `{type: 'positions',
 * driver: [...], lat: [...], ...}`, the i-th position being the i-th of every column. A second of a
 * city's fleet comes as a few arrays of numbers rather than thousands of objects, so the live map
 * reads it without leaving garbage behind.
 */
export const POSITION_COLUMNS = [
  'driver',
  'lat',
  'lon',
  'heading',
  'speed',
  'accuracy',
  'time',
  'trip',
  'unit',
] as const;
export type PositionColumns = { [K in (typeof POSITION_COLUMNS)[number]]: LivePosition[K][] };

/** Positions as columns (the `positions` message). */
export function positionColumns(list: readonly LivePosition[]): PositionColumns {
  const out = Object.fromEntries(POSITION_COLUMNS.map((c) => [c, new Array(list.length)])) as Record<string, unknown[]>;
  for (const [i, p] of list.entries()) for (const c of POSITION_COLUMNS) (out[c] as unknown[])[i] = p[c];
  return out as PositionColumns;
}

/** The positions of a `positions` message, one object each (tests and tools; the live map reads the columns). */
export function positionsOfColumns(cols: PositionColumns): LivePosition[] {
  return cols.driver.map(
    (_, i) => Object.fromEntries(POSITION_COLUMNS.map((c) => [c, cols[c][i]])) as unknown as LivePosition,
  );
}

/** The trip actions a driver takes from the driver app (the others are the dispatchers'). */
export const DRIVER_TRIP_ACTIONS = [
  'approve',
  'start',
  'pickup',
  'dropoff',
  'noshow',
  'end',
] as const satisfies readonly TripAction[];
export type DriverTripAction = (typeof DRIVER_TRIP_ACTIONS)[number];

/** The add-on modules a site has switched on: the setting's value, a list of module codes ("500, 560"). */
export const ADD_ONS_SETTING = 'add-on modules';

export function addOnCodes(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : '';
  return text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
