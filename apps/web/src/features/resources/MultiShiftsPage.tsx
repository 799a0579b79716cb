import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormField, multiShiftsSchema } from '@tc/domain';
import { type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorKey } from '#src/app/serverErrors.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';
import { FieldGrid } from './FieldGrid.tsx';

const FIELDS: FormField[] = [
  { name: 'unit', input: 'ref', ref: { col: 'units', label: ['name'] }, required: true },
  { name: 'drivers', input: 'refs', ref: { col: 'drivers', label: ['firstName', 'lastName'] }, required: true },
  { name: 'from', input: 'date', required: true },
  { name: 'to', input: 'date', required: true },
  { name: 'start', input: 'time', required: true },
  { name: 'end', input: 'time', required: true },
  { name: 'weekDays', input: 'weekdays', required: true },
  {
    name: 'breaks',
    input: 'list',
    item: [
      { name: 'start', input: 'time', required: true },
      { name: 'end', input: 'time', required: true },
    ],
  },
];

/** /driverShifts/multi: the shifts of several drivers over a date range, by weekdays and hours, in one go. */
export function MultiShiftsPage({ basePath }: { basePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { site } = useSite();
  const form = useForm<FieldValues>({
    defaultValues: { unit: site ?? undefined, drivers: [], weekDays: [1, 2, 3, 4, 5], breaks: [] },
    resolver: zodResolver(multiShiftsSchema as never) as unknown as Resolver<FieldValues>,
    mode: 'onTouched',
  });
  const save = useSubmitGuard(async (plan: FieldValues) => {
    try {
      const r = await call('createdrivershifts', { plan });
      notifySuccess(t('multiShifts.created', { count: r.count }));
      await queryClient.invalidateQueries({ queryKey: ['find', 'driverShifts'] });
      void navigate(basePath);
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setError(err.field, { type: 'server', message: serverErrorKey(err) ?? err.message });
      notifyError(err);
    }
  });
  const label = (name: string) => t(`multiShifts.fields.${name.replaceAll('.', '_')}`);
  return (
    <Stack>
      <PageTitle>{t('multiShifts.title')}</PageTitle>
      <form onSubmit={form.handleSubmit(save)} noValidate aria-label={t('multiShifts.title')}>
        <Stack>
          <Paper withBorder p="md">
            <FieldGrid resource="driverShifts" fields={FIELDS} control={form.control} label={label} />
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate(basePath)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('multiShifts.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
