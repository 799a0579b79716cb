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

/** Up to this many candidate positions the bound costs more than it saves. */
const BOUND_SPAN = 24;

/** Cheapest drop-off insertion from each position on (scratch of bestInsertion). */
let sufMin = new Float64Array(256);
const candCost: number[] = [];
const candI: number[] = [];
const candJ: number[] = [];

/**
 * Cheapest feasible insertion of request r into a route. Each (pickup, drop-off) position pair is
 * tested in O(1) against time windows and capacity using the route's forward start times and
 * backward latest starts, propagating the pickup's delay along the stops in between; where ride
 * times or the route duration are limited the cheapest candidates then get the full schedule check.
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
  // Without ride limits only the cheapest position counts: the cheapest drop-off from a position on
  // bounds what a pickup before it can reach, so the search passes over what cannot beat the best so
  // far (on long routes with wide windows the drop-off loop is most of the work).
  const bound = !exact && end - lo > BOUND_SPAN;
  if (bound) {
    if (sufMin.length < m) sufMin = new Float64Array(2 * m);
    sufMin[end] = Number.POSITIVE_INFINITY;
    for (let j = end - 1; j > lo; j--) {
      const k = seq[j] ?? 0;
      const next = seq[j + 1] ?? 0;
      const add = (arc[k * N + dr] ?? 0) + (arc[dr * N + next] ?? 0) - (arc[k * N + next] ?? 0);
      sufMin[j] = Math.min(add, sufMin[j + 1] ?? 0);
    }
  }
  for (let i = lo; i < m - 1; i++) {
    // Start times only grow along the route: past the pickup's latest start nothing fits any more.
    if ((B[i] ?? 0) > lP + TOL) break;
    const a = seq[i] ?? 0;
    const b = seq[i + 1] ?? 0;
    const bP = Math.max(eP, (B[i] ?? 0) + (p.service[a] ?? 0) + (p.time[a * N + pu] ?? 0));
    if (bP > lP + TOL) continue;
    if (!fits(p, loadAfter, i, pu, v)) continue;
    const addP = (arc[a * N + pu] ?? 0) - (arc[a * N + b] ?? 0);
    const tAB = p.time[a * N + b] ?? 0;
    // extra driving time the pickup adds on edge i, checked against the ride slack of those on board
    const delayP = (p.time[a * N + pu] ?? 0) + sP + (p.time[pu * N + b] ?? 0) - tAB;
    if (route.exact && (delayP > (slack[i] ?? 0) + TOL || pathTime + delayP > T + TOL)) continue;
    // drop-off right after the pickup
    const bD0 = Math.max(eD, bP + sP + (p.time[pu * N + dr] ?? 0));
    const delay0 = (p.time[a * N + pu] ?? 0) + sP + (p.time[pu * N + dr] ?? 0) + sD + (p.time[dr * N + b] ?? 0) - tAB;
    const slackOk0 = !route.exact || (delay0 <= (slack[i] ?? 0) + TOL && pathTime + delay0 <= T + TOL);
    if (slackOk0 && bD0 <= lD + TOL && (p.time[pu * N + dr] ?? 0) <= L + TOL) {
      const bNext = Math.max(p.early[b] ?? 0, bD0 + sD + (p.time[dr * N + b] ?? 0));
      if (bNext <= (latest[i + 1] ?? 0) + TOL) {
        const c = base + addP + (arc[pu * N + dr] ?? 0) + (arc[dr * N + b] ?? 0);
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
    // drop-off later: the pickup must start by latest[i+1] − s − t(p, next), yet no earlier than the
    // drop-off's opening minus the ride limit; when it cannot, no later drop-off position works.
    if ((latest[i + 1] ?? 0) - (p.time[pu * N + b] ?? 0) < eD - L - TOL) continue;
    const addP2 = addP + (arc[pu * N + b] ?? 0);
    // sufMin holds nothing from `end` on: no drop-off fits there anyway.
    if (i + 1 >= end || (bound && base + addP2 + (sufMin[i + 1] ?? 0) > bestCost + BOUND_TOL)) continue;
    let prevB = bP;
    let prevNode = pu;
    let prevS = sP;
    let ridePath = 0;
    for (let j = i + 1; j < end; j++) {
      if (bound && base + addP2 + (sufMin[j] ?? 0) > bestCost + BOUND_TOL) break;
      const k = seq[j] ?? 0;
      const tk = p.time[prevNode * N + k] ?? 0;
      const bK = Math.max(p.early[k] ?? 0, prevB + prevS + tk);
      if (bK > (latest[j] ?? 0) + TOL || bK > lD + TOL) break;
      if (!fits(p, loadAfter, j, pu, v)) break;
      ridePath += (prevNode === pu ? 0 : prevS) + tk;
      if (ridePath > L + TOL) break;
      const next = seq[j + 1] ?? 0;
      const sK = p.service[k] ?? 0;
      const bD = Math.max(eD, bK + sK + (p.time[k * N + dr] ?? 0));
      if (bD <= lD + TOL && ridePath + sK + (p.time[k * N + dr] ?? 0) <= L + TOL) {
        const bNext = Math.max(p.early[next] ?? 0, bD + sD + (p.time[dr * N + next] ?? 0));
        const delayD = (p.time[k * N + dr] ?? 0) + sD + (p.time[dr * N + next] ?? 0) - (p.time[k * N + next] ?? 0);
        const slackOk = !route.exact || (delayD <= (slack[j] ?? 0) + TOL && pathTime + delayP + delayD <= T + TOL);
        if (slackOk && bNext <= (latest[j + 1] ?? 0) + TOL) {
          const c = base + addP2 + (arc[k * N + dr] ?? 0) + (arc[dr * N + next] ?? 0) - (arc[k * N + next] ?? 0);
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
