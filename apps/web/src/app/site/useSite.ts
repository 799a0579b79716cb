import { isSiteFree } from '@tc/domain';
import { useSyncExternalStore } from 'react';
import { useSession } from '../session/useSession.ts';
import { readSelectedSite, subscribeSelectedSite, writeSelectedSite } from './siteStore.ts';

export interface SiteState {
  /** The site data is scoped to; null means every site (admins only). */
  site: number | null;
  /** Admins and superadmins choose; everyone else is held to their own site. */
  canChoose: boolean;
  setSite: (site: number | null) => void;
}

export function useSite(): SiteState {
  const { user } = useSession();
  const stored = useSyncExternalStore(subscribeSelectedSite, readSelectedSite);
  const canChoose = !!user && isSiteFree(user.role);
  const site = canChoose ? (stored ? Number(stored) : null) : (user?.unit ?? null);
  return { site, canChoose, setSite: writeSelectedSite };
}
