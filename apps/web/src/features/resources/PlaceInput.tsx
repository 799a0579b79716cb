import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

// The map loads when a place is first picked on it, not with the form.
const PointField = lazy(() => import('./MapFields.tsx').then((m) => ({ default: m.PointField })));

interface PlaceInputProps {
  /** Form path of the place object: `home` holds `home.address`, `home.lat`, `home.lon`. */
  name: string;
  label: string;
  control: Control<FieldValues>;
  errorText: (message: unknown) => string | undefined;
}

/** An address with its coordinates, typed or picked on a map in a dialog. */
export function PlaceInput({ name, label, control, errorText }: PlaceInputProps) {
  const { t } = useTranslation();
  const [mapOpen, setMapOpen] = useState(false);
  const pick = t('form.pickOnMap', { label });
  return (
    <Group align="start" wrap="nowrap" gap="sm">
      <Controller
        control={control}
        name={`${name}.address`}
        render={({ field: f, fieldState }) => (
          <TextInput
            style={{ flex: 1 }}
            label={label}
            value={f.value ?? ''}
            onChange={f.onChange}
            onBlur={f.onBlur}
            error={errorText(fieldState.error?.message)}
          />
        )}
      />
      {(['lat', 'lon'] as const).map((k) => (
        <Controller
          key={k}
          control={control}
          name={`${name}.${k}`}
          render={({ field: f, fieldState }) => (
            <NumberInput
              label={t(`form.${k}`)}
              value={f.value ?? ''}
              decimalScale={6}
              onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
              error={errorText(fieldState.error?.message)}
              w={140}
            />
          )}
        />
      ))}
      <Tooltip label={pick}>
        <ActionIcon variant="default" size={36} mt={25} aria-label={pick} onClick={() => setMapOpen(true)}>
          <IconMapPin size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={mapOpen} onClose={() => setMapOpen(false)} title={pick} size="lg">
        {mapOpen ? (
          <Stack>
            <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
              <PointField
                field={{ name, input: 'point', coords: { lat: `${name}.lat`, lon: `${name}.lon` } }}
                name={name}
                label={label}
                control={control}
              />
            </Suspense>
            <Group justify="flex-end">
              <Button onClick={() => setMapOpen(false)}>{t('form.done')}</Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Group>
  );
}
