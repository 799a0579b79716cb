import { localDateTime, nextRunAfter, type RoutingSchedule, runWindow, type StoredDoc } from '@tc/domain';

export interface NextRun {
  id: number;
  name: string;
  /** When it runs, at its site's time (`YYYY-MM-DD HH:mm`). */
  at: string;
  /** The days that run routes (`YYYY-MM-DD`). */
  days: string[];
}

/**
 * When each active schedule runs next, soonest first, at its site's time, with the days that run
 * routes: the first time its rule gives after `now`, as the scheduler keeps it (a new "every few
 * minutes" schedule runs at once, so at the scheduler's next look; docs/routing.md).
 */
export function nextRuns(schedules: StoredDoc[], zoneOf: (unit: number) => string, now: number): NextRun[] {
  return schedules
    .filter((s) => s.status === 'active')
    .map((s) => {
      const rule = s as unknown as RoutingSchedule;
      const zone = zoneOf(s.unit as number);
      const epoch = nextRunAfter(rule, now, zone);
      const { days } = runWindow(rule, epoch, zone);
      return { id: s._id, name: String(s.name), epoch, at: localDateTime(zone, epoch), days };
    })
    .sort((a, b) => a.epoch - b.epoch || a.id - b.id)
    .map(({ epoch: _, ...run }) => run);
}
