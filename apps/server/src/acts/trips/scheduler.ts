import {
  catchUp,
  localDateTime,
  MODULES,
  nextRunAfter,
  type PlannedTripOfDay,
  type RoutePlan,
  type RoutingSchedule,
  type RunLogEntry,
  runWindow,
  SCHEDULE_RUN_STALE_MS,
  type ScheduleOutcome,
  type StoredDoc,
} from '@tc/domain';
import type { Services } from '../../protocol/act.ts';
import { HttpError } from '../../protocol/errors.ts';
import type { Queryable } from '../../store/db.ts';
import { claimScheduleRun, endScheduleRun, scheduleState, setScheduleNext } from '../../store/schedules.store.ts';
import { zoneOf } from '../jobs/booking.ts';
import { planDay, writePlan } from './route.acts.ts';

/**
 * When a schedule runs next: as kept, while the schedule is the one it was worked out for; for a new
 * or changed schedule, worked out now (`fresh`): a new one at its next time (one every few minutes
 * at once), a changed one from now on. Reads only (the runs page's "Next runs" asks it too).
 */
export async function plannedRun(
  db: Queryable,
  s: StoredDoc,
  zone: string,
  now: number,
): Promise<{ due: number; fresh: boolean }> {
  const state = await scheduleState(db, s._id);
  if (state && state.scheduleVersion === s._version) return { due: state.nextAt, fresh: false };
  const rule = s as unknown as RoutingSchedule;
  return { due: !state && rule.repeat === 'interval' ? now : nextRunAfter(rule, now, zone), fresh: true };
}

/** Who the scheduler's runs are by, in the history of what they write. */
export const SCHEDULER_ACTOR = { id: null, name: 'Routing scheduler' };
/** How often the scheduler looks for runs due (and at once when a schedule changes). */
export const SCHEDULER_TICK_MS = 15_000;

/** Omit over each member of a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The routing scheduler (add-on module 550, docs/routing.md): each active schedule of a site with
 * the add-on runs route, or route and assign, with the site's settings, as a dispatcher's run, and
 * writes what it planned; each run is a `routingRuns` record (history; its insert reaches the site's
 * consoles over /socket) with its outcome, its log and what undoes it. When each schedule runs next
 * is kept in the database (`routing_schedule_state`), so a run missed while no server ran is run
 * when one starts, and those before it are recorded as missed. A run is claimed in the database:
 * one server makes it, and never while another run of its site is under way.
 */
export class RoutingScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopFeed: (() => Promise<void>) | undefined;
  private ticking: Promise<void> = Promise.resolve();
  private again = false;

  constructor(
    private readonly services: Services,
    private readonly now: () => number = Date.now,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Runs what is due now, then every SCHEDULER_TICK_MS and when a schedule changes. */
  async start(): Promise<void> {
    this.timer = setInterval(() => this.soon(), SCHEDULER_TICK_MS);
    this.timer.unref();
    this.stopFeed = await this.services.store.onChange((e) => {
      if (e.col === 'routingSchedules') this.soon();
    });
    this.soon();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopFeed?.();
    await this.ticking;
  }

  /** A tick after the one under way (never two at once in a server). */
  private soon(): void {
    if (this.again) return;
    this.again = true;
    this.ticking = this.ticking.then(async () => {
      this.again = false;
      await this.tick().catch(this.onError);
    });
  }

  /** Runs every schedule due now; answers the runs recorded. */
  async tick(): Promise<StoredDoc[]> {
    const { store } = this.services;
    const { data: schedules } = await store.find(
      'routingSchedules',
      { query: { status: 'active' }, limit: 1000, sort: { _id: 1 } },
      {},
    );
    const recorded: StoredDoc[] = [];
    for (const s of schedules) {
      const unit = s.unit as number;
      if (!(await this.services.addOns.active(unit, MODULES.routingScheduler.code, SCHEDULER_TICK_MS))) continue;
      recorded.push(...(await this.runIfDue(s, unit)));
    }
    return recorded;
  }

  private async runIfDue(s: StoredDoc, unit: number): Promise<StoredDoc[]> {
    const rule = s as unknown as RoutingSchedule;
    const zone = await zoneOf(this.services, unit, this.services.db);
    const now = this.now();
    const { due, fresh } = await this.nextOf(s, unit, zone);
    if (fresh) {
      if (due > now) return [];
      return this.claimAndRun(s, unit, zone, { due, run: due, missed: 0, next: nextRunAfter(rule, now, zone) });
    }
    const plan = catchUp(rule, due, now, zone);
    if (plan.run === undefined) return [];
    return this.claimAndRun(s, unit, zone, { due, run: plan.run, missed: plan.missed, next: plan.next });
  }

  /** When a schedule runs next (plannedRun), kept in the database when worked out now. */
  private async nextOf(s: StoredDoc, unit: number, zone: string): Promise<{ due: number; fresh: boolean }> {
    const planned = await plannedRun(this.services.db, s, zone, this.now());
    if (planned.fresh)
      await setScheduleNext(this.services.db, { schedule: s._id, unit, version: s._version, nextAt: planned.due });
    return planned;
  }

  /**
   * Runs a schedule now, as if due (a dispatcher's "Run now"); when it next runs stays as it was.
   * Answers the run's record, or undefined while another run of its site is under way.
   */
  async runNow(s: StoredDoc): Promise<StoredDoc | undefined> {
    const unit = s.unit as number;
    const zone = await zoneOf(this.services, unit, this.services.db);
    const { due } = await this.nextOf(s, unit, zone);
    const now = this.now();
    const next = due > now ? due : nextRunAfter(s as unknown as RoutingSchedule, now, zone);
    const made = await this.claimAndRun(s, unit, zone, { due, run: now, missed: 0, next });
    return made.at(-1);
  }

  /**
   * Claims the run in the database (its due time still the one read, nothing of its site under way
   * or only a run whose server stopped), moves the schedule on, makes the run and records it.
   */
  private async claimAndRun(
    s: StoredDoc,
    unit: number,
    zone: string,
    at: { due: number; run: number; missed: number; next: number },
  ): Promise<StoredDoc[]> {
    const { db } = this.services;
    const now = this.now();
    const claimed = await claimScheduleRun(db, {
      schedule: s._id,
      unit,
      due: at.due,
      next: at.next,
      now,
      stale: now - SCHEDULE_RUN_STALE_MS,
    });
    if (!claimed) return [];
    const recorded: StoredDoc[] = [];
    try {
      for (const d of claimed.dead) {
        const dead = await this.services.store.getById('routingSchedules', d.schedule);
        if (!dead) continue;
        const since = localDateTime(zone, d.since);
        recorded.push(
          await this.record(dead, unit, zone, {
            outcome: 'interrupted',
            dueAt: since,
            log: [{ at: localDateTime(zone, now), event: 'interrupted', since }],
          }),
        );
      }
      if (at.missed > 0)
        recorded.push(
          await this.record(s, unit, zone, {
            outcome: 'missed',
            dueAt: localDateTime(zone, at.due),
            missed: at.missed,
            log: [
              { at: localDateTime(zone, now), event: 'missed', count: at.missed, from: localDateTime(zone, at.due) },
            ],
          }),
        );
      recorded.push(await this.run(s, unit, zone, at.run));
    } finally {
      await endScheduleRun(db, s._id);
    }
    return recorded;
  }

  /** One run: each day of its window planned, the trips written together, the outcome recorded. */
  private async run(s: StoredDoc, unit: number, zone: string, due: number): Promise<StoredDoc> {
    const rule = s as unknown as RoutingSchedule;
    const started = this.now();
    const window = runWindow(rule, due, zone);
    const assign = s.assign === true;
    const seconds = Number(s.seconds) || 10;
    const log: RunLogEntry[] = [];
    const say = (entry: DistributiveOmit<RunLogEntry, 'at'>) =>
      log.push({ at: localDateTime(zone, this.now()), ...entry } as RunLogEntry);
    say({ event: 'start', assign, from: window.from, to: window.to, seconds });
    const base = {
      dueAt: localDateTime(zone, due),
      startedAt: localDateTime(zone, started),
      assign,
      days: window.days,
    };
    try {
      const plans: RoutePlan[] = [];
      for (const day of window.days) {
        const plan = await planDay(this.services, {}, { unit, day, assign, seconds, window });
        say({
          event: 'day',
          day,
          trips: plan.trips.length,
          routed: plan.trips.reduce((n, t) => n + t.jobs.length, 0),
          queued: plan.unassigned.length,
          estimated: plan.estimated,
        });
        plans.push(plan);
      }
      const trips: PlannedTripOfDay[] = plans.flatMap((p) => p.trips);
      const unassigned = plans.flatMap((p) => p.unassigned);
      const summary = {
        routed: trips.reduce((n, t) => n + t.jobs.length, 0),
        queued: unassigned.length,
        vehicles: plans.reduce((n, p) => n + p.vehicles, 0),
        km: Math.round(plans.reduce((n, p) => n + p.km, 0) * 10) / 10,
        unassigned,
      };
      if (trips.length === 0) {
        say({ event: 'nothing' });
        return await this.record(s, unit, zone, { ...base, ...summary, outcome: 'nothing', log });
      }
      const written = await writePlan(this.services, unit, trips, SCHEDULER_ACTOR, {});
      say({ event: 'written', trips: written.trips.length });
      return await this.record(s, unit, zone, {
        ...base,
        ...summary,
        outcome: 'written',
        trips: written.trips,
        run: written.run,
        log,
      });
    } catch (err) {
      // a reservation changed while the plan was made, a missing setting, the solver: said in the log
      say(
        err instanceof HttpError
          ? { event: 'failed', error: err.message, code: err.code, details: err.extra }
          : { event: 'failed', error: String((err as Error).message ?? err) },
      );
      if (!(err instanceof HttpError)) this.onError(err);
      return this.record(s, unit, zone, { ...base, outcome: 'failed', log });
    }
  }

  /** A run's record: its outcome, its log and (written) what undoes it, at the site's time. */
  private record(
    s: StoredDoc,
    unit: number,
    zone: string,
    run: { outcome: ScheduleOutcome; log: RunLogEntry[] } & Record<string, unknown>,
  ): Promise<StoredDoc> {
    const endedAt = localDateTime(zone, this.now());
    return this.services.store.insert(
      'routingRuns',
      { unit, schedule: s._id, name: s.name, ...run, endedAt },
      SCHEDULER_ACTOR,
      {},
    );
  }
}
