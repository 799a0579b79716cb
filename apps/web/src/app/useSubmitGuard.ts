import { DOUBLE_SUBMIT_MS } from '@tc/domain';
import { useCallback, useRef } from 'react';

/**
 * Wraps a submit handler so that a second submit within 3 s is ignored (spec section 5). A submit
 * that ended with nothing done (the handler answers `false`: the server refused it, or the user
 * withdrew at a confirmation) is no double: the next one goes at once. `reset` says the page moved
 * on since (what was submitted was written or taken back): the next submit is a new one.
 */
export function useSubmitGuard<A extends unknown[]>(
  handler: (...args: A) => unknown,
  windowMs: number = DOUBLE_SUBMIT_MS,
): ((...args: A) => Promise<void>) & { reset: () => void } {
  const last = useRef(Number.NEGATIVE_INFINITY);
  const submit = useCallback(
    async (...args: A) => {
      const now = Date.now();
      if (now - last.current < windowMs) return;
      last.current = now;
      if ((await handler(...args)) === false) last.current = Number.NEGATIVE_INFINITY;
    },
    [handler, windowMs],
  );
  const reset = useCallback(() => {
    last.current = Number.NEGATIVE_INFINITY;
  }, []);
  return Object.assign(submit, { reset });
}
