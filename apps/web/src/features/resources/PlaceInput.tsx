import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
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
  /** Known places to choose from (a site's locations: the field's reference carries their address and coordinates). */
  known?: readonly KnownPlace[];
  /** The latitude and longitude inputs beside the address (off on a phone-sized form: the address and the map say it). */
  coordinates?: boolean;
}

export interface KnownPlace {
  value: string;
  label: string;
  carry?: Record<string, unknown>;
}

type Place = { address?: string; lat?: number; lon?: number; location?: number };

/** The place a known one fills in: its address, coordinates and id (`location`). */
export function placeOf(known: KnownPlace): Place {
  const c = known.carry ?? {};
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  return { address: String(c.address ?? known.label), lat: num(c.lat), lon: num(c.lon), location: Number(known.value) };
}

/** The text a known place is chosen by: its name, and its address when that says more. */
const choiceText = (k: KnownPlace) =>
  typeof k.carry?.address === 'string' && k.carry.address !== k.label ? `${k.label} — ${k.carry.address}` : k.label;

/**
 * An address with its coordinates: typed, picked on a map in a dialog, or one of the known places
 * chosen as the address is typed (which fills its coordinates); typing another address forgets it
 * and its coordinates.
 */
export function PlaceInput({ name, label, control, errorText, known = [], coordinates = true }: PlaceInputProps) {
  const { t } = useTranslation();
  const [mapOpen, setMapOpen] = useState(false);
  const pick = t('form.pickOnMap', { label });
  const byText = new Map(known.map((k) => [choiceText(k), k]));
  return (
    <Group align="start" wrap="nowrap" gap="sm">
      <Controller
        control={control}
        name={name}
        render={({ field: f, fieldState }) => {
          const place = (f.value ?? {}) as Place;
          const error = errorText(
            fieldState.error?.message ??
              (fieldState.error as { address?: { message?: string } } | undefined)?.address?.message,
          );
          const common = { style: { flex: 1 }, label, value: place.address ?? '', onBlur: f.onBlur, error };
          if (known.length === 0)
            return <TextInput {...common} onChange={(e) => f.onChange({ ...place, address: e.currentTarget.value })} />;
          return (
            <Autocomplete
              {...common}
              data={[...byText.keys()]}
              limit={20}
              onChange={(text) => {
                const chosen = byText.get(text);
                if (chosen) f.onChange({ ...place, ...placeOf(chosen) });
                // another address than the known place's: its coordinates are not this one's either
                else if (place.location !== undefined) f.onChange({ address: text });
                else f.onChange({ ...place, address: text });
              }}
            />
          );
        }}
      />
      {(coordinates ? (['lat', 'lon'] as const) : []).map((k) => (
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
