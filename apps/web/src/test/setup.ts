import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { configureClient } from '../api/client.ts';

// What happy-dom lacks and Mantine uses.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/** A WebSocket that never connects: layout tests do not talk to a server. */
class SilentSocket {
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  close() {}
}
vi.stubGlobal('WebSocket', SilentSocket);

/** Answers every call; tests replace it where the answer matters. */
export const fakeFetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => Response.json({ data: [] }));
configureClient({ fetch: fakeFetch as unknown as typeof fetch });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  fakeFetch.mockClear();
});
