/**
 * Messages of /socket that are not changes of records (a routing run's progress, docs/protocol.md):
 * the socket hands them here, and a page listens to the types it shows.
 */
export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

const listeners = new Set<(message: LiveMessage) => void>();

export function emitLiveMessage(message: LiveMessage): void {
  for (const listener of listeners) listener(message);
}

/** Listens to the socket's messages until the returned function is called. */
export function onLiveMessage(listener: (message: LiveMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
