import '#src/test/setup.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { mapCenterOf, settingValue, templateOf } from './sessionSelectors.ts';
import { autoLogin, getSession, logout, refreshToken, resetSession, subscribeSession } from './sessionStore.ts';

const body = (index: number) => JSON.parse(String(fakeFetch.mock.calls[index]?.[1]?.body)) as Record<string, unknown>;
const user = makeUser('admin');

describe('session', () => {
  afterEach(() => vi.useRealTimers());

  it('logs in again from the stored token with appType admin_v1', async () => {
    localStorage.setItem('token', 'stored');
    resetSession();
    expect(getSession().status).toBe('checking');
    fakeFetch.mockImplementationOnce(async () =>
      Response.json({ token: 'fresh', user, settings: [{ name: 'map center', value: '45.5, -73.5', unit: null }] }),
    );
    await autoLogin();
    expect(body(0)).toEqual({ act: 'refreshtoken', token: 'stored', appType: 'admin_v1' });
    const session = getSession();
    expect(session.status).toBe('authenticated');
    expect(session.token).toBe('fresh');
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(session.modules.length).toBeGreaterThan(50);
    expect(mapCenterOf(session.user, session.settings)).toEqual([45.5, -73.5]);
  });

  it('clears storage when auto-login fails', async () => {
    localStorage.setItem('token', 'stale');
    sessionStorage.setItem('site', '2');
    resetSession();
    fakeFetch.mockImplementationOnce(async () => Response.json({ error: 'invalid token' }, { status: 401 }));
    await autoLogin();
    expect(getSession().status).toBe('guest');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('renews the token without a render when nothing else changed, and renders when something did', async () => {
    logInAs(user);
    const before = getSession();
    const answer = { user: before.user, settings: before.settings, modules: before.modules };
    fakeFetch.mockImplementationOnce(async () => Response.json({ token: 'first', ...answer }));
    await refreshToken();
    const renders = vi.fn();
    const stop = subscribeSession(renders);
    fakeFetch.mockImplementationOnce(async () => Response.json({ token: 'renewed', ...answer }));
    await refreshToken();
    expect(getSession().token).toBe('renewed');
    expect(localStorage.getItem('token')).toBe('renewed');
    expect(renders).not.toHaveBeenCalled();
    fakeFetch.mockImplementationOnce(async () =>
      Response.json({
        token: 'again',
        user: { ...before.user, firstName: 'Renamed' },
        settings: before.settings,
        modules: before.modules,
      }),
    );
    await refreshToken();
    expect(renders).toHaveBeenCalledTimes(1);
    expect(getSession().user?.firstName).toBe('Renamed');
    stop();
  });

  it('logs out when a refresh fails', async () => {
    logInAs(user);
    fakeFetch.mockImplementationOnce(async () => Response.json({ error: 'Something was wrong' }, { status: 500 }));
    await refreshToken();
    expect(getSession().status).toBe('guest');
  });

  it('logout calls the act and clears session storage and the token', async () => {
    logInAs(user);
    sessionStorage.setItem('site', '4');
    await logout();
    expect(body(0)).toEqual({ act: 'logout', token: 'test-token' });
    expect(getSession().status).toBe('guest');
    expect(localStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('site')).toBeNull();
  });
});

describe('settings and template', () => {
  const settings = [
    { name: 'systemTemplate', value: 'employees', unit: null },
    { name: 'systemTemplate', value: 'trailers', unit: 7 },
  ];
  it('prefers the site value over the system-wide one', () => {
    expect(settingValue(settings, 'systemTemplate', 7)).toBe('trailers');
    expect(settingValue(settings, 'systemTemplate', 1)).toBe('employees');
  });
  it('takes the template from the unit type first, then from the setting', () => {
    expect(templateOf(makeUser('admin', { unitType: 'School', unit: 7 }), settings)).toBe('schoolShuttles');
    expect(templateOf(makeUser('admin', { unitType: 'Default', unit: 7 }), settings)).toBe('trailers');
    expect(templateOf(makeUser('admin', { unitType: null, unit: 1 }), [])).toBe('default');
  });
  it('falls back to the default map centre', () => {
    expect(mapCenterOf(user, [{ name: 'map center', value: 'nowhere', unit: null }])).toEqual([0, 0]);
  });
});
