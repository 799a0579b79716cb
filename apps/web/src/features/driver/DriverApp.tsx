import { Alert, Badge, Box, Button, Card, Container, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DRIVER_ACTIONS,
  type DriverAction,
  type DriverDay,
  type DriverStatus,
  driverStatusAfter,
  type PlanStop,
  RUNNING_TRIP_STATUSES,
  type TripStatus,
  tripStops,
} from '@tc/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '#src/api/client.ts';
import { LanguageSwitch } from '#src/app/layout/LanguageSwitch.tsx';
import { useSocket } from '#src/app/live/useSocket.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { EtaText } from '#src/components/EtaText.tsx';
import { StatusBadge } from '#src/components/StatusBadge.tsx';
import { LoginForm } from '#src/features/auth/LoginForm.tsx';
import { flushQueue, loadQueue, type QueuedAction, type RefusedAction, saveQueue, unanswered } from './actionQueue.ts';
import { usePositionSharing } from './usePositionSharing.ts';

/** The driver's token on this phone: kept across restarts (a phone stays signed in), apart from the console's. */
const TOKEN_KEY = 'driverToken';
/**
 * The day is read again at each change heard over /socket (a trip sent, changed, messaged) and at
 * least this often: the ETAs move with time, and a socket may be down.
 */
const REFRESH_MS = 60_000;
/** The queue is tried again this often while actions wait. */
const RETRY_MS = 5_000;

type Trip = DriverDay['trips'][number];

/**
 * The driver app (/driver; add-on module 500; docs/live.md): a phone-sized page where a driver signs
 * in, goes online, works today's trips stop by stop, answers dispatch and shares its position.
 */
export function DriverApp() {
  useInstallable();
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  const signOut = useCallback(() => {
    const old = localStorage.getItem(TOKEN_KEY);
    localStorage.removeItem(TOKEN_KEY);
    setToken(null);
    if (old) void call('logout', { token: old }).catch(() => undefined);
  }, []);
  return (
    <Container size={480} px="xs" py="sm">
      {token ? (
        <DriverHome token={token} onSignOut={signOut} />
      ) : (
        <DriverLogin
          onSignedIn={(t) => {
            localStorage.setItem(TOKEN_KEY, t);
            setToken(t);
          }}
        />
      )}
    </Container>
  );
}

/** Links the driver app's manifest and registers its service worker (built by vite-plugin-pwa) while the app is open. */
function useInstallable() {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = `${import.meta.env.BASE_URL}driver.webmanifest`;
    document.head.append(link);
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void navigator.serviceWorker
        .register(`${import.meta.env.BASE_URL}sw.js`, { scope: `${import.meta.env.BASE_URL}driver` })
        .catch(() => undefined);
    return () => link.remove();
  }, []);
}

function DriverLogin({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const { t } = useTranslation();
  const signIn = async (email: string, password: string) => {
    const { token } = await call('login', { email, password, token: null });
    // only a driver of a site with the driver app: said before the driver is in
    try {
      await call('driverday', { token });
    } catch (err) {
      void call('logout', { token }).catch(() => undefined);
      throw err;
    }
    onSignedIn(token);
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('driverApp.title')}</Title>
        <LanguageSwitch />
      </Group>
      <LoginForm size="md" onLogin={signIn} />
    </Stack>
  );
}

const isRunning = (status: unknown) => RUNNING_TRIP_STATUSES.includes(status as TripStatus);

function DriverHome({ token, onSignOut }: { token: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<QueuedAction[]>(() => loadQueue());
  const [refused, setRefused] = useState<RefusedAction[]>([]);
  const [statusError, setStatusError] = useState<unknown>(null);
  const flushing = useRef(false);
  const day = useQuery({
    queryKey: ['driverday', token],
    queryFn: () => call('driverday', { token }),
    refetchInterval: REFRESH_MS,
    retry: (n, err) => unanswered(err) && n < 3,
  });
  // a change of its trips, their riders or its record (a trip sent, a message from dispatch) comes
  // over /socket: the day is read again at once
  useSocket(
    () => token,
    () => void queryClient.invalidateQueries({ queryKey: ['driverday', token] }),
  );
  // a token the server no longer takes (signed out elsewhere, password changed): sign in again
  useEffect(() => {
    const err = day.error;
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) onSignOut();
  }, [day.error, onSignOut]);

  const flush = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const current = loadQueue();
      if (!current.length) return;
      const { left, refused: newlyRefused } = await flushQueue(current, (a) =>
        call('drivertrip', {
          token,
          id: a.trip,
          action: a.action,
          ...(a.job ? { job: a.job } : {}),
          ...(a.text ? { text: a.text } : {}),
          ...(a.dropAll ? { dropAll: true } : {}),
          at: a.at,
        }),
      );
      // actions queued while these were sent stay after them
      const added = loadQueue().filter((a) => !current.some((c) => c.key === a.key));
      saveQueue([...left, ...added]);
      setQueue([...left, ...added]);
      if (newlyRefused.length) setRefused((r) => [...r, ...newlyRefused]);
      await queryClient.invalidateQueries({ queryKey: ['driverday'] });
    } finally {
      flushing.current = false;
    }
  }, [token, queryClient]);

  useEffect(() => {
    void flush();
    const retry = setInterval(() => void flush(), RETRY_MS);
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => {
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [flush]);

  const enqueue = (a: Omit<QueuedAction, 'key' | 'at'>) => {
    const next = [
      ...loadQueue(),
      { ...a, key: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, at: Date.now() },
    ];
    saveQueue(next);
    setQueue(next);
    void flush();
  };

  const data = day.data;
  const status: DriverStatus = data?.driver.driverStatus ?? 'offline';
  const running = data?.trips.find((trip) => isRunning(trip.status));
  const sharing = usePositionSharing(token, status !== 'offline' && status !== 'suspended', running?._id ?? null);

  const changeStatus = async (action: DriverAction) => {
    setStatusError(null);
    try {
      await call('driverself', { token, action });
      await queryClient.invalidateQueries({ queryKey: ['driverday'] });
    } catch (err) {
      setStatusError(err);
    }
  };

  if (!data) {
    return day.isError ? (
      <Stack>
        <Alert color="red">{serverErrorText(day.error)}</Alert>
        <Button variant="default" onClick={onSignOut}>
          {t('driverApp.signOut')}
        </Button>
      </Stack>
    ) : (
      <Text c="dimmed">{t('common.loading')}</Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Box miw={0}>
          <Title order={3} style={{ overflowWrap: 'anywhere' }}>
            {data.driver.name}
          </Title>
          {data.driver.carLabel ? (
            <Text size="sm" c="dimmed">
              {data.driver.carLabel}
            </Text>
          ) : null}
        </Box>
        <StatusBadge status={status} kind="driverStatus" />
      </Group>
      <Group gap="xs" grow>
        {DRIVER_ACTIONS.filter((a) => driverStatusAfter(status, a)).map((a) => (
          <Button
            key={a}
            size="md"
            variant={a === 'online' ? 'filled' : 'default'}
            onClick={() => void changeStatus(a)}
          >
            {t(`driverApp.status.${a}`)}
          </Button>
        ))}
      </Group>
      {statusError ? <Alert color="red">{serverErrorText(statusError)}</Alert> : null}
      <Text size="xs" c="dimmed" role="status">
        {sharing === 'on'
          ? t('driverApp.position.on')
          : sharing === 'denied'
            ? t('driverApp.position.denied')
            : sharing === 'unavailable'
              ? t('driverApp.position.unavailable')
              : t('driverApp.position.off')}
      </Text>
      {queue.length ? (
        <Alert color="yellow" role="status">
          {t('driverApp.queued', { count: queue.length })}
        </Alert>
      ) : null}
      {refused.map((r) => (
        <Alert
          key={r.key}
          color="red"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setRefused((all) => all.filter((x) => x.key !== r.key))}
          title={t('driverApp.refused', { action: t(`driverApp.actions.${r.action}`) })}
        >
          {serverErrorText(r.error)}
        </Alert>
      ))}
      <Title order={4}>{t('driverApp.today')}</Title>
      {data.trips.length === 0 ? <Text c="dimmed">{t('driverApp.noTrips')}</Text> : null}
      {data.trips.map((trip) => (
        <TripCard
          key={trip._id}
          trip={trip}
          day={data.day}
          pending={queue.filter((q) => q.trip === trip._id)}
          onAction={enqueue}
        />
      ))}
      <Group justify="space-between">
        <LanguageSwitch />
        <Button variant="subtle" onClick={onSignOut}>
          {t('driverApp.signOut')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A trip's stops in the order it drives them (`tripStops`), each with its rider. */
function stopsOf(trip: Trip) {
  const byId = new Map(trip.riders.map((r) => [r._id, r]));
  return tripStops((trip.plan as PlanStop[] | undefined) ?? [], [...byId.keys()]).flatMap((s) => {
    const rider = byId.get(s.job);
    // without a plan, a pick-up is at the reservation's time
    return rider ? [{ kind: s.kind, rider, at: s.at ?? (s.kind === 'pickup' ? rider.date : '') }] : [];
  });
}

const timeOf = (at: string) => at.slice(11, 16);

function TripCard({
  trip,
  day,
  pending,
  onAction,
}: {
  trip: Trip;
  /** Today on the site's clock: a trip of another day (the night's, past midnight) shows its date. */
  day: string;
  pending: QueuedAction[];
  onAction: (a: Omit<QueuedAction, 'key' | 'at'>) => void;
}) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const status = trip.status as TripStatus;
  const running = isRunning(status);
  const waiting = (action: string, job?: number) => pending.some((p) => p.action === action && p.job === job);
  const act = (action: QueuedAction['action'], more: Partial<QueuedAction> = {}) =>
    onAction({ trip: trip._id, action, ...more });
  const messages = (trip.messages as { from: string; text: string; time: string; user?: string }[] | undefined) ?? [];
  const notDone = trip.riders.filter((r) => r.status === 'routed' || r.status === 'picked').length;
  return (
    <Card withBorder padding="sm" aria-label={t('driverApp.tripOf', { id: trip._id })}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {String(trip.date).startsWith(day) ? timeOf(String(trip.date)) : String(trip.date)} · #{trip._id}
          </Text>
          <StatusBadge status={status} kind="tripStatus" />
        </Group>
        {Array.isArray(trip.blocked) && trip.blocked.length ? (
          <Badge color="orange" variant="light">
            {t('driverApp.blocked')}
          </Badge>
        ) : null}
        {stopsOf(trip).map((s) => {
          const r = s.rider;
          const canPick = running && s.kind === 'pickup' && r.status === 'routed';
          const canDrop = running && s.kind === 'dropoff' && r.status === 'picked';
          const live = trip.live?.stops.find((x) => x.kind === s.kind && x.job === r._id);
          return (
            <Box
              key={`${s.kind}-${r._id}`}
              pl="xs"
              style={{ borderLeft: '3px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={500}>
                  {timeOf(s.at)} {t(`driverApp.stop.${s.kind}`)} · {r.name}
                </Text>
                <StatusBadge status={r.status} kind="jobStatus" />
              </Group>
              {live ? <EtaText eta={live.eta} late={live.late} /> : null}
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {s.kind === 'pickup' ? r.from : r.to}
                {r.seats > 1 ? ` · ${t('driverApp.seats', { count: r.seats })}` : ''}
              </Text>
              {r.phone && s.kind === 'pickup' ? (
                <Text size="sm" component="a" href={`tel:${r.phone}`}>
                  {r.phone}
                </Text>
              ) : null}
              {canPick || canDrop ? (
                <Group gap="xs" mt={4} grow>
                  {canPick ? (
                    <>
                      <Button
                        size="md"
                        loading={waiting('pickup', r._id)}
                        onClick={() => act('pickup', { job: r._id })}
                      >
                        {t('driverApp.actions.pickup')}
                      </Button>
                      <Button
                        size="md"
                        variant="default"
                        loading={waiting('noshow', r._id)}
                        onClick={() => act('noshow', { job: r._id })}
                      >
                        {t('driverApp.actions.noshow')}
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="md"
                      loading={waiting('dropoff', r._id)}
                      onClick={() => act('dropoff', { job: r._id })}
                    >
                      {t('driverApp.actions.dropoff')}
                    </Button>
                  )}
                </Group>
              ) : null}
            </Box>
          );
        })}
        {status === 'sent' ? (
          <Button size="md" loading={waiting('approve')} onClick={() => act('approve')}>
            {t('driverApp.actions.approve')}
          </Button>
        ) : null}
        {status === 'approved' ? (
          <Button size="md" loading={waiting('start')} onClick={() => act('start')}>
            {t('driverApp.actions.start')}
          </Button>
        ) : null}
        {running ? (
          <Button
            size="md"
            color={notDone ? 'orange' : 'green'}
            loading={waiting('end')}
            onClick={() => {
              // end with riders not dropped off: "mark all as dropped off" (spec section 4), once confirmed
              if (notDone && !window.confirm(t('driverApp.endAll', { count: notDone }))) return;
              act('end', notDone ? { dropAll: true } : {});
            }}
          >
            {t('driverApp.actions.end')}
          </Button>
        ) : null}
        {messages.length ? (
          <Stack gap={4} aria-label={t('driverApp.messages')}>
            {messages.map((m) => (
              <Text key={`${m.time}-${m.text}`} size="sm" c={m.from === 'driver' ? 'dimmed' : undefined}>
                {timeOf(m.time)} {m.from === 'driver' ? t('driverApp.me') : t('driverApp.dispatch')}: {m.text}
              </Text>
            ))}
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Textarea
                aria-label={t('driverApp.reply')}
                placeholder={t('driverApp.reply')}
                autosize
                minRows={1}
                style={{ flex: 1 }}
                value={reply}
                onChange={(e) => setReply(e.currentTarget.value)}
              />
              <Button
                disabled={!reply.trim()}
                onClick={() => {
                  act('reply', { text: reply.trim() });
                  setReply('');
                }}
              >
                {t('driverApp.send')}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
