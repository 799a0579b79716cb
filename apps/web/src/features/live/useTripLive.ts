import { useQuery } from '@tanstack/react-query';
import type { StoredDoc } from '@tc/domain';
import { call } from '#src/api/client.ts';

/** How often a trip's ETAs are read again while it is shown (the vehicle moves meanwhile). */
const LIVE_REFRESH_MS = 15_000;

/**
 * A running trip's position, stops left, ETAs and way ahead (act `triplive`), read again every
 * LIVE_REFRESH_MS and whenever the trip changes; nothing is asked while `enabled` is false.
 */
export function useTripLive(trip: StoredDoc | undefined, enabled = true) {
  return useQuery({
    enabled: enabled && !!trip,
    queryKey: ['triplive', trip?._id, trip?._version],
    queryFn: () => call('triplive', { trip: trip?._id as number }),
    refetchInterval: LIVE_REFRESH_MS,
  });
}
