import { addDays, COLLECTIONS, containsText, DEFAULT_TIME_ZONE, epochOf, RESOURCES } from '@tc/domain';
import type { TFunction } from 'i18next';
import { SCREENS } from '#src/app/navigation/screens.ts';

/** What the history screen filters by: collection, user, operation and a period (days in America/New_York). */
export interface HistoryFilters {
  collection: string | null;
  user: string;
  operation: 'insert' | 'update' | 'delete' | null;
  from: string | null;
  to: string | null;
}

export const NO_HISTORY_FILTERS: HistoryFilters = { collection: null, user: '', operation: null, from: null, to: null };

/** The find query of the filters: the period's days run midnight to midnight in the history viewer's zone. */
export function historyQuery(f: HistoryFilters): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (f.collection) query.collection = f.collection;
  if (f.user.trim()) query.user = containsText(f.user);
  if (f.operation) query.operation = f.operation;
  const time: Record<string, string> = {};
  if (f.from) time.$gte = new Date(epochOf(DEFAULT_TIME_ZONE, `${f.from} 00:00`)).toISOString();
  if (f.to) time.$lt = new Date(epochOf(DEFAULT_TIME_ZONE, `${addDays(f.to, 1)} 00:00`)).toISOString();
  if (Object.keys(time).length) query.time = time;
  return query;
}

/** The console page of a changed record: its resource's edit page (people of `users` on the users screen). */
export function recordPath(collection: string, id: number): string | undefined {
  const def =
    collection === 'users'
      ? RESOURCES.find((r) => r.key === 'users')
      : RESOURCES.find((r) => r.collection === collection && !r.fixed);
  const screen = def ? SCREENS[def.key] : undefined;
  return screen ? `${screen.path}/edit/${id}` : undefined;
}

/** The fields a change names: those an update changed, else none (a whole record was created or deleted). */
export function changedFields(entry: { operation: string; data: unknown }): string[] {
  if (entry.operation !== 'update') return [];
  const changes = (entry.data as { changes?: Record<string, unknown> } | null)?.changes ?? {};
  return Object.keys(changes).filter((f) => f !== 'updatedAt');
}

/** The collections with a history a person reads: those of a module (the server keeps to what the user may view). */
export const HISTORY_COLLECTIONS = [...COLLECTIONS.values()].filter((d) => d.module !== null).map((d) => d.name);

export const resourceOf = (collection: string) =>
  RESOURCES.find((r) => r.collection === collection && (collection !== 'users' || r.key === 'users'));

/** A collection by its screen's title where it has one, else by its own name (history.collections). */
export function collectionLabel(t: TFunction, name: string): string {
  const def = resourceOf(name);
  return def
    ? t(`screens.${def.key}`, { defaultValue: name })
    : t(`history.collections.${name}`, { defaultValue: name });
}
