import { POSITION_COLUMNS, readFrame } from '@tc/domain';

/** What a connection to /socket hands on: its opening, each text message, each positions frame, its close. */
export interface SocketHandlers {
  open: () => void;
  text: (data: string) => void;
  /** A `positions` frame (docs/protocol.md), valid during the call only: its buffer is reused. */
  frame: (frame: Float64Array) => void;
  close: () => void;
}

/** Opens a connection to /socket at `url`; `close` ends it. */
export type OpenSocket = (url: string, on: SocketHandlers) => { close: () => void };

/** The page's messages to the socket worker (socketWorker.ts). */
export type ToSocketWorker =
  | { kind: 'open'; url: string }
  /** The last frame's buffer, read: the worker writes the next one into it. */
  | { kind: 'buffer'; buffer: ArrayBuffer }
  | { kind: 'close' };

/** The socket worker's messages to the page. */
export type FromSocketWorker =
  | { kind: 'open' }
  | { kind: 'text'; data: string }
  /** The positions merged since the last (each driver's newest), as a frame of `n` at the buffer's start. */
  | { kind: 'frame'; buffer: ArrayBuffer; n: number }
  | { kind: 'close' };

/** /socket on the page's own thread: each binary message is a frame as it comes (tests; a browser without workers). */
export function pageSocket(create: (url: string) => WebSocket = (url) => new WebSocket(url)): OpenSocket {
  return (url, on) => {
    const socket = create(url);
    // drivers' positions come as binary frames, read where they arrive (docs/protocol.md)
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => on.open();
    socket.onmessage = (message) => {
      if (!(message.data instanceof ArrayBuffer)) on.text(String(message.data));
      else {
        let frame: Float64Array;
        try {
          frame = readFrame(message.data);
        } catch {
          return; // not a frame of ours
        }
        on.frame(frame);
      }
    };
    socket.onclose = () => on.close();
    return { close: () => socket.close() };
  };
}

/**
 * /socket held by a worker (socketWorker.ts), one per connection: the binary frames land in the
 * worker's heap, not the page's, and the page gets the positions merged a few times a second in
 * one buffer that goes back and forth (bench/live: the live map's main thread). Should the worker
 * not start, the page holds the socket itself (`fallback`).
 */
export function workerSocket(url: string, on: SocketHandlers, fallback: OpenSocket = pageSocket()) {
  const worker = new Worker(new URL('./socketWorker.ts', import.meta.url), { type: 'module' });
  const send = (message: ToSocketWorker, transfer: Transferable[] = []) => worker.postMessage(message, transfer);
  let closed = false;
  /** The page's own socket, when the worker could not start (its script refused or not found). */
  let instead: { close: () => void } | null = null;
  /** The worker has spoken: it started (an error later is one of its handlers', and it goes on). */
  let started = false;
  worker.onerror = () => {
    if (closed || instead || started) return;
    worker.terminate();
    instead = fallback(url, on);
  };
  worker.onmessage = ({ data }: MessageEvent<FromSocketWorker>) => {
    started = true;
    if (closed) return;
    if (data.kind === 'open') on.open();
    else if (data.kind === 'text') on.text(data.data);
    else if (data.kind === 'frame') {
      try {
        on.frame(new Float64Array(data.buffer, 0, POSITION_COLUMNS.length * data.n));
      } finally {
        send({ kind: 'buffer', buffer: data.buffer }, [data.buffer]);
      }
    } else {
      closed = true;
      worker.terminate();
      on.close();
    }
  };
  send({ kind: 'open', url });
  return {
    close: () => {
      if (closed) return;
      closed = true;
      if (instead) return instead.close();
      send({ kind: 'close' });
      // the worker closes its socket, then goes
      setTimeout(() => worker.terminate(), 1000);
    },
  };
}

/** The console's connection to /socket: in a worker where the browser has them. */
export const openSocket: OpenSocket = typeof Worker === 'undefined' ? pageSocket() : (url, on) => workerSocket(url, on);
