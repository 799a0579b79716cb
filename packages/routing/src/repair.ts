import type { SearchContext } from './context.ts';
import { bestInsertion } from './insertion.ts';
import type { State } from './state.ts';

/**
 * Regret-k insertion (k = 1 is greedy): repeatedly inserts the bank request whose regret — how much
 * is lost by not taking its best route now — is largest. Insertion costs are cached per (request,
 * route) and only the changed route is re-evaluated after each insertion, for the requests that
 * fitted somewhere in it (see Slot). With noise, each cost is perturbed by up to ±noise·(longest
 * arc), which diversifies the search.
 */
export function repair(ctx: SearchContext, s: State, k: number, noise: number, allowNew: boolean): void {
  const { p, arc, rng } = ctx;
  const V = p.vehicleCount;
  const fixed = p.weights.vehicle;
  const pending = s.bank.slice();
  if (pending.length === 0) return;
  // Order the bank deterministically so the cache layout is reproducible.
  pending.sort((a, b) => a - b);
  const R = pending.length;
  /**
   * The vehicles tried, in the order of their numbers, each with its costs per pending request.
   * Only these get arrays and are scanned: the 400 set's fleets have 100 vehicles, of which 4 to 40
   * are used.
   */
  const slots: Slot[] = [];
  const slotOf: (Slot | undefined)[] = new Array(V);
  const amp = noise * ctx.maxArc;

  const evaluate = (slot: Slot) => {
    const route = s.routes[slot.v];
    if (!route) return;
    const fix = fixed * (p.fixedCost[slot.v] ?? 0);
    for (let x = 0; x < R; x++) {
      const r = pending[x] ?? -1;
      if (r < 0 || slot.dead[x]) continue;
      const ins = bestInsertion(p, arc, route, r, fix);
      if (ins) {
        slot.cost[x] = amp > 0 ? Math.max(0, ins.cost + amp * (2 * rng.next() - 1)) : ins.cost;
        slot.posI[x] = ins.i;
        slot.posJ[x] = ins.j;
      } else {
        slot.cost[x] = Number.POSITIVE_INFINITY;
        if (!route.exact && !Number.isFinite(p.maxRide[r] ?? 0)) slot.dead[x] = 1;
      }
    }
  };
  const activate = (v: number) => {
    const slot: Slot = {
      v,
      cost: new Float64Array(R).fill(Number.POSITIVE_INFINITY),
      posI: new Int32Array(R),
      posJ: new Int32Array(R),
      dead: new Uint8Array(R),
    };
    slotOf[v] = slot;
    let at = slots.length;
    while (at > 0 && (slots[at - 1]?.v ?? 0) > v) at--;
    slots.splice(at, 0, slot);
    evaluate(slot);
  };
  // Only one empty vehicle per kind is worth trying: the others are interchangeable.
  const activateEmpty = () => {
    if (!allowNew) return;
    const seen = new Set<number>();
    for (let v = 0; v < V; v++) {
      const route = s.routes[v];
      if (!route?.isEmpty) continue;
      const kind = p.vehicleKind[v] ?? 0;
      if (seen.has(kind)) continue;
      seen.add(kind);
      if (!slotOf[v]) activate(v);
    }
  };
  for (let v = 0; v < V; v++) if (!s.routes[v]?.isEmpty) activate(v);
  activateEmpty();

  const top = new Float64Array(Math.max(1, k));
  // k = 0: requests in random order, each at its cheapest place (more diverse than greedy).
  const order = pending.map((_, x) => x);
  if (k === 0) {
    for (let x = order.length - 1; x > 0; x--) {
      const y = Math.floor(rng.next() * (x + 1));
      const t = order[x] ?? 0;
      order[x] = order[y] ?? 0;
      order[y] = t;
    }
  }
  /** Inserts pending request x into the slot's route where its cost was worked out; false when it no longer fits. */
  const place = (x: number, slot: Slot): boolean => {
    const r = pending[x] ?? 0;
    const wasEmpty = s.routes[slot.v]?.isEmpty ?? false;
    if (!s.insert(p, arc, r, slot.v, { cost: 0, i: slot.posI[x] ?? 0, j: slot.posJ[x] ?? 0 })) return false;
    pending[x] = -1;
    evaluate(slot);
    if (wasEmpty) activateEmpty();
    return true;
  };
  let cursor = 0;
  for (;;) {
    if (k === 0) {
      if (cursor >= order.length) return;
      const x = order[cursor++] ?? 0;
      let best: Slot | undefined;
      let bc = Number.POSITIVE_INFINITY;
      for (const slot of slots) {
        const c = slot.cost[x] ?? Number.POSITIVE_INFINITY;
        if (c < bc) {
          bc = c;
          best = slot;
        }
      }
      if (best) place(x, best);
      continue;
    }
    let bestX = -1;
    let bestSlot: Slot | undefined;
    let bestRegret = Number.NEGATIVE_INFINITY;
    let bestFirst = Number.POSITIVE_INFINITY;
    for (let x = 0; x < R; x++) {
      if ((pending[x] ?? -1) < 0) continue;
      top.fill(Number.POSITIVE_INFINITY);
      let argmin: Slot | undefined;
      for (const slot of slots) {
        const c = slot.cost[x] ?? Number.POSITIVE_INFINITY;
        if (c === Number.POSITIVE_INFINITY) continue;
        if (c < (top[0] ?? 0)) argmin = slot;
        // keep the k smallest in order
        for (let h = 0; h < top.length; h++) {
          if (c < (top[h] ?? 0)) {
            for (let g = top.length - 1; g > h; g--) top[g] = top[g - 1] ?? 0;
            top[h] = c;
            break;
          }
        }
      }
      if (!argmin) continue;
      const first = top[0] ?? 0;
      let regret = 0;
      if (k > 1) {
        // A request with fewer options than k is urgent: its missing options count as very costly.
        for (let h = 1; h < k; h++) {
          const c = top[h] ?? Number.POSITIVE_INFINITY;
          regret += c === Number.POSITIVE_INFINITY ? 1e15 : c - first;
        }
      } else {
        regret = -first;
      }
      if (regret > bestRegret || (regret === bestRegret && first < bestFirst)) {
        bestRegret = regret;
        bestFirst = first;
        bestX = x;
        bestSlot = argmin;
      }
    }
    if (!bestSlot) return;
    if (!place(bestX, bestSlot)) bestSlot.cost[bestX] = Number.POSITIVE_INFINITY;
  }
}

/**
 * A vehicle tried by repair: per pending request, the cost and positions of its cheapest insertion
 * (infinite where it fits nowhere), and whether it is dead there. Dead: it fits nowhere by the
 * insertion test's exact answer (no ride or duration limit; with them the test tries only the
 * cheapest few candidates). Stops added to a route only delay the others and fill the vehicle when
 * travel times obey the triangle inequality, so a dead request is not tried on that route again.
 * With both, 4,000 iterations took 3 to 11 % less time on LRC2_4_1, LR2_4_4 and LR1_4_8, as long on
 * LC1_4_3, for the same solutions (bench/routing/RESULTS.md).
 */
interface Slot {
  v: number;
  cost: Float64Array;
  posI: Int32Array;
  posJ: Int32Array;
  dead: Uint8Array;
}
