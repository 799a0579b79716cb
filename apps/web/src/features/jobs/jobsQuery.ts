import { containsText } from '@tc/domain';
import type { FindBody } from '#src/api/types.ts';

/** What the reservations list shows: one day of one site (or all), a search text, a page. */
export interface JobsListState {
  site: number | null;
  /** 'YYYY-MM-DD' of the date navigator. */
  day: string;
  search: string;
  page: number;
  pageSize: number;
}

/**
 * The find of the list (spec section 7): the site as `unit`, the day as a two-value date range,
 * the search as an `$or` of case-insensitive regexes, with the count for the footer.
 */
export function jobsFindBody(state: JobsListState): FindBody {
  const text = state.search.trim();
  const query: Record<string, unknown> = { date: [state.day, state.day] };
  if (state.site !== null) query.unit = state.site;
  if (text) {
    const pattern = containsText(text);
    query.$or = [{ lastName: pattern }, { firstName: pattern }, { phone: pattern }];
  }
  return {
    col: 'jobs',
    query,
    sort: { date: 1 },
    count: true,
    skip: (state.page - 1) * state.pageSize,
    limit: state.pageSize,
  };
}
