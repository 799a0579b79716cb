import { useQuery } from '@tanstack/react-query';
import type { LivePosition } from '@tc/domain';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { call } from '#src/api/client.ts';
import { onLiveMessage } from '#src/app/live/liveMessages.ts';

/** The map redraws at most this often: positions come at most once a second per driver anyway. */
const REDRAW_MS = 1000;

/** The positions of a live map: read with `positions`, watched with `subscribe` (a new `version` each redraw). */
export interface PositionStore {
  positions: Map<number, LivePosition>;
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
    for (const p of initial.data.data) store.positions.set(p.driver, p);
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
      if (m.type !== 'positions' || !Array.isArray(m.data)) return;
      for (const p of m.data as LivePosition[]) {
        if (site !== null && p.unit !== site) continue;
        const known = store.positions.get(p.driver);
        // kept by copying into the driver's object: the message's objects die young, the heap stays flat
        if (!known) store.positions.set(p.driver, p);
        else if (known.time < p.time) Object.assign(known, p);
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
