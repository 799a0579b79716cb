import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  COUNTED_STATUSES,
  JOB_STATUSES,
  PICKED_STATUSES,
  statusColor,
  TRIP_STATUSES,
  UNASSIGNED_STATUSES,
} from '@tc/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { titleKey } from '#src/app/navigation/access.ts';
import { screen } from '#src/app/navigation/screens.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { WHOLE_BADGE } from '#src/components/StatusBadge.tsx';
import { StatTile } from './HomeTiles.tsx';
import { useDashboard } from './useHome.ts';

/** The list a number counts: reservations or trips on the days `from` to `to`, of the statuses given. */
export function listLink(list: 'jobs' | 'trips', from: string, to: string, statuses?: readonly string[]): string {
  const params = new URLSearchParams({ from, to });
  if (statuses) params.set('status', statuses.join(','));
  return `/${list}?${params}`;
}

function StatusCounts({
  title,
  list,
  statuses,
  counts,
  day,
  kind,
}: {
  title: string;
  list: 'jobs' | 'trips';
  statuses: readonly string[];
  counts: Partial<Record<string, number>>;
  day: string;
  kind: 'jobStatus' | 'tripStatus';
}) {
  const { t } = useTranslation();
  const total = statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={listLink(list, day, day)} fw={700}>
          {t('dashboard.total', { count: total })}
        </Anchor>
      </Group>
      <Group gap="xs">
        {statuses.map((s) => {
          const n = counts[s] ?? 0;
          return (
            <Anchor key={s} component={Link} to={listLink(list, day, day, [s])} underline="never">
              <Badge color={statusColor(s)} variant={n > 0 ? 'light' : 'outline'} styles={WHOLE_BADGE} size="lg">
                {t(`values.${kind}.${s}`)}: {n}
              </Badge>
            </Anchor>
          );
        })}
      </Group>
    </Paper>
  );
}

/**
 * The dashboard (/, spec section 2: needs Dashboard view): one site's day in numbers, each opening
 * the list it counts (docs/home.md says how each is reckoned).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { template } = useSession();
  const { site } = useSite();
  const dashboard = useDashboard(site);
  const d = dashboard.data;
  const reservations = t(titleKey(screen('jobs'), template));
  const words = { reservations, lower: reservations.toLocaleLowerCase() };
  const trips = t(titleKey(screen('trips'), template));
  return (
    <Stack>
      <PageTitle>{t('screens.home')}</PageTitle>
      {dashboard.error ? <Alert color="red">{serverErrorText(dashboard.error)}</Alert> : null}
      {d ? (
        <>
          <Text c="dimmed" size="sm">
            {t('dashboard.today', { day: d.day, zone: d.timeZone })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <StatTile
              label={t('dashboard.unassigned', words)}
              value={d.unassigned}
              to={listLink('jobs', d.day, d.day, UNASSIGNED_STATUSES)}
            />
            <StatTile label={t('dashboard.driversOnline')} value={d.driversOnline} to="/onlinedrivers" />
            <StatTile
              label={t('dashboard.onTime')}
              value={d.pickups.done ? `${Math.round((100 * d.pickups.onTime) / d.pickups.done)}%` : '—'}
              to={listLink('jobs', d.day, d.day, PICKED_STATUSES)}
              hint={t('dashboard.onTimeHint', {
                onTime: d.pickups.onTime,
                done: d.pickups.done,
                minutes: d.pickups.lateMinutes,
              })}
            />
            <StatTile
              label={t('dashboard.thisWeek', { reservations })}
              value={d.weeks.thisWeek.count}
              to={listLink('jobs', d.weeks.thisWeek.from, d.weeks.thisWeek.to, COUNTED_STATUSES)}
              hint={t('dashboard.lastWeek', {
                count: d.weeks.lastWeek.count,
                delta: signed(d.weeks.thisWeek.count - d.weeks.lastWeek.count),
              })}
            />
          </SimpleGrid>
          <Anchor
            component={Link}
            to={listLink('jobs', d.weeks.lastWeek.from, d.weeks.lastWeek.to, COUNTED_STATUSES)}
            size="sm"
          >
            {t('dashboard.openLastWeek', words)}
          </Anchor>
          <StatusCounts
            title={t('dashboard.jobsToday', { reservations })}
            list="jobs"
            statuses={JOB_STATUSES}
            counts={d.jobs}
            day={d.day}
            kind="jobStatus"
          />
          <StatusCounts
            title={t('dashboard.tripsToday', { trips })}
            list="trips"
            statuses={TRIP_STATUSES}
            counts={d.trips}
            day={d.day}
            kind="tripStatus"
          />
        </>
      ) : (
        <Text c="dimmed">{t('common.loading')}</Text>
      )}
    </Stack>
  );
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
