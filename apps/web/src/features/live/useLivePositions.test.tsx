import '#src/test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type LivePosition, positionFrame } from '@tc/domain';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { emitPositionFrame } from '#src/app/live/liveMessages.ts';
import { fakeServer } from '#src/test/fakeServer.ts';
import { logInAs, logOut, makeUser } from '#src/test/session.ts';
import { type KeptPosition, keepFrame, useLivePositions } from './useLivePositions.ts';

const at = (driver: number, time: number, over: Partial<LivePosition> = {}): LivePosition => ({
  driver,
  lat: 45.5,
  lon: -73.6,
  heading: 90,
  speed: 10,
  accuracy: 5,
  time,
  trip: null,
  unit: 1,
  ...over,
});

describe('keepFrame', () => {
  it("keeps each driver's newest position of the site from a frame, in the driver's own object", () => {
    const kept = new Map<number, KeptPosition>();
    keepFrame(kept, positionFrame([at(1, 1000), at(2, 1000, { unit: 2 })]), 1);
    expect([...kept.keys()]).toEqual([1]);
    const first = kept.get(1);
    keepFrame(kept, positionFrame([at(1, 2000, { lat: 45.6, heading: null })]), 1);
    // the same object, its numbers written over; an unknown heading is NaN
    expect(kept.get(1)).toBe(first);
    expect([first?.lat, first?.lon, first?.heading, first?.speed, first?.time]).toEqual([
      45.6,
      -73.6,
      Number.NaN,
      10,
      2000,
    ]);
    // an older position (one that came late) changes nothing
    keepFrame(kept, positionFrame([at(1, 1500, { lat: 40 })]), 1);
    expect(first?.lat).toBe(45.6);
    // every site's when the map shows them all
    keepFrame(kept, positionFrame([at(2, 1000, { unit: 2 })]), null);
    expect([...kept.keys()]).toEqual([1, 2]);
  });
});

describe('useLivePositions', () => {
  it("reads the site's last positions, then keeps each frame's and redraws", async () => {
    logInAs(makeUser('admin'));
    fakeServer({ livepositions: () => ({ data: [at(1, 1000)] }) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useLivePositions(1), { wrapper });
    await waitFor(() => expect(result.current.store.positions.get(1)?.time).toBe(1000));
    const drawn = result.current.store.version();
    act(() => emitPositionFrame(positionFrame([at(1, 2000, { lat: 45.7 }), at(3, 2000, { unit: 2 })])));
    expect(result.current.store.positions.get(1)?.lat).toBe(45.7);
    expect(result.current.store.positions.has(3)).toBe(false);
    // the map is told to draw again (within a second)
    await waitFor(() => expect(result.current.store.version()).toBeGreaterThan(drawn), { timeout: 2000 });
    logOut();
  });
});
