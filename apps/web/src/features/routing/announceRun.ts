import { notifications } from '@mantine/notifications';
import { statusColor } from '@tc/domain';
import { find } from '#src/api/find.ts';
import { i18n } from '#src/app/i18n.ts';

/**
 * A run of the routing scheduler, heard over /socket (a new routingRuns record of the site), told
 * in a toast to those who may read it (those who route; the others' read is refused, and nothing
 * is shown): its schedule and its outcome.
 */
export async function announceRun(id: number): Promise<void> {
  try {
    const { data } = await find({ col: 'routingRuns', query: { _id: id }, limit: 1 });
    const run = data[0];
    if (!run) return;
    const outcome = i18n.t(`values.scheduleOutcome.${String(run.outcome)}`);
    notifications.show({
      title: i18n.t('routingRuns.title'),
      message: i18n.t('routingRuns.heard', { name: String(run.name ?? ''), outcome }),
      color: statusColor(run.outcome),
    });
  } catch {
    // not the caller's to read
  }
}
