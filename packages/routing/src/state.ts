import { type Insertion, insertedSeq } from './insertion.ts';
import type { Problem } from './problem.ts';
import { Route } from './route.ts';

/**
 * A working solution of the search: one route per vehicle plus the bank of unrouted requests.
 * Clones share their routes until one of them changes a route (copy on write): a search step
 * touches a few routes of many.
 */
export class State {
  /** One route per vehicle; only the state itself changes them (copy on write: own, below). */
  private readonly slots: Route[];
  /** Vehicle serving each request, −1 when in the bank. */
  routeOf: Int32Array;
  bank: number[];
  /** 1 for the routes this state alone holds, which it may change in place. */
  private owned: Uint8Array;

  constructor(routes: Route[], routeOf: Int32Array, bank: number[]) {
    this.slots = routes;
    this.routeOf = routeOf;
    this.bank = bank;
    this.owned = new Uint8Array(routes.length);
  }

  static empty(p: Problem, arc: Float64Array): State {
    const routes = Array.from({ length: p.vehicleCount }, (_, v) => {
      const r = Route.empty(p, v);
      r.refresh(p, arc);
      return r;
    });
    return new State(
      routes,
      new Int32Array(p.requests).fill(-1),
      Array.from({ length: p.requests }, (_, r) => r),
    );
  }

  /**
   * The state of a solution given as one route per vehicle (nodes without the depots); requests on
   * no route are in the bank. Undefined when a route is not feasible.
   */
  static fromRoutes(p: Problem, arc: Float64Array, routes: readonly (readonly number[])[]): State | undefined {
    const s = State.empty(p, arc);
    for (let v = 0; v < s.routes.length; v++) {
      const nodes = routes[v] ?? [];
      if (nodes.length === 0) continue;
      const route = s.own(v);
      route.seq = [route.seq[0] ?? 0, ...nodes, route.seq[route.seq.length - 1] ?? 0];
      if (!route.refresh(p, arc)) return undefined;
      for (const node of nodes) if (node < p.requests) s.routeOf[node] = v;
    }
    s.bank = s.bank.filter((r) => s.routeOf[r] === -1);
    return s;
  }

  get routes(): readonly Route[] {
    return this.slots;
  }

  clone(): State {
    // From now on both states share every route, so neither may change one in place.
    this.owned.fill(0);
    return new State(this.slots.slice(), this.routeOf.slice(), this.bank.slice());
  }

  /** Route v, ready to be changed: copied first when it is shared with another state. */
  private own(v: number): Route {
    const route = this.slots[v];
    if (!route) throw new Error(`no vehicle ${v}`);
    if (this.owned[v]) return route;
    const copy = route.clone();
    this.slots[v] = copy;
    this.owned[v] = 1;
    return copy;
  }

  get usedVehicles(): number {
    let k = 0;
    for (const r of this.routes) if (!r.isEmpty) k++;
    return k;
  }

  insert(p: Problem, arc: Float64Array, r: number, v: number, at: Insertion): boolean {
    const route = this.own(v);
    const before = route.seq;
    route.seq = insertedSeq(before, r, p.requests, at.i, at.j);
    if (!route.refresh(p, arc)) {
      // A fast insertion test was too optimistic: keep the route as it was and the request banked.
      route.seq = before;
      route.refresh(p, arc);
      return false;
    }
    this.routeOf[r] = v;
    const k = this.bank.indexOf(r);
    if (k >= 0) this.bank.splice(k, 1);
    return true;
  }

  /** Takes requests out of their routes into the bank; routes left infeasible (non-metric matrices) are emptied too. */
  remove(p: Problem, arc: Float64Array, requests: readonly number[]): void {
    const n = p.requests;
    const touched = new Set<number>();
    const gone = new Set<number>();
    for (const r of requests) {
      const v = this.routeOf[r] ?? -1;
      if (v < 0) continue;
      gone.add(r);
      gone.add(n + r);
      touched.add(v);
      this.routeOf[r] = -1;
      this.bank.push(r);
    }
    for (const v of touched) {
      const route = this.own(v);
      route.seq = route.seq.filter((x) => !gone.has(x));
      if (!route.refresh(p, arc)) {
        const rest = route.seq.filter((x) => x < n);
        route.seq = [route.seq[0] ?? 0, route.seq[route.seq.length - 1] ?? 0];
        route.refresh(p, arc);
        for (const r of rest) {
          this.routeOf[r] = -1;
          this.bank.push(r);
        }
      }
    }
  }

  /** Requests currently routed. */
  routed(): number[] {
    const out: number[] = [];
    this.routeOf.forEach((v, r) => {
      if (v >= 0) out.push(r);
    });
    return out;
  }
}

/** Objective value of a state (see ObjectiveWeights). */
export function stateCost(p: Problem, s: State, unassignedPenalty: number, vehicleWeight = p.weights.vehicle): number {
  const n = p.requests;
  let cost = s.bank.length * unassignedPenalty;
  for (const route of s.routes) {
    if (route.isEmpty) continue;
    cost += route.arcCost + vehicleWeight * (p.fixedCost[route.v] ?? 0);
    if (p.reward || p.weights.rideTime > 0) {
      const seq = route.seq;
      for (let k = 1; k < seq.length - 1; k++) {
        const node = seq[k] ?? 0;
        if (node < n) {
          if (p.reward) cost -= p.reward[route.v * n + node] ?? 0;
        } else if (node < 2 * n && p.weights.rideTime > 0) {
          const pk = seq.indexOf(node - n);
          cost += p.weights.rideTime * ((route.B[k] ?? 0) - (route.B[pk] ?? 0) - (p.service[node - n] ?? 0));
        }
      }
    }
  }
  return cost;
}
