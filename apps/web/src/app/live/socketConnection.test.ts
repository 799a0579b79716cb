import '#src/test/setup.ts';
import { type LivePosition, POSITION_COLUMNS, positionFrame, positionsOfFrame } from '@tc/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FromSocketWorker, type SocketHandlers, type ToSocketWorker, workerSocket } from './socketConnection.ts';

const at = (driver: number, time: number, lat = 45.5): LivePosition => ({
  driver,
  lat,
  lon: -73.6,
  heading: 90,
  speed: 8,
  accuracy: 5,
  time,
  trip: null,
  unit: 1,
});

function recording(): SocketHandlers & { heard: unknown[] } {
  const heard: unknown[] = [];
  return {
    heard,
    open: () => heard.push('open'),
    text: (data) => heard.push(data),
    // a frame is valid during the call only: what it held is copied out
    frame: (frame) => heard.push(positionsOfFrame(frame)),
    close: () => heard.push('close'),
  };
}

describe('workerSocket (the page side)', () => {
  afterEach(() => vi.unstubAllGlobals());

  class FakeWorker {
    static last: FakeWorker;
    sent: { message: ToSocketWorker; transfer: Transferable[] }[] = [];
    onmessage: ((e: { data: FromSocketWorker }) => void) | null = null;
    onerror: (() => void) | null = null;
    terminated = false;
    constructor() {
      FakeWorker.last = this;
    }
    postMessage(message: ToSocketWorker, transfer: Transferable[] = []) {
      this.sent.push({ message, transfer });
    }
    terminate() {
      this.terminated = true;
    }
  }

  it('opens the socket in the worker, hands on its messages, and gives each frame’s buffer back once read', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const on = recording();
    const connection = workerSocket('ws://host/socket?token=t', on);
    const worker = FakeWorker.last;
    expect(worker.sent[0]?.message).toEqual({ kind: 'open', url: 'ws://host/socket?token=t' });

    // a frame of 2 at the start of a larger buffer
    const buffer = new ArrayBuffer(8 * POSITION_COLUMNS.length * 5);
    new Float64Array(buffer).set(positionFrame([at(1, 10), at(2, 20)]));
    worker.onmessage?.({ data: { kind: 'open' } });
    worker.onmessage?.({ data: { kind: 'text', data: '{"type":"change"}' } });
    worker.onmessage?.({ data: { kind: 'frame', buffer, n: 2 } });
    expect(on.heard).toEqual(['open', '{"type":"change"}', [at(1, 10), at(2, 20)]]);
    expect(worker.sent[1]).toEqual({ message: { kind: 'buffer', buffer }, transfer: [buffer] });

    connection.close();
    expect(worker.sent[2]?.message).toEqual({ kind: 'close' });
    // closed by the page: nothing more is handed on
    worker.onmessage?.({ data: { kind: 'close' } });
    expect(on.heard).toHaveLength(3);
  });

  it('holds the socket on the page when the worker does not start', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const opened: string[] = [];
    let closed = 0;
    const fallback = (url: string) => {
      opened.push(url);
      return { close: () => closed++ };
    };
    const connection = workerSocket('ws://host/socket?token=t', recording(), fallback);
    FakeWorker.last.onerror?.();
    expect(FakeWorker.last.terminated).toBe(true);
    expect(opened).toEqual(['ws://host/socket?token=t']);
    connection.close();
    expect(closed).toBe(1);
  });

  it('ends the worker when the server closes the socket', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const on = recording();
    workerSocket('ws://host/socket?token=t', on);
    FakeWorker.last.onmessage?.({ data: { kind: 'close' } });
    expect(on.heard).toEqual(['close']);
    expect(FakeWorker.last.terminated).toBe(true);
  });
});

describe('socketWorker (the worker side)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  class FakeSocket {
    static last: FakeSocket;
    binaryType = 'blob';
    onopen: (() => void) | null = null;
    onmessage: ((m: { data: unknown }) => void) | null = null;
    onclose: (() => void) | null = null;
    closed = false;
    constructor(readonly url: string) {
      FakeSocket.last = this;
    }
    close() {
      this.closed = true;
    }
  }

  it('merges the frames it hears, hands them over at most every 250 ms, and waits for the buffer back', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const posted: { message: FromSocketWorker; transfer?: Transferable[] }[] = [];
    vi.spyOn(self, 'postMessage').mockImplementation(((message: FromSocketWorker, transfer?: Transferable[]) => {
      posted.push({ message, transfer });
    }) as unknown as typeof self.postMessage);
    vi.resetModules();
    await import('./socketWorker.ts');
    const toWorker = (data: ToSocketWorker) => (self.onmessage as (e: { data: ToSocketWorker }) => void)({ data });
    const frameOf = (message: FromSocketWorker | undefined) => {
      if (message?.kind !== 'frame') throw new Error(`not a frame: ${JSON.stringify(message)}`);
      return positionsOfFrame(new Float64Array(message.buffer, 0, POSITION_COLUMNS.length * message.n));
    };

    toWorker({ kind: 'open', url: 'ws://host/socket?token=t' });
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://host/socket?token=t');
    expect(socket.binaryType).toBe('arraybuffer');
    socket.onopen?.();
    socket.onmessage?.({ data: '{"type":"change","col":"trips"}' });
    expect(posted.map((p) => p.message)).toEqual([
      { kind: 'open' },
      { kind: 'text', data: '{"type":"change","col":"trips"}' },
    ]);

    // two frames of one second: one handed over, each driver's newest; bytes that are no frame are left
    socket.onmessage?.({ data: positionFrame([at(1, 10), at(2, 10)]).buffer });
    socket.onmessage?.({ data: new ArrayBuffer(10) });
    socket.onmessage?.({ data: positionFrame([at(1, 20, 46)]).buffer });
    vi.advanceTimersByTime(0);
    expect(frameOf(posted[2]?.message)).toEqual([at(1, 20, 46), at(2, 10)]);
    const handed = posted[2]?.message;
    if (handed?.kind !== 'frame') throw new Error('no frame');
    const { buffer } = handed;
    expect(posted[2]?.transfer).toEqual([buffer]);

    // the page still reads that buffer: what comes meanwhile waits for it
    socket.onmessage?.({ data: positionFrame([at(3, 30)]).buffer });
    vi.advanceTimersByTime(1000);
    expect(posted).toHaveLength(3);
    toWorker({ kind: 'buffer', buffer });
    vi.advanceTimersByTime(0);
    expect(frameOf(posted[3]?.message)).toEqual([at(3, 30)]);

    // given back at once: the next is handed over 250 ms after the last, not before
    toWorker({ kind: 'buffer', buffer });
    socket.onmessage?.({ data: positionFrame([at(4, 40)]).buffer });
    vi.advanceTimersByTime(200);
    expect(posted).toHaveLength(4);
    vi.advanceTimersByTime(50);
    expect(frameOf(posted[4]?.message)).toEqual([at(4, 40)]);

    socket.onclose?.();
    expect(posted[5]?.message).toEqual({ kind: 'close' });
    toWorker({ kind: 'close' });
    expect(socket.closed).toBe(true);
  });
});
