import type { ReactNode } from 'react';
import { landingPath, routeAllowed, subRouteAllowed } from './access.ts';
import { RedirectWithNotice } from './RedirectWithNotice.tsx';
import type { ScreenDef, SubRoute } from './screens.ts';
import { useViewer } from './useViewer.ts';

export interface ScreenGuardProps {
  def: ScreenDef;
  sub?: SubRoute;
  children: ReactNode;
}

/** Route guard per module action and template; a create/edit route falls back to its list (spec section 2). */
export function ScreenGuard({ def, sub, children }: ScreenGuardProps) {
  const viewer = useViewer();
  const allowed = sub ? subRouteAllowed(def, sub, viewer) : routeAllowed(def, viewer);
  if (allowed) return children;
  const landing = landingPath(viewer);
  const fallback = sub && routeAllowed(def, viewer) ? def.path : landing === def.path ? '/help' : landing;
  return <RedirectWithNotice to={fallback} />;
}
