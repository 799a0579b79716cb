import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { landingPath } from './access.ts';
import { useViewer } from './useViewer.ts';

export interface HomeRouteProps {
  children: ReactNode;
}

/** `/` is the dashboard for those who may view it; everyone else goes on to /jobs (spec section 2). */
export function HomeRoute({ children }: HomeRouteProps) {
  const viewer = useViewer();
  if (viewer.can('dashboard')) return children;
  return <Navigate to={landingPath(viewer)} replace />;
}
