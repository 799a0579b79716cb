import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ResourceDef, StoredDoc } from '@tc/domain';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { markTableData } from '#src/app/perf/renderTiming.ts';
import type { RefLabels } from './cellValue.ts';
import { refIds } from './cellValue.ts';
import { pageBody } from './resourceQuery.ts';
import type { TableState } from './tableState.ts';

/** A record of a list as the server answers it. */
export type Row = StoredDoc;
export interface PageData {
  data: Row[];
  count: number;
  refs: RefLabels;
  /** Why the page could not be read (shown with a retry); the page is then empty. */
  error?: unknown;
}

/** Ids a find may name at once (the server's page limit). */
const REF_CHUNK = 1000;

/** Labels of the records the rows refer to: finds per referenced collection, a thousand ids each. */
export async function loadRefs(def: ResourceDef, rows: readonly Row[]): Promise<RefLabels> {
  const out: RefLabels = {};
  const wanted = refIds(def.columns, rows);
  await Promise.all(
    Object.entries(wanted).map(async ([col, ids]) => {
      // the labels the server gives whoever may use the resource (act `options`)
      const names = new Map<number, string>();
      out[col] = names;
      for (let i = 0; i < ids.length; i += REF_CHUNK) {
        const chunk = ids.slice(i, i + REF_CHUNK);
        const r = await call('options', { resource: def.key, col, ids: chunk }, { priority: 'high' });
        for (const o of r.data) names.set(o._id, o.label);
      }
    }),
  );
  return out;
}

/**
 * One page of the table with its count (or the duplicates of the filtered records), the labels of
 * what it refers to. A failed fetch is logged and shows as an empty table with count 0 (spec section 8),
 * its error kept in `error` for the list to show.
 */
export function useResourcePage(
  def: ResourceDef,
  state: TableState,
  site: number | null,
  duplicates: boolean,
  only?: readonly number[],
) {
  const body = pageBody(def, state, site, only);
  return useQuery({
    queryKey: ['find', def.collection, def.key, body, duplicates],
    queryFn: async (): Promise<PageData> => {
      try {
        const page = duplicates
          ? await call('duplicates', { ...body, fields: def.duplicateKey }, { priority: 'highest' })
          : await find<Row>(body, { priority: 'highest' });
        const refs = await loadRefs(def, page.data).catch(() => ({}));
        markTableData();
        return { data: page.data, count: page.count ?? 0, refs };
      } catch (err) {
        console.error(`${def.key} fetch failed`, err);
        // the spec's empty table, and the failure beside it for the list to tell (with a retry)
        return { data: [], count: 0, refs: {}, error: err };
      }
    },
    placeholderData: keepPreviousData,
  });
}
