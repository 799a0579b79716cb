import {
  DEFAULT_ROUTE_RULES,
  epochOf,
  etasOf,
  type LivePosition,
  localDateTime,
  MODULES,
  type PlanStop,
  placePoint,
  type StoredDoc,
  stopPlace,
  stopsLeft,
  type TripLive,
} from '@tc/domain';
import type { LatLng } from '@tc/routing';
import type { Services } from '../../protocol/act.ts';
import type { Scope } from '../../store/collection.store.ts';
import { positionOf } from '../../store/positions.store.ts';
import { zoneOf } from '../jobs/booking.ts';
import { routeServerOf, travelTimes } from '../trips/travel.ts';

/**
 * A trip as it runs (docs/live.md): the vehicle's last position, the stops left with their planned
 * times and (with the predictive ETA add-on, 560) their ETAs from that position by the site's travel
 * times, late ones flagged (unless `withEta` is false); with `withRoute`, the way ahead (the map route server's /route/v1, else
 * straight legs: `estimated`). Read by the live map and the trip page (`triplive`), the driver app
 * (`driverday`), the live map's routes (`liveroutes`) and the late sweep (live/lateSweep.ts).
 */
export async function tripLiveOf(
  services: Services,
  trip: StoredDoc,
  scope: Scope,
  withRoute: boolean,
  withEta = true,
): Promise<TripLive> {
  const unit = trip.unit as number;
  const ids = (trip.stops as number[] | undefined) ?? [];
  const { data: riders } = ids.length
    ? await services.store.find('jobs', { query: { _id: { $in: ids } }, limit: 1000 }, scope)
    : { data: [] as StoredDoc[] };
  const byId = new Map(riders.map((j) => [j._id, j]));
  const plan = (trip.plan as PlanStop[] | undefined) ?? [];
  const left = stopsLeft(plan, new Map(riders.map((j) => [j._id, String(j.status ?? '')]))).flatMap((s) => {
    const job = byId.get(s.job);
    const at = placePoint(stopPlace(s.kind, job));
    return job && at ? [{ ...s, job, point: { lat: at.lat, lng: at.lon } as LatLng }] : [];
  });
  const position: LivePosition | undefined =
    typeof trip.driver === 'number' ? await positionOf(services.db, trip.driver) : undefined;
  const zone = await zoneOf(services, unit, services.db);
  const start = position ? { lat: position.lat, lng: position.lon } : left[0]?.point;
  const points = start ? [start, ...left.map((s) => s.point)] : [];
  const travel = await travelTimes(services, unit);
  const etaOn = withEta && (await services.addOns.active(unit, MODULES.predictiveEta.code));
  const route = withRoute && points.length > 1 ? await travel.route(points) : undefined;
  let etas: ({ eta: number; late: boolean } | undefined)[] = [];
  if (etaOn && points.length > 1) {
    const m = await travel.matrix(points);
    const legs = left.map((_, k) => m.minutes[k]?.[k + 1] ?? 0);
    const late = Number((trip.rules as { late?: unknown } | undefined)?.late ?? DEFAULT_ROUTE_RULES.late);
    const deadline = (at: string | null, job: StoredDoc) => epochOf(zone, String(at ?? job.date ?? '')) + late * 60_000;
    etas = etasOf(
      Math.max(position?.time ?? 0, Date.now()),
      legs,
      left.map((s) => ({
        kind: s.kind,
        job: s.job._id,
        deadline: deadline(s.kind === 'pickup' ? String(s.job.date) : s.at, s.job),
      })),
    );
  }
  return {
    position: position ?? null,
    eta: etaOn,
    stops: left.map((s, k) => ({
      kind: s.kind,
      job: s.job._id,
      name: `${String(s.job.firstName ?? '')} ${String(s.job.lastName ?? '')}`.trim(),
      address: String(
        ((s.kind === 'pickup' ? s.job.from : s.job.to) as { address?: unknown } | undefined)?.address ?? '',
      ),
      at: s.at,
      eta: etas[k] ? localDateTime(zone, etas[k].eta) : null,
      late: etas[k]?.late ?? false,
    })),
    route: route
      ? {
          coordinates: route.coordinates,
          estimated: route.estimated,
          server: (await routeServerOf(services, unit)) !== undefined,
        }
      : null,
  };
}
