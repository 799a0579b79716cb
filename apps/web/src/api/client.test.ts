import '../test/setup.ts';
import { TIMEOUTS } from '@tc/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '../app/session/sessionStore.ts';
import { logInAs, makeUser } from '../test/session.ts';
import { fakeFetch } from '../test/setup.ts';
import { ApiError, call, TIMEOUT_MESSAGE, timeoutFor } from './client.ts';

/** A fetch that answers only when aborted, like a server that never replies. */
function hangingFetch() {
  return async (_url: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
}

describe('the act client', () => {
  beforeEach(() => logInAs(makeUser('admin')));
  afterEach(() => vi.useRealTimers());

  it('posts the act to / with the token', async () => {
    fakeFetch.mockImplementationOnce(async () => Response.json({ data: [1] }));
    await expect(call('find', { col: 'units' })).resolves.toEqual({ data: [1] });
    const [url, init] = fakeFetch.mock.calls[0] ?? [];
    expect(url).toBe('/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ act: 'find', col: 'units', token: 'test-token' });
  });

  it('rejects with the error string of the server', async () => {
    fakeFetch.mockImplementationOnce(async () => Response.json({ error: 'Wrong old password' }, { status: 400 }));
    await expect(call('changepassword', { oldPassword: 'old', newPassword: 'New-pass1' })).rejects.toMatchObject({
      message: 'Wrong old password',
      status: 400,
    });
  });

  it.each(['bad token', 'invalid token'])('logs out on "%s"', async (error) => {
    sessionStorage.setItem('site', '3');
    fakeFetch.mockImplementationOnce(async () => Response.json({ error }, { status: 401 }));
    await expect(call('find', { col: 'jobs' })).rejects.toBeInstanceOf(ApiError);
    expect(getSession().status).toBe('guest');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('site')).toBeNull();
  });

  it('keeps the session on other errors', async () => {
    fakeFetch.mockImplementationOnce(async () => Response.json({ error: 'Not found' }, { status: 404 }));
    await expect(call('update', { col: 'jobs', query: { _id: 1 }, data: {} })).rejects.toThrow('Not found');
    expect(getSession().status).toBe('authenticated');
  });

  it.each([
    [undefined, 8000],
    ['lowest', 8000],
    ['low', 12500],
    ['medium', 18000],
    ['high', 22500],
    ['highest', 30000],
  ] as const)('times out a %s priority call after %i ms', async (priority, ms) => {
    expect(timeoutFor(priority)).toBe(ms);
    vi.useFakeTimers();
    fakeFetch.mockImplementationOnce(hangingFetch());
    const outcome = call('find', { col: 'jobs' }, { priority }).catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(ms - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(TIMEOUT_MESSAGE);
  });

  it('uses the spec timeouts', () => {
    expect(TIMEOUTS).toMatchObject({ default: 8000, low: 12500, medium: 18000, high: 22500, highest: 30000 });
  });

  it('never settles a call its caller cancelled', async () => {
    fakeFetch.mockImplementationOnce(hangingFetch());
    const controller = new AbortController();
    let settled = false;
    void call('find', { col: 'jobs' }, { signal: controller.signal }).finally(() => {
      settled = true;
    });
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
  });
});
