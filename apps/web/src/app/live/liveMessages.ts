/**
 * What /socket brings besides the changes of records, handed to the pages listening: messages of
 * other types (a routing run's progress, docs/protocol.md) and drivers' `positions` frames (binary).
 */
export interface LiveMessage {
  type: string;
  [key: string]: unknown;
}

/** Listeners of one kind of socket message: `emit` hands it to each, `on` listens until the returned function is called. */
function channel<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    emit: (value: T): void => {
      for (const listener of listeners) listener(value);
    },
    on: (listener: (value: T) => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const messages = channel<LiveMessage>();
const frames = channel<Float64Array>();

export const emitLiveMessage = messages.emit;
/** Listens to the socket's typed messages until the returned function is called. */
export const onLiveMessage = messages.on;
/** A `positions` frame of the socket (docs/protocol.md), read in place by whoever listens, during the call only (its buffer is reused). */
export const emitPositionFrame = frames.emit;
/** Listens to the socket's `positions` frames until the returned function is called. */
export const onPositionFrame = frames.on;
