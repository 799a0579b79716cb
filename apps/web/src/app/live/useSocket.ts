import { SOCKET_RETRY_MS } from '@tc/domain';
import { useEffect, useRef, useState } from 'react';
import { emitLiveMessage, emitPositionFrame, type LiveMessage } from './liveMessages.ts';
import { type OpenSocket, openSocket } from './socketConnection.ts';

/** A write the user may see, as the server pushes it on /socket (docs/protocol.md). */
export interface ChangeEvent {
  type: 'change';
  col: string;
  op: 'insert' | 'update' | 'delete';
  id: number;
  unit: number | null;
}

export function socketUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/socket?token=${encodeURIComponent(token)}`;
}

function isTyped(value: unknown): value is LiveMessage {
  return !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}

function isChange(value: unknown): value is ChangeEvent {
  return !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'change';
}

/**
 * Keeps a WebSocket to /socket open while `getToken` gives a token, reconnecting 3 s after a close
 * (spec section 4); the socket itself is held by a worker (socketConnection.ts). Each change event
 * goes to `onChange`; the last one is also returned. The user's other messages go to
 * `onLiveMessage`'s listeners, position frames to `onPositionFrame`'s.
 */
export function useSocket(
  getToken: () => string | null,
  onChange: (event: ChangeEvent) => void,
  open: OpenSocket = openSocket,
): { connected: boolean; lastEvent: ChangeEvent | null } {
  const [connected, setConnected] = useState(false);
  const [lastEvent, setLastEvent] = useState<ChangeEvent | null>(null);
  const latest = useRef({ getToken, onChange, open });
  latest.current = { getToken, onChange, open };
  const active = !!getToken();

  useEffect(() => {
    if (!active) return;
    let disposed = false;
    let socket: { close: () => void } | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const token = latest.current.getToken();
      if (disposed || !token) return;
      socket = latest.current.open(socketUrl(token), {
        open: () => setConnected(true),
        frame: emitPositionFrame,
        text: (data) => {
          let event: unknown;
          try {
            event = JSON.parse(data);
          } catch {
            return; // not a message of ours
          }
          if (!isChange(event)) {
            // the user's own messages (a routing run's progress) go to the pages listening
            if (isTyped(event)) emitLiveMessage(event);
            return;
          }
          setLastEvent(event);
          latest.current.onChange(event);
        },
        close: () => {
          setConnected(false);
          if (!disposed) retry = setTimeout(connect, SOCKET_RETRY_MS);
        },
      });
    };
    connect();
    return () => {
      disposed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [active]);

  return { connected, lastEvent };
}
