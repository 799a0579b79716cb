import type { Problem } from './problem.ts';

/**
 * The best solution that any of several searches of one problem has found, kept in shared memory so
 * that searches on other threads can go on from it (solveParallel). A search offers each new best
 * of its own and, at points where it would restart from its own best anyway, may take a better
 * one (solve takes one with fewer vehicles).
 *
 * Layout: a lock and the stored solution's vehicle count (Int32 each), its cost (Float64, +∞ until
 * the first offer), then per vehicle the length of its route followed by the route's nodes (Int32).
 */
export class SharedBest {
  readonly buffer: SharedArrayBuffer;
  private readonly lock: Int32Array;
  private readonly used: Int32Array;
  private readonly cost: Float64Array;
  private readonly data: Int32Array;
  private readonly vehicles: number;

  constructor(buffer: SharedArrayBuffer, vehicles: number) {
    this.buffer = buffer;
    this.vehicles = vehicles;
    this.lock = new Int32Array(buffer, 0, 1);
    this.used = new Int32Array(buffer, 4, 1);
    this.cost = new Float64Array(buffer, 8, 1);
    this.data = new Int32Array(buffer, 16);
  }

  /** An empty store sized for the problem's solutions: every request on some route, at worst. */
  static create(p: Pick<Problem, 'requests' | 'vehicleCount'>): SharedBest {
    const buffer = new SharedArrayBuffer(16 + 4 * (p.vehicleCount + 2 * p.requests));
    new Float64Array(buffer, 8, 1)[0] = Number.POSITIVE_INFINITY;
    return new SharedBest(buffer, p.vehicleCount);
  }

  /** Keeps the routes (one per vehicle, without its depots) when their cost beats the stored one. */
  offer(routes: readonly (readonly number[])[], cost: number): void {
    if (routes.length !== this.vehicles) throw new Error(`expected ${this.vehicles} routes, got ${routes.length}`);
    if (!(cost < (this.cost[0] ?? 0) - 1e-9)) return;
    this.locked(() => {
      if (!(cost < (this.cost[0] ?? 0) - 1e-9)) return;
      let k = 0;
      for (const route of routes) {
        this.data[k++] = route.length;
        this.data.set(route, k);
        k += route.length;
      }
      this.used[0] = routes.filter((r) => r.length > 0).length;
      this.cost[0] = cost;
    });
  }

  /**
   * The stored routes and cost when that cost is below `cost` and they use fewer than `vehicles`
   * vehicles, else undefined (without copying anything).
   */
  take(cost: number, vehicles = Number.POSITIVE_INFINITY): { routes: number[][]; cost: number } | undefined {
    const better = () => (this.cost[0] ?? 0) < cost - 1e-9 && (this.used[0] ?? 0) < vehicles;
    if (!better()) return undefined;
    return this.locked(() => {
      if (!better()) return undefined;
      const stored = this.cost[0] ?? 0;
      const routes: number[][] = [];
      let k = 0;
      for (let v = 0; v < this.vehicles; v++) {
        const length = this.data[k++] ?? 0;
        routes.push(Array.from(this.data.subarray(k, k + length)));
        k += length;
      }
      return { routes, cost: stored };
    });
  }

  private locked<T>(body: () => T): T {
    // Held for a copy of a few thousand integers at most: wait a millisecond at a time.
    while (Atomics.compareExchange(this.lock, 0, 0, 1) !== 0) Atomics.wait(this.lock, 0, 1, 1);
    try {
      return body();
    } finally {
      Atomics.store(this.lock, 0, 0);
      Atomics.notify(this.lock, 0);
    }
  }
}
