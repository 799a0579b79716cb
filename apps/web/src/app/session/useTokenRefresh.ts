import { TOKEN_REFRESH_MS } from '@tc/domain';
import { useEffect } from 'react';
import { refreshToken } from './sessionStore.ts';

/** Refreshes the token every 60 s while logged in. */
export function useTokenRefresh(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refreshToken(), TOKEN_REFRESH_MS);
    return () => clearInterval(timer);
  }, [active]);
}
