import '#src/test/setup.ts';
import { positionFrame, positionsOfFrame } from '@tc/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLiveMessage, onPositionFrame } from './liveMessages.ts';
import { pageSocket } from './socketConnection.ts';
import { type ChangeEvent, socketUrl, useSocket } from './useSocket.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string | ArrayBuffer }) => void) | null = null;
  onclose: (() => void) | null = null;
  binaryType = 'blob';
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

describe('useSocket', () => {
  afterEach(() => {
    vi.useRealTimers();
    FakeSocket.all = [];
  });

  it('connects with the token, passes change events on and reconnects 3 s after a close', () => {
    vi.useFakeTimers();
    const events: ChangeEvent[] = [];
    const create = pageSocket((url: string) => new FakeSocket(url) as unknown as WebSocket);
    const { result, unmount } = renderHook(() =>
      useSocket(
        () => 'tok en',
        (e) => events.push(e),
        create,
      ),
    );
    const first = FakeSocket.all[0];
    expect(first?.url).toBe(socketUrl('tok en'));
    expect(first?.url).toMatch(/^ws:\/\/.*\/socket\?token=tok%20en$/);

    act(() => {
      first?.onopen?.();
      first?.onmessage?.({ data: JSON.stringify({ type: 'change', col: 'jobs', op: 'update', id: 4, unit: 1 }) });
      first?.onmessage?.({ data: 'not json' });
    });
    expect(result.current.connected).toBe(true);
    expect(events).toEqual([{ type: 'change', col: 'jobs', op: 'update', id: 4, unit: 1 }]);
    expect(result.current.lastEvent?.id).toBe(4);

    act(() => first?.onclose?.());
    expect(result.current.connected).toBe(false);
    act(() => vi.advanceTimersByTime(2999));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeSocket.all).toHaveLength(2);

    unmount();
    expect(FakeSocket.all[1]?.closed).toBe(true);
  });

  it('hands binary frames to the position listeners, read in place, and other typed messages to the live ones', () => {
    const create = pageSocket((url: string) => new FakeSocket(url) as unknown as WebSocket);
    const frames: Float64Array[] = [];
    const messages: unknown[] = [];
    const stops = [onPositionFrame((f) => frames.push(f)), onLiveMessage((m) => messages.push(m))];
    const events: ChangeEvent[] = [];
    renderHook(() =>
      useSocket(
        () => 'token',
        (e) => events.push(e),
        create,
      ),
    );
    const socket = FakeSocket.all[0];
    expect(socket?.binaryType).toBe('arraybuffer');
    const position = {
      driver: 3,
      lat: 45.5,
      lon: -73.6,
      heading: null,
      speed: 8,
      accuracy: null,
      time: 1_760_000_000_000,
      trip: 12,
      unit: 1,
    };
    act(() => {
      socket?.onmessage?.({ data: positionFrame([position]).buffer as ArrayBuffer });
      socket?.onmessage?.({ data: JSON.stringify({ type: 'routing', run: 'r1' }) });
    });
    expect(frames.map(positionsOfFrame)).toEqual([[position]]);
    expect(messages).toEqual([{ type: 'routing', run: 'r1' }]);
    expect(events).toEqual([]);
    for (const stop of stops) stop();
  });

  it('stays closed without a token', () => {
    const create = pageSocket((url: string) => new FakeSocket(url) as unknown as WebSocket);
    renderHook(() =>
      useSocket(
        () => null,
        () => {},
        create,
      ),
    );
    expect(FakeSocket.all).toHaveLength(0);
  });
});
