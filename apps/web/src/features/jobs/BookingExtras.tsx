import { Alert, Badge, Group, Paper, Select, Switch, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type FormField, type JobFare, RIDER_REF } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useEffect, useState } from 'react';
import {
  type Control,
  type FieldValues,
  type UseFormReturn,
  type UseFormSetValue,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useMoney } from '#src/app/useMoney.ts';
import { ChoiceButton } from '#src/components/ChoiceButton.tsx';
import { FieldGrid } from '#src/features/resources/FieldGrid.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { NewPassenger, TerminalChoice } from './PassengerExtras.tsx';

type Doc = Record<string, unknown>;
type Point = { lat?: unknown; lon?: unknown };

const located = (p: unknown): boolean =>
  typeof (p as Point | undefined)?.lat === 'number' && typeof (p as Point | undefined)?.lon === 'number';
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** What a quote needs of the form, or null while the site, profile, from, to or date is missing. */
export function fareJobOf(v: Doc): Doc | null {
  if (typeof v.unit !== 'number' || typeof v.profile !== 'number') return null;
  if (!located(v.from) || !located(v.to) || typeof v.date !== 'string' || !DATE_TIME.test(v.date)) return null;
  const { unit, profile, from, to, date, seats, adults, infants, extraServices } = v;
  return { unit, profile, from, to, date, seats, adults, infants, extraServices };
}

const QUOTED = ['unit', 'profile', 'from', 'to', 'date', 'seats', 'adults', 'infants', 'extraServices'] as const;

/** The fares of the form's journey (`getjobfares`), asked again as the journey changes; none until it is known. */
export function useJobFares(control: Control<FieldValues>) {
  const watched = useWatch({ control, name: [...QUOTED] });
  const job = fareJobOf(Object.fromEntries(QUOTED.map((k, i) => [k, watched[i]])));
  const [key] = useDebouncedValue(job ? JSON.stringify(job) : null, 250);
  const fares = useQuery({
    queryKey: ['getjobfares', key],
    queryFn: () => call('getjobfares', { job: JSON.parse(key as string) }),
    enabled: key !== null,
    staleTime: 60_000,
  });
  return { known: job !== null, fares };
}

/** What choosing a fare writes in the form: the service, the price and the quote kept beside it. */
export function chooseFare(setValue: UseFormSetValue<FieldValues>, fare: JobFare): void {
  const options = { shouldDirty: true, shouldValidate: true };
  setValue('service', fare.service, options);
  setValue('price', fare.total, options);
  setValue('quote', { service: fare.service, code: fare.code, total: fare.total }, options);
}

/**
 * The booking form's own parts (docs/reservations.md), after the reservation's sections: the
 * chosen passenger's details filled in, the return of a round trip and the repeat rule, the fares
 * of the journey, and the card when paid by card.
 */
export const BOOKING_EXTRAS = {
  passenger: (
    <>
      <PassengerFill />
      <NewPassenger />
    </>
  ),
  ride: (
    <>
      <TerminalChoice />
      <ReturnAndRepeat />
      <FaresPanel />
    </>
  ),
  billing: <CardPanel />,
};

/** What a rider's choice carries (RIDER_REF.carry). */
export type Rider = {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  profiles?: number[];
  home?: Point & { address?: string };
};

/** A chosen passenger fills the reservation: names, phone and email, a profile of theirs, home as the pickup when none is set. */
function PassengerFill() {
  const form = useFormContext<FieldValues>();
  const [passenger, unit] = useWatch({ control: form.control, name: ['passenger', 'unit'] });
  const riders = useSiteRiders(unit, passenger);
  const found = riders.data?.find((o) => o.value === String(passenger))?.carry as Rider | undefined;
  useEffect(() => {
    if (found) fillFromRider(found, form);
  }, [found, form]);
  return null;
}

/** The riders of a site, with what their choice carries (RIDER_REF): none until a site is known; the chosen one always among them. */
export function useSiteRiders(unit: unknown, chosen?: unknown) {
  return useRefOptions(
    'jobs',
    typeof unit === 'number' ? { ...RIDER_REF, query: { ...RIDER_REF.query, unit } } : undefined,
    typeof chosen === 'number' ? [chosen] : [],
  );
}

/**
 * What a chosen rider fills in a reservation: names, phone and email; a profile of theirs when the
 * one chosen is not; home as the pickup when none is set.
 */
export function fillFromRider(rider: Rider, form: Pick<UseFormReturn<FieldValues>, 'getValues' | 'setValue'>): void {
  const fill = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && value !== '') form.setValue(field, value, { shouldDirty: true });
  };
  for (const field of ['firstName', 'lastName', 'phone', 'email'] as const) fill(field, rider[field]);
  const profiles = rider.profiles ?? [];
  if (!profiles.includes(form.getValues('profile'))) fill('profile', profiles[0]);
  const from = form.getValues('from') as { address?: string } | undefined;
  if (!from?.address && rider.home?.address) fill('from', rider.home);
}

/** Each service's fare as soon as the journey is known; choosing one sets the service, the price and the quote. */
function FaresPanel() {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<FieldValues>();
  const chosen = useWatch({ control, name: 'quote' }) as { service?: number; code?: string } | undefined;
  const { known, fares } = useJobFares(control);
  const money = useMoney();
  const choose = (fare: JobFare) => chooseFare(setValue, fare);
  let body: React.ReactNode;
  if (!known) body = <Text c="dimmed">{t('booking.faresNeed')}</Text>;
  else if (fares.isError) body = <Alert color="red">{serverErrorText(fares.error)}</Alert>;
  else if (!fares.data) body = <Text c="dimmed">{t('common.loading')}</Text>;
  else if (fares.data.fares.length === 0) body = <Text c="dimmed">{t('booking.noFares')}</Text>;
  else
    body = (
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label={t('booking.fares')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('booking.service')}</Table.Th>
              <Table.Th>{t('booking.breakdown')}</Table.Th>
              <Table.Th ta="right">{t('booking.total')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fares.data.fares.map((fare) => {
              const b = fare.breakdown;
              const picked = chosen?.service === fare.service && chosen?.code === fare.code;
              return (
                <Table.Tr key={`${fare.service}:${fare.code}`}>
                  <Table.Td>
                    <Text fw={500}>{b.serviceName ?? `#${fare.service}`}</Text>
                    <Text size="xs" c="dimmed">
                      {fare.code}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('booking.fareLine', {
                        price: money.format(fare.price),
                        addition: money.format(fare.addition),
                        miles: b.distance.miles.toFixed(1),
                        paying: b.passengers.paying,
                      })}
                    </Text>
                    {b.profile?.discount ? (
                      <Text size="xs">
                        {t('booking.discount', { amount: money.format(b.profile.discount.amount) })}
                      </Text>
                    ) : null}
                    {b.profile?.markup ? (
                      <Text size="xs">{t('booking.markup', { amount: money.format(b.profile.markup.amount) })}</Text>
                    ) : null}
                    {b.holiday ? <Badge size="xs">{t('booking.holiday', { name: b.holiday.name ?? '' })}</Badge> : null}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money.format(fare.total)}
                  </Table.Td>
                  <Table.Td>
                    <ChoiceButton
                      chosen={picked}
                      onChoose={() => choose(fare)}
                      label={t('booking.chooseFare', { service: b.serviceName ?? fare.service })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('booking.fares')}
      </Title>
      {body}
    </Paper>
  );
}

const CARD_FIELDS: FormField[] = [
  { name: 'card.number', input: 'text', required: true },
  { name: 'card.expiry', input: 'text', required: true },
  { name: 'card.cvv', input: 'text', required: true },
];

/** The card to charge, when the payment type is card: sent with the booking, never stored. */
function CardPanel() {
  const { t } = useTranslation();
  const { control } = useFormContext<FieldValues>();
  const paymentType = useWatch({ control, name: 'paymentType' });
  if (paymentType !== 'card') return null;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('booking.card')}
      </Title>
      <FieldGrid
        resource="jobs"
        fields={CARD_FIELDS}
        control={control}
        label={(name) => t(fieldLabelKey('jobs', name))}
        cols={3}
      />
      <Text size="xs" c="dimmed" mt="xs">
        {t('booking.cardKept')}
      </Text>
    </Paper>
  );
}

const RETURN_FIELDS: FormField[] = [{ name: 'return.date', input: 'datetime', required: true }];
const REPEAT_FIELDS: FormField[] = [
  { name: 'recurring.every', input: 'number', required: true },
  { name: 'recurring.unit', input: 'select', options: ['day', 'week'], optionsKey: 'repeatUnit', required: true },
];
const WEEKDAYS_FIELD: FormField[] = [{ name: 'recurring.weekDays', input: 'weekdays' }];
const ENDS = ['never', 'on', 'after'] as const;
type Ends = (typeof ENDS)[number];
const ENDS_VALUE: Record<Ends, Doc> = { never: { never: true }, on: { on: '' }, after: { after: 10 } };
const ENDS_FIELD: Record<Exclude<Ends, 'never'>, FormField[]> = {
  on: [{ name: 'recurring.ends.on', input: 'date', required: true }],
  after: [{ name: 'recurring.ends.after', input: 'number', required: true }],
};

/** A round trip's return and a repeating reservation's rule: switched on, their fields join the booking. */
function ReturnAndRepeat() {
  const { t } = useTranslation();
  const { control, setValue, getFieldState, formState } = useFormContext<FieldValues>();
  const roundTrip = useWatch({ control, name: 'return' }) !== undefined;
  const recurring = useWatch({ control, name: 'recurring' }) as { unit?: string; ends?: Doc } | undefined;
  const [ends, setEnds] = useState<Ends>('after');
  const label = (name: string) => t(fieldLabelKey('jobs', name));
  const endsError = getFieldState('recurring.ends', formState).error;
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="sm">
        {t('booking.returnAndRepeat')}
      </Title>
      <Group align="flex-start" grow>
        <div>
          <Switch
            label={t('booking.roundTrip')}
            checked={roundTrip}
            onChange={(e) => setValue('return', e.currentTarget.checked ? { date: '' } : undefined)}
          />
          {roundTrip ? (
            <div style={{ marginTop: 8 }}>
              <FieldGrid resource="jobs" fields={RETURN_FIELDS} control={control} label={label} cols={1} />
            </div>
          ) : null}
        </div>
        <div>
          <Switch
            label={t('booking.repeat')}
            checked={recurring !== undefined}
            onChange={(e) => {
              setEnds('after');
              setValue(
                'recurring',
                e.currentTarget.checked ? { every: 1, unit: 'week', weekDays: [], ends: ENDS_VALUE.after } : undefined,
              );
            }}
          />
          {recurring ? (
            <div style={{ marginTop: 8 }}>
              <FieldGrid resource="jobs" fields={REPEAT_FIELDS} control={control} label={label} cols={2} />
              {recurring.unit === 'week' ? (
                <FieldGrid resource="jobs" fields={WEEKDAYS_FIELD} control={control} label={label} cols={1} />
              ) : null}
              <Group grow align="flex-start" mt="xs">
                <Select
                  label={label('recurring.ends')}
                  data={ENDS.map((e) => ({ value: e, label: t(`booking.ends.${e}`) }))}
                  value={ends}
                  allowDeselect={false}
                  error={endsError?.message ? t(endsError.message) : undefined}
                  onChange={(v) => {
                    const next = (v ?? 'after') as Ends;
                    setEnds(next);
                    setValue('recurring.ends', ENDS_VALUE[next]);
                  }}
                />
                {ends === 'never' ? (
                  <span />
                ) : (
                  <FieldGrid resource="jobs" fields={ENDS_FIELD[ends]} control={control} label={label} cols={1} />
                )}
              </Group>
              <FieldGrid
                resource="jobs"
                fields={[{ name: 'recurring.skipHolidays', input: 'switch' }]}
                control={control}
                label={label}
                cols={1}
              />
              <Text size="xs" c="dimmed" mt="xs">
                {t('booking.repeatHint')}
              </Text>
            </div>
          ) : null}
        </div>
      </Group>
    </Paper>
  );
}
