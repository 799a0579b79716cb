import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { find, findKey } from '#src/api/find.ts';

/** A history record (docs/protocol.md, special collections). */
export interface HistoryRecord {
  _id: number;
  collection: string;
  id: number;
  time: string;
  user: string;
  userId?: number;
  operation: 'insert' | 'update' | 'delete';
  data: unknown;
}

/** Changes shown per page of a record's history. */
export const HISTORY_PAGE_SIZE = 20;

/** One page of a record's history, newest first, with the count of all its changes (spec section 7, history). */
export function useHistory(collection: string, id: number, page: number) {
  const body = {
    col: 'history',
    query: { collection, id },
    sort: { time: -1, _id: -1 },
    skip: (page - 1) * HISTORY_PAGE_SIZE,
    limit: HISTORY_PAGE_SIZE,
    count: true,
  } as const;
  return useQuery({
    queryKey: findKey(body),
    queryFn: () => find<HistoryRecord>(body, { priority: 'medium' }),
    placeholderData: keepPreviousData,
  });
}

/** The change that created the record (who and when), whatever page is shown. */
export function useCreation(collection: string, id: number) {
  const body = { col: 'history', query: { collection, id, operation: 'insert' }, limit: 1 } as const;
  return useQuery({
    queryKey: findKey(body),
    queryFn: () => find<HistoryRecord>(body, { priority: 'medium' }),
    select: (r) => r.data[0],
  });
}
