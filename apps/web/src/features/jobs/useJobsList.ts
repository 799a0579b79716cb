import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { find, findKey } from '#src/api/find.ts';
import { type JobsListState, jobsFindBody } from './jobsQuery.ts';

/** A reservation row as the list shows it. */
export interface JobRow {
  _id: number;
  unit: number;
  date: string;
  status: string;
  firstName?: string;
  lastName?: string;
  from?: { address?: string };
  to?: { address?: string };
  seats?: number;
}

/** One page of reservations with the total; a failed fetch shows as an empty list with count 0 (spec section 8). */
export function useJobsList(state: JobsListState) {
  const body = jobsFindBody(state);
  return useQuery({
    queryKey: findKey(body),
    queryFn: async () => {
      try {
        return await find<JobRow>(body, { priority: 'highest' });
      } catch (err) {
        console.error('reservations fetch failed', err);
        return { data: [], count: 0 };
      }
    },
    placeholderData: keepPreviousData,
  });
}
