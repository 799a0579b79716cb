import { isSiteFree, type ModuleKey, type Template } from '@tc/domain';
import { useMemo, useSyncExternalStore } from 'react';
import type { SessionUser } from '#src/api/types.ts';
import { readSelectedSite, subscribeSelectedSite } from '../site/siteStore.ts';
import { useUnits } from '../site/units.ts';
import { mapCenterOf, templateOf, userCan } from './sessionSelectors.ts';
import { getSession, type SessionState, subscribeSession } from './sessionStore.ts';

export interface Session extends SessionState {
  template: Template;
  mapCenter: [number, number];
  can: (module: ModuleKey, action?: string) => boolean;
}

export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSession);
  // an admin working on one site gets that site's template (spec section 4: the unit's type decides)
  const selected = useSyncExternalStore(subscribeSelectedSite, readSelectedSite);
  const site = state.user && isSiteFree(state.user.role) && selected ? Number(selected) : null;
  const units = useUnits(site !== null);
  const chosen = site === null ? undefined : units.data?.data.find((u) => u._id === site);
  return useMemo(
    () => ({
      ...state,
      template: templateOf(
        state.user && chosen ? { ...state.user, unit: chosen._id, unitType: chosen.type } : state.user,
        state.settings,
      ),
      mapCenter: mapCenterOf(state.user, state.settings),
      can: (module: ModuleKey, action = 'view') => userCan(state.user, module, action),
    }),
    [state, chosen],
  );
}

/** The logged-in user; only for components rendered behind the auth guard. */
export function useUser(): SessionUser {
  const { user } = useSession();
  if (!user) throw new Error('useUser outside an authenticated route');
  return user;
}
