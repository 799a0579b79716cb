import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { heldTripActions } from '#src/test/heldTripActions.ts';
import { logInAs, logOut, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { useTrip, useTripAction } from './useTrip.ts';

afterEach(() => logOut());

describe('trip actions', () => {
  it('hold the next action until the trip is read again at the version the action wrote', async () => {
    logInAs(makeUser('admin'));
    const held = heldTripActions();
    const { sent } = held;
    let reread: () => void = () => {};
    let reads = 0;
    fakeFetch.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (body.act === 'tripaction') return held.handle(body);
      if (body.col === 'trips') {
        reads += 1;
        // the trip read again after the action comes back when the test says
        if (held.version > 1) await new Promise<void>((resolve) => (reread = resolve));
        return Response.json({ data: [{ _id: 1, _version: held.version, stops: [5] }] });
      }
      return Response.json({ data: [{ _id: 5, _version: 1, status: 'routed' }] });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={client}>{children}</AppProviders>
    );
    const { result } = renderHook(
      () => {
        const { trip } = useTrip(1);
        const action = useTripAction(trip.data);
        return { trip: trip.data, ...action };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.trip?._version).toBe(1));

    let done: Promise<boolean> = Promise.resolve(false);
    act(() => {
      done = result.current.act('pickup', { job: 5 });
    });
    expect(result.current.pending).toBe('pickup');
    expect(sent).toEqual([{ act: 'tripaction', token: 'test-token', id: 1, _version: 1, action: 'pickup', job: 5 }]);
    act(() => held.answer());
    // the action is written; the trip is being read again: still no next action
    await waitFor(() => expect(reads).toBe(2));
    expect(result.current.pending).toBe('pickup');
    expect(result.current.trip?._version).toBe(1);
    act(() => reread());
    await waitFor(() => expect(result.current.pending).toBeNull());
    expect(result.current.trip?._version).toBe(2);
    expect(await done).toBe(true);
  });
});
