import { DEFAULT_ROUTE_RULES, dashboardWeeks, localDay, type RecentJob, siteRouting, siteTimeZone } from '@tc/domain';
import { scopeOf, siteOfCall } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { siteSetting } from '../../store/auth.store.ts';
import { dashboardCounts } from '../../store/insight.store.ts';
import { zoneOf } from '../jobs/booking.ts';

/** The home screens' reads (docs/home.md): the agent home's last bookings and the dashboard's numbers. */

const myrecentjobs: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'view' },
  run: async (ctx): Promise<RecentJob[]> => {
    const p = requirePrincipal(ctx);
    const { limit } = requestOf(ctx, 'myrecentjobs');
    // the store keeps who created a record by name (createdBy), as the agent home's statistics count it
    const { data } = await ctx.services.store.find(
      'jobs',
      { query: { createdBy: p.name }, sort: { createdAt: -1, _id: -1 }, limit },
      scopeOf(p),
    );
    return data.map((j) => ({
      id: j._id,
      date: typeof j.date === 'string' ? j.date : null,
      lastName: typeof j.lastName === 'string' ? j.lastName : null,
      status: String(j.status ?? ''),
      passenger: [j.firstName, j.lastName].filter((n) => typeof n === 'string' && n !== '').join(' '),
    }));
  },
};

/** How late a pick-up may be and still count as on time: the site's "pick gap late", else the routing default. */
export async function lateMinutes(ctx: Parameters<Act['run']>[0], unit: number | undefined): Promise<number> {
  const value = await siteSetting(ctx.services.db, unit ?? null, 'pick gap late');
  try {
    return siteRouting({ 'pick gap late': value }).settings.pickGapLate ?? DEFAULT_ROUTE_RULES.late;
  } catch {
    return DEFAULT_ROUTE_RULES.late;
  }
}

const dashboard: Act = {
  permission: { kind: 'module', module: 'dashboard', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { unit: requested } = requestOf(ctx, 'dashboard');
    const unit = siteOfCall(p, requested);
    const { services } = ctx;
    // all sites (an administrator with none chosen) count the default zone's day
    const timeZone = unit === undefined ? siteTimeZone(undefined) : await zoneOf(services, unit, services.db);
    const day = localDay(timeZone);
    const scope = { ...scopeOf(p), unit };
    const counts = await dashboardCounts(services.db, scope, day, dashboardWeeks(day), await lateMinutes(ctx, unit));
    return { ...counts, timeZone };
  },
};

export const homeActs = { myrecentjobs, dashboard };
