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

/** One rider's stop of a trip: its pick-up or its drop-off, at the plan's time (null: no plan). */
export interface TripStop {
  kind: 'pickup' | 'dropoff';
  job: number;
  at: string | null;
}

/**
 * A trip's stops in the order it drives them, one per rider and stop: the plan's, else (a trip
 * without a plan) every rider's pick-up, then every drop-off, in `riders` order.
 */
export function tripStops(plan: readonly PlanStop[], riders: readonly number[]): TripStop[] {
  if (plan.length)
    return plan.flatMap((s) =>
      s.jobs.map((job) => ({ kind: s.kind === 'dropoff' ? ('dropoff' as const) : ('pickup' as const), job, at: s.at })),
    );
  return [
    ...riders.map((job) => ({ kind: 'pickup' as const, job, at: null })),
    ...riders.map((job) => ({ kind: 'dropoff' as const, job, at: null })),
  ];
}

/** Where a rider's stop is: its reservation's `from` for the pick-up, `to` for the drop-off. */
export function stopPlace(kind: TripStop['kind'], job: Record<string, unknown> | undefined): unknown {
  return kind === 'dropoff' ? job?.to : job?.from;
}

/**
 * The stops still to make, in trip order (`tripStops`): a pick-up while its rider waits (routed),
 * a drop-off while its rider waits or rides (routed or picked).
 */
export function stopsLeft(plan: readonly PlanStop[], riders: ReadonlyMap<number, string>): TripStop[] {
  return tripStops(plan, [...riders.keys()]).filter((s) => {
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
