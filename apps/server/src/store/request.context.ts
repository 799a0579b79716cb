import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The abort signal of the request being served, seen by the database layer without threading it
 * through every call: when the client goes away, its running statement is cancelled.
 */
export const requestSignal = new AsyncLocalStorage<AbortSignal>();
