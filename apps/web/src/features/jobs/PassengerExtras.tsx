import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormField, LOCATION_REF, resourceByKey } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { useState } from 'react';
import { type FieldValues, type Resolver, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorKey } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSubmitGuard } from '#src/app/useSubmitGuard.ts';
import { FieldGrid } from '#src/features/resources/FieldGrid.tsx';
import { useRefOptions } from '#src/features/resources/useRefOptions.ts';

const passengers = resourceByKey('passengers');
/** The passenger's fields a booking asks for, as the passengers resource declares them (labels, inputs, rules). */
const NEW_PASSENGER = ['firstName', 'lastName', 'email', 'phone', 'profiles', 'home'];
const FIELDS: FormField[] = (passengers?.form ?? [])
  .flatMap((s) => s.fields)
  .filter((f) => NEW_PASSENGER.includes(f.name))
  .sort((a, b) => NEW_PASSENGER.indexOf(a.name) - NEW_PASSENGER.indexOf(b.name));

/**
 * A passenger created from the booking form (issue 11, point 2): the passengers resource's own
 * required fields in a dialog, on the reservation's site, with the profile and pickup already
 * chosen; stored, it becomes the reservation's passenger and fills it in.
 */
export function NewPassenger() {
  const { t } = useTranslation();
  const { can } = useSession();
  const booking = useFormContext<FieldValues>();
  const unit = useWatch({ control: booking.control, name: 'unit' });
  const [open, setOpen] = useState(false);
  if (!can('passengers', 'create') || typeof unit !== 'number') return null;
  return (
    <>
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconUserPlus size={16} />}
          onClick={() => setOpen(true)}
        >
          {t('booking.newPassenger')}
        </Button>
      </Group>
      {open ? <NewPassengerDialog unit={unit} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function NewPassengerDialog({ unit, onClose }: { unit: number; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const booking = useFormContext<FieldValues>();
  const [profile, from, firstName, lastName, phone, email] = booking.getValues([
    'profile',
    'from',
    'firstName',
    'lastName',
    'phone',
    'email',
  ]);
  const form = useForm<FieldValues>({
    defaultValues: {
      ...(passengers?.defaults ?? {}),
      unit,
      firstName,
      lastName,
      phone,
      email,
      profiles: typeof profile === 'number' ? [profile] : [],
      home: from?.address ? from : undefined,
    },
    resolver: zodResolver(passengers?.schema as never) as unknown as Resolver<FieldValues>,
  });
  const save = useSubmitGuard(async (data: FieldValues) => {
    try {
      const stored = await call('insert', { col: 'users', data: { ...data, ...(passengers?.fixed ?? {}) } });
      notifySuccess(t('booking.passengerCreated', { name: `${data.firstName} ${data.lastName}` }));
      // the riders' choices now hold the new one: choosing them fills the reservation
      await queryClient.invalidateQueries({ queryKey: ['find', 'users'] });
      booking.setValue('passenger', stored._id, { shouldDirty: true });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.field)
        form.setError(err.field, { type: 'server', message: serverErrorKey(err) ?? err.message });
      notifyError(err);
      return false;
    }
  });
  const label = (name: string) => t(fieldLabelKey('passengers', name));
  return (
    <Modal opened onClose={onClose} title={t('booking.newPassenger')} size="lg">
      {/* its own form: a submit here must not submit the reservation around it */}
      <form
        aria-label={t('booking.newPassenger')}
        noValidate
        onSubmit={(e) => {
          e.stopPropagation();
          void form.handleSubmit(save)(e);
        }}
      >
        <Stack>
          <FieldGrid resource="passengers" fields={FIELDS} control={form.control} label={label} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('booking.createPassenger')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Terminal = { name: string; lat?: number; lon?: number };
type Place = { address?: string; lat?: number; lon?: number; location?: number };

/**
 * The terminals of a known place the reservation goes from or to (a location's sub-locations):
 * choosing one sets the reservation's terminal and puts that end of the ride at the terminal.
 */
export function TerminalChoice() {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<FieldValues>();
  const [unit, from, to, terminal] = useWatch({ control, name: ['unit', 'from', 'to', 'terminal'] }) as [
    unknown,
    Place | undefined,
    Place | undefined,
    string | undefined,
  ];
  const places = useRefOptions('jobs', typeof unit === 'number' ? { ...LOCATION_REF, query: { unit } } : undefined);
  const ends = (['from', 'to'] as const).flatMap((end) => {
    const place = end === 'from' ? from : to;
    const known = places.data?.find((o) => o.value === String(place?.location));
    const terminals = ((known?.carry?.subLocations as Terminal[] | undefined) ?? []).filter((s) => s.name);
    return terminals.length ? [{ end, name: known?.label ?? '', place: place as Place, terminals }] : [];
  });
  if (ends.length === 0) return null;
  const choose = (end: 'from' | 'to', place: Place, s: Terminal) => {
    setValue('terminal', s.name, { shouldDirty: true });
    if (typeof s.lat === 'number' && typeof s.lon === 'number')
      setValue(end, { ...place, lat: s.lat, lon: s.lon }, { shouldDirty: true });
  };
  return (
    <Stack gap={4}>
      {ends.map(({ end, name, place, terminals }) => (
        <Group key={end} gap="xs">
          <Text size="sm">{t('booking.terminalsOf', { name })}</Text>
          {terminals.map((s) => (
            <Chip key={s.name} size="xs" checked={terminal === s.name} onChange={() => choose(end, place, s)}>
              {s.name}
            </Chip>
          ))}
        </Group>
      ))}
    </Stack>
  );
}
