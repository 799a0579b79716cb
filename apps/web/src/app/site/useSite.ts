import { isSiteFree, siteTimeZone } from '@tc/domain';
import { useSyncExternalStore } from 'react';
import { useSession } from '../session/useSession.ts';
import { readSelectedSite, subscribeSelectedSite, writeSelectedSite } from './siteStore.ts';
import { useUnits } from './units.ts';

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

export { useUnits };

/**
 * The time zone of the data shown (spec: days and times follow the site's zone): the chosen
 * site's for an admin, else the user's own site's as the session tells it.
 */
export function useSiteTimeZone(): string {
  const { user } = useSession();
  const { site, canChoose } = useSite();
  const units = useUnits(canChoose && site !== null);
  if (canChoose && site !== null) return siteTimeZone(units.data?.data.find((u) => u._id === site));
  return siteTimeZone({ timeZone: user?.timeZone });
}
