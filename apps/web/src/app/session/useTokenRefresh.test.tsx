import '#src/test/setup.ts';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { getSession } from './sessionStore.ts';
import { useTokenRefresh } from './useTokenRefresh.ts';

describe('token refresh', () => {
  afterEach(() => {
    vi.useRealTimers();
    fakeFetch.mockReset();
  });

  it('refreshes every 60 s and logs out when a refresh fails', async () => {
    vi.useFakeTimers();
    const user = makeUser('admin');
    logInAs(user);
    fakeFetch.mockImplementationOnce(async () => Response.json({ token: 'second', user, settings: [] }));
    renderHook(() => useTokenRefresh(true));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(fakeFetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(JSON.parse(String(fakeFetch.mock.calls[0]?.[1]?.body))).toEqual({
      act: 'refreshtoken',
      token: 'test-token',
    });
    expect(getSession().token).toBe('second');

    fakeFetch.mockImplementationOnce(async () => Response.json({ error: 'invalid token' }, { status: 401 }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getSession().status).toBe('guest');
  });
});
