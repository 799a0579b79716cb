import { DOUBLE_SUBMIT_MS } from '@tc/domain';
import { useCallback, useRef } from 'react';

/** Wraps a submit handler so that a second submit within 3 s is ignored (spec section 5). */
export function useSubmitGuard<A extends unknown[]>(
  handler: (...args: A) => Promise<void> | void,
  windowMs: number = DOUBLE_SUBMIT_MS,
): (...args: A) => Promise<void> {
  const last = useRef(Number.NEGATIVE_INFINITY);
  return useCallback(
    async (...args: A) => {
      const now = Date.now();
      if (now - last.current < windowMs) return;
      last.current = now;
      await handler(...args);
    },
    [handler, windowMs],
  );
}
