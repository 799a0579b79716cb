import { useQuery } from '@tanstack/react-query';
import { POSITION_COLUMNS, type PositionColumns, positionColumns } from '@tc/domain';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { call } from '#src/api/client.ts';
import { onLiveMessage } from '#src/app/live/liveMessages.ts';

/** The map redraws at most this often: positions come at most once a second per driver anyway. */
const REDRAW_MS = 1000;

/**
 * A driver's last position as the live map keeps it: numbers only (NaN where the phone gave none),
 * written over in place as the driver's next position comes. A second of a fleet's positions then
 * allocates nothing that lives on: a number kept for a second (until the next replaces it) outlives
 * the young heap's collections and fills the old heap, whose full collection cost the map 30-50 ms
 * every twenty seconds or so (bench/live).
 */
export class KeptPosition {
  /** lat, lon, heading, speed, time: written in place, never a new number object. */
  private readonly values = Float64Array.of(Number.NaN, Number.NaN, Number.NaN, Number.NaN, Number.NEGATIVE_INFINITY);

  constructor(readonly driver: number) {}

  get lat(): number {
    return this.values[0] as number;
  }
  get lon(): number {
    return this.values[1] as number;
  }
  /** Degrees from north, NaN when unknown. */
  get heading(): number {
    return this.values[2] as number;
  }
  /** Metres a second, NaN when unknown. */
  get speed(): number {
    return this.values[3] as number;
  }
  /** Epoch ms the phone measured it. */
  get time(): number {
    return this.values[4] as number;
  }

  /** Takes the driver's position `i` of a `positions` message when it is newer. */
  take(m: PositionColumns, i: number): void {
    const time = m.time[i] as number;
    const v = this.values;
    if (time <= (v[4] as number)) return;
    v[0] = m.lat[i] as number;
    v[1] = m.lon[i] as number;
    v[2] = m.heading[i] ?? Number.NaN;
    v[3] = m.speed[i] ?? Number.NaN;
    v[4] = time;
  }
}

/** Keeps position `i` of these columns as its driver's, when newer than the one kept. */
function keep(positions: Map<number, KeptPosition>, m: PositionColumns, i: number): void {
  const driver = m.driver[i] as number;
  let known = positions.get(driver);
  if (!known) {
    known = new KeptPosition(driver);
    positions.set(driver, known);
  }
  known.take(m, i);
}

const isPositions = (m: { type: string }): m is { type: 'positions' } & PositionColumns =>
  m.type === 'positions' && POSITION_COLUMNS.every((c) => Array.isArray((m as Record<string, unknown>)[c]));

/** The positions of a live map: read with `positions`, watched with `subscribe` (a new `version` each redraw). */
export interface PositionStore {
  positions: Map<number, KeptPosition>;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

/**
 * The last position of every driver of `site` the caller may see: read once, then kept by the
 * `positions` messages of /socket (docs/live.md). Its listeners are told at most every REDRAW_MS
 * (on an animation frame): only the parts that draw positions render again, not the page.
 */
export function useLivePositions(site: number | null): { store: PositionStore; error: unknown } {
  const store = useMemo<PositionStore & { bump: () => void }>(() => {
    const listeners = new Set<() => void>();
    let version = 0;
    return {
      positions: new Map(),
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
      bump: () => {
        version++;
        for (const l of listeners) l();
      },
    };
  }, []);
  const initial = useQuery({
    queryKey: ['livepositions', site],
    queryFn: () => call('livepositions', site === null ? {} : { unit: site }),
  });
  useEffect(() => {
    if (!initial.data) return;
    store.positions.clear();
    const read = positionColumns(initial.data.data);
    for (let i = 0; i < read.driver.length; i++) keep(store.positions, read, i);
    store.bump();
  }, [initial.data, store]);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let drawn = 0;
    const redraw = () => {
      timer = undefined;
      frame = requestAnimationFrame(() => {
        frame = 0;
        drawn = performance.now();
        store.bump();
      });
    };
    const stop = onLiveMessage((m) => {
      if (!isPositions(m)) return;
      // read from the message's columns into each driver's own object: nothing of the message lives on
      for (let i = 0; i < m.driver.length; i++) {
        if (site !== null && m.unit[i] !== site) continue;
        keep(store.positions, m, i);
      }
      if (!frame && !timer) timer = setTimeout(redraw, Math.max(0, drawn + REDRAW_MS - performance.now()));
    });
    return () => {
      stop();
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [site, store]);
  return { store, error: initial.error };
}

/** Renders again when the positions change (at most every REDRAW_MS). */
export function usePositionsVersion(store: PositionStore): number {
  return useSyncExternalStore(store.subscribe, store.version);
}
