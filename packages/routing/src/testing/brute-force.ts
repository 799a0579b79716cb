import type { Problem, Solution } from '../problem.ts';
import { verifySolution } from '../verify.ts';

/** Objective of a complete solution by brute force's own arithmetic (distance, time and vehicle weights). */
export function objectiveOf(p: Problem, s: Solution): number {
  const N = p.nodeCount;
  const n = p.requests;
  let cost = s.unassigned.length * p.weights.unassigned;
  s.routes.forEach((route, v) => {
    if (route.length === 0) return;
    cost += p.weights.vehicle * (p.fixedCost[v] ?? 0);
    const stops = [2 * n + 2 * v, ...route, 2 * n + 2 * v + 1];
    for (let k = 1; k < stops.length; k++) {
      const a = (stops[k - 1] ?? 0) * N + (stops[k] ?? 0);
      cost += p.weights.distance * (p.dist[a] ?? 0) + p.weights.time * (p.time[a] ?? 0);
    }
  });
  return cost;
}

/** Every order of a route's stops with each pickup before its drop-off. */
function orders(requests: number[], n: number): number[][] {
  const out: number[][] = [];
  const walk = (seq: number[], open: Set<number>, left: Set<number>) => {
    if (open.size === 0 && left.size === 0) {
      out.push(seq.slice());
      return;
    }
    for (const r of [...left]) {
      left.delete(r);
      open.add(r);
      seq.push(r);
      walk(seq, open, left);
      seq.pop();
      open.delete(r);
      left.add(r);
    }
    for (const r of [...open]) {
      open.delete(r);
      seq.push(n + r);
      walk(seq, open, left);
      seq.pop();
      open.add(r);
    }
  };
  walk([], new Set(), new Set(requests));
  return out;
}

/** The optimum of a tiny problem with every request served, or Infinity when none is feasible. */
export function bruteForceOptimum(p: Problem): number {
  return bruteForce(p).cost;
}

/** The optimum and one optimal solution (brute force over assignments and orders). */
export function bruteForce(p: Problem): { cost: number; solution: Solution | null } {
  const n = p.requests;
  const K = p.vehicleCount;
  let best = Number.POSITIVE_INFINITY;
  let bestSolution: Solution | null = null;
  const total = K ** n;
  for (let code = 0; code < total; code++) {
    const groups: number[][] = Array.from({ length: K }, () => []);
    let c = code;
    for (let r = 0; r < n; r++) {
      groups[c % K]?.push(r);
      c = Math.floor(c / K);
    }
    // best feasible order per vehicle independently: routes do not interact
    let sum = 0;
    const chosen: number[][] = Array.from({ length: K }, () => []);
    for (let v = 0; v < K && sum < best; v++) {
      const g = groups[v] ?? [];
      if (g.length === 0) continue;
      let bestRoute = Number.POSITIVE_INFINITY;
      for (const seq of orders(g, n)) {
        const routes: number[][] = Array.from({ length: K }, () => []);
        routes[v] = seq;
        const others = Array.from({ length: n }, (_, r) => r).filter((r) => !g.includes(r));
        const sol = { routes, unassigned: others };
        if (!verifySolution(p, sol).feasible) continue;
        const c = objectiveOf(p, { routes, unassigned: [] });
        if (c < bestRoute) {
          bestRoute = c;
          chosen[v] = seq;
        }
      }
      sum += bestRoute;
    }
    if (sum < best) {
      best = sum;
      bestSolution = { routes: chosen, unassigned: [] };
    }
  }
  return { cost: best, solution: bestSolution };
}
