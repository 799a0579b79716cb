import { useEffect, useRef, useState } from 'react';
import { call } from '#src/api/client.ts';

/** A position goes to the server at most this often (the server keeps one per 0.5 s, consoles see one a second). */
const SEND_EVERY_MS = 2_000;

export type SharingState = 'off' | 'on' | 'denied' | 'unavailable';

/**
 * While `active` (the driver is not offline), watches the phone's position (the browser's
 * Geolocation API) and sends it with `driverposition`, with the running trip. A position that
 * cannot be sent (no network) is not kept: the next one replaces it.
 */
export function usePositionSharing(token: string, active: boolean, trip: number | null): SharingState {
  const [state, setState] = useState<SharingState>('off');
  const lastSent = useRef(0);
  const tripRef = useRef(trip);
  tripRef.current = trip;
  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    if (!('geolocation' in navigator)) {
      setState('unavailable');
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        setState('on');
        const now = Date.now();
        if (now - lastSent.current < SEND_EVERY_MS) return;
        lastSent.current = now;
        const { latitude, longitude, heading, speed, accuracy } = p.coords;
        void call('driverposition', {
          token,
          lat: latitude,
          lon: longitude,
          heading: heading === null || Number.isNaN(heading) ? null : heading,
          speed: speed === null || Number.isNaN(speed) ? null : speed,
          accuracy: Math.min(accuracy, 100_000),
          time: Math.min(Math.round(p.timestamp), now),
          trip: tripRef.current,
        }).catch(() => undefined);
      },
      (err) => setState(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [active, token]);
  return state;
}
