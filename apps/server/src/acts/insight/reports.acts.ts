import { scopeOf, siteOfCall } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { analyticsOf } from '../../store/analytics.store.ts';
import { runReport } from '../../store/reports.store.ts';
import { lateMinutes } from './home.acts.ts';

/** A report (/reports; docs/reports.md): computed in the database over the site's records of the period. */
const report: Act = {
  permission: { kind: 'module', module: 'reports', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const r = requestOf(ctx, 'report');
    const unit = siteOfCall(p, r.unit);
    const table = await runReport(ctx.services.db, r.type, {
      ...r,
      scope: { ...scopeOf(p), unit },
      lateMinutes: await lateMinutes(ctx, unit),
    });
    return { report: r.report, type: r.type, from: r.from, to: r.to, ...table };
  },
};

/** The analytics charts' series (/analytics; docs/reports.md), per day of the period. */
const analytics: Act = {
  permission: { kind: 'module', module: 'analytics', action: 'view' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const r = requestOf(ctx, 'analytics');
    const unit = siteOfCall(p, r.unit);
    const series = await analyticsOf(ctx.services.db, {
      from: r.from,
      to: r.to,
      scope: { ...scopeOf(p), unit },
      lateMinutes: await lateMinutes(ctx, unit),
    });
    return { from: r.from, to: r.to, ...series };
  },
};

export const reportActs = { report, analytics };
