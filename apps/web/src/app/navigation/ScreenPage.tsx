import { PlaceholderPage } from '#src/components/PlaceholderPage.tsx';
import { HelpPage } from '#src/features/help/HelpPage.tsx';
import { JobsPage } from '#src/features/jobs/JobsPage.tsx';
import { OutboxPage } from '#src/features/outbox/OutboxPage.tsx';
import { PermissionsPage } from '#src/features/permissions/PermissionsPage.tsx';
import type { ScreenDef, SubRoute } from './screens.ts';

export interface ScreenPageProps {
  def: ScreenDef;
  sub?: SubRoute;
}

/** The page of a screen: its feature when built, else the generic placeholder. */
export function ScreenPage({ def, sub }: ScreenPageProps) {
  if (!sub) {
    switch (def.feature) {
      case 'permissions':
        return <PermissionsPage />;
      case 'outbox':
        return <OutboxPage />;
      case 'help':
        return <HelpPage />;
      case 'jobs':
        return <JobsPage def={def} />;
      case 'dashboard':
      case undefined:
        break;
    }
  }
  return <PlaceholderPage def={def} sub={sub} />;
}
