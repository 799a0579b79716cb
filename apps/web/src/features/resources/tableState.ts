import { DEFAULT_PAGE_SIZE, parseSavedState, type ResourceDef, type SavedTableState } from '@tc/domain';

/** What a resource table shows: the saved table state of spec section 3 (page counted from 0). */
export type TableState = SavedTableState;

/** A list's first state: a list of a day (reservations, shifts) opens on `today`, the site's. */
export function initialState(def: ResourceDef, today: string | null = null): TableState {
  const sort = Object.fromEntries(
    def.columns
      .filter((c) => c.sortable !== false && c.field !== '_id')
      .slice(0, 1)
      .map((c) => [c.field, 1 as const]),
  ) as Record<string, 1 | -1>;
  return {
    filters: {},
    generalFilter: '',
    limit: DEFAULT_PAGE_SIZE,
    page: 0,
    sort,
    hidden: def.columns.filter((c) => c.hidden).map((c) => c.field),
    day: def.dateField ? today : null,
  };
}

export function storageKey(def: ResourceDef): string {
  return `table:${def.key}`;
}

/** The saved state of the table, or the initial one when none is saved or the saved one breaks a rule. */
export function loadState(
  def: ResourceDef,
  today: string | null = null,
  storage: Storage = sessionStorage,
): TableState {
  try {
    const raw = storage.getItem(storageKey(def));
    if (raw) {
      const saved = parseSavedState(def, JSON.parse(raw));
      if (saved) return saved;
      storage.removeItem(storageKey(def));
    }
  } catch {
    storage.removeItem(storageKey(def));
  }
  return initialState(def, today);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The state a link asks for (the agent home opens /jobs?search=…&from=…&to=…; the dashboard adds
 * status=a,b): the search, the days from and to on the list's date column instead of one day, and
 * the values of a column with a choice filter; a malformed day or an unknown value is ignored.
 */
export function stateFromQuery(def: ResourceDef, state: TableState, params: URLSearchParams): TableState {
  const search = params.get('search');
  const from = params.get('from');
  const to = params.get('to');
  const days = [from, to].filter((d): d is string => d !== null && DAY.test(d));
  const choices = def.columns.flatMap((c) => {
    const asked = c.filter === 'enum' ? params.get(c.field) : null;
    const values = asked?.split(',').filter((v) => c.options?.includes(v)) ?? [];
    return values.length ? [[c.field, values] as const] : [];
  });
  const next = { ...state, page: 0 };
  if (search !== null) next.generalFilter = search;
  if (days.length > 0 && def.dateField) {
    const [first, last = first] = days.sort();
    next.filters = { ...next.filters, [def.dateField]: [first, last] };
    next.day = null;
  }
  for (const [field, values] of choices) next.filters = { ...next.filters, [field]: values };
  return search === null && days.length === 0 && choices.length === 0 ? state : next;
}

export function saveState(def: ResourceDef, state: TableState, storage: Storage = sessionStorage): void {
  storage.setItem(storageKey(def), JSON.stringify(state));
}

/** True when any filter, the search or the day narrows the list (the clear-filter button is on). */
export function isFiltered(state: TableState): boolean {
  return state.generalFilter.trim() !== '' || state.day !== null || Object.keys(state.filters).length > 0;
}
