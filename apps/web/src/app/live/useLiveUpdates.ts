import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getSession } from '../session/sessionStore.ts';
import { type ChangeEvent, useSocket } from './useSocket.ts';

/** Refreshes the cached finds of a collection when the server reports a write to it. */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const handleChange = useCallback(
    (event: ChangeEvent) => void queryClient.invalidateQueries({ queryKey: ['find', event.col] }),
    [queryClient],
  );
  useSocket(() => getSession().token, handleChange);
}
