import { greatCircleKm } from '../travel/estimator.ts';
import { DEFAULTS } from './presets.ts';
import type { Place, PlanSettings, RoutingRequest, UnassignedReason } from './types.ts';

/** What the solver routes: one request, or a forced group merged into one pickup and one drop-off. */
export interface Unit {
  requestIds: string[];
  from: Place;
  to: Place;
  /** Window (epoch ms) on the pickup or on the drop-off. */
  windowOn: 'pickup' | 'dropoff';
  windowStart: number;
  windowEnd: number;
  pickupMinutes: number;
  dropoffMinutes: number;
  seats: number;
  wheelchairs: number;
  attributes: string[];
  service?: string;
  /** Fixed ride limit (minutes) and ratio of the direct drive time, whichever apply. */
  rideMinutes?: number;
  rideRatio?: number;
  areas: string[];
  /** A place of the unit lies in no area at all (its `areas` given and empty): never wholly inside areas. */
  outside: boolean;
}

/** Members of a forced group must share pickup and drop-off within this distance (km). */
const SAME_PLACE_KM = 0.05;

export function seatsOf(r: RoutingRequest): number {
  return r.seats ?? (r.adults !== undefined || r.infants !== undefined ? (r.adults ?? 0) + (r.infants ?? 0) : 1);
}

function unitOf(r: RoutingRequest, s: PlanSettings): Unit {
  const early = r.pickGapEarly ?? s.pickGapEarly ?? DEFAULTS.pickGapEarly;
  const late = r.pickGapLate ?? s.pickGapLate ?? DEFAULTS.pickGapLate;
  const ride = r.maxRide ?? s.maxRide ?? DEFAULTS.maxRide;
  const pickupMinutes = r.pickupMinutes ?? s.pickupMinutes ?? DEFAULTS.pickupMinutes;
  const dropoffMinutes = r.dropoffMinutes ?? s.dropoffMinutes ?? DEFAULTS.dropoffMinutes;
  // the solver's bisections rely on times that only grow along a route (insertion.ts)
  if (!(pickupMinutes >= 0 && dropoffMinutes >= 0))
    throw new RangeError(`request ${r.id}: pickupMinutes and dropoffMinutes must not be negative`);
  return {
    requestIds: [r.id],
    from: r.from,
    to: r.to,
    windowOn: r.timing ?? 'pickup',
    windowStart: r.scheduleAt - early * 60_000,
    windowEnd: r.scheduleAt + late * 60_000,
    pickupMinutes,
    dropoffMinutes,
    seats: seatsOf(r),
    wheelchairs: r.wheelchair ? 1 : 0,
    attributes: [...new Set(r.attributes ?? [])],
    service: r.service,
    rideMinutes: 'minutes' in ride ? ride.minutes : undefined,
    rideRatio: 'ratio' in ride ? ride.ratio : undefined,
    areas: [...new Set([...(r.from.areas ?? []), ...(r.to.areas ?? [])])],
    outside: r.from.areas?.length === 0 || r.to.areas?.length === 0,
  };
}

/** Merges a forced group, or says why it cannot ride together. */
function mergeGroup(members: Unit[]): Unit | null {
  const [first, ...rest] = members;
  if (!first) return null;
  const merged: Unit = {
    ...first,
    requestIds: [...first.requestIds],
    attributes: [...first.attributes],
    areas: [...first.areas],
  };
  for (const u of rest) {
    if (greatCircleKm(u.from, first.from) > SAME_PLACE_KM || greatCircleKm(u.to, first.to) > SAME_PLACE_KM) return null;
    if (u.windowOn !== first.windowOn) return null;
    if (u.service && merged.service && u.service !== merged.service) return null;
    merged.requestIds.push(...u.requestIds);
    merged.windowStart = Math.max(merged.windowStart, u.windowStart);
    merged.windowEnd = Math.min(merged.windowEnd, u.windowEnd);
    merged.pickupMinutes = Math.max(merged.pickupMinutes, u.pickupMinutes);
    merged.dropoffMinutes = Math.max(merged.dropoffMinutes, u.dropoffMinutes);
    merged.seats += u.seats;
    merged.wheelchairs += u.wheelchairs;
    merged.attributes = [...new Set([...merged.attributes, ...u.attributes])];
    merged.areas = [...new Set([...merged.areas, ...u.areas])];
    merged.outside ||= u.outside;
    merged.service = merged.service ?? u.service;
    merged.rideMinutes = minDefined(merged.rideMinutes, u.rideMinutes);
    merged.rideRatio = minDefined(merged.rideRatio, u.rideRatio);
  }
  return merged.windowStart <= merged.windowEnd ? merged : null;
}

function minDefined(a?: number, b?: number): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/**
 * Turns requests into units: drops those outside the direction setting and merges forceJoin groups
 * (members must share pickup, drop-off and a common window; otherwise the group is refused).
 */
export function buildUnits(
  requests: RoutingRequest[],
  settings: PlanSettings,
): { units: Unit[]; refused: { requestId: string; reason: UnassignedReason }[] } {
  const direction = settings.direction ?? DEFAULTS.direction;
  const refused: { requestId: string; reason: UnassignedReason }[] = [];
  const kept = requests.filter((r) => {
    const ok =
      direction === 'both' ||
      r.direction === undefined ||
      (direction === 'collect' && r.direction === 'to') ||
      (direction === 'distribute' && r.direction === 'from');
    if (!ok) refused.push({ requestId: r.id, reason: 'DIRECTION_EXCLUDED' });
    return ok;
  });
  const groups = new Map<string, RoutingRequest[]>();
  const units: Unit[] = [];
  for (const r of kept) {
    if (r.forceJoin) {
      const g = groups.get(r.forceJoin) ?? [];
      g.push(r);
      groups.set(r.forceJoin, g);
    } else {
      units.push(unitOf(r, settings));
    }
  }
  for (const g of groups.values()) {
    const merged = mergeGroup(g.map((r) => unitOf(r, settings)));
    if (merged) units.push(merged);
    else for (const r of g) refused.push({ requestId: r.id, reason: 'FORCED_GROUP_SPLIT' });
  }
  return { units, refused };
}
