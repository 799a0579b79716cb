import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { announceRun } from '#src/features/routing/announceRun.ts';
import { getSession } from '../session/sessionStore.ts';
import { type ChangeEvent, useSocket } from './useSocket.ts';

/** Refreshes the cached finds of a collection when the server reports a write to it; tells of scheduled routing runs. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(
    (event: ChangeEvent) => {
      void queryClient.invalidateQueries({ queryKey: ['find', event.col] });
      // the routing scheduler ran for the site: said to those who route
      if (event.col === 'routingRuns' && event.op === 'insert') void announceRun(event.id);
    },
    [queryClient],
  );
  useSocket(() => getSession().token, handleChange);
}
