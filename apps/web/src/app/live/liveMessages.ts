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

const frameListeners = new Set<(frame: Float64Array) => void>();

/** A `positions` frame of the socket (binary, docs/protocol.md), read in place by whoever listens. */
export function emitPositionFrame(frame: Float64Array): void {
  for (const listener of frameListeners) listener(frame);
}

/** Listens to the socket's `positions` frames until the returned function is called. */
export function onPositionFrame(listener: (frame: Float64Array) => void): () => void {
  frameListeners.add(listener);
  return () => frameListeners.delete(listener);
}
