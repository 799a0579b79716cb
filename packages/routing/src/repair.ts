import type { SearchContext } from './context.ts';
import { bestInsertion } from './insertion.ts';
import type { State } from './state.ts';

/**
 * Regret-k insertion (k = 1 is greedy): repeatedly inserts the bank request whose regret — how much
 * is lost by not taking its best route now — is largest. Insertion costs are cached per (request,
 * route) and only the changed route is re-evaluated after each insertion. With noise, each cost is
 * perturbed by up to ±noise·(longest arc), which diversifies the search.
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
  const cost = new Float64Array(R * V).fill(Number.POSITIVE_INFINITY);
  const posI = new Int32Array(R * V);
  const posJ = new Int32Array(R * V);
  const active = new Uint8Array(V);
  const amp = noise * ctx.maxArc;

  const evaluate = (v: number) => {
    const route = s.routes[v];
    if (!route) return;
    const fix = fixed * (p.fixedCost[v] ?? 0);
    for (let x = 0; x < R; x++) {
      const r = pending[x] ?? -1;
      if (r < 0) continue;
      const ins = bestInsertion(p, arc, route, r, fix);
      if (ins) {
        cost[x * V + v] = amp > 0 ? Math.max(0, ins.cost + amp * (2 * rng.next() - 1)) : ins.cost;
        posI[x * V + v] = ins.i;
        posJ[x * V + v] = ins.j;
      } else {
        cost[x * V + v] = Number.POSITIVE_INFINITY;
      }
    }
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
      if (!active[v]) {
        active[v] = 1;
        evaluate(v);
      }
    }
  };
  for (let v = 0; v < V; v++) {
    if (!s.routes[v]?.isEmpty) {
      active[v] = 1;
      evaluate(v);
    }
  }
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
  let cursor = 0;
  for (;;) {
    if (k === 0) {
      if (cursor >= order.length) return;
      const x = order[cursor++] ?? 0;
      let bv = -1;
      let bc = Number.POSITIVE_INFINITY;
      for (let v = 0; v < V; v++) {
        const c = cost[x * V + v] ?? Number.POSITIVE_INFINITY;
        if (active[v] && c < bc) {
          bc = c;
          bv = v;
        }
      }
      if (bv < 0) continue;
      const r = pending[x] ?? 0;
      const wasEmpty = s.routes[bv]?.isEmpty ?? false;
      if (!s.insert(p, arc, r, bv, { cost: 0, i: posI[x * V + bv] ?? 0, j: posJ[x * V + bv] ?? 0 })) continue;
      pending[x] = -1;
      evaluate(bv);
      if (wasEmpty) activateEmpty();
      continue;
    }
    let bestX = -1;
    let bestV = -1;
    let bestRegret = Number.NEGATIVE_INFINITY;
    let bestFirst = Number.POSITIVE_INFINITY;
    for (let x = 0; x < R; x++) {
      if ((pending[x] ?? -1) < 0) continue;
      top.fill(Number.POSITIVE_INFINITY);
      let argmin = -1;
      for (let v = 0; v < V; v++) {
        if (!active[v]) continue;
        const c = cost[x * V + v] ?? Number.POSITIVE_INFINITY;
        if (c === Number.POSITIVE_INFINITY) continue;
        if (c < (top[0] ?? 0)) argmin = v;
        // keep the k smallest in order
        for (let h = 0; h < top.length; h++) {
          if (c < (top[h] ?? 0)) {
            for (let g = top.length - 1; g > h; g--) top[g] = top[g - 1] ?? 0;
            top[h] = c;
            break;
          }
        }
      }
      if (argmin < 0) continue;
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
        bestV = argmin;
      }
    }
    if (bestX < 0) return;
    const r = pending[bestX] ?? 0;
    const wasEmpty = s.routes[bestV]?.isEmpty ?? false;
    const done = s.insert(p, arc, r, bestV, {
      cost: 0,
      i: posI[bestX * V + bestV] ?? 0,
      j: posJ[bestX * V + bestV] ?? 0,
    });
    if (!done) {
      cost[bestX * V + bestV] = Number.POSITIVE_INFINITY;
      continue;
    }
    pending[bestX] = -1;
    evaluate(bestV);
    if (wasEmpty) activateEmpty();
  }
}
