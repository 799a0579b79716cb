/**
 * Predictive ETA (add-on module 560; docs/live.md): when a vehicle reaches each stop left on its
 * trip, from its last position and the travel time of each leg, and whether that is past the stop's
 * time window. Pure: the server gives the legs' minutes (its travel-time provider).
 */

/** Minutes a stop takes (the riders getting in or out) before the vehicle goes on. */
export const STOP_DWELL_MINUTES = 1;

export interface StopLeft {
  kind: 'pickup' | 'dropoff';
  job: number;
  /** The latest the stop may be reached (epoch ms): past it, the stop is late. */
  deadline: number;
}

export interface StopEta {
  kind: 'pickup' | 'dropoff';
  job: number;
  /** Epoch ms. */
  eta: number;
  late: boolean;
}

/** A plan's stops in order, each a rider's pick-up or drop-off. */
export interface PlanStop {
  kind: string;
  jobs: number[];
  at: string;
}

/**
 * The stops still to make, in plan order: a pick-up while its rider waits (routed), a drop-off
 * while its rider waits or rides (routed or picked); without a plan, pick-ups then drop-offs.
 */
export function stopsLeft(
  plan: readonly PlanStop[],
  riders: ReadonlyMap<number, string>,
): { kind: 'pickup' | 'dropoff'; job: number; at: string | null }[] {
  const stops = plan.length
    ? plan.flatMap((s) => s.jobs.map((job) => ({ kind: s.kind === 'dropoff' ? 'dropoff' : 'pickup', job, at: s.at })))
    : [
        ...[...riders.keys()].map((job) => ({ kind: 'pickup', job, at: null })),
        ...[...riders.keys()].map((job) => ({ kind: 'dropoff', job, at: null })),
      ];
  return (stops as { kind: 'pickup' | 'dropoff'; job: number; at: string | null }[]).filter((s) => {
    const status = riders.get(s.job);
    return s.kind === 'pickup' ? status === 'routed' : status === 'routed' || status === 'picked';
  });
}

/**
 * The arrival at each stop: from `start` (epoch ms, the position's time or now), leg k's minutes
 * to reach stop k, each stop taking STOP_DWELL_MINUTES before the next leg.
 */
export function etasOf(start: number, legMinutes: readonly number[], stops: readonly StopLeft[]): StopEta[] {
  let t = start;
  return stops.map((s, k) => {
    t += (legMinutes[k] ?? 0) * 60_000;
    const eta = t;
    t += STOP_DWELL_MINUTES * 60_000;
    return { kind: s.kind, job: s.job, eta, late: eta > s.deadline };
  });
}
