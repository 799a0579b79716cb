import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { EDITABLE_JOB_STATUSES, type JobStatus } from '@tc/domain';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ApiError, call } from '#src/api/client.ts';
import { APP_BASE } from '#src/app/navigation/base.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import type { FormExtension } from '#src/features/resources/ResourceFormPage.tsx';
import type { Row } from '#src/features/resources/useResourcePage.ts';
import { BOOKING_EXTRAS } from './BookingExtras.tsx';
import { JobPaymentsTab, JobSummaryTab } from './JobTabs.tsx';

type SeriesScope = 'one' | 'following' | 'all';

/** Which reservations of its series a change is for: asked before saving; null when the agent closes the question. */
function askSeriesScope(t: TFunction): Promise<SeriesScope | null> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (scope: SeriesScope | null) => {
      answered = true;
      resolve(scope);
      modals.closeAll();
    };
    modals.open({
      title: t('booking.seriesTitle'),
      onClose: () => {
        if (!answered) resolve(null);
      },
      children: (
        <Stack>
          <Text size="sm">{t('booking.seriesQuestion')}</Text>
          <Group justify="flex-end">
            {(['one', 'following', 'all'] as const).map((scope) => (
              <Button key={scope} variant={scope === 'one' ? 'filled' : 'default'} onClick={() => answer(scope)}>
                {t(`booking.series.${scope}`)}
              </Button>
            ))}
          </Group>
        </Stack>
      ),
    });
  });
}

/** The server's question before booking (a likely duplicate, a pickup inside the limitation): yes or no. */
export function askConfirmation(t: TFunction, err: ApiError): Promise<boolean> {
  const duplicates = Array.isArray(err.details.duplicates) ? (err.details.duplicates as number[]) : [];
  return new Promise((resolve) => {
    let answered = false;
    const answer = (yes: boolean) => {
      answered = true;
      resolve(yes);
    };
    modals.openConfirmModal({
      title: t('booking.confirmTitle'),
      children: (
        <Stack gap="xs">
          <Text size="sm">{serverErrorText(err)}</Text>
          {duplicates.length > 0 ? (
            <Text size="sm">
              {t('booking.duplicatesOf')}{' '}
              {duplicates.map((id, i) => (
                <span key={id}>
                  {i > 0 ? ', ' : ''}
                  {/* a modal lives outside the router: a plain link, opened beside the form */}
                  <Anchor href={`${APP_BASE}/jobs/edit/${id}`} target="_blank">
                    #{id}
                  </Anchor>
                </span>
              ))}
            </Text>
          ) : null}
        </Stack>
      ),
      labels: { confirm: t('booking.bookAnyway'), cancel: t('common.cancel') },
      // the answer is one key away: Enter books, Escape goes back to the form
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => {
        if (!answered) resolve(false);
      },
    });
  });
}

/** A reservation's links beside its title: the other leg of its round trip, its series, its card payment. */
function JobHeader({ record }: { record: Row }) {
  const { t } = useTranslation();
  const legs = record.legs as { A?: number; B?: number } | undefined;
  const payment = record.payment as { brand?: string; last4?: string } | undefined;
  const other = legs ? (legs.A === record._id ? { leg: 'B', id: legs.B } : { leg: 'A', id: legs.A }) : undefined;
  // opening a reservation is a view of it (the agent's recent views); a lost view record stops no one
  useEffect(() => {
    call('insert', { col: 'views', data: { col: 'jobs', id: record._id } }).catch(() => undefined);
  }, [record._id]);
  return (
    <Group gap="xs">
      {other?.id ? (
        <Button variant="light" size="xs" component={Link} to={`/jobs/edit/${other.id}`}>
          {t('booking.otherLeg', { leg: other.leg, id: other.id })}
        </Button>
      ) : null}
      {record.series ? <Badge variant="light">{t('booking.repeating')}</Badge> : null}
      {payment?.last4 ? (
        <Badge variant="outline">{t('booking.paidBy', { brand: payment.brand ?? '', last4: payment.last4 })}</Badge>
      ) : null}
      <CancelButton record={record} />
    </Group>
  );
}

/** Cancels the reservation (its series' following or all, if it repeats): for a role with the cancel action, while it is not in a trip. */
function CancelButton({ record }: { record: Row }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!can('jobs', 'cancel') || !EDITABLE_JOB_STATUSES.includes(record.status as JobStatus)) return null;
  const cancel = async () => {
    const scope = record.series ? await askSeriesScope(t) : 'one';
    if (scope === null) return;
    try {
      await call('update', {
        col: 'jobs',
        query: { _id: record._id },
        data: { status: 'canceled', _version: record._version },
        series: scope,
      });
      notifySuccess(t('booking.canceled', { id: record._id }));
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
      void navigate('/jobs');
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Button
      size="xs"
      color="red"
      variant="light"
      onClick={() =>
        record.series
          ? void cancel()
          : modals.openConfirmModal({
              title: t('booking.cancel'),
              children: t('booking.cancelQuestion'),
              labels: { confirm: t('booking.cancel'), cancel: t('form.back') },
              confirmProps: { color: 'red' },
              onConfirm: () => void cancel(),
            })
      }
    >
      {t('booking.cancel')}
    </Button>
  );
}

/** The reservation's form: the generic one with the booking's parts, its questions and its links. */
export const jobFormExtension: FormExtension = {
  extra: (mode) => (mode === 'create' ? BOOKING_EXTRAS : undefined),
  title: (record, t) => {
    const name = [record.firstName, record.lastName].filter((v) => typeof v === 'string' && v).join(' ');
    return `${t('resources.jobs.entity')} #${record._id}${name ? ` · ${name}` : ''}`;
  },
  confirm: askConfirmation,
  // spec section 8: a failed save of a reservation says so in these words; the field at fault says why
  saveFailed: 'serverErrors.reservationSave',
  created: (t, stored) => {
    if (stored.legB) notifySuccess(t('booking.roundTripBooked', { a: stored._id, b: stored.legB._id }));
    if (stored.series) notifySuccess(t('booking.seriesBooked', { count: stored.series.length }));
  },
  updateOptions: async (record, t) => {
    if (!record.series) return {};
    const scope = await askSeriesScope(t);
    return scope === null ? null : { series: scope };
  },
  tabs: { summary: JobSummaryTab, payments: JobPaymentsTab },
  Header: JobHeader,
};
