import '#src/test/setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { logInAs, makeUser } from '#src/test/session.ts';
import { useLiveUpdates } from './useLiveUpdates.ts';

describe('live updates', () => {
  it('refreshes the cached finds of the collection a change event names', async () => {
    const sockets: { onmessage: ((m: { data: string }) => void) | null; url: string }[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        onmessage: ((m: { data: string }) => void) | null = null;
        constructor(readonly url: string) {
          sockets.push(this);
        }
        close() {}
      },
    );
    logInAs(makeUser('admin'));
    const client = new QueryClient();
    client.setQueryData(['find', 'jobs', { col: 'jobs' }], { data: [] });
    client.setQueryData(['find', 'trips', { col: 'trips' }], { data: [] });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useLiveUpdates(), { wrapper });
    expect(sockets[0]?.url).toContain('/socket?token=test-token');
    act(() =>
      sockets[0]?.onmessage?.({ data: JSON.stringify({ type: 'change', col: 'jobs', op: 'insert', id: 9, unit: 1 }) }),
    );
    expect(client.getQueryState(['find', 'jobs', { col: 'jobs' }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['find', 'trips', { col: 'trips' }])?.isInvalidated).toBe(false);
    vi.unstubAllGlobals();
  });
});
