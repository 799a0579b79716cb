import type { DriverTripAction } from '@tc/domain';
import { ApiError } from '#src/api/client.ts';

/**
 * The driver app's trip actions, queued on the phone (local storage) and sent in order: an action
 * taken without network waits for it; the one the server refuses is set aside for the driver to
 * read, and the next is sent. The time each was taken goes with it (`at`), so a pick-up recorded
 * later keeps its real time.
 */
export interface QueuedAction {
  /** Unique on this phone: the key of a pending action on screen. */
  key: string;
  trip: number;
  action: DriverTripAction | 'reply';
  job?: number;
  text?: string;
  dropAll?: boolean;
  at: number;
}

export interface RefusedAction extends QueuedAction {
  error: ApiError;
}

const STORE_KEY = 'driverQueue';

export function loadQueue(storage: Storage = localStorage): QueuedAction[] {
  try {
    const parsed = JSON.parse(storage.getItem(STORE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

export function saveQueue(queue: readonly QueuedAction[], storage: Storage = localStorage): void {
  if (queue.length) storage.setItem(STORE_KEY, JSON.stringify(queue));
  else storage.removeItem(STORE_KEY);
}

/** Did the call fail on the way (no answer: keep it for later) rather than being refused? */
export const unanswered = (err: unknown) =>
  err instanceof ApiError && (err.code === 'network' || err.code === 'timeout');

/**
 * Sends the queue in order until it is empty or the network fails. Answers what is left (from the
 * first action that got no answer) and the actions refused on the way.
 */
export async function flushQueue(
  queue: readonly QueuedAction[],
  send: (a: QueuedAction) => Promise<unknown>,
): Promise<{ left: QueuedAction[]; refused: RefusedAction[] }> {
  const refused: RefusedAction[] = [];
  for (let i = 0; i < queue.length; i++) {
    const a = queue[i] as QueuedAction;
    try {
      await send(a);
    } catch (err) {
      if (unanswered(err) || !(err instanceof ApiError)) return { left: queue.slice(i), refused };
      refused.push({ ...a, error: err });
    }
  }
  return { left: [], refused };
}
