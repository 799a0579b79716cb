import { DEFAULT_GRANTS, expandGrant, moduleRecords, type RoleName } from '@tc/domain';
import type { SessionUser, Setting } from '../api/types.ts';
import { setSession } from '../app/session/sessionStore.ts';

export function makeUser(role: RoleName, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 1,
    email: `${role}@demo.local`,
    name: `Demo ${role}`,
    unit: 1,
    unitName: 'Main',
    unitType: 'Default',
    role,
    isOwner: role === 'superadmin',
    modulesAccess: expandGrant(DEFAULT_GRANTS[role]),
    ...overrides,
  };
}

/** Puts a logged-in user in the session store, as a login would. */
export function logInAs(user: SessionUser, settings: Setting[] = []): void {
  localStorage.setItem('token', 'test-token');
  setSession({ status: 'authenticated', token: 'test-token', user, settings, modules: moduleRecords() });
}

export function logOut(): void {
  setSession({ status: 'guest', token: null, user: null, settings: [], modules: [] });
}
