import { type ActAnswer, type ActName, type ActRequest, type Priority, TIMEOUTS } from '@tc/domain';

/** An answer of the server with `{error, code}`, or a request that failed on the way (code `timeout` or `network`). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status = 0,
    /** The field a validation failure names (400 `{error, code, field}`). */
    readonly field?: string,
    /** The stable code of the refusal (`@tc/domain` errors.ts): what the console translates. */
    readonly code?: string,
    /** The rest of the error answer (a reservation's `confirm` and `duplicates`, a refused change's `from`, `to`, `status`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const TIMEOUT_MESSAGE = 'The server did not answer in time';
export const NETWORK_MESSAGE = 'Could not reach the server';
/** Answers that end the session (spec section 4: a response error "bad token" or "invalid token"). */
const AUTH_CODES = new Set(['badToken', 'invalidToken']);
const AUTH_MESSAGES = new Set(['bad token', 'invalid token']);

export interface CallOptions {
  priority?: Priority;
  /** Aborting through this signal leaves the promise pending: cancelled requests never resolve (spec section 8). */
  signal?: AbortSignal;
}

interface ClientConfig {
  getToken: () => string | null;
  onAuthFailure: () => void;
  endpoint: string;
  fetch: typeof fetch;
}

const config: ClientConfig = {
  getToken: () => null,
  onAuthFailure: () => {},
  endpoint: '/',
  fetch: (...args) => globalThis.fetch(...args),
};

/** Wires the client to the session: where the token comes from and what a rejected token does. */
export function configureClient(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export function timeoutFor(priority?: Priority): number {
  return priority ? TIMEOUTS[priority] : TIMEOUTS.default;
}

/** What a call sends: the act's request of the catalogue, and a token where the session's is not the one meant. */
export type CallBody<K extends ActName> = (ActRequest<K> extends Record<string, never> ? unknown : ActRequest<K>) & {
  token?: string | null;
};

/**
 * One call of the act protocol: `POST /` with `{act, token, ...body}`, typed by the act catalogue
 * (`@tc/domain` protocol): the request the act takes, the answer it gives. Rejects with an ApiError.
 */
export async function call<K extends ActName>(
  act: K,
  body: CallBody<K>,
  options: CallOptions = {},
): Promise<ActAnswer<K>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutFor(options.priority));
  const onCancel = () => controller.abort();
  options.signal?.addEventListener('abort', onCancel);
  const token = config.getToken();
  try {
    const response = await config.fetch(config.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...(token ? { token } : {}), ...body, act }),
      signal: controller.signal,
    });
    const answer = (await response.json().catch(() => ({}))) as { error?: unknown; field?: unknown; code?: unknown };
    if (!response.ok || (answer && typeof answer.error === 'string')) {
      const message = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
      const code = typeof answer.code === 'string' ? answer.code : undefined;
      if ((code && AUTH_CODES.has(code)) || AUTH_MESSAGES.has(message)) config.onAuthFailure();
      const { error: _e, field, code: _c, ...details } = answer;
      throw new ApiError(message, response.status, typeof field === 'string' ? field : undefined, code, details);
    }
    return answer as ActAnswer<K>;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new ApiError(TIMEOUT_MESSAGE, 0, undefined, 'timeout');
    if (options.signal?.aborted) return new Promise<ActAnswer<K>>(() => {});
    throw new ApiError(NETWORK_MESSAGE, 0, undefined, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
  }
}
