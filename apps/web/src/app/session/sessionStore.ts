import { moduleRecords } from '@tc/domain';
import { call, configureClient } from '#src/api/client.ts';
import type { ModuleCatalogEntry, SessionAnswer, SessionUser, Setting } from '#src/api/types.ts';
import { adoptUserLanguage } from '../i18n.ts';
import { notifyError } from '../notify.ts';

export type SessionStatus = 'checking' | 'guest' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  settings: Setting[];
  modules: ModuleCatalogEntry[];
}

export const TOKEN_KEY = 'token';
export const APP_TYPE = 'admin_v1';

const guest = (): SessionState => ({ status: 'guest', token: null, user: null, settings: [], modules: [] });

function initialState(): SessionState {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { ...guest(), status: 'checking', token } : guest();
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();
const clearListeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setSession(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Called when the session ends, so caches (queries, socket) can drop the old user's data. */
export function onSessionCleared(listener: () => void): () => void {
  clearListeners.add(listener);
  return () => clearListeners.delete(listener);
}

/** Re-reads the stored token: for tests and a fresh start. */
export function resetSession(): void {
  setSession(initialState());
}

function start(answer: SessionAnswer): void {
  localStorage.setItem(TOKEN_KEY, answer.token);
  adoptUserLanguage(answer.user.language);
  const catalog = answer.modules ?? (state.modules.length ? state.modules : moduleRecords());
  const next: SessionState = {
    status: 'authenticated',
    token: answer.token,
    user: answer.user,
    settings: answer.settings ?? [],
    modules: catalog.map(({ moduleCode, moduleName, actions }) => ({ moduleCode, moduleName, actions })),
  };
  // the minute's refresh mostly renews the token alone: nothing on screen shows it (the client and
  // the socket read it when they call), so no screen renders again for it (a live map's second)
  if (state.status === 'authenticated' && sameSession(state, next)) {
    state = { ...state, token: next.token };
    return;
  }
  setSession(next);
}

/** The same user, settings and modules (the token aside). */
function sameSession(a: SessionState, b: SessionState): boolean {
  const { token: _a, ...restA } = a;
  const { token: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/** Ends the session locally: session storage and the stored token go (spec section 4, Session). */
export function clearSession(): void {
  sessionStorage.clear();
  localStorage.removeItem(TOKEN_KEY);
  if (state.status !== 'guest') setSession(guest());
  for (const listener of clearListeners) listener();
}

configureClient({
  getToken: () => state.token,
  onAuthFailure: () => {
    if (state.status === 'authenticated') notifyError('bad token', 'session-ended');
    clearSession();
  },
});

export async function login(email: string, password: string): Promise<void> {
  start(await call('login', { email, password }, { priority: 'low' }));
}

/** Auto-login from the stored token; a failure clears storage. */
export async function autoLogin(): Promise<void> {
  const token = state.token ?? localStorage.getItem(TOKEN_KEY);
  if (!token) {
    setSession(guest());
    return;
  }
  try {
    start(await call('refreshtoken', { token, appType: APP_TYPE }, { priority: 'low' }));
  } catch {
    clearSession();
  }
}

/** The 60-second refresh; a failed refresh logs out. */
export async function refreshToken(): Promise<void> {
  if (!state.token) return;
  try {
    start(await call('refreshtoken', { token: state.token }, { priority: 'low' }));
  } catch {
    clearSession();
  }
}

export async function logout(): Promise<void> {
  try {
    if (state.token) await call('logout', { token: state.token });
  } catch {
    // The session ends here whatever the server says.
  } finally {
    clearSession();
  }
}
