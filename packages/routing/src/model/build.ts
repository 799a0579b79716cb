import type { Problem } from '../problem.ts';
import type { LatLng, TravelMatrix } from '../travel/types.ts';
import { type Piece, shiftPieces } from './pieces.ts';
import { DEFAULTS, ROUTING_TYPES } from './presets.ts';
import type { JoinOption, PlanInput, PlanWeights, UnassignedReason } from './types.ts';
import { buildUnits, type Unit } from './units.ts';

/** Capacity dimensions of the operator model. */
export const SEATS = 0;
export const WHEELCHAIRS = 1;
/** Requests on board: capacity 1 under "no join", so each trip carries one request. */
export const ON_BOARD = 2;
const DIMS = 3;

export interface PlanModel {
  problem: Problem;
  units: Unit[];
  pieces: Piece[];
  refused: { requestId: string; reason: UnassignedReason }[];
  join: JoinOption;
  weights: PlanWeights;
  /** Epoch ms of minute 0 of the problem. */
  origin: number;
  /** The points the matrix covers and, per problem node, its index among them. */
  points: LatLng[];
  pointOf: number[];
}

/** The places a travel matrix must cover, deduplicated, in the order buildPlanModel expects. */
export function planPoints(input: PlanInput): LatLng[] {
  return collect(input).points;
}

function collect(input: PlanInput) {
  const settings = input.settings ?? {};
  const { units, refused } = buildUnits(input.requests, settings);
  // a stretch of a shift that no reservation's time falls in, or too short to board and leave, serves
  // nobody: left out, it keeps the problem small (a running day has many short gaps between trips)
  const pieces = input.drivers
    .flatMap((d, k) => shiftPieces(d, k))
    .filter((pc) => units.length === 0 || units.some((u) => mayServe(u, pc)));
  const places: LatLng[] = [
    ...units.map((u) => u.from),
    ...units.map((u) => u.to),
    ...pieces.flatMap((p) => [p.from, p.to]),
  ];
  const index = new Map<string, number>();
  const points: LatLng[] = [];
  const pointOf = places.map((pl) => {
    const key = `${pl.lat.toFixed(6)},${pl.lng.toFixed(6)}`;
    let k = index.get(key);
    if (k === undefined) {
      k = points.length;
      index.set(key, k);
      points.push({ lat: pl.lat, lng: pl.lng });
    }
    return k;
  });
  return { units, refused, pieces, points, pointOf };
}

/** Whether the unit's windowed stop may fall in the stretch, with time to board and leave. */
function mayServe(u: Unit, pc: Piece): boolean {
  return (
    u.windowStart <= pc.end &&
    u.windowEnd >= pc.start &&
    pc.end - pc.start >= (u.pickupMinutes + u.dropoffMinutes) * 60_000
  );
}

const subset = (need: readonly string[], have: ReadonlySet<string>) => need.every((x) => have.has(x));

/** Whether a piece's vehicle and driver can carry a unit at all (before any timing). */
export function compatibility(u: Unit, piece: Piece): UnassignedReason | null {
  const d = piece.driver;
  const v = d.vehicle;
  if (u.wheelchairs > (v.wheelchairPlaces ?? 0)) return 'NO_WHEELCHAIR_VEHICLE';
  if (u.seats > v.pax) return 'NO_VEHICLE_LARGE_ENOUGH';
  const offers = piece.offers;
  if (u.service && !offers.services.has(u.service)) return 'NO_SERVICE';
  if (!subset(u.attributes, offers.attributes)) return 'NO_ATTRIBUTES';
  if ((d.perAreaMatch ?? 0) === DEFAULTS.onlyInsideAreas && !insideAreas(u, offers.areas)) return 'NO_DRIVER_IN_AREAS';
  return null;
}

/** Both places of the unit lie in the driver's areas (a place in no area is not inside). */
function insideAreas(u: Unit, areas: ReadonlySet<string>): boolean {
  return !u.outside && u.areas.length > 0 && subset(u.areas, areas);
}

/** Translates the operator model into the solver's problem (minutes from `origin`, km). */
export function buildPlanModel(input: PlanInput, matrix: TravelMatrix): PlanModel {
  const settings = input.settings ?? {};
  const preset = ROUTING_TYPES[settings.routingType ?? DEFAULTS.routingType];
  const weights: PlanWeights = { ...preset.weights, ...settings.weights };
  const join = settings.join ?? preset.join;
  const { units, refused, pieces, points, pointOf } = collect(input);
  if (matrix.minutes.length !== points.length) {
    throw new Error(`the travel matrix covers ${matrix.minutes.length} points, the plan needs ${points.length}`);
  }
  const n = units.length;
  const K = pieces.length;
  const N = 2 * n + 2 * K;
  const origin = Math.min(...units.map((u) => u.windowStart), ...pieces.map((p) => p.start), Number.POSITIVE_INFINITY);
  const minutes = (ms: number) => (ms - origin) / 60_000;
  const dist = new Float64Array(N * N);
  const time = new Float64Array(N * N);
  const of = Int32Array.from(pointOf);
  const leg = (a: number, b: number) => {
    const pa = of[a] ?? 0;
    const pb = of[b] ?? 0;
    dist[a * N + b] = matrix.km[pa]?.[pb] ?? Number.POSITIVE_INFINITY;
    time[a * N + b] = matrix.minutes[pa]?.[pb] ?? Number.POSITIVE_INFINITY;
  };
  // Every leg a route may drive: to and from the stops, and a stretch's own start to its end. The
  // legs between two stretches' ends are never driven and stay 0 (most of the matrix on a running
  // day, whose shifts are cut into many stretches).
  for (let a = 0; a < N; a++) for (let b = 0; b < (a < 2 * n ? N : 2 * n); b++) leg(a, b);
  for (let v = 0; v < K; v++) {
    const start = 2 * n + 2 * v;
    leg(start, start + 1);
    leg(start + 1, start);
    leg(start, start);
    leg(start + 1, start + 1);
  }
  const horizon =
    Math.max(0, ...pieces.map((p) => minutes(p.end)), ...units.map((u) => minutes(u.windowEnd))) + 24 * 60;
  const early = new Float64Array(N);
  const late = new Float64Array(N).fill(horizon);
  const service = new Float64Array(N);
  const load = new Int32Array(N * DIMS);
  const maxRide = new Float64Array(n);
  units.forEach((u, r) => {
    const w = u.windowOn === 'pickup' ? r : n + r;
    early[w] = minutes(u.windowStart);
    late[w] = minutes(u.windowEnd);
    service[r] = u.pickupMinutes;
    service[n + r] = u.dropoffMinutes;
    const q = [u.seats, u.wheelchairs, 1];
    for (let d = 0; d < DIMS; d++) {
      load[r * DIMS + d] = q[d] ?? 0;
      load[(n + r) * DIMS + d] = -(q[d] ?? 0);
    }
    const direct = time[r * N + n + r] ?? 0;
    const byRatio =
      u.rideRatio !== undefined ? Math.max(DEFAULTS.minRideLimit, u.rideRatio * direct) : Number.POSITIVE_INFINITY;
    const fixed = u.rideMinutes ?? Number.POSITIVE_INFINITY;
    const capByRatio = preset.ratioCapsRide
      ? Math.max(DEFAULTS.minRideLimit, (DEFAULTS.maxRide.ratio ?? 1.5) * direct)
      : Number.POSITIVE_INFINITY;
    maxRide[r] = Math.min(byRatio, fixed, capByRatio);
  });
  const capacity = new Int32Array(K * DIMS);
  const maxDuration = new Float64Array(K);
  const fixedCost = new Float64Array(K);
  const maxFirstLeg = new Float64Array(K).fill(Number.POSITIVE_INFINITY);
  const vehicleKind = new Int32Array(K);
  const kinds = new Map<string, number>();
  const topPriority = Math.max(0, ...input.drivers.map((d) => d.assignPriority ?? 0));
  pieces.forEach((pc, v) => {
    const d = pc.driver;
    for (const node of [2 * n + 2 * v, 2 * n + 2 * v + 1]) {
      early[node] = minutes(pc.start);
      late[node] = minutes(pc.end);
    }
    capacity[v * DIMS + SEATS] = d.vehicle.pax;
    capacity[v * DIMS + WHEELCHAIRS] = d.vehicle.wheelchairPlaces ?? 0;
    capacity[v * DIMS + ON_BOARD] = join === 'noJoin' ? 1 : 1_000_000;
    maxDuration[v] = Math.min(
      d.maxRouteMinutes ?? Number.POSITIVE_INFINITY,
      (d.maxShiftHours ?? Number.POSITIVE_INFINITY) * 60,
    );
    // Higher assign priority makes a driver cheaper to use; a shift cut by breaks shares one vehicle cost.
    fixedCost[v] = (1 + 0.1 * (topPriority - (d.assignPriority ?? 0))) / pc.of;
    if (pc.first && d.firstTripDistanceKm !== undefined) maxFirstLeg[v] = d.firstTripDistanceKm;
    const key = JSON.stringify([
      pointOf[2 * n + 2 * v],
      pointOf[2 * n + 2 * v + 1],
      pc.start,
      pc.end,
      d.vehicle,
      d.services,
      d.attributes,
      d.areas,
      d.perAreaMatch,
      d.assignPriority,
      d.maxShiftHours,
      d.maxRouteMinutes,
      maxFirstLeg[v],
    ]);
    if (!kinds.has(key)) kinds.set(key, kinds.size);
    vehicleKind[v] = kinds.get(key) ?? 0;
  });
  const compat = new Uint8Array(K * n);
  const reward = new Float64Array(K * n);
  pieces.forEach((pc, v) => {
    const score = pc.driver.perAreaMatch ?? 0;
    units.forEach((u, r) => {
      // a stretch whose time the unit's window misses is not tried (the search skips it at once)
      compat[v * n + r] = mayServe(u, pc) && compatibility(u, pc) === null ? 1 : 0;
      if (score > 0 && score < DEFAULTS.onlyInsideAreas && insideAreas(u, pc.offers.areas))
        reward[v * n + r] = score * weights.areaMatch;
    });
  });
  const problem: Problem = {
    name: 'plan',
    requests: n,
    vehicleCount: K,
    nodeCount: N,
    dist,
    time,
    early,
    late,
    service,
    dims: DIMS,
    load,
    capacity,
    maxRide,
    maxDuration,
    maxFirstLeg: pieces.some((pc) => pc.first && pc.driver.firstTripDistanceKm !== undefined) ? maxFirstLeg : null,
    fixedCost,
    vehicleKind,
    compat,
    reward: reward.some((x) => x > 0) ? reward : null,
    weights: {
      vehicle: weights.vehicle,
      distance: weights.km,
      time: weights.driveMinutes,
      rideTime: weights.rideMinutes,
      unassigned: weights.unassigned,
    },
    minimiseVehicles: preset.minimiseVehicles,
  };
  return { problem, units, pieces, refused, join, weights, origin, points, pointOf };
}
