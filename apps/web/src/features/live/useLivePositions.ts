import { useQuery } from '@tanstack/react-query';
import { columnStart, frameCount, positionFrame } from '@tc/domain';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { call } from '#src/api/client.ts';
import { onPositionFrame } from '#src/app/live/liveMessages.ts';

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

  /** Takes the driver's position `i` of a `positions` frame of `n` when it is newer (NaN stays NaN). */
  take(frame: Float64Array, n: number, i: number): void {
    const time = frame[columnStart('time', n) + i] as number;
    const v = this.values;
    if (time <= (v[4] as number)) return;
    v[0] = frame[columnStart('lat', n) + i] as number;
    v[1] = frame[columnStart('lon', n) + i] as number;
    v[2] = frame[columnStart('heading', n) + i] as number;
    v[3] = frame[columnStart('speed', n) + i] as number;
    v[4] = time;
  }
}

/**
 * Keeps each position of a `positions` frame as its driver's, when newer than the one kept (of
 * `site` only, unless null): read from the frame into each driver's own object, nothing of the
 * frame lives on.
 */
export function keepFrame(positions: Map<number, KeptPosition>, frame: Float64Array, site: number | null): void {
  const n = frameCount(frame);
  const drivers = columnStart('driver', n);
  const units = columnStart('unit', n);
  for (let i = 0; i < n; i++) {
    if (site !== null && frame[units + i] !== site) continue;
    const driver = frame[drivers + i] as number;
    let known = positions.get(driver);
    if (!known) {
      known = new KeptPosition(driver);
      positions.set(driver, known);
    }
    known.take(frame, n, i);
  }
}

/** The positions of a live map: read with `positions`, watched with `subscribe` (a new `version` each redraw). */
export interface PositionStore {
  positions: Map<number, KeptPosition>;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

/**
 * The last position of every driver of `site` the caller may see: read once, then kept by the
 * `positions` frames of /socket (docs/live.md). Its listeners are told at most every REDRAW_MS
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
    keepFrame(store.positions, positionFrame(initial.data.data), null);
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
    const stop = onPositionFrame((data) => {
      keepFrame(store.positions, data, site);
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
