import { type ColumnSpec, collectionDef, containsText as contains, type ResourceDef } from '@tc/domain';
import type { TableState } from './tableState.ts';

/** One column filter as a query condition, or undefined when it is empty. */
export function filterCondition(column: ColumnSpec, value: unknown): unknown {
  const kind = column.filter ?? 'text';
  if (kind === 'enum') {
    const values = (Array.isArray(value) ? value : []).map((v) => (v === 'true' ? true : v === 'false' ? false : v));
    return values.length ? { $in: values } : undefined;
  }
  if (kind === 'ref') {
    const ids = (Array.isArray(value) ? value : []).filter((v) => typeof v === 'number');
    return ids.length ? { $in: ids } : undefined;
  }
  if (kind === 'dateRange' || kind === 'numberRange') {
    const [from, to] = Array.isArray(value) ? value : [];
    const has = (v: unknown) => v !== null && v !== undefined && v !== '';
    if (!has(from) && !has(to)) return undefined;
    if (kind === 'dateRange') return [has(from) ? from : null, has(to) ? to : null];
    return { ...(has(from) ? { $gte: from } : {}), ...(has(to) ? { $lte: to } : {}) };
  }
  return typeof value === 'string' && value.trim() ? contains(value) : undefined;
}

/**
 * The selected site as a condition on `unit`: records of that site; for settings and holidays also
 * those of every site (no unit); nothing for collections that are not per site (services, sites).
 */
export function siteScope(def: ResourceDef, site: number | null): unknown {
  const col = collectionDef(def.collection);
  if (site === null || !col?.siteScoped) return undefined;
  return col.unitOptional ? { $in: [site, null] } : site;
}

/** Deleting what the filters select (no rows chosen) needs a site, and only per-site records qualify. */
export function canDeleteBySite(def: ResourceDef, site: number | null): boolean {
  const col = collectionDef(def.collection);
  return site !== null && !!col?.siteScoped && !col.unitOptional;
}

/**
 * The query of what the table selects (every page): fixed values, site, search, column filters,
 * day; `only` holds it to those records (the user's favourites).
 */
export function tableQuery(
  def: ResourceDef,
  state: TableState,
  site: number | null,
  only?: readonly number[],
): Record<string, unknown> {
  const query: Record<string, unknown> = { ...(def.listQuery ?? {}), ...(def.fixed ?? {}) };
  const scope = siteScope(def, site);
  if (scope !== undefined) query.unit = scope;
  const and: unknown[] = [];
  const text = state.generalFilter.trim();
  if (text) and.push({ $or: def.search.map((f) => ({ [f]: contains(text) })) });
  for (const column of def.columns) {
    const cond = filterCondition(column, state.filters[column.field]);
    if (cond !== undefined) and.push({ [column.field]: cond });
  }
  if (state.day && def.dateField) and.push({ [def.dateField]: [state.day, state.day] });
  if (only) and.push({ _id: { $in: [...only] } });
  if (and.length === 1) Object.assign(query, and[0]);
  else if (and.length > 1) query.$and = and;
  return query;
}

/** The `find` of one page with its count (spec section 7: table fetches send count true). */
export function pageBody(def: ResourceDef, state: TableState, site: number | null, only?: readonly number[]) {
  return {
    col: def.collection,
    query: tableQuery(def, state, site, only),
    sort: state.sort,
    skip: state.page * state.limit,
    limit: state.limit,
    count: true,
  };
}
