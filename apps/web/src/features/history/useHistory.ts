import { useQuery } from '@tanstack/react-query';
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

/** The history of one record, oldest first (spec section 7, history). */
export function useHistory(collection: string, id: number) {
  const body = { col: 'history', query: { collection, id }, sort: { time: 1 } } as const;
  return useQuery({ queryKey: findKey(body), queryFn: () => find<HistoryRecord>(body, { priority: 'medium' }) });
}
