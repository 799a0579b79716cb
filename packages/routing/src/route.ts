import { endOf, type Problem, startOf } from './problem.ts';
import { scheduleRoute, scheduleStretch } from './schedule.ts';

const TOL = 1e-9;
const SEARCH_STEPS = 2;
/**
 * Caches before the first refresh. Shared, since refresh replaces the arrays and never writes into
 * them: a route is built for every copy a search step makes, and allocating five arrays each time
 * cost a fifth of the search's time at 400 tasks (bench/routing/RESULTS.md).
 */
const NO_TIMES = new Float64Array(0);
const NO_LOADS = new Int32Array(0);

/**
 * One vehicle's route with the caches that make an insertion test O(1) per position pair:
 * earliest start of service (forward), latest start that keeps the rest feasible (backward slack),
 * and the load after each stop.
 */
export class Route {
  seq: number[];
  B: Float64Array = NO_TIMES;
  latest: Float64Array = NO_TIMES;
  loadAfter: Int32Array = NO_LOADS;
  /** Σ arc cost (weighted distance + time) of the route. */
  arcCost = 0;
  /** Whether the route needs the full scheduling check (ride-time or duration limits apply). */
  exact = false;
  /**
   * rideSlack[k] = least spare ride time, measured on the driving path without waits, over the
   * passengers on board between stops k and k+1: a longer detour there breaks someone's ride limit.
   */
  rideSlack: Float64Array = NO_TIMES;
  /** Σ driving and service time along the route, without waits: a lower bound on its duration. */
  pathTime = 0;
  /**
   * pathTo[k] = Σ service and driving time from the first stop to stop k, without waits, and
   * edgeArc[k] = the arc cost from stop k to stop k + 1. A delay d at stop k reaches a later stop x
   * as max(B[x], B[k] + d + pathTo[x] − pathTo[k]), the waits in between absorbing it: with these
   * the insertion test checks a drop-off anywhere after a pickup in O(1). Filled by fillPaths() on
   * first use after a refresh, since only long routes need them.
   */
  pathTo: Float64Array = NO_TIMES;
  edgeArc: Float64Array = NO_TIMES;
  /**
   * stretchOk: every stretch between two moments the vehicle is empty was scheduled on its own from
   * the earliest departure, so the earliest start times B hold at those moments and an insertion
   * only needs its own stretch rescheduled. lastStart[k], at such a moment k, is the latest start of
   * service at k that still lets the rest of the route be served.
   */
  stretchOk = false;
  lastStart: Float64Array = NO_TIMES;
  /** True when the duration limit is tighter than the vehicle's own window, so stretches cannot be checked alone. */
  durationBinding = false;

  constructor(
    readonly v: number,
    seq?: number[],
  ) {
    this.seq = seq ?? [];
  }

  static empty(p: Problem, v: number): Route {
    const r = new Route(v, [startOf(p, v), endOf(p, v)]);
    return r;
  }

  get requestCount(): number {
    return (this.seq.length - 2) / 2;
  }

  get isEmpty(): boolean {
    return this.seq.length <= 2;
  }

  clone(): Route {
    const r = new Route(this.v, this.seq.slice());
    r.B = this.B;
    r.latest = this.latest;
    r.loadAfter = this.loadAfter;
    r.arcCost = this.arcCost;
    r.exact = this.exact;
    r.rideSlack = this.rideSlack;
    r.pathTime = this.pathTime;
    r.pathTo = this.pathTo;
    r.edgeArc = this.edgeArc;
    r.stretchOk = this.stretchOk;
    r.lastStart = this.lastStart;
    r.durationBinding = this.durationBinding;
    return r;
  }

  /** Recomputes the caches; false when the sequence is infeasible. */
  refresh(p: Problem, arc: Float64Array): boolean {
    const seq = this.seq;
    const m = seq.length;
    const N = p.nodeCount;
    const n = p.requests;
    const dims = p.dims;
    const B = new Float64Array(m);
    const latest = new Float64Array(m);
    const loadAfter = new Int32Array(m * dims);
    let ok = true;
    let cost = 0;
    let exact = Number.isFinite(p.maxDuration[this.v] ?? 0);
    const first = seq[0] ?? 0;
    B[0] = p.early[first] ?? 0;
    for (let k = 1; k < m; k++) {
      const a = seq[k - 1] ?? 0;
      const b = seq[k] ?? 0;
      B[k] = Math.max(p.early[b] ?? 0, (B[k - 1] ?? 0) + (p.service[a] ?? 0) + (p.time[a * N + b] ?? 0));
      if ((B[k] ?? 0) > (p.late[b] ?? 0) + TOL) ok = false;
      cost += arc[a * N + b] ?? 0;
      if (b < n && Number.isFinite(p.maxRide[b] ?? 0)) exact = true;
      for (let d = 0; d < dims; d++) {
        const l = (loadAfter[(k - 1) * dims + d] ?? 0) + (p.load[b * dims + d] ?? 0);
        loadAfter[k * dims + d] = l;
        if (l > (p.capacity[this.v * dims + d] ?? 0)) ok = false;
      }
    }
    if (p.maxFirstLeg && m > 2 && (p.dist[first * N + (seq[1] ?? 0)] ?? 0) > (p.maxFirstLeg[this.v] ?? 0) + TOL)
      ok = false;
    latest[m - 1] = p.late[seq[m - 1] ?? 0] ?? 0;
    for (let k = m - 2; k >= 0; k--) {
      const a = seq[k] ?? 0;
      const b = seq[k + 1] ?? 0;
      latest[k] = Math.min(p.late[a] ?? 0, (latest[k + 1] ?? 0) - (p.service[a] ?? 0) - (p.time[a * N + b] ?? 0));
    }
    this.B = B;
    this.latest = latest;
    this.pathTo = NO_TIMES;
    this.edgeArc = NO_TIMES;
    this.loadAfter = loadAfter;
    this.arcCost = cost;
    this.exact = exact;
    if (exact) this.computeRideSlack(p);
    this.durationBinding =
      (p.maxDuration[this.v] ?? 0) < (p.late[seq[m - 1] ?? 0] ?? 0) - (p.early[seq[0] ?? 0] ?? 0) - TOL;
    this.stretchOk = false;
    if (ok && exact) {
      if (!this.durationBinding) this.planStretches(p);
      if (!this.stretchOk && m > 2 && !scheduleRoute(p, this.v, seq)) ok = false;
    }
    return ok;
  }

  /** Fills pathTo and edgeArc when the route changed since they were last filled. */
  fillPaths(p: Problem, arc: Float64Array): void {
    const seq = this.seq;
    const m = seq.length;
    if (this.pathTo.length === m) return;
    const N = p.nodeCount;
    const pathTo = new Float64Array(m);
    const edgeArc = new Float64Array(m);
    for (let k = 1; k < m; k++) {
      const a = seq[k - 1] ?? 0;
      const b = seq[k] ?? 0;
      pathTo[k] = (pathTo[k - 1] ?? 0) + (p.service[a] ?? 0) + (p.time[a * N + b] ?? 0);
      edgeArc[k - 1] = arc[a * N + b] ?? 0;
    }
    this.pathTo = pathTo;
    this.edgeArc = edgeArc;
  }

  /**
   * Service start per stop of a feasible route: the whole-route eight-step schedule, or else the
   * stretch-by-stretch one that the insertion test relied on. Null when the route is infeasible.
   */
  schedule(p: Problem, arc: Float64Array): Float64Array | null {
    if (!this.refresh(p, arc)) return null;
    const whole = scheduleRoute(p, this.v, this.seq);
    if (whole) return Float64Array.from(whole.subarray(0, this.seq.length));
    if (!this.stretchOk) return null;
    const seq = this.seq;
    const m = seq.length;
    const out = new Float64Array(m);
    out[0] = this.B[0] ?? 0;
    let a = 0;
    for (let b = 1; b < m; b++) {
      if (b < m - 1 && !isEmptyAfter(p, this.loadAfter, b)) continue;
      const part = seq.slice(a, b + 1);
      const B = scheduleStretch(p, part, (out[a] ?? 0) + (p.service[seq[a] ?? 0] ?? 0));
      if (!B) return null;
      for (let k = 1; k < part.length; k++) out[a + k] = B[k] ?? 0;
      a = b;
    }
    return out;
  }

  private planStretches(p: Problem): void {
    const seq = this.seq;
    const m = seq.length;
    const N = p.nodeCount;
    const stops: number[] = [];
    for (let k = 0; k < m; k++) if (k === 0 || k === m - 1 || isEmptyAfter(p, this.loadAfter, k)) stops.push(k);
    const lastStart = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
    lastStart[m - 1] = p.late[seq[m - 1] ?? 0] ?? 0;
    for (let x = stops.length - 2; x >= 0; x--) {
      const a = stops[x] ?? 0;
      const b = stops[x + 1] ?? 0;
      const part = seq.slice(a, b + 1);
      const limit = lastStart[b] ?? 0;
      const sa = p.service[seq[a] ?? 0] ?? 0;
      const lo = (this.B[a] ?? 0) + sa;
      const B0 = scheduleStretch(p, part, lo);
      if (!B0) return;
      // Shifting the whole stretch keeps its rides: that much delay is safe; a short search adds more.
      let block = limit - (B0[part.length - 1] ?? 0);
      for (let k = 1; k < part.length; k++) block = Math.min(block, (p.late[part[k] ?? 0] ?? 0) - (B0[k] ?? 0));
      if (block < -TOL) return;
      let good = lo + Math.max(0, block);
      let hi = Math.max(good, (this.latest[a + 1] ?? 0) - (p.time[(seq[a] ?? 0) * N + (seq[a + 1] ?? 0)] ?? 0));
      if (hi <= good + 1e-9 || stretchEndsBy(p, part, hi, limit)) good = hi;
      else {
        for (let it = 0; it < SEARCH_STEPS && hi - good > 1e-6; it++) {
          const mid = (good + hi) / 2;
          if (stretchEndsBy(p, part, mid, limit)) good = mid;
          else hi = mid;
        }
      }
      hi = good;
      lastStart[a] = Math.min(p.late[seq[a] ?? 0] ?? 0, hi - sa);
    }
    this.lastStart = lastStart;
    this.stretchOk = true;
  }

  private computeRideSlack(p: Problem): void {
    const seq = this.seq;
    const m = seq.length;
    const n = p.requests;
    const N = p.nodeCount;
    const cum = new Float64Array(m);
    for (let k = 1; k < m; k++) {
      const a = seq[k - 1] ?? 0;
      cum[k] = (cum[k - 1] ?? 0) + (p.service[a] ?? 0) + (p.time[a * N + (seq[k] ?? 0)] ?? 0);
    }
    this.pathTime = cum[m - 1] ?? 0;
    const slack = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
    for (let k = 1; k < m - 1; k++) {
      const x = seq[k] ?? 0;
      if (x >= n) continue;
      const L = p.maxRide[x] ?? Number.POSITIVE_INFINITY;
      if (!Number.isFinite(L)) continue;
      let d = k + 1;
      while (d < m - 1 && seq[d] !== n + x) d++;
      const room = L - ((cum[d] ?? 0) - (cum[k] ?? 0) - (p.service[x] ?? 0));
      for (let e = k; e < d; e++) if (room < (slack[e] ?? 0)) slack[e] = room;
    }
    this.rideSlack = slack;
  }
}

function stretchEndsBy(p: Problem, part: number[], departure: number, limit: number): boolean {
  const B = scheduleStretch(p, part, departure);
  return B !== null && (B[part.length - 1] ?? 0) <= limit + TOL;
}

export function isEmptyAfter(p: Problem, loadAfter: Int32Array, k: number): boolean {
  for (let d = 0; d < p.dims; d++) if ((loadAfter[k * p.dims + d] ?? 0) !== 0) return false;
  return true;
}
