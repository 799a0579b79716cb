import {
  Chip,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FormField } from '@tc/domain';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PALETTE } from '#src/components/map/mapHelpers.ts';
import { JsonInput } from './JsonInput.tsx';
import { ListInput } from './ListInput.tsx';
import { PlaceInput } from './PlaceInput.tsx';
import { RefSelect, useRefSpec } from './RefSelect.tsx';
import { useRefOptions } from './useRefOptions.ts';

export interface FieldInputProps {
  field: FormField;
  /** Full form path of the value (a list item's field: `additions.0.name`). */
  name: string;
  label: string;
  control: Control<FieldValues>;
  /** Label of a sub-field of a list item. */
  itemLabel?: (item: FormField) => string;
}

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

// The map library loads with the first form that has a map, not with the console.
const PolygonField = lazy(() => import('./MapFields.tsx').then((m) => ({ default: m.PolygonField })));
const PointField = lazy(() => import('./MapFields.tsx').then((m) => ({ default: m.PointField })));

/** Turns a schema message (an i18n key) or a server text into what the user reads. */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: unknown) => (typeof message === 'string' ? t(message) : undefined);
}

/** Tags as text; a stored period `{start, end}` reads as `start-end`, as its schema keeps it. */
function tagsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && 'start' in v && 'end' in v) return `${String(v.start)}-${String(v.end)}`;
    return JSON.stringify(v);
  });
}

/** One input of a generated form, bound to react-hook-form. */
export function FieldInput({ field, name, label, control, itemLabel }: FieldInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = (field.options ?? []).map((v) => ({
    value: v,
    label: field.optionsKey ? t(`values.${field.optionsKey}.${v}`) : v,
  }));
  const refSpec = useRefSpec(field, control);
  const refOptions = useRefOptions(refSpec);
  if (field.input === 'list')
    return <ListInput field={field} name={name} label={label} control={control} itemLabel={itemLabel} />;
  if (field.input === 'polygon' || field.input === 'point') {
    const MapField = field.input === 'polygon' ? PolygonField : PointField;
    return (
      <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
        <MapField field={field} name={name} label={label} control={control} />
      </Suspense>
    );
  }
  if (field.input === 'place') return <PlaceInput name={name} label={label} control={control} errorText={errorText} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => {
        const common = {
          label,
          required: field.required,
          error: errorText(fieldState.error?.message),
          onBlur: f.onBlur,
        };
        switch (field.input) {
          case 'textarea':
            return <Textarea {...common} autosize minRows={2} value={f.value ?? ''} onChange={f.onChange} />;
          case 'number':
            return (
              <NumberInput
                {...common}
                value={f.value ?? ''}
                onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
              />
            );
          case 'switch':
            return (
              <Switch label={label} checked={!!f.value} onChange={(e) => f.onChange(e.currentTarget.checked)} mt="lg" />
            );
          case 'date':
            return (
              <DateInput
                {...common}
                valueFormat="YYYY-MM-DD"
                clearable
                value={f.value ? String(f.value) : null}
                onChange={(v) => f.onChange(v ? dayjs(v).format('YYYY-MM-DD') : undefined)}
              />
            );
          case 'time':
            return <TextInput {...common} type="time" value={f.value ?? ''} onChange={f.onChange} />;
          case 'datetime':
            return (
              <TextInput
                {...common}
                type="datetime-local"
                value={typeof f.value === 'string' ? f.value.replace(' ', 'T') : ''}
                onChange={(e) => f.onChange(e.currentTarget.value.replace('T', ' ') || undefined)}
              />
            );
          case 'select':
            return (
              <Select
                {...common}
                data={options}
                value={f.value ?? null}
                onChange={(v) => f.onChange(v ?? undefined)}
                clearable
              />
            );
          case 'multiselect':
            return <MultiSelect {...common} data={options} value={f.value ?? []} onChange={f.onChange} clearable />;
          case 'ref':
            return (
              <RefSelect
                {...common}
                col={refSpec?.col}
                data={refOptions.data ?? []}
                value={f.value}
                onChange={f.onChange}
              />
            );
          case 'refs':
            return (
              <MultiSelect
                {...common}
                data={refOptions.data ?? []}
                searchable
                clearable
                value={((f.value as number[] | undefined) ?? []).map(String)}
                onChange={(v) => f.onChange(v.map(Number))}
              />
            );
          case 'weekdays':
            return (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {label}
                </Text>
                <Chip.Group
                  multiple
                  value={((f.value as number[] | undefined) ?? []).map(String)}
                  onChange={(v) => f.onChange(v.map(Number).sort())}
                >
                  <Group gap={4}>
                    {WEEKDAYS.map((d) => (
                      <Chip key={d} value={String(d)} size="xs">
                        {t(`form.weekday.${d}`)}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {common.error ? (
                  <Text size="xs" c="red">
                    {common.error}
                  </Text>
                ) : null}
              </Stack>
            );
          case 'tags':
            return <TagsInput {...common} value={tagsOf(f.value)} onChange={f.onChange} />;
          case 'color':
            return (
              <ColorInput
                {...common}
                format="hex"
                swatches={[...PALETTE]}
                value={f.value ?? ''}
                onChange={(v) => f.onChange(v || undefined)}
              />
            );
          case 'json':
            return <JsonInput {...common} value={f.value} onChange={f.onChange} />;
          default:
            return (
              <TextInput
                {...common}
                type={field.input === 'email' ? 'email' : field.input === 'phone' ? 'tel' : 'text'}
                value={f.value ?? ''}
                onChange={f.onChange}
              />
            );
        }
      }}
    />
  );
}
