import { euclideanMatrix, type ObjectiveWeights, type Problem } from '../problem.ts';

export interface TinyRequest {
  from: [number, number];
  to: [number, number];
  /** Pickup window; the drop-off window is open unless dropWindow is given. */
  window?: [number, number];
  dropWindow?: [number, number];
  load?: number[];
  service?: number;
  maxRide?: number;
}

export interface TinyVehicle {
  at?: [number, number];
  capacity?: number[];
  window?: [number, number];
  maxDuration?: number;
  fixedCost?: number;
  maxFirstLeg?: number;
}

/** A small planar problem (Euclidean distance = time) for unit tests. */
export function tinyProblem(
  requests: TinyRequest[],
  vehicles: TinyVehicle[],
  opts: { weights?: Partial<ObjectiveWeights>; compat?: number[][]; minimiseVehicles?: boolean } = {},
): Problem {
  const n = requests.length;
  const K = vehicles.length;
  const dims = requests[0]?.load?.length ?? vehicles[0]?.capacity?.length ?? 1;
  const pts: [number, number][] = [
    ...requests.map((r) => r.from),
    ...requests.map((r) => r.to),
    ...vehicles.flatMap((v) => [v.at ?? [0, 0], v.at ?? [0, 0]] as [number, number][]),
  ];
  const m = euclideanMatrix(
    pts.map((p) => p[0]),
    pts.map((p) => p[1]),
  );
  const early = new Float64Array(pts.length);
  const late = new Float64Array(pts.length).fill(1e6);
  const service = new Float64Array(pts.length);
  const load = new Int32Array(pts.length * dims);
  requests.forEach((r, i) => {
    early[i] = r.window?.[0] ?? 0;
    late[i] = r.window?.[1] ?? 1e6;
    early[n + i] = r.dropWindow?.[0] ?? 0;
    late[n + i] = r.dropWindow?.[1] ?? 1e6;
    service[i] = r.service ?? 0;
    service[n + i] = r.service ?? 0;
    for (let d = 0; d < dims; d++) {
      const q = r.load?.[d] ?? (d === 0 ? 1 : 0);
      load[i * dims + d] = q;
      load[(n + i) * dims + d] = -q;
    }
  });
  vehicles.forEach((v, k) => {
    for (const node of [2 * n + 2 * k, 2 * n + 2 * k + 1]) {
      early[node] = v.window?.[0] ?? 0;
      late[node] = v.window?.[1] ?? 1e6;
    }
  });
  const capacity = new Int32Array(K * dims);
  vehicles.forEach((v, k) => {
    for (let d = 0; d < dims; d++) capacity[k * dims + d] = v.capacity?.[d] ?? 10;
  });
  let compat: Uint8Array | null = null;
  if (opts.compat) {
    const c = new Uint8Array(K * n);
    opts.compat.forEach((row, k) => {
      row.forEach((x, r) => {
        c[k * n + r] = x;
      });
    });
    compat = c;
  }
  return {
    name: 'tiny',
    requests: n,
    vehicleCount: K,
    nodeCount: pts.length,
    dist: m,
    time: m,
    early,
    late,
    service,
    dims,
    load,
    capacity,
    maxRide: Float64Array.from(requests, (r) => r.maxRide ?? Number.POSITIVE_INFINITY),
    maxDuration: Float64Array.from(vehicles, (v) => v.maxDuration ?? Number.POSITIVE_INFINITY),
    maxFirstLeg: vehicles.some((v) => v.maxFirstLeg !== undefined)
      ? Float64Array.from(vehicles, (v) => v.maxFirstLeg ?? Number.POSITIVE_INFINITY)
      : null,
    fixedCost: Float64Array.from(vehicles, (v) => v.fixedCost ?? 1),
    vehicleKind: Int32Array.from(vehicles, (_, k) => k),
    compat,
    reward: null,
    weights: { vehicle: 0, distance: 1, time: 0, rideTime: 0, unassigned: 1e6, ...opts.weights },
    minimiseVehicles: opts.minimiseVehicles ?? false,
  };
}
