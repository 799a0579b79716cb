import { ApiError } from '../api/client.ts';

/** What a request sends again once the user confirmed (a reservation's `allowDuplicate`, `allowLimitation`). */
export type Allowances = Record<string, true>;

/** The allowance a 409 `{confirm}` answer asks for: `confirm: 'duplicate'` → `allowDuplicate`. */
export function allowanceOf(err: unknown): string | undefined {
  const confirm = err instanceof ApiError && err.status === 409 ? err.details.confirm : undefined;
  if (typeof confirm !== 'string' || confirm === '') return undefined;
  return `allow${confirm[0]?.toUpperCase()}${confirm.slice(1)}`;
}

/**
 * Sends a request that the server may ask to confirm (409 with `confirm`, docs/reservations.md):
 * each time it asks, the user is asked; confirmed, the request goes again with the allowance,
 * declined, nothing more is sent and the answer is undefined. Any other error is thrown.
 */
export async function withConfirmations<T>(
  send: (allow: Allowances) => Promise<T>,
  ask: (err: ApiError) => Promise<boolean>,
): Promise<T | undefined> {
  const allow: Allowances = {};
  for (;;) {
    try {
      return await send({ ...allow });
    } catch (err) {
      const key = allowanceOf(err);
      // an allowance already sent and asked again would loop: the server's answer stands
      if (!key || allow[key] || !(err instanceof ApiError)) throw err;
      if (!(await ask(err))) return undefined;
      allow[key] = true;
    }
  }
}
