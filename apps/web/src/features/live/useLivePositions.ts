import { useQuery } from '@tanstack/react-query';
import type { LivePosition } from '@tc/domain';
import { useEffect, useRef, useState } from 'react';
import { call } from '#src/api/client.ts';
import { onLiveMessage } from '#src/app/live/liveMessages.ts';

/**
 * The last position of every driver of `site` the caller may see: read once, then kept by the
 * `positions` messages of /socket (docs/live.md). `version` changes at most once a frame, when
 * positions came: a page redraws from `positions` then.
 */
export function useLivePositions(site: number | null) {
  const positions = useRef(new Map<number, LivePosition>());
  const [version, setVersion] = useState(0);
  const initial = useQuery({
    queryKey: ['livepositions', site],
    queryFn: () => call('livepositions', site === null ? {} : { unit: site }),
  });
  useEffect(() => {
    if (!initial.data) return;
    const map = new Map<number, LivePosition>();
    for (const p of initial.data.data) map.set(p.driver, p);
    positions.current = map;
    setVersion((v) => v + 1);
  }, [initial.data]);
  useEffect(() => {
    let frame = 0;
    const stop = onLiveMessage((m) => {
      if (m.type !== 'positions' || !Array.isArray(m.data)) return;
      for (const p of m.data as LivePosition[]) {
        if (site !== null && p.unit !== site) continue;
        const known = positions.current.get(p.driver);
        if (!known || known.time < p.time) positions.current.set(p.driver, p);
      }
      if (!frame)
        frame = requestAnimationFrame(() => {
          frame = 0;
          setVersion((v) => v + 1);
        });
    });
    return () => {
      stop();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [site]);
  return { positions: positions.current, version, error: initial.error };
}
