import { createFareContext, type FareContext } from '@tc/domain';
import type { CollectionStore } from './collection.store.ts';

/** Collections the fare engine reads; a change to any of them drops the cached contexts. */
export const FARE_COLLECTIONS = [
  'rates',
  'fares',
  'areas',
  'locations',
  'profiles',
  'holidays',
  'extraservices',
  'services',
] as const;

const PAGE = 1000;

async function readAll(store: CollectionStore, col: string, unit: number): Promise<unknown[]> {
  const out: unknown[] = [];
  const def = col === 'services' ? {} : { unit };
  for (let skip = 0; ; skip += PAGE) {
    const page = await store.find(col, { query: {}, sort: { _id: 1 }, skip, limit: PAGE }, def);
    out.push(...page.data);
    if (page.data.length < PAGE) return out;
  }
}

/**
 * One fare context per site, built on first use and dropped when its data changes (on any server
 * sharing the database: changes come through LISTEN/NOTIFY), so quoting never reloads 5,000 rates.
 */
export class FareContextCache {
  private readonly contexts = new Map<number, Promise<FareContext>>();
  private stop: (() => Promise<void>) | undefined;

  constructor(private readonly store: CollectionStore) {}

  async start(): Promise<void> {
    const watched = new Set<string>(FARE_COLLECTIONS);
    this.stop = await this.store.onChange((e) => {
      if (!watched.has(e.col)) return;
      if (e.unit === null) this.contexts.clear();
      else this.contexts.delete(e.unit);
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  get(unit: number): Promise<FareContext> {
    let ctx = this.contexts.get(unit);
    if (!ctx) {
      ctx = this.load(unit);
      this.contexts.set(unit, ctx);
      ctx.catch(() => this.contexts.delete(unit));
    }
    return ctx;
  }

  private async load(unit: number): Promise<FareContext> {
    const [rates, fares, areas, locations, profiles, holidays, extraservices, services] = await Promise.all(
      FARE_COLLECTIONS.map((c) => readAll(this.store, c, unit)),
    );
    return createFareContext({
      rates: rates ?? [],
      fares: (fares ?? []).map((f) => ({ ...(f as object), source: 'fares' })),
      areas,
      locations,
      profiles,
      holidays,
      extraservices,
      services,
    });
  }
}
