import type { ModuleKey, Template } from '@tc/domain';
import { useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from '#src/api/types.ts';
import { mapCenterOf, templateOf, userCan } from './sessionSelectors.ts';
import { getSession, type SessionState, subscribeSession } from './sessionStore.ts';

export interface Session extends SessionState {
  template: Template;
  mapCenter: [number, number];
  can: (module: ModuleKey, action?: string) => boolean;
}

export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSession);
  return useMemo(
    () => ({
      ...state,
      template: templateOf(state.user, state.settings),
      mapCenter: mapCenterOf(state.user, state.settings),
      can: (module: ModuleKey, action = 'view') => userCan(state.user, module, action),
    }),
    [state],
  );
}

/** The logged-in user; only for components rendered behind the auth guard. */
export function useUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside an authenticated route');
  return user;
}
