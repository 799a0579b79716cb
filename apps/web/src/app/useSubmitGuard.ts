import { DOUBLE_SUBMIT_MS } from '@tc/domain';
import { useCallback, useRef } from 'react';

/**
 * Wraps a submit handler so that a double submit is dropped (spec section 5): a second submit while
 * the first is still in flight, or within 3 s after it succeeded. A submit that ended with nothing
 * done (the handler answers `false`: the server refused it, or the user withdrew at a
 * confirmation; or it threw) is no double: the next one goes at once, so a corrected password sent
 * right after a refusal is sent. `reset` says the page moved on since (what was submitted was
 * written or taken back): the next submit is a new one.
 */
export function useSubmitGuard<A extends unknown[]>(
  handler: (...args: A) => unknown,
  windowMs: number = DOUBLE_SUBMIT_MS,
): ((...args: A) => Promise<void>) & { reset: () => void } {
  const state = useRef({ running: false, succeededAt: Number.NEGATIVE_INFINITY });
  const submit = useCallback(
    async (...args: A) => {
      const s = state.current;
      if (s.running || Date.now() - s.succeededAt < windowMs) return;
      s.running = true;
      try {
        const done = (await handler(...args)) !== false;
        s.succeededAt = done ? Date.now() : Number.NEGATIVE_INFINITY;
      } finally {
        s.running = false;
      }
    },
    [handler, windowMs],
  );
  const reset = useCallback(() => {
    state.current.succeededAt = Number.NEGATIVE_INFINITY;
  }, []);
  return Object.assign(submit, { reset });
}
