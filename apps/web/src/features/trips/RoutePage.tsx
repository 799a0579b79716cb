import { Alert, Anchor, Button, Group, List, Paper, Progress, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { localDay, type RoutePlan, type RouteRun } from '@tc/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '#src/api/client.ts';
import { onLiveMessage } from '#src/app/live/liveMessages.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { DayInput } from '#src/components/DayInput.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';

/** How long a plan's search may run; "Stop" ends it sooner with the best plan so far. */
const SEARCH_SECONDS = 10;
/** The trips of a run written, each a link; the rest counted. */
const SHOWN_TRIPS = 12;

interface Search {
  id: string;
  elapsedMs: number;
  limitMs: number;
  vehicles: number | null;
}

/**
 * Route a day (issue 12, point 3): the site's reservations of a day waiting to be routed become
 * shared trips (without drivers), or trips of the drivers on shift with their vehicles. The plan is
 * shown first (trips, vehicles, kilometres, who stays in the queue and why); writing it is one call.
 */
export function RoutePage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { site } = useSite();
  const zone = useSiteTimeZone();
  // from the reservations list: the rows chosen there, on their day
  const [params, setParams] = useSearchParams();
  const chosen = (params.get('jobs') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  const [day, setDay] = useState(() => params.get('day') ?? localDay(zone));
  const [busy, setBusy] = useState(false);
  const [assign, setAssign] = useState(false);
  const [plan, setPlan] = useState<RoutePlan | null>(null);
  // the last run written, until it is undone or another is planned
  const [run, setRun] = useState<RouteRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [search, setSearch] = useState<Search | null>(null);
  const planDay = useSubmitGuard(async () => {
    setFailure(null);
    setPlan(null);
    setRun(null);
    setBusy(true);
    // (crypto.randomUUID needs a secure context: a console opened over plain http on a LAN has none)
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    setSearch({ id, elapsedMs: 0, limitMs: SEARCH_SECONDS * 1000, vehicles: null });
    try {
      setPlan(
        await call(
          'routeplan',
          {
            unit: site ?? undefined,
            day,
            assign,
            seconds: SEARCH_SECONDS,
            run: id,
            ...(chosen.length ? { jobs: chosen } : {}),
          },
          { priority: 'highest' },
        ),
      );
    } catch (err) {
      setFailure(serverErrorText(err));
      return false;
    } finally {
      setBusy(false);
      setSearch(null);
    }
  });
  // the run's progress over /socket while it searches
  useEffect(
    () =>
      onLiveMessage((m) => {
        if (m.type !== 'routing') return;
        setSearch((s) =>
          s && s.id === m.run
            ? { ...s, elapsedMs: Number(m.elapsedMs), limitMs: Number(m.limitMs), vehicles: Number(m.vehicles) }
            : s,
        );
      }),
    [],
  );
  const stop = async () => {
    if (search) await call('routecancel', { run: search.id }).catch(notifyError);
  };
  const write = useSubmitGuard(async () => {
    if (!plan) return false;
    setBusy(true);
    try {
      const written = await call('routewrite', { unit: site ?? undefined, trips: plan.trips });
      notifySuccess(t('route.written', { count: written.trips.length }));
      setRun(written.run);
      setPlan(null);
      // the day changed: planning it again is a new request, not a double one
      planDay.reset();
      await queryClient.invalidateQueries({ queryKey: ['find'] });
    } catch (err) {
      setFailure(serverErrorText(err));
      setPlan(null);
      return false;
    } finally {
      setBusy(false);
    }
  });
  const undo = useSubmitGuard(async () => {
    if (!run) return false;
    setBusy(true);
    try {
      const undone = await call('routeundo', run);
      notifySuccess(t('route.undone', { count: undone.trips }));
      setRun(null);
      planDay.reset();
      await queryClient.invalidateQueries({ queryKey: ['find'] });
    } catch (err) {
      setFailure(serverErrorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  });
  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  const routed = plan?.trips.reduce((n, trip) => n + trip.jobs.length, 0) ?? 0;
  return (
    <Stack maw={900}>
      <PageTitle>{t('route.title')}</PageTitle>
      <Paper withBorder p="md">
        <Group align="end">
          <DayInput
            label={t('route.day')}
            value={day}
            onChange={(v) => {
              if (v) setDay(v);
              setPlan(null);
            }}
            w={200}
          />
          <Switch
            label={t('route.assign')}
            checked={assign}
            onChange={(e) => {
              setAssign(e.currentTarget.checked);
              setPlan(null);
            }}
            mb={8}
          />
          <Button onClick={() => void planDay()} loading={busy}>
            {t('route.plan')}
          </Button>
        </Group>
      </Paper>
      {chosen.length > 0 ? (
        <Alert color="blue">
          <Group justify="space-between">
            <Text size="sm">{t('route.chosen', { count: chosen.length })}</Text>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setParams({});
                setPlan(null);
              }}
            >
              {t('route.wholeDay')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {search ? (
        <Paper withBorder p="md" aria-label={t('route.searching')} component="section">
          <Group justify="space-between" align="center">
            <Stack gap={4} style={{ flex: 1 }}>
              <Text size="sm">
                {search.vehicles === null
                  ? t('route.searching')
                  : t('route.progress', { vehicles: search.vehicles, seconds: Math.round(search.elapsedMs / 1000) })}
              </Text>
              <Progress
                value={Math.min(100, (search.elapsedMs / search.limitMs) * 100)}
                aria-label={t('route.searching')}
              />
            </Stack>
            <Button variant="default" onClick={() => void stop()}>
              {t('route.stop')}
            </Button>
          </Group>
        </Paper>
      ) : null}
      {failure ? <Alert color="red">{failure}</Alert> : null}
      {run ? (
        <Paper withBorder p="md" aria-label={t('route.writtenTitle')} component="section">
          <Group justify="space-between">
            <Stack gap={4}>
              <Text>{t('route.written', { count: run.trips.length })}</Text>
              <Group gap="xs">
                {run.trips.slice(0, SHOWN_TRIPS).map((trip) => (
                  <Anchor key={trip.id} component={Link} to={`${basePath}/${trip.id}`} size="sm">
                    {t('trip.title', { id: trip.id })}
                  </Anchor>
                ))}
                {run.trips.length > SHOWN_TRIPS ? (
                  <Text size="sm" c="dimmed">
                    {t('route.more', { count: run.trips.length - SHOWN_TRIPS })}
                  </Text>
                ) : null}
              </Group>
            </Stack>
            <Group gap="xs">
              <Button variant="default" onClick={() => void undo()} loading={busy}>
                {t('route.undo')}
              </Button>
              <Button onClick={() => void navigate(`${basePath}?from=${day}&to=${day}`)}>{t('route.openTrips')}</Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {plan ? (
        <Paper withBorder p="md" aria-label={t('route.preview')} component="section">
          <Stack>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Figure label={t('route.trips')} value={plan.trips.length} />
              <Figure label={t('route.routed')} value={routed} />
              <Figure label={t('route.vehicles')} value={plan.vehicles} />
              <Figure label={t(plan.estimated ? 'route.kmEstimated' : 'route.km')} value={plan.km} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('route.current')}: {t('route.currentTrips')} {plan.current.trips} · {t('route.currentVehicles')}{' '}
              {plan.current.vehicles}
              {assign && plan.current.trips > 0 ? ` · ${t('route.keptAround')}` : ''}
            </Text>
            {plan.unassigned.length > 0 ? (
              <div>
                <Text fw={500}>{t('route.queue', { count: plan.unassigned.length })}</Text>
                <List size="sm">
                  {plan.unassigned.map((u) => (
                    <List.Item key={u.job}>
                      #{u.job}: {t(`route.reasons.${u.reason}`)}
                    </List.Item>
                  ))}
                </List>
              </div>
            ) : null}
            <Group justify="flex-end">
              <Button onClick={() => void write()} disabled={plan.trips.length === 0} loading={busy}>
                {t('route.write', { count: plan.trips.length })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600}>
        {value}
      </Text>
    </div>
  );
}
