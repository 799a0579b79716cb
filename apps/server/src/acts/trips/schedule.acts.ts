import {
  ERROR_TEXTS,
  localDateTime,
  MODULES,
  type RoutingSchedule,
  type RunLogEntry,
  routeRunSchema,
  runWindow,
  type ScheduleNext,
  type StoredDoc,
} from '@tc/domain';
import { scopeOf, siteOfCall } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { HttpError, NotFound } from '../../protocol/errors.ts';
import type { CollectionStore, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { zoneOf } from '../jobs/booking.ts';
import { undoRun } from './route.acts.ts';
import { plannedRun, RoutingScheduler } from './scheduler.ts';

/** A record as the caller may see it (the store's site scope): another site's answers 404. */
async function visible(
  store: CollectionStore,
  col: string,
  id: number,
  scope: Scope,
  q?: Queryable,
): Promise<StoredDoc> {
  const { data } = await store.find(col, { query: { _id: id }, limit: 1 }, scope, q);
  const record = data[0];
  if (!record) throw new NotFound();
  return record;
}

/**
 * Runs a routing schedule now, as if due (the runs page's "Run now"): the same run as the
 * scheduler's, claimed so that it never overlaps another run of its site.
 */
const routingschedulerun: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<StoredDoc> => {
    const p = requirePrincipal(ctx);
    const { id } = requestOf(ctx, 'routingschedulerun');
    const { services } = ctx;
    const schedule = await visible(services.store, 'routingSchedules', id, scopeOf(p));
    if (!(await services.addOns.active(schedule.unit as number, MODULES.routingScheduler.code)))
      throw new HttpError(403, ERROR_TEXTS.schedulerOff, {}, 'schedulerOff');
    // a run that fails is recorded as failed and answered; what is not the caller's is logged too
    const run = await new RoutingScheduler(services, Date.now, (err) =>
      ctx.logError(err, 'routing schedule run'),
    ).runNow(schedule);
    if (!run) throw new HttpError(409, ERROR_TEXTS.routingBusy, {}, 'routingBusy');
    return run;
  },
};

/**
 * Undoes a scheduled run that wrote trips (the routing scheduler's runs list): its trips go, its
 * reservations wait as they did, and the run reads "undone" with who undid it, in one transaction.
 */
const routingrunundo: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<StoredDoc> => {
    const p = requirePrincipal(ctx);
    const { id } = requestOf(ctx, 'routingrunundo');
    const scope = scopeOf(p);
    const { store } = ctx.services;
    const actor = { id: p.id, name: p.name };
    return store.withUniqueLock('trips', false, async (tx) => {
      const record = await visible(store, 'routingRuns', id, scope, tx);
      const parsed = routeRunSchema.safeParse(record.run);
      if (record.outcome !== 'written' || !parsed.success)
        throw new HttpError(409, ERROR_TEXTS.runChanged, {}, 'runChanged');
      await undoRun(ctx.services, parsed.data, actor, scope, tx);
      const zone = await zoneOf(ctx.services, record.unit, tx);
      const undone: RunLogEntry = { at: localDateTime(zone), event: 'undone', by: p.name };
      const log = [...((record.log as RunLogEntry[] | undefined) ?? []), undone];
      return store.update('routingRuns', id, { outcome: 'undone', log }, record._version, actor, scope, tx);
    });
  },
};

/**
 * When each active schedule of the site (or of every site, for an administrator naming none) runs
 * next, soonest first: the scheduler's kept time (a run due and not yet made runs at its next look,
 * within seconds, so now), at the schedule's site's time, with the days that run routes.
 */
const routingschedulenext: Act = {
  permission: { kind: 'module', module: 'jobs', action: 'route' },
  run: async (ctx): Promise<ScheduleNext[]> => {
    const p = requirePrincipal(ctx);
    const { unit: requested } = requestOf(ctx, 'routingschedulenext');
    const unit = siteOfCall(p, requested);
    const { services } = ctx;
    const { data } = await services.store.find(
      'routingSchedules',
      { query: { status: 'active', ...(unit === undefined ? {} : { unit }) }, sort: { _id: 1 }, limit: 1000 },
      scopeOf(p),
    );
    const now = Date.now();
    const next: (ScheduleNext & { epoch: number })[] = [];
    for (const s of data) {
      const site = s.unit as number;
      const zone = await zoneOf(services, site, services.db);
      const epoch = Math.max(now, (await plannedRun(services.db, s, zone, now)).due);
      next.push({
        id: s._id,
        name: String(s.name ?? ''),
        unit: site,
        at: localDateTime(zone, epoch),
        days: runWindow(s as unknown as RoutingSchedule, epoch, zone).days,
        on: await services.addOns.active(site, MODULES.routingScheduler.code),
        epoch,
      });
    }
    return next.sort((a, b) => a.epoch - b.epoch || a.id - b.id).map(({ epoch: _, ...n }) => n);
  },
};

export const scheduleActs = { routingschedulerun, routingrunundo, routingschedulenext };
