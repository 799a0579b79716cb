import { endOf, type Problem, startOf } from './problem.ts';
import { scheduleRoute } from './schedule.ts';

const TOL = 1e-9;

/**
 * One vehicle's route with the caches that make an insertion test O(1) per position pair:
 * earliest start of service (forward), latest start that keeps the rest feasible (backward slack),
 * and the load after each stop.
 */
export class Route {
  seq: number[];
  B: Float64Array = new Float64Array(0);
  latest: Float64Array = new Float64Array(0);
  loadAfter: Int32Array = new Int32Array(0);
  /** Σ arc cost (weighted distance + time) of the route. */
  arcCost = 0;
  /** Whether the route needs the full scheduling check (ride-time or duration limits apply). */
  exact = false;
  /**
   * rideSlack[i·m + j] (i ≤ j) = least spare ride time, measured on the driving path without waits,
   * over the passengers on board across both edge i and edge j (edge k joins stops k and k+1).
   * A detour added on those edges beyond it breaks someone's ride limit, whatever the schedule.
   */
  rideSlack: Float64Array = new Float64Array(0);
  /** Σ driving and service time along the route, without waits: a lower bound on its duration. */
  pathTime = 0;

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
    latest[m - 1] = p.late[seq[m - 1] ?? 0] ?? 0;
    for (let k = m - 2; k >= 0; k--) {
      const a = seq[k] ?? 0;
      const b = seq[k + 1] ?? 0;
      latest[k] = Math.min(p.late[a] ?? 0, (latest[k + 1] ?? 0) - (p.service[a] ?? 0) - (p.time[a * N + b] ?? 0));
    }
    this.B = B;
    this.latest = latest;
    this.loadAfter = loadAfter;
    this.arcCost = cost;
    this.exact = exact;
    if (exact) this.computeRideSlack(p);
    if (ok && exact && m > 2) {
      const sched = scheduleRoute(p, this.v, seq);
      if (!sched) ok = false;
    }
    return ok;
  }

  private computeRideSlack(p: Problem): void {
    const seq = this.seq;
    const m = seq.length;
    const n = p.requests;
    const N = p.nodeCount;
    const cum = new Float64Array(m);
    const pos = new Map<number, number>();
    for (let k = 1; k < m; k++) {
      const a = seq[k - 1] ?? 0;
      cum[k] = (cum[k - 1] ?? 0) + (p.service[a] ?? 0) + (p.time[a * N + (seq[k] ?? 0)] ?? 0);
    }
    this.pathTime = cum[m - 1] ?? 0;
    const S = new Float64Array(m * m).fill(Number.POSITIVE_INFINITY);
    seq.forEach((x, k) => {
      pos.set(x, k);
    });
    // seed: passenger picked up at i and dropped at j+1 spans edges i..j
    for (let k = 1; k < m - 1; k++) {
      const x = seq[k] ?? 0;
      if (x >= n) continue;
      const L = p.maxRide[x] ?? Number.POSITIVE_INFINITY;
      if (!Number.isFinite(L)) continue;
      const d = pos.get(n + x);
      if (d === undefined) continue;
      const slack = L - ((cum[d] ?? 0) - (cum[k] ?? 0) - (p.service[x] ?? 0));
      const cell = k * m + d - 1;
      if (slack < (S[cell] ?? 0)) S[cell] = slack;
    }
    // S[i][j] = min(seed, S[i−1][j], S[i][j+1])
    for (let i = 0; i < m - 1; i++) {
      for (let j = m - 2; j >= i; j--) {
        let v = S[i * m + j] ?? 0;
        if (i > 0) v = Math.min(v, S[(i - 1) * m + j] ?? 0);
        if (j + 1 < m - 1) v = Math.min(v, S[i * m + j + 1] ?? 0);
        S[i * m + j] = v;
      }
    }
    this.rideSlack = S;
  }
}
