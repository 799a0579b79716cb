import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FormField,
  localDay,
  PAYMENT_TYPES,
  RIDER_REF,
  type ShuttleBooking,
  type ShuttleDeparture,
  shuttleBookingSchema,
} from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useEffect, useState } from 'react';
import { Controller, type FieldValues, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '#src/api/client.ts';
import { withConfirmations } from '#src/app/confirmations.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { DayInput } from '#src/components/DayInput.tsx';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { FieldGrid } from '#src/features/resources/FieldGrid.tsx';
import { useErrorText } from '#src/features/resources/FieldInput.tsx';
import { fillFromRider, type Rider, useSiteRiders } from './BookingExtras.tsx';
import { DeparturesTable, departureKey } from './DeparturesTable.tsx';
import { askConfirmation } from './jobForm.tsx';

const RIDER: FormField[] = [
  { name: 'passenger', input: 'ref', ref: RIDER_REF },
  { name: 'seats', input: 'number', required: true },
  { name: 'firstName', input: 'text' },
  { name: 'lastName', input: 'text' },
  { name: 'phone', input: 'phone' },
  { name: 'email', input: 'email' },
  { name: 'profile', input: 'ref', ref: { col: 'profiles', label: ['name'], sameSiteAs: 'unit' } },
  { name: 'paymentType', input: 'select', options: PAYMENT_TYPES, optionsKey: 'paymentType' },
];

/**
 * Shuttle booking (/jobs/shuttle; issue 11, point 5): a day's departures of the site's shuttles
 * with their seats left; a departure chosen, the stops on and off, the seats and the rider (a
 * passenger of the site, or a name and phone). The server counts the departure's seats.
 */
export function ShuttleBookingPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const zone = useSiteTimeZone();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [day, setDay] = useState(() => localDay(zone));
  const [chosen, setChosen] = useState<ShuttleDeparture>();
  const [failure, setFailure] = useState<string | null>(null);
  const departures = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'jobs', 'shuttledepartures', site, day],
    queryFn: () => call('shuttledepartures', { unit: site ?? undefined, day }),
    retry: false,
  });
  const blank = () => ({ unit: site ?? undefined, seats: 1, on: 0, off: undefined });
  const form = useForm<FieldValues>({
    defaultValues: blank(),
    resolver: zodResolver(shuttleBookingSchema as never) as unknown as Resolver<FieldValues>,
  });
  const { control, setValue } = form;
  const label = (name: string) => t(fieldLabelKey('jobs', name));

  // a chosen departure: its shuttle and time, off at its last stop
  const choose = (d: ShuttleDeparture) => {
    setChosen(d);
    setValue('shuttle', d.shuttle._id);
    setValue('date', d.date);
    setValue('on', 0);
    setValue('off', d.shuttle.stops.length - 1);
  };
  // the chosen departure as the list now has it (none once another day or site is shown)
  const current = chosen && departures.data?.data.find((d) => departureKey(d) === departureKey(chosen));
  // a chosen passenger fills names, phone, email and a profile of theirs
  const passenger = useWatch({ control, name: 'passenger' });
  const riders = useSiteRiders(site, passenger);
  const rider = riders.data?.find((o) => o.value === String(passenger))?.carry as Rider | undefined;
  useEffect(() => {
    if (rider) fillFromRider({ ...rider, home: undefined }, form);
  }, [rider, form]);
  const on = Number(useWatch({ control, name: 'on' }) ?? 0);

  const book = useSubmitGuard(async (data: FieldValues) => {
    setFailure(null);
    try {
      const seat = { ...(data as ShuttleBooking), unit: site ?? undefined };
      const stored = await withConfirmations(
        (allow) => call('bookshuttle', { ...seat, ...allow }),
        (err) => askConfirmation(t, err),
      );
      if (!stored) return false;
      notifySuccess(t('shuttleBooking.booked', { id: stored._id }));
      await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
      form.reset({ ...blank(), shuttle: data.shuttle, date: data.date, off: data.off });
    } catch (err) {
      setFailure(serverErrorText(err));
      await departures.refetch();
      return false;
    }
  });

  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  const noShuttles = departures.error instanceof ApiError && departures.error.code === 'shuttlesNotFound';
  const stops = current?.shuttle.stops ?? [];
  const stopSelect = (name: 'on' | 'off', from: number, to: number) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Select
          label={t(`shuttleBooking.${name}`)}
          required
          data={stops.slice(from, to).map((s, i) => ({ value: String(from + i), label: s.name }))}
          value={field.value === undefined ? null : String(field.value)}
          onChange={(v) => field.onChange(v === null ? undefined : Number(v))}
          error={errorText(fieldState.error?.message)}
        />
      )}
    />
  );
  return (
    <Stack>
      <PageTitle>{t('shuttleBooking.title')}</PageTitle>
      <Paper withBorder p="md">
        <Stack>
          <DayInput label={t('shuttleBooking.day')} value={day} onChange={(v) => v && setDay(v)} w={200} />
          {noShuttles ? (
            <Alert color="yellow">{t('serverErrors.shuttlesNotFound')}</Alert>
          ) : departures.isError ? (
            <Alert color="red">{serverErrorText(departures.error)}</Alert>
          ) : departures.data ? (
            <DeparturesTable departures={departures.data.data} chosen={current} onChoose={choose} />
          ) : (
            <Text c="dimmed">{t('common.loading')}</Text>
          )}
        </Stack>
      </Paper>
      {current ? (
        <Paper withBorder p="md">
          <form onSubmit={form.handleSubmit(book)} noValidate aria-label={t('shuttleBooking.seat')}>
            <Stack>
              <Text fw={500}>
                {t('shuttleBooking.seatOn', {
                  name: `${chosen.shuttle.code} · ${chosen.shuttle.name}`,
                  date: chosen.date,
                })}
              </Text>
              <Group grow align="start">
                {stopSelect('on', 0, stops.length - 1)}
                {stopSelect('off', on + 1, stops.length)}
              </Group>
              <FieldGrid resource="jobs" fields={RIDER} control={control} label={label} />
              {failure ? <Alert color="red">{failure}</Alert> : null}
              <Group justify="flex-end">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {t('shuttleBooking.book')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
