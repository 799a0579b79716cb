import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormField, type JobFare, LOCATION_REF, localDateTime, resourceByKey } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldValues, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { withConfirmations } from '#src/app/confirmations.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useMoney } from '#src/app/useMoney.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { FieldGrid } from '#src/features/resources/FieldGrid.tsx';
import { useErrorText } from '#src/features/resources/FieldInput.tsx';
import { PlaceInput } from '#src/features/resources/PlaceInput.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { chooseFare, fillFromRider, type Rider, useJobFares, useSiteRiders } from './BookingExtras.tsx';
import { askConfirmation } from './jobForm.tsx';

const jobs = resourceByKey('jobs');
const CALLER: FormField[] = [
  { name: 'phone', input: 'phone', required: true },
  { name: 'firstName', input: 'text' },
  { name: 'lastName', input: 'text' },
];
const WHEN: FormField[] = [
  { name: 'date', input: 'datetime', required: true },
  { name: 'seats', input: 'number', required: true },
];
const PROFILE: FormField[] = [
  { name: 'profile', input: 'ref', ref: { col: 'profiles', label: ['name'], sameSiteAs: 'unit' }, required: true },
];

const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/\D/g, '') : '');

/** Half an hour from now on the site's clock, on a five-minute mark: when a caller usually wants to go. */
export function soonAfter(now: string): string {
  const at = dayjs(now.replace(' ', 'T')).add(30, 'minute');
  return at.minute(Math.ceil(at.minute() / 5) * 5).format('YYYY-MM-DD HH:mm');
}

/** The cheapest of the fares (the quick reservation's choice); the first on a tie. */
export function cheapest(fares: readonly JobFare[]): JobFare | undefined {
  return fares.reduce<JobFare | undefined>((best, f) => (!best || f.total < best.total ? f : best), undefined);
}

/**
 * The quick reservation (/jobs/quick, /quick-job; issue 11, point 3): one compact form for a call,
 * keyboard first. The caller is found by phone among the site's riders (their name, profile and
 * home fill in), or booked by the name and phone given; the cheapest fare is chosen and shown;
 * Enter books, and the form starts empty for the next call.
 */
export function QuickBookingPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const zone = useSiteTimeZone();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const money = useMoney();
  const [failure, setFailure] = useState<string | null>(null);
  const blank = useMemo(
    () => () => ({
      ...(jobs?.defaults ?? {}),
      unit: site ?? undefined,
      date: soonAfter(localDateTime(zone)),
      phone: '',
      firstName: '',
      lastName: '',
    }),
    [site, zone],
  );
  const form = useForm<FieldValues>({
    defaultValues: blank(),
    resolver: zodResolver(jobs?.schema as never) as unknown as Resolver<FieldValues>,
  });
  const { control, setValue, getValues } = form;
  const label = (name: string) => t(fieldLabelKey('jobs', name));

  // the caller, by phone among the site's riders (their choices carry phone, names, profiles and home)
  const riders = useSiteRiders(site);
  const profiles = useRefOptions(
    'jobs',
    site ? { col: 'profiles', label: ['name'], sameSiteAs: 'unit', query: { unit: site } } : undefined,
  );
  const places = useRefOptions('jobs', site ? { ...LOCATION_REF, query: { unit: site } } : undefined);
  const phone = digits(useWatch({ control, name: 'phone' }));
  const match = phone.length >= 7 ? riders.data?.find((o) => digits((o.carry as Rider)?.phone) === phone) : undefined;
  useEffect(() => {
    setValue('passenger', match ? Number(match.value) : undefined);
    if (match) fillFromRider(match.carry as Rider, form);
    // a caller not on file books under the site's first profile
    const first = profiles.data?.[0]?.value;
    if (getValues('profile') === undefined && first) setValue('profile', Number(first));
  }, [match, profiles.data, setValue, getValues, form]);

  // a call starts on the phone field (the generated inputs take no ref: the first input of the caller's row)
  const caller = useRef<HTMLDivElement>(null);
  const focusPhone = useCallback(() => caller.current?.querySelector('input')?.focus(), []);
  useEffect(focusPhone, [focusPhone]);

  // the cheapest fare, chosen as soon as the journey is known
  const { known, fares } = useJobFares(control);
  const best = cheapest(fares.data?.fares ?? []);
  useEffect(() => {
    if (best) chooseFare(setValue, best);
  }, [best, setValue]);

  const book = useSubmitGuard(async (data: FieldValues) => {
    setFailure(null);
    try {
      const stored = await withConfirmations(
        (allow) => call('insert', { col: 'jobs', data, ...allow }),
        (err) => askConfirmation(t, err),
      );
      if (!stored) return false;
      notifySuccess(t('quick.booked', { id: stored._id }));
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
      // the next call starts with an empty form, on the phone
      form.reset(blank());
      focusPhone();
    } catch (err) {
      setFailure(serverErrorText(err));
      return false;
    }
  });

  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  return (
    <Stack maw={560}>
      <PageTitle>{t('quick.title')}</PageTitle>
      <Paper withBorder p="md">
        <form onSubmit={form.handleSubmit(book)} noValidate aria-label={t('quick.title')}>
          <Stack gap="sm">
            <div ref={caller}>
              <FieldGrid resource="jobs" fields={CALLER} control={control} label={label} cols={3} />
            </div>
            <Text size="sm" c={match ? 'teal' : 'dimmed'} aria-live="polite">
              {match ? t('quick.found', { name: match.label }) : t('quick.newCaller')}
            </Text>
            {(['from', 'to'] as const).map((name) => (
              <PlaceInput
                key={name}
                name={name}
                label={label(name)}
                control={control}
                errorText={errorText}
                known={places.data ?? []}
                coordinates={false}
              />
            ))}
            <FieldGrid resource="jobs" fields={WHEN} control={control} label={label} cols={2} />
            <FieldGrid resource="jobs" fields={PROFILE} control={control} label={label} cols={1} />
            <Text size="sm" aria-live="polite">
              {!known
                ? t('booking.faresNeed')
                : best
                  ? t('quick.fare', {
                      service: best.breakdown.serviceName ?? `#${best.service}`,
                      total: money.format(best.total),
                    })
                  : fares.isFetching
                    ? t('common.loading')
                    : t('booking.noFares')}
            </Text>
            {failure ? <Alert color="red">{failure}</Alert> : null}
            <Group justify="flex-end">
              <Button type="submit" loading={form.formState.isSubmitting}>
                {t('quick.book')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
