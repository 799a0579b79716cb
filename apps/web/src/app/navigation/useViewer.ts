import { useMemo } from 'react';
import { useSession } from '../session/useSession.ts';
import type { Viewer } from './access.ts';

export function useViewer(): Viewer {
  const session = useSession();
  return useMemo(() => ({ can: session.can, isOwner: !!session.user?.isOwner, template: session.template }), [session]);
}
