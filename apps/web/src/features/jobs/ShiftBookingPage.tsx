import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, MultiSelect, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  DIRECTIONS,
  type FormField,
  LOCATION_REF,
  localDay,
  PAYMENT_TYPES,
  SHIFT_REF,
  SHIFT_RIDER_KINDS,
  type ShiftBooking,
  type ShiftBookingAnswer,
  type ShiftRiders,
  shiftBookingSchema,
} from '@tc/domain';
import { useEffect, useState } from 'react';
import { Controller, type FieldValues, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, call } from '#src/api/client.ts';
import { notifySuccess } from '#src/app/notify.ts';
import { serverErrorKey, serverErrorText } from '#src/app/serverErrors.ts';
import { useSite, useSiteTimeZone } from '#src/app/site/useSite.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { FieldGrid } from '#src/features/resources/FieldGrid.tsx';
import { useErrorText } from '#src/features/resources/FieldInput.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';
import { useSiteRiders } from './BookingExtras.tsx';

/** Which riders each page books: set shifts (passengers), school hours (students), work hours (employees). */
const PAGES: Record<string, ShiftRiders> = {
  setShifts: 'passengers',
  setSchoolShifts: 'students',
  setWorkShifts: 'employees',
};

const PLAN: FormField[] = [
  { name: 'shift', input: 'ref', ref: SHIFT_REF, required: true },
  { name: 'place', input: 'ref', ref: LOCATION_REF, required: true },
  { name: 'from', input: 'date', required: true },
  { name: 'to', input: 'date', required: true },
  { name: 'direction', input: 'select', options: DIRECTIONS, optionsKey: 'direction' },
  { name: 'paymentType', input: 'select', options: PAYMENT_TYPES, optionsKey: 'paymentType' },
  { name: 'weekDays', input: 'weekdays', required: true },
];

type ShiftCarry = { weekDays?: number[]; direction?: string; status?: string; start?: string; end?: string };

/**
 * Reservations from shifts (/jobs/setShifts, /jobs/setSchoolShifts, /jobs/setWorkShifts; issue 11,
 * point 4): a shift, the place it is at, a range of days and weekdays, and the riders; a preview
 * says how many reservations it makes and who has no address, then one call makes them all.
 */
export function ShiftBookingPage({ basePath, page }: { basePath: string; page?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { site } = useSite();
  const today = localDay(useSiteTimeZone());
  const riderKind = PAGES[page ?? ''] ?? 'passengers';
  const kind = { riders: riderKind, role: SHIFT_RIDER_KINDS[riderKind].role };
  const form = useForm<FieldValues>({
    defaultValues: { unit: site ?? undefined, riders: kind.riders, ids: [], from: today, to: today, weekDays: [] },
    resolver: zodResolver(shiftBookingSchema as never) as unknown as Resolver<FieldValues>,
  });
  const { control, setValue, getValues } = form;
  const [preview, setPreview] = useState<ShiftBookingAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const riders = useSiteRiders(site);
  const choices = (riders.data ?? []).filter((o) => (o.carry as { role?: string } | undefined)?.role === kind.role);
  const shifts = useRefOptions('jobs', site ? { ...SHIFT_REF, query: { unit: site } } : undefined);
  const shiftId = useWatch({ control, name: 'shift' });
  const shift = shifts.data?.find((o) => o.value === String(shiftId))?.carry as ShiftCarry | undefined;
  // a chosen shift brings its weekdays; its direction decides whether one way may be chosen
  useEffect(() => {
    if (shift?.weekDays) setValue('weekDays', shift.weekDays);
    if (shift?.direction !== 'both') setValue('direction', undefined);
  }, [shift, setValue]);
  // the plan changed: the preview no longer says what it makes
  useEffect(() => form.watch(() => setPreview(null)).unsubscribe, [form]);

  const send = async (plan: FieldValues, previewOnly: boolean) => {
    setFailure(null);
    try {
      return await call('setshifts', {
        ...(plan as ShiftBooking),
        unit: site as number,
        riders: kind.riders,
        preview: previewOnly,
      });
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setError(err.field, { type: 'server', message: serverErrorKey(err) ?? err.message });
      setFailure(serverErrorText(err));
      return undefined;
    }
  };
  const showPreview = useSubmitGuard(async (plan: FieldValues) => {
    const answer = await send(plan, true);
    if (!answer) return false;
    setPreview(answer);
  });
  const create = useSubmitGuard(async (plan: FieldValues) => {
    const answer = await send(plan, false);
    if (!answer) return false;
    notifySuccess(t('shiftBooking.created', { count: answer.created }));
    await queryClient.invalidateQueries({ queryKey: ['find', 'jobs'] });
    void navigate(`${basePath}?from=${getValues('from')}&to=${getValues('to')}`);
  });

  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  const label = (name: string) => t(`shiftBooking.fields.${name}`);
  return (
    <Stack>
      <PageTitle>{t(`shiftBooking.title.${kind.riders}`)}</PageTitle>
      <form onSubmit={form.handleSubmit(create)} noValidate aria-label={t(`shiftBooking.title.${kind.riders}`)}>
        <Stack>
          <Paper withBorder p="md">
            <Stack>
              <FieldGrid resource="jobs" fields={PLAN} control={control} label={label} />
              {shift ? (
                <Text size="sm" c="dimmed">
                  {t('shiftBooking.hours', {
                    start: shift.start,
                    end: shift.end,
                    direction: t(`values.direction.${shift.direction}`),
                  })}
                </Text>
              ) : null}
              <Controller
                name="ids"
                control={control}
                render={({ field, fieldState }) => (
                  <Stack gap={4}>
                    <MultiSelect
                      label={t(`shiftBooking.riders.${kind.riders}`)}
                      required
                      searchable
                      clearable
                      data={choices.map((o) => ({ value: o.value, label: o.label }))}
                      value={(field.value as number[]).map(String)}
                      onChange={(v) => field.onChange(v.map(Number))}
                      onBlur={field.onBlur}
                      error={errorText(fieldState.error?.message)}
                      maxDropdownHeight={260}
                    />
                    <Group gap="xs">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => field.onChange(choices.map((o) => Number(o.value)))}
                      >
                        {t('shiftBooking.all', { count: choices.length })}
                      </Button>
                      <Button size="compact-sm" variant="subtle" onClick={() => field.onChange([])}>
                        {t('shiftBooking.none')}
                      </Button>
                    </Group>
                  </Stack>
                )}
              />
            </Stack>
          </Paper>
          {preview ? (
            <Alert color={preview.created > 0 ? 'blue' : 'yellow'} title={t('shiftBooking.previewTitle')}>
              <Text size="sm">
                {t('shiftBooking.willCreate', { count: preview.created })}{' '}
                {preview.alreadyBooked > 0 ? t('shiftBooking.already', { count: preview.alreadyBooked }) : null}
              </Text>
              {preview.missing.length > 0 ? (
                <>
                  <Text size="sm" mt="xs">
                    {t('shiftBooking.missing', { count: preview.missing.length })}
                  </Text>
                  <List size="sm">
                    {preview.missing.map((m) => (
                      <List.Item key={m._id}>
                        {m.name || `#${m._id}`}: {t(`shiftBooking.lacks.${m.lacks}`)}
                      </List.Item>
                    ))}
                  </List>
                </>
              ) : null}
            </Alert>
          ) : null}
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(basePath)}>
              {t('common.cancel')}
            </Button>
            <Button variant="default" onClick={form.handleSubmit(showPreview)}>
              {t('shiftBooking.preview')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('shiftBooking.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
