import { Center, Loader } from '@mantine/core';
import { type ResourceDef, resourceByKey } from '@tc/domain';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '#src/components/PlaceholderPage.tsx';
import { OnlineDriversPage } from '#src/features/drivers/OnlineDriversPage.tsx';
import { HelpPage } from '#src/features/help/HelpPage.tsx';
import { HistoryPage } from '#src/features/history/HistoryPage.tsx';
import { AgentHomePage } from '#src/features/home/AgentHomePage.tsx';
import { DashboardPage } from '#src/features/home/DashboardPage.tsx';
import { QuickBookingPage } from '#src/features/jobs/QuickBookingPage.tsx';
import { ShiftBookingPage } from '#src/features/jobs/ShiftBookingPage.tsx';
import { ShuttleBookingPage } from '#src/features/jobs/ShuttleBookingPage.tsx';
import { LiveMapPage } from '#src/features/live/LiveMapPage.tsx';
import { RoadBlocksPage } from '#src/features/live/RoadBlocksPage.tsx';
import { OutboxPage } from '#src/features/outbox/OutboxPage.tsx';
import { PermissionsPage } from '#src/features/permissions/PermissionsPage.tsx';
import { DuplicateShuttlePage } from '#src/features/resources/DuplicateShuttlePage.tsx';
import { MultiShiftsPage } from '#src/features/resources/MultiShiftsPage.tsx';
import { ResourceFormPage, ResourceSideForm } from '#src/features/resources/ResourceFormPage.tsx';
import { ResourceListPage } from '#src/features/resources/ResourceListPage.tsx';
import { RoutingRunsPage } from '#src/features/routing/RoutingRunsPage.tsx';
import { TimelinePage } from '#src/features/timeline/TimelinePage.tsx';
import { RoutePage } from '#src/features/trips/RoutePage.tsx';
import { TripPage } from '#src/features/trips/TripPage.tsx';
import { FORM_EXTENSIONS } from './formExtensions.ts';
import type { ScreenDef, SubRoute } from './screens.ts';

/*
 * The pages with a heavy library of their own load when first opened, not with the console: the
 * charts (echarts) of analytics, the XLSX writer of reports; upload with them, as few open it. Every
 * other page then starts, and runs, with less code (the live map's full collections mark less:
 * bench/live).
 */
const AnalyticsPage = lazy(() =>
  import('#src/features/analytics/AnalyticsPage.tsx').then((m) => ({ default: m.AnalyticsPage })),
);
const ReportsPage = lazy(() =>
  import('#src/features/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })),
);
const ImportPage = lazy(() => import('#src/features/import/ImportPage.tsx').then((m) => ({ default: m.ImportPage })));

/** A page loaded when first opened: a loader until its code has come. */
function Later({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center p="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

/** Pages of a resource's extra actions (ResourceDef.actions), by the sub-route's page. */
const EXTRA_PAGES: Record<
  string,
  {
    action: NonNullable<ResourceDef['actions']>[number];
    Page: (props: { basePath: string; page: string }) => ReactNode;
  }
> = {
  multi: { action: 'multiCreate', Page: MultiShiftsPage },
  duplicate: { action: 'duplicate', Page: DuplicateShuttlePage },
  quick: { action: 'quickCreate', Page: QuickBookingPage },
  setShifts: { action: 'shiftBooking', Page: ShiftBookingPage },
  shuttle: { action: 'shuttleBooking', Page: ShuttleBookingPage },
  detail: { action: 'detailPage', Page: TripPage },
  route: { action: 'routeDay', Page: RoutePage },
  runs: { action: 'scheduledRuns', Page: RoutingRunsPage },
};

export interface ScreenPageProps {
  def: ScreenDef;
  sub?: SubRoute;
}

/** The page of a screen: its feature, else the generic resource list and form, else the placeholder. */
export function ScreenPage({ def, sub }: ScreenPageProps) {
  if (def.feature === 'reports')
    return (
      <Later>
        <ReportsPage report={sub?.path} />
      </Later>
    );
  if (!sub) {
    switch (def.feature) {
      case 'permissions':
        return <PermissionsPage />;
      case 'outbox':
        return <OutboxPage />;
      case 'help':
        return <HelpPage />;
      case 'onlineDrivers':
        return <OnlineDriversPage />;
      case 'timeline':
        return <TimelinePage />;
      case 'liveMap':
        return <LiveMapPage />;
      case 'roadBlocks':
        return <RoadBlocksPage />;
      case 'dashboard':
        return <DashboardPage />;
      case 'agentHome':
        return <AgentHomePage />;
      case 'history':
        return <HistoryPage />;
      case 'analytics':
        return (
          <Later>
            <AnalyticsPage />
          </Later>
        );
      case 'import':
        return (
          <Later>
            <ImportPage />
          </Later>
        );
      case undefined:
        break;
    }
  }
  const resource = resourceByKey(def.key);
  if (resource) {
    const extension = FORM_EXTENSIONS[resource.key];
    const formMode = sub?.path === 'create' ? 'create' : sub?.path === 'edit/:id' ? 'edit' : undefined;
    // A side form opens over its list: the same list element on the list, create and edit routes, never mounted anew.
    if (resource.sideForm && (!sub || formMode)) {
      return (
        <>
          <ResourceListPage key={resource.key} def={resource} screen={def} />
          {formMode ? <ResourceSideForm key={formMode} def={resource} screen={def} mode={formMode} /> : null}
        </>
      );
    }
    if (!sub) return <ResourceListPage key={resource.key} def={resource} screen={def} />;
    if (sub.path === 'create')
      return (
        <ResourceFormPage
          key={`${resource.key}:create`}
          def={resource}
          screen={def}
          mode="create"
          extension={extension}
        />
      );
    if (sub.path === 'edit/:id')
      return (
        <ResourceFormPage key={`${resource.key}:edit`} def={resource} screen={def} mode="edit" extension={extension} />
      );
    const extra = sub.page ? EXTRA_PAGES[sub.page] : undefined;
    // the sub-route's path tells a page's variant (set shifts, school hours, work hours)
    if (extra && resource.actions?.includes(extra.action))
      return <extra.Page key={sub.path} basePath={def.path} page={sub.path} />;
  }
  return <PlaceholderPage def={def} sub={sub} />;
}
