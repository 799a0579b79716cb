import type { SearchContext } from './context.ts';
import { bestInsertion } from './insertion.ts';
import { type State, stateCost } from './state.ts';

/**
 * Relocation descent, run on each new best: every request in turn is taken out and put back at the
 * cheapest place over all routes; a move is kept when the whole objective drops. Repeats until a
 * pass improves nothing. Each pass costs about as much as a few ALNS iterations.
 */
export function relocateDescent(
  ctx: SearchContext,
  start: State,
  penalty: number,
  allowNew: boolean,
  vehicleWeight?: number,
): State {
  const { p, arc } = ctx;
  let s = start;
  let cost = stateCost(p, s, penalty, vehicleWeight);
  for (let pass = 0; pass < 5; pass++) {
    let improved = false;
    for (const r of s.routed()) {
      const t = s.clone();
      t.remove(p, arc, [r]);
      let best: { v: number; c: number; i: number; j: number } | null = null;
      const triedKinds = new Set<number>();
      for (const route of t.routes) {
        if (route.isEmpty) {
          if (!allowNew) continue;
          const kind = p.vehicleKind[route.v] ?? 0;
          if (triedKinds.has(kind)) continue;
          triedKinds.add(kind);
        }
        const ins = bestInsertion(p, arc, route, r, p.weights.vehicle * (p.fixedCost[route.v] ?? 0));
        if (ins && (!best || ins.cost < best.c)) best = { v: route.v, c: ins.cost, i: ins.i, j: ins.j };
      }
      if (!best) continue;
      if (!t.insert(p, arc, r, best.v, { cost: best.c, i: best.i, j: best.j })) continue;
      const c = stateCost(p, t, penalty, vehicleWeight);
      if (c < cost - 1e-7) {
        s = t;
        cost = c;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return s;
}
