import type { Problem } from './problem.ts';
import { isEmptyAfter, type Route } from './route.ts';
import { scheduleRoute, scheduleStretch } from './schedule.ts';

const TOL = 1e-9;

export interface Insertion {
  /** Cost increase of the objective. */
  cost: number;
  /** Insert the pickup after position i and the drop-off after original position j (j = i: right after the pickup). */
  i: number;
  j: number;
}

/** How many cheapest time-window-feasible positions get the full scheduling check before giving up on a route. */
const EXACT_TRIES = 8;

/** Margin of the cost bound, so that rounding never passes over a position the full sum would pick. */
const BOUND_TOL = 1e-7;

/**
 * Above this many drop-off positions the drop-offs are worked out once per call (see bestInsertion);
 * below, following the pickup's delay stop by stop costs less.
 */
const TABLE_SPAN = 24;

/**
 * Scratch of bestInsertion's drop-off table, per position j: the cost of the drop-off after j
 * (infinite where it never fits), the cheapest such cost from j on, the largest pickup delay it
 * admits (as Q, see dropOffs) and the first position from j on where the request's load no longer
 * fits; and per pickup position that leaves room for a later drop-off: the position, its Q and cost.
 */
let dropAdd = new Float64Array(256);
let sufMin = new Float64Array(256);
let dropKey = new Float64Array(256);
let capEnd = new Int32Array(256);
let pickI = new Int32Array(256);
let pickQ = new Float64Array(256);
let pickAdd = new Float64Array(256);
const candCost: number[] = [];
const candI: number[] = [];
const candJ: number[] = [];

function growScratch(size: number): void {
  dropAdd = new Float64Array(size);
  sufMin = new Float64Array(size);
  dropKey = new Float64Array(size);
  capEnd = new Int32Array(size);
  pickI = new Int32Array(size);
  pickQ = new Float64Array(size);
  pickAdd = new Float64Array(size);
}

/**
 * Cheapest feasible insertion of request r into a route. Each (pickup, drop-off) position pair is
 * tested in O(1) against time windows and capacity using the route's forward start times and
 * backward latest starts. On long routes without ride limits, what the drop-off needs at each
 * position is worked out once, and a pickup's delay reaches it through pathTo (the waits in between
 * absorb it): a pickup then costs a scan of cached numbers, cut short once no later drop-off can
 * beat the best so far. Otherwise the delay is followed stop by stop, and where ride times or the
 * route duration are limited the cheapest candidates then get the full schedule check.
 */
export function bestInsertion(p: Problem, arc: Float64Array, route: Route, r: number, fixed: number): Insertion | null {
  const v = route.v;
  const n = p.requests;
  if (p.compat && p.compat[v * n + r] !== 1) return null;
  const N = p.nodeCount;
  const seq = route.seq;
  const m = seq.length;
  const B = route.B;
  const latest = route.latest;
  const loadAfter = route.loadAfter;
  const pu = r;
  const dr = n + r;
  const eP = p.early[pu] ?? 0;
  const lP = p.late[pu] ?? 0;
  const sP = p.service[pu] ?? 0;
  const eD = p.early[dr] ?? 0;
  const lD = p.late[dr] ?? 0;
  const sD = p.service[dr] ?? 0;
  const L = p.maxRide[r] ?? Number.POSITIVE_INFINITY;
  const tPD = p.time[pu * N + dr] ?? 0;
  const aPD = arc[pu * N + dr] ?? 0;
  const exact = route.exact || Number.isFinite(L);
  const base = (route.isEmpty ? fixed : 0) - (p.reward ? (p.reward[v * n + r] ?? 0) : 0);
  let count = 0;
  const slack = route.rideSlack;
  const T = p.maxDuration[v] ?? Number.POSITIVE_INFINITY;
  const pathTime = route.exact ? route.pathTime : 0;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestI = -1;
  let bestJ = -1;
  const firstLegOk = !p.maxFirstLeg || (p.dist[(seq[0] ?? 0) * N + pu] ?? 0) <= (p.maxFirstLeg[v] ?? 0) + TOL;
  // Latest starts only grow along the route (travel and service times are not negative): the
  // positions whose next stop must start before the pickup opens are a prefix, skipped by bisection.
  let lo = firstLegOk ? 0 : 1;
  let hi = m - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((latest[mid + 1] ?? 0) + TOL < eP) lo = mid + 1;
    else hi = mid;
  }
  // Likewise start times: from the first stop starting after the drop-off closes, no drop-off fits.
  let end = lo;
  hi = m - 1;
  while (end < hi) {
    const mid = (end + hi) >> 1;
    if ((B[mid] ?? 0) > lD + TOL) hi = mid;
    else end = mid + 1;
  }
  const table = !exact && end - lo > TABLE_SPAN;
  if (table) {
    route.fillPaths(p, arc);
    if (pickI.length <= m) growScratch(2 * m);
  }
  const pathTo = route.pathTo;
  const edgeArc = route.edgeArc;
  // Legs into the pickup and the drop-off: leg x → y is timeIn[y·to + x·from] (and so for arcIn).
  const into = legsInto(p, arc);
  const timeIn = into.time;
  const arcIn = into.arc;
  const to = into.to;
  const from = into.from;
  // With the table, the pickups that leave room for a later drop-off are noted first (with the delay
  // Q each brings), then the drop-offs are worked out as far as the least delayed one can reach.
  let picks = 0;
  let qMin = Number.POSITIVE_INFINITY;
  for (let i = lo; i < m - 1; i++) {
    // Start times only grow along the route: past the pickup's latest start nothing fits any more.
    if ((B[i] ?? 0) > lP + TOL) break;
    const a = seq[i] ?? 0;
    const b = seq[i + 1] ?? 0;
    const tAP = timeIn[pu * to + a * from] ?? 0;
    const bP = Math.max(eP, (B[i] ?? 0) + (p.service[a] ?? 0) + tAP);
    if (bP > lP + TOL) continue;
    if (!fits(p, loadAfter, i, pu, v)) continue;
    const addP = (arcIn[pu * to + a * from] ?? 0) - ((table ? edgeArc[i] : arc[a * N + b]) ?? 0);
    // extra driving time the pickup adds on edge i, checked against the ride slack of those on board
    let delayP = 0;
    let slackOk0 = true;
    if (route.exact) {
      const tAB = p.time[a * N + b] ?? 0;
      delayP = tAP + sP + (p.time[pu * N + b] ?? 0) - tAB;
      if (delayP > (slack[i] ?? 0) + TOL || pathTime + delayP > T + TOL) continue;
      const delay0 = tAP + sP + tPD + sD + (p.time[dr * N + b] ?? 0) - tAB;
      slackOk0 = delay0 <= (slack[i] ?? 0) + TOL && pathTime + delay0 <= T + TOL;
    }
    // drop-off right after the pickup
    const bD0 = Math.max(eD, bP + sP + tPD);
    if (slackOk0 && bD0 <= lD + TOL && tPD <= L + TOL) {
      const bNext = Math.max(p.early[b] ?? 0, bD0 + sD + (p.time[dr * N + b] ?? 0));
      if (bNext <= (latest[i + 1] ?? 0) + TOL) {
        const c = base + addP + aPD + (arc[dr * N + b] ?? 0);
        if (exact) {
          candCost[count] = c;
          candI[count] = i;
          candJ[count++] = i;
        } else if (c < bestCost) {
          bestCost = c;
          bestI = i;
          bestJ = i;
        }
      }
    }
    // No drop-off fits from `end` on.
    if (i + 1 >= end) continue;
    const addP2 = addP + (arc[pu * N + b] ?? 0);
    if (table) {
      // The start at the stop after the pickup reaches each later stop j as max(B[j], pathTo[j] + Q).
      const b1 = Math.max(p.early[b] ?? 0, bP + sP + (p.time[pu * N + b] ?? 0));
      if (b1 > (latest[i + 1] ?? 0) + TOL) continue;
      const Q = b1 - (pathTo[i + 1] ?? 0);
      pickI[picks] = i;
      pickQ[picks] = Q;
      pickAdd[picks++] = addP2;
      if (Q < qMin) qMin = Q;
      continue;
    }
    // drop-off later: the pickup must start by latest[i+1] − s − t(p, next), yet no earlier than the
    // drop-off's opening minus the ride limit; when it cannot, no later drop-off position works.
    if ((latest[i + 1] ?? 0) - (p.time[pu * N + b] ?? 0) < eD - L - TOL) continue;
    let prevB = bP;
    let prevNode = pu;
    let prevS = sP;
    let ridePath = 0;
    for (let j = i + 1; j < end; j++) {
      const k = seq[j] ?? 0;
      const tk = p.time[prevNode * N + k] ?? 0;
      const bK = Math.max(p.early[k] ?? 0, prevB + prevS + tk);
      if (bK > (latest[j] ?? 0) + TOL || bK > lD + TOL) break;
      if (!fits(p, loadAfter, j, pu, v)) break;
      ridePath += (prevNode === pu ? 0 : prevS) + tk;
      if (ridePath > L + TOL) break;
      const next = seq[j + 1] ?? 0;
      const sK = p.service[k] ?? 0;
      const tKD = timeIn[dr * to + k * from] ?? 0;
      const bD = Math.max(eD, bK + sK + tKD);
      if (bD <= lD + TOL && ridePath + sK + tKD <= L + TOL) {
        const bNext = Math.max(p.early[next] ?? 0, bD + sD + (p.time[dr * N + next] ?? 0));
        const delayD = tKD + sD + (p.time[dr * N + next] ?? 0) - (p.time[k * N + next] ?? 0);
        const slackOk = !route.exact || (delayD <= (slack[j] ?? 0) + TOL && pathTime + delayP + delayD <= T + TOL);
        if (slackOk && bNext <= (latest[j + 1] ?? 0) + TOL) {
          const c =
            base + addP2 + (arcIn[dr * to + k * from] ?? 0) + (arc[dr * N + next] ?? 0) - (arc[k * N + next] ?? 0);
          if (exact) {
            candCost[count] = c;
            candI[count] = i;
            candJ[count++] = j;
          } else if (c < bestCost) {
            bestCost = c;
            bestI = i;
            bestJ = j;
          }
        }
      }
      prevB = bK;
      prevNode = k;
      prevS = sK;
    }
  }
  if (picks > 0) {
    const first = (pickI[0] ?? 0) + 1;
    // pathTo only grows along the route: from the first stop the least delayed pickup reaches after
    // the drop-off closes, no drop-off fits.
    let stop = first;
    hi = end;
    while (stop < hi) {
      const mid = (stop + hi) >> 1;
      if ((pathTo[mid] ?? 0) + qMin > lD + TOL) hi = mid;
      else stop = mid + 1;
    }
    dropOffs(p, arc, route, r, first, stop, into);
    for (let x = 0; x < picks; x++) {
      const i = pickI[x] ?? 0;
      if (i + 1 >= stop) break;
      const add = base + (pickAdd[x] ?? 0);
      if (add + (sufMin[i + 1] ?? 0) > bestCost + BOUND_TOL) continue;
      const Q = pickQ[x] ?? 0;
      const last = Math.min(stop, capEnd[i + 1] ?? 0);
      for (let j = i + 1; j < last; j++) {
        if (add + (sufMin[j] ?? 0) > bestCost + BOUND_TOL || (pathTo[j] ?? 0) + Q > lD + TOL) break;
        if ((dropKey[j] ?? 0) + TOL >= Q) {
          const c = add + (dropAdd[j] ?? 0);
          if (c < bestCost) {
            bestCost = c;
            bestI = i;
            bestJ = j;
          }
        }
      }
    }
  }
  if (!exact) return bestI < 0 ? null : { cost: bestCost, i: bestI, j: bestJ };
  if (count === 0) return null;
  // Cheapest candidates first, by repeated selection: the first one usually passes.
  for (let t = 0; t < EXACT_TRIES; t++) {
    let k = -1;
    let c = Number.POSITIVE_INFINITY;
    for (let x = 0; x < count; x++) {
      const cx = candCost[x] ?? Number.POSITIVE_INFINITY;
      if (cx < c) {
        c = cx;
        k = x;
      }
    }
    if (k < 0) break;
    candCost[k] = Number.POSITIVE_INFINITY;
    const i = candI[k] ?? 0;
    const j = candJ[k] ?? 0;
    const ok = route.stretchOk
      ? stretchFeasible(p, route, r, i, j)
      : scheduleRoute(p, v, insertedSeq(seq, r, n, i, j)) !== null;
    if (ok) return { cost: c, i, j };
  }
  return null;
}

/**
 * Fills the drop-off scratch for positions first ≤ j < stop: after stop k = seq[j] the drop-off
 * must start by its closing and let the next stop start by its latest start, so the start at k may
 * be at most tau and the delay Q a pickup brings at most tau − pathTo[j].
 */
function dropOffs(
  p: Problem,
  arc: Float64Array,
  route: Route,
  r: number,
  first: number,
  stop: number,
  into: Into,
): void {
  const N = p.nodeCount;
  const seq = route.seq;
  const B = route.B;
  const latest = route.latest;
  const pathTo = route.pathTo;
  const edgeArc = route.edgeArc;
  const dr = p.requests + r;
  const eD = p.early[dr] ?? 0;
  const lD = p.late[dr] ?? 0;
  const sD = p.service[dr] ?? 0;
  const timeIn = into.time;
  const arcIn = into.arc;
  const to = into.to;
  const from = into.from;
  const opens = eD <= lD + TOL;
  sufMin[stop] = Number.POSITIVE_INFINITY;
  capEnd[stop] = stop;
  for (let j = stop - 1; j >= first; j--) {
    const k = seq[j] ?? 0;
    const next = seq[j + 1] ?? 0;
    const room = (latest[j + 1] ?? 0) - sD - (p.time[dr * N + next] ?? 0);
    const tau = Math.min(lD, room) - (p.service[k] ?? 0) - (timeIn[dr * to + k * from] ?? 0);
    let add = Number.POSITIVE_INFINITY;
    let key = Number.NEGATIVE_INFINITY;
    if (opens && eD <= room + TOL && (B[j] ?? 0) <= tau + TOL) {
      add = (arcIn[dr * to + k * from] ?? 0) + (arc[dr * N + next] ?? 0) - (edgeArc[j] ?? 0);
      key = tau - (pathTo[j] ?? 0);
    }
    dropAdd[j] = add;
    dropKey[j] = key;
    sufMin[j] = Math.min(add, sufMin[j + 1] ?? 0);
    capEnd[j] = fits(p, route.loadAfter, j, r, route.v) ? (capEnd[j + 1] ?? 0) : j;
  }
}

/**
 * Where the legs into a node are read: leg x → y is time[y·to + x·from]. The insertion test reads
 * the legs from every stop of a route into the pickup and the drop-off; read down a column of a
 * matrix larger than the cache, they missed it at every stop (bench/routing/RESULTS.md), so they
 * are read along a row of the transposed matrices: the matrices themselves when symmetric (the
 * benchmarks, the built-in estimator), copies when not, but only up to MAX_TRANSPOSED nodes, past
 * which the copies would cost more memory than they save time.
 */
interface Into {
  time: Float64Array;
  arc: Float64Array;
  to: number;
  from: number;
}

/** 3,000 nodes (1,500 requests): a transposed copy of 72 MB per matrix at most. */
const MAX_TRANSPOSED = 3000;

const intoByArc = new WeakMap<Float64Array, Into & { source: Float64Array }>();
/** The last answer and what it was for, so that most calls skip the map. */
let lastInto: Into = { time: new Float64Array(0), arc: new Float64Array(0), to: 1, from: 1 };
let lastTime: Float64Array | null = null;
let lastArc: Float64Array | null = null;

function legsInto(p: Problem, arc: Float64Array): Into {
  if (lastTime === p.time && lastArc === arc) return lastInto;
  const N = p.nodeCount;
  let into = intoByArc.get(arc);
  if (!into || into.source !== p.time) {
    const time = transposed(p.time, N);
    const arcT = time && transposed(arc, N);
    into =
      time && arcT
        ? { time, arc: arcT, to: N, from: 1, source: p.time }
        : { time: p.time, arc, to: 1, from: N, source: p.time };
    intoByArc.set(arc, into);
  }
  lastInto = into;
  lastTime = p.time;
  lastArc = arc;
  return into;
}

/** The matrix transposed: itself when symmetric, a copy when not and small enough, else null. */
export function transposed(mat: Float64Array, N: number, limit = MAX_TRANSPOSED): Float64Array | null {
  for (let a = 0; a < N; a++) {
    for (let b = a + 1; b < N; b++) {
      if (mat[a * N + b] !== mat[b * N + a]) {
        if (N > limit) return null;
        const t = new Float64Array(N * N);
        for (let x = 0; x < N; x++) for (let y = 0; y < N; y++) t[y * N + x] = mat[x * N + y] ?? 0;
        return t;
      }
    }
  }
  return mat;
}

/**
 * Ride times only tie together the stops between two moments the vehicle is empty, so only that
 * stretch around the insertion is rescheduled: it leaves at the earliest departure the route allows
 * and must end by the latest start that keeps the rest of the route feasible.
 */
function stretchFeasible(p: Problem, route: Route, r: number, i: number, j: number): boolean {
  const seq = route.seq;
  const m = seq.length;
  let s = i;
  while (s > 0 && !isEmptyAfter(p, route.loadAfter, s)) s--;
  let e = j + 1;
  while (e < m - 1 && !isEmptyAfter(p, route.loadAfter, e)) e++;
  const stretch = insertedSeq(seq.slice(s, e + 1), r, p.requests, i - s, j - s);
  const B = scheduleStretch(p, stretch, (route.B[s] ?? 0) + (p.service[seq[s] ?? 0] ?? 0));
  return B !== null && (B[stretch.length - 1] ?? 0) <= (route.lastStart[e] ?? 0) + TOL;
}

function fits(p: Problem, loadAfter: Int32Array, k: number, pu: number, v: number): boolean {
  const dims = p.dims;
  if (dims === 1) return (loadAfter[k] ?? 0) + (p.load[pu] ?? 0) <= (p.capacity[v] ?? 0);
  for (let d = 0; d < dims; d++) {
    if ((loadAfter[k * dims + d] ?? 0) + (p.load[pu * dims + d] ?? 0) > (p.capacity[v * dims + d] ?? 0)) return false;
  }
  return true;
}

/** The route's stop sequence with request r inserted at (i, j). */
export function insertedSeq(seq: readonly number[], r: number, n: number, i: number, j: number): number[] {
  const out = seq.slice(0, i + 1);
  out.push(r);
  if (j === i) {
    out.push(n + r);
    for (let k = i + 1; k < seq.length; k++) out.push(seq[k] ?? 0);
  } else {
    for (let k = i + 1; k <= j; k++) out.push(seq[k] ?? 0);
    out.push(n + r);
    for (let k = j + 1; k < seq.length; k++) out.push(seq[k] ?? 0);
  }
  return out;
}
