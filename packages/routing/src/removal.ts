import type { SearchContext } from './context.ts';
import type { Problem } from './problem.ts';
import type { Route } from './route.ts';
import type { State } from './state.ts';

export type RemovalName = 'random' | 'worst' | 'shaw' | 'route' | 'cluster';

/** Picks up to q routed requests to take out, by the named heuristic. */
export function chooseRemoval(ctx: SearchContext, s: State, name: RemovalName, q: number): number[] {
  const routed = s.routed();
  if (routed.length === 0) return [];
  q = Math.min(q, routed.length);
  switch (name) {
    case 'random':
      return randomRemoval(ctx, routed, q);
    case 'worst':
      return worstRemoval(ctx, s, routed, q);
    case 'shaw':
      return shawRemoval(ctx, s, routed, q);
    case 'route':
      return routeRemoval(ctx, s, q);
    case 'cluster':
      return clusterRemoval(ctx, s, q);
  }
}

function randomRemoval(ctx: SearchContext, routed: number[], q: number): number[] {
  const pool = routed.slice();
  const out: number[] = [];
  while (out.length < q && pool.length > 0) {
    const k = Math.floor(ctx.rng.next() * pool.length);
    out.push(pool[k] ?? 0);
    pool[k] = pool[pool.length - 1] ?? 0;
    pool.pop();
  }
  return out;
}

/** Removes the requests whose stops cost most where they are, with a bias (y^3) so it is not always the same. */
function worstRemoval(ctx: SearchContext, s: State, routed: number[], q: number): number[] {
  const { p, arc } = ctx;
  const N = p.nodeCount;
  const n = p.requests;
  const saving = new Map<number, number>();
  for (const route of s.routes) {
    const seq = route.seq;
    const pos = new Map<number, number>();
    seq.forEach((x, k) => {
      pos.set(x, k);
    });
    for (let k = 1; k < seq.length - 1; k++) {
      const r = seq[k] ?? 0;
      if (r >= n) continue;
      const i = k;
      const j = pos.get(n + r) ?? k + 1;
      const a = seq[i - 1] ?? 0;
      const c = seq[j + 1] ?? 0;
      let sv: number;
      if (j === i + 1) {
        sv = (arc[a * N + r] ?? 0) + (arc[r * N + n + r] ?? 0) + (arc[(n + r) * N + c] ?? 0) - (arc[a * N + c] ?? 0);
      } else {
        const b = seq[i + 1] ?? 0;
        const d = seq[j - 1] ?? 0;
        sv =
          (arc[a * N + r] ?? 0) +
          (arc[r * N + b] ?? 0) -
          (arc[a * N + b] ?? 0) +
          (arc[d * N + n + r] ?? 0) +
          (arc[(n + r) * N + c] ?? 0) -
          (arc[d * N + c] ?? 0);
      }
      saving.set(r, sv);
    }
  }
  const sorted = routed.slice().sort((x, y) => (saving.get(y) ?? 0) - (saving.get(x) ?? 0) || x - y);
  const out: number[] = [];
  while (out.length < q && sorted.length > 0) {
    const k = Math.floor(ctx.rng.next() ** 3 * sorted.length);
    out.push(sorted[k] ?? 0);
    sorted.splice(k, 1);
  }
  return out;
}

/** Shaw (related) removal: requests close in space and time to already removed ones, so they can be re-shuffled together. */
function shawRemoval(ctx: SearchContext, s: State, routed: number[], q: number): number[] {
  const { p } = ctx;
  const n = p.requests;
  const start = new Float64Array(2 * n);
  for (const route of s.routes) {
    route.seq.forEach((x, k) => {
      if (x < 2 * n) start[x] = route.B[k] ?? 0;
    });
  }
  let horizon = 1;
  for (let x = 0; x < 2 * n; x++) horizon = Math.max(horizon, p.late[x] ?? 0);
  const maxD = Math.max(1e-9, ctx.maxDist);
  const rel = (a: number, b: number) =>
    (9 * requestDistance(p, a, b)) / maxD +
    (3 * (Math.abs((start[a] ?? 0) - (start[b] ?? 0)) + Math.abs((start[n + a] ?? 0) - (start[n + b] ?? 0)))) /
      horizon +
    (s.routeOf[a] === s.routeOf[b] ? 0 : 1);
  const pool = routed.slice();
  const first = Math.floor(ctx.rng.next() * pool.length);
  const out = [pool[first] ?? 0];
  pool.splice(first, 1);
  const key = new Float64Array(n);
  while (out.length < q && pool.length > 0) {
    const ref = out[Math.floor(ctx.rng.next() * out.length)] ?? 0;
    for (const x of pool) key[x] = rel(ref, x);
    // the k-th most related, k drawn with a strong bias towards the first
    const k = Math.floor(ctx.rng.next() ** 6 * pool.length);
    selectRank(pool, key, k);
    out.push(pool[k] ?? 0);
    pool[k] = pool[pool.length - 1] ?? 0;
    pool.pop();
  }
  return out;
}

/**
 * Reorders xs in place so that xs[k] is the element of rank k by key, ties by the element itself
 * (Hoare's selection, linear on average): the search only needs that one element, and sorting the
 * pool for it took a fifth of the time at 400 tasks.
 */
export function selectRank(xs: number[], key: Float64Array, k: number): void {
  const before = (a: number, b: number) => {
    const ka = key[a] ?? 0;
    const kb = key[b] ?? 0;
    return ka < kb || (ka === kb && a < b);
  };
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const pivot = xs[(lo + hi) >> 1] ?? 0;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(xs[i] ?? 0, pivot)) i++;
      while (before(pivot, xs[j] ?? 0)) j--;
      if (i <= j) {
        const t = xs[i] ?? 0;
        xs[i] = xs[j] ?? 0;
        xs[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

/** Empties whole routes (smaller ones are likelier), which is what lets the fleet shrink. */
function routeRemoval(ctx: SearchContext, s: State, q: number): number[] {
  const n = ctx.p.requests;
  const used = s.routes.filter((r) => !r.isEmpty);
  const out: number[] = [];
  const pool = used.slice();
  while (out.length < q && pool.length > 0) {
    const w = pool.map((r) => 1 / r.requestCount);
    const k = ctx.rng.roulette(w);
    const route = pool[k];
    pool.splice(k, 1);
    if (!route) break;
    for (const x of route.seq) if (x < n) out.push(x);
  }
  return out;
}

/**
 * Cluster removal (Pisinger & Ropke 2007): a route drawn at random has its requests split in two
 * by single linkage, and one side is taken out; while fewer than q are out, the same is done in the
 * route of the request nearest to one taken out. A group of nearby requests can so move to another
 * route together, which taking them out one by one seldom achieves on long routes
 * (bench/routing/RESULTS.md).
 */
function clusterRemoval(ctx: SearchContext, s: State, q: number): number[] {
  const { p, rng } = ctx;
  const n = p.requests;
  const d = (a: number, b: number) => requestDistance(p, a, b);
  const out: number[] = [];
  const split = new Set<number>();
  let route: Route | undefined = rng.pick(s.routes.filter((r) => !r.isEmpty));
  while (route && out.length < q) {
    split.add(route.v);
    const requests = route.seq.filter((x) => x < n);
    const side = requests.length <= 1 ? requests : linkageSplit(requests, d)[rng.next() < 0.5 ? 0 : 1];
    for (const r of side) {
      if (out.length >= q) break;
      out.push(r);
    }
    if (out.length >= q) break;
    // the route of the request nearest to one taken out, among the routes not split yet
    const ref = out[Math.floor(rng.next() * out.length)] ?? 0;
    let nearest = -1;
    let least = Number.POSITIVE_INFINITY;
    for (let r = 0; r < n; r++) {
      const v = s.routeOf[r] ?? -1;
      if (v < 0 || split.has(v)) continue;
      const dr = d(ref, r);
      if (dr < least) {
        least = dr;
        nearest = v;
      }
    }
    route = nearest < 0 ? undefined : s.routes[nearest];
  }
  return out;
}

/**
 * Splits xs in two by single linkage (Kruskal's algorithm stopped at two components, distance d):
 * the side holding xs[0], then the other. A single element makes one side of its own.
 */
export function linkageSplit(xs: readonly number[], d: (a: number, b: number) => number): [number[], number[]] {
  const m = xs.length;
  if (m === 0) return [[], []];
  const edges: [number, number, number][] = [];
  for (let a = 0; a < m; a++) for (let b = a + 1; b < m; b++) edges.push([d(xs[a] ?? 0, xs[b] ?? 0), a, b]);
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2]);
  const parent = Array.from({ length: m }, (_, k) => k);
  const find = (x: number): number => {
    let root = x;
    while (parent[root] !== root) root = parent[root] ?? root;
    while (parent[x] !== root) {
      const next = parent[x] ?? root;
      parent[x] = root;
      x = next;
    }
    return root;
  };
  let parts = m;
  for (const [, a, b] of edges) {
    if (parts <= 2) break;
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) continue;
    parent[rb] = ra;
    parts--;
  }
  const first = find(0);
  const sides: [number[], number[]] = [[], []];
  xs.forEach((x, k) => {
    sides[find(k) === first ? 0 : 1].push(x);
  });
  return sides;
}

/** How far apart two requests are: the distance between their pickups plus that between their drop-offs. */
function requestDistance(p: Problem, a: number, b: number): number {
  const N = p.nodeCount;
  const n = p.requests;
  return (p.dist[a * N + b] ?? 0) + (p.dist[(n + a) * N + n + b] ?? 0);
}
