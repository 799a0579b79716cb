import type { Problem } from './problem.ts';

/** Margin the solver keeps under every limit so that its solutions pass the verifier's looser check. */
export const TOL = 1e-9;

// Work buffers reused across calls: this runs in the innermost loop of the search.
let cap = 0;
let A = new Float64Array(0);
let B = new Float64Array(0);
let W = new Float64Array(0);
let E = new Float64Array(0);
let Lw = new Float64Array(0);
let S = new Float64Array(0);
let Tn = new Float64Array(0);
let Lr = new Float64Array(0);
let pickupPos = new Int32Array(0);
let posOf = new Int32Array(0);
// posOf[node] is valid only when seen[node] equals the current call's epoch.
let seen = new Int32Array(0);
let epoch = 0;

function ensure(m: number, nodes: number): void {
  if (m > cap) {
    cap = Math.max(m, 2 * cap);
    A = new Float64Array(cap);
    B = new Float64Array(cap);
    W = new Float64Array(cap);
    E = new Float64Array(cap);
    Lw = new Float64Array(cap);
    S = new Float64Array(cap);
    Tn = new Float64Array(cap);
    Lr = new Float64Array(cap);
    pickupPos = new Int32Array(cap);
  }
  if (posOf.length < nodes) {
    posOf = new Int32Array(nodes);
    seen = new Int32Array(nodes);
  }
}

/**
 * Finds service start times for a fixed stop sequence (depots included) that meet time windows,
 * ride-time limits and the route duration, or returns null. This is Cordeau & Laporte's (2003)
 * eight-step procedure: earliest schedule, delay the departure by the forward slack to cut waiting,
 * then delay each pickup by its forward slack to shorten the rides that follow. It is exact for
 * time windows and sound (never accepts an infeasible route), though it may miss a rare feasible one.
 * The returned array is a shared buffer: copy it to keep it.
 */
export function scheduleRoute(p: Problem, v: number, seq: readonly number[]): Float64Array | null {
  return scheduleFrom(p, seq, Number.NaN, p.maxDuration[v] ?? Number.POSITIVE_INFINITY);
}

/**
 * Schedules a stretch of a route that starts with the vehicle empty: its first stop is already
 * served and the vehicle may leave it at `departure` or later (no duration limit applies here).
 */
export function scheduleStretch(p: Problem, seq: readonly number[], departure: number): Float64Array | null {
  return scheduleFrom(p, seq, departure, Number.POSITIVE_INFINITY);
}

function scheduleFrom(p: Problem, seq: readonly number[], departure: number, T: number): Float64Array | null {
  const m = seq.length;
  const N = p.nodeCount;
  const n = p.requests;
  ensure(m, N);
  epoch = (epoch + 1) | 0;
  for (let k = 0; k < m; k++) {
    const node = seq[k] ?? 0;
    E[k] = p.early[node] ?? 0;
    Lw[k] = p.late[node] ?? 0;
    S[k] = p.service[node] ?? 0;
    Tn[k] = k + 1 < m ? (p.time[node * N + (seq[k + 1] ?? 0)] ?? 0) : 0;
    posOf[node] = k;
    seen[node] = epoch;
    pickupPos[k] = -1;
    Lr[k] = Number.POSITIVE_INFINITY;
    if (node >= n && node < 2 * n && seen[node - n] === epoch) {
      pickupPos[k] = posOf[node - n] ?? -1;
      Lr[k] = p.maxRide[node - n] ?? Number.POSITIVE_INFINITY;
    }
  }
  if (!Number.isNaN(departure)) {
    E[0] = departure;
    Lw[0] = Number.POSITIVE_INFINITY;
    S[0] = 0;
  }
  const last = m - 1;
  const upTo = Number.isNaN(departure) ? m - 1 : m;

  B[0] = E[0] ?? 0;
  A[0] = B[0] ?? 0;
  W[0] = 0;
  forward(1, m);
  for (let k = 0; k < m; k++) if ((B[k] ?? 0) > (Lw[k] ?? 0) + TOL) return null;
  B[0] = (E[0] ?? 0) + Math.min(slack(0, m, T), waitsAfter(0, upTo));
  if ((B[0] ?? 0) > (Lw[0] ?? 0) + TOL) return null;
  forward(1, m);
  if (ridesOk(m) && (B[last] ?? 0) - (B[0] ?? 0) <= T + TOL) return windowsOk(m) ? B : null;
  for (let j = 1; j < last; j++) {
    if ((seq[j] ?? 0) >= n) continue; // only pickups are delayed
    const delay = Math.min(slack(j, m, T), waitsAfter(j, upTo));
    if (delay <= 0) continue;
    W[j] = (W[j] ?? 0) + delay;
    B[j] = (A[j] ?? 0) + (W[j] ?? 0);
    forward(j + 1, m);
    if (ridesOk(m) && (B[last] ?? 0) - (B[0] ?? 0) <= T + TOL) return windowsOk(m) ? B : null;
  }
  return null;
}

function forward(k0: number, m: number): void {
  for (let k = k0; k < m; k++) {
    const a = (B[k - 1] ?? 0) + (S[k - 1] ?? 0) + (Tn[k - 1] ?? 0);
    const e = E[k] ?? 0;
    A[k] = a;
    B[k] = Math.max(a, e);
    W[k] = (B[k] ?? 0) - a;
  }
}

function windowsOk(m: number): boolean {
  for (let k = 0; k < m; k++) if ((B[k] ?? 0) > (Lw[k] ?? 0) + TOL) return false;
  return true;
}

function ridesOk(m: number): boolean {
  for (let k = 0; k < m; k++) {
    const pk = pickupPos[k] ?? -1;
    if (pk >= 0 && (B[k] ?? 0) - (B[pk] ?? 0) - (S[pk] ?? 0) > (Lr[k] ?? 0) + TOL) return false;
  }
  return true;
}

/** Waiting after position i; a whole route leaves out the end depot, a stretch counts its last stop. */
function waitsAfter(i: number, upTo: number): number {
  let w = 0;
  for (let k = i + 1; k < upTo; k++) w += W[k] ?? 0;
  return w;
}

/** Forward slack of position i: how much later its service can start without breaking anything after it. */
function slack(i: number, m: number, T: number): number {
  let waits = 0;
  let f = Number.POSITIVE_INFINITY;
  for (let j = i; j < m; j++) {
    if (j > i) waits += W[j] ?? 0;
    let room = (Lw[j] ?? 0) - (B[j] ?? 0);
    const pk = pickupPos[j] ?? -1;
    if (pk >= 0 && pk < i) {
      const r = (Lr[j] ?? 0) - ((B[j] ?? 0) - (B[pk] ?? 0) - (S[pk] ?? 0));
      if (r < room) room = r;
    }
    if (j === m - 1 && i > 0) {
      const r = T - ((B[m - 1] ?? 0) - (B[0] ?? 0));
      if (r < room) room = r;
    }
    const c = waits + Math.max(room, 0);
    if (c < f) f = c;
  }
  return f;
}
