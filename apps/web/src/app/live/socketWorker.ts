// the positions module alone, not the whole domain package: the worker is a chunk of its own
import { POSITION_COLUMNS, PositionMerger, readFrame } from '@tc/domain/drivers/position';
import type { FromSocketWorker, ToSocketWorker } from './socketConnection.ts';

/** A worker's own scope, as much of it as this needs (the app's types are the window's). */
const scope = self as unknown as {
  onmessage: (e: MessageEvent<ToSocketWorker>) => void;
  postMessage: (message: FromSocketWorker, transfer?: Transferable[]) => void;
};

/** The merged positions go to the page at most this often (the live map draws once a second). */
const FLUSH_MS = 250;

/**
 * /socket, held off the page's main thread (socketConnection.ts): text messages go to the page as
 * they come; `positions` frames are merged here (each driver's newest) and handed over a few
 * times a second as one frame, in a buffer the page gives back once read. A binary message each
 * fifth of a second, left to the page, is an ArrayBuffer its heap keeps until a full collection:
 * those were what made the live map's main thread collect every half-minute (bench/live).
 */
let socket: WebSocket | null = null;
const merger = new PositionMerger();
/** The buffer the next merged frame is written into; null while the page reads the last one. */
let spare: ArrayBuffer | null = new ArrayBuffer(8 * POSITION_COLUMNS.length * 500);
let timer: ReturnType<typeof setTimeout> | undefined;
let flushed = Number.NEGATIVE_INFINITY;

function flush(): void {
  timer = undefined;
  if (!spare || merger.size === 0) return;
  const bytes = 8 * POSITION_COLUMNS.length * merger.size;
  const buffer = spare.byteLength >= bytes ? spare : new ArrayBuffer(bytes);
  const n = merger.take(new Float64Array(buffer));
  spare = null;
  flushed = performance.now();
  scope.postMessage({ kind: 'frame', buffer, n }, [buffer]);
}

function schedule(): void {
  if (timer === undefined && spare) timer = setTimeout(flush, Math.max(0, flushed + FLUSH_MS - performance.now()));
}

scope.onmessage = ({ data }) => {
  if (data.kind === 'open') {
    socket = new WebSocket(data.url);
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => scope.postMessage({ kind: 'open' });
    socket.onmessage = (message) => {
      if (!(message.data instanceof ArrayBuffer)) {
        scope.postMessage({ kind: 'text', data: String(message.data) });
        return;
      }
      try {
        merger.add(readFrame(message.data));
      } catch {
        return; // not a frame of ours
      }
      schedule();
    };
    socket.onclose = () => scope.postMessage({ kind: 'close' });
  } else if (data.kind === 'buffer') {
    spare = data.buffer;
    schedule();
  } else socket?.close();
};
