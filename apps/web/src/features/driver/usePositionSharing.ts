import { useEffect, useRef, useState } from 'react';
import { call } from '#src/api/client.ts';

/** A position goes to the server at most this often (the server keeps one per 0.5 s, consoles see one a second). */
const SEND_EVERY_MS = 2_000;

export type SharingState = 'off' | 'on' | 'denied' | 'unavailable';

/**
 * While `active` (the driver is not offline), watches the phone's position (the browser's
 * Geolocation API) and sends it with `driverposition`, with the running trip, at most every 2 s:
 * a position that comes sooner is sent when the 2 s are up (the latest one only). A position that
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
    // the latest position waits for the end of the 2-second window when one came too soon: a phone
    // that moves and then stands still still tells where it stopped
    let pending: GeolocationPosition | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = (p: GeolocationPosition) => {
      const now = Date.now();
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
    };
    const watch = navigator.geolocation.watchPosition(
      (p) => {
        setState('on');
        const wait = SEND_EVERY_MS - (Date.now() - lastSent.current);
        if (wait <= 0) return send(p);
        pending = p;
        timer ??= setTimeout(() => {
          timer = undefined;
          if (pending) send(pending);
          pending = undefined;
        }, wait);
      },
      (err) => setState(err.code === err.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      if (timer) clearTimeout(timer);
    };
  }, [active, token]);
  return state;
}
