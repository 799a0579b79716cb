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

/** A position as the consoles receive it (the `positions` frames of /socket, the `livepositions` act). */
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
 * The fields of a position in the `positions` frame of /socket, in order (docs/protocol.md).
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
export type PositionColumn = (typeof POSITION_COLUMNS)[number];

const COLUMN_INDEX = Object.fromEntries(POSITION_COLUMNS.map((c, i) => [c, i])) as Record<PositionColumn, number>;

/** Where column `c` of a frame of `count` positions starts. */
export const columnStart = (c: PositionColumn, count: number): number => COLUMN_INDEX[c] * count;

/** Whether this platform keeps numbers little-endian (every one the console runs on, in practice). */
const LITTLE_ENDIAN = new Uint8Array(Float64Array.of(1).buffer)[7] === 0x3f;

/**
 * The `positions` frame of /socket: a binary WebSocket frame of 64-bit floats, little-endian, a
 * column per field (POSITION_COLUMNS, each as long as the frame has positions: the i-th position is
 * the i-th of every column), NaN for null. A second of a city's fleet then comes as a few buffers
 * the live map reads in place: no text to parse, no object per position (bench/live).
 */
export function positionFrame(list: readonly LivePosition[]): Float64Array {
  const n = list.length;
  const out = new Float64Array(POSITION_COLUMNS.length * n);
  for (const [k, c] of POSITION_COLUMNS.entries())
    for (const [i, p] of list.entries()) out[k * n + i] = p[c] ?? Number.NaN;
  if (!LITTLE_ENDIAN) swapBytes(out);
  return out;
}

/** A received frame's values, in this platform's byte order (a view on it where that is little-endian). */
export function readFrame(buffer: ArrayBufferLike | ArrayBufferView): Float64Array {
  const bytes = ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
  if (bytes.byteLength % (8 * POSITION_COLUMNS.length) !== 0) throw new Error('not a positions frame');
  // a Float64Array needs its start aligned on 8 bytes: a view where it is, else a copy
  const values =
    bytes.byteOffset % 8 === 0
      ? new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8)
      : new Float64Array(bytes.slice().buffer);
  if (!LITTLE_ENDIAN) swapBytes(values);
  return values;
}

/** How many positions a frame holds. */
export const frameCount = (frame: Float64Array): number => frame.length / POSITION_COLUMNS.length;

/** The positions of a frame, one object each (tests and tools; the live map reads the frame in place). */
export function positionsOfFrame(frame: Float64Array): LivePosition[] {
  const n = frameCount(frame);
  const value = (c: number, i: number) => {
    const v = frame[c * n + i] as number;
    return Number.isNaN(v) ? null : v;
  };
  // the columns in POSITION_COLUMNS order: driver, lat, lon, heading, speed, accuracy, time, trip, unit
  const out: LivePosition[] = new Array(n);
  for (let i = 0; i < n; i++)
    out[i] = {
      driver: frame[i] as number,
      lat: frame[n + i] as number,
      lon: frame[2 * n + i] as number,
      heading: value(3, i),
      speed: value(4, i),
      accuracy: value(5, i),
      time: frame[6 * n + i] as number,
      trip: value(7, i),
      unit: value(8, i),
    };
  return out;
}

/**
 * Merges `positions` frames into one, keeping each driver's newest position (by its time; of two
 * alike, the later heard): the console's socket worker gathers what /socket brings this way and
 * hands the live map one frame a few times a second. Its rows are reused, so merging allocates
 * nothing once it has seen the fleet.
 */
export class PositionMerger {
  private rows = new Float64Array(POSITION_COLUMNS.length * 64);
  /** Each driver's row in `rows`, in the order first heard since the last `take`. */
  private readonly slots = new Map<number, number>();

  /** How many drivers' positions wait to be taken. */
  get size(): number {
    return this.slots.size;
  }

  add(frame: Float64Array): void {
    const width = POSITION_COLUMNS.length;
    const n = frameCount(frame);
    const time = columnStart('time', n);
    const timeAt = POSITION_COLUMNS.indexOf('time');
    for (let i = 0; i < n; i++) {
      const driver = frame[i] as number;
      let slot = this.slots.get(driver);
      if (slot === undefined) {
        slot = this.slots.size;
        if ((slot + 1) * width > this.rows.length) {
          const grown = new Float64Array(this.rows.length * 2);
          grown.set(this.rows);
          this.rows = grown;
        }
        this.slots.set(driver, slot);
      } else if ((frame[time + i] as number) < (this.rows[slot * width + timeAt] as number)) continue;
      for (let k = 0; k < width; k++) this.rows[slot * width + k] = frame[k * n + i] as number;
    }
  }

  /**
   * Writes the merged positions into `out` as a frame (its first 9·size values: column by column,
   * as `positionFrame`, in this platform's byte order), starts over, and answers how many it wrote.
   */
  take(out: Float64Array): number {
    const width = POSITION_COLUMNS.length;
    const n = this.slots.size;
    if (out.length < width * n) throw new Error('the frame does not fit');
    for (let s = 0; s < n; s++) for (let k = 0; k < width; k++) out[k * n + s] = this.rows[s * width + k] as number;
    this.slots.clear();
    return n;
  }
}

/** Turns each 8-byte value around (a big-endian platform: the frame is little-endian). */
function swapBytes(values: Float64Array): void {
  const bytes = new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  for (let k = 0; k < bytes.length; k += 8) bytes.subarray(k, k + 8).reverse();
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
