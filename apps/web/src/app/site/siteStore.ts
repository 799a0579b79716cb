/** The site an admin works on, kept in session storage (cleared at logout). */
export const SITE_KEY = 'site';
const listeners = new Set<() => void>();

export function readSelectedSite(): string | null {
  return sessionStorage.getItem(SITE_KEY);
}

export function writeSelectedSite(site: number | null): void {
  if (site == null) sessionStorage.removeItem(SITE_KEY);
  else sessionStorage.setItem(SITE_KEY, String(site));
  for (const listener of listeners) listener();
}

export function subscribeSelectedSite(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
