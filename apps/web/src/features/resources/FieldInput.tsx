import {
  ActionIcon,
  Button,
  Chip,
  ColorInput,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormField, RefSpec } from '@tc/domain';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldValues,
  get,
  useFieldArray,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PALETTE } from '#src/components/map/mapHelpers.ts';
import { PlaceInput } from './PlaceInput.tsx';
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
function useErrorText() {
  const { t } = useTranslation();
  return (message: unknown) => (typeof message === 'string' ? t(message) : undefined);
}

/**
 * The reference a ref input chooses from; with `colBy`, in the collection another field's value names;
 * with `sameSiteAs`, only records of the site chosen in the form (none before one is chosen).
 */
function useRefSpec(field: FormField, control: Control<FieldValues>): RefSpec | undefined {
  const ref = field.input === 'ref' || field.input === 'refs' ? field.ref : undefined;
  const by = useWatch({ control, name: ref?.colBy?.field ?? '', disabled: !ref?.colBy });
  const site = useWatch({ control, name: ref?.sameSiteAs ?? '', disabled: !ref?.sameSiteAs });
  if (!ref) return undefined;
  const col = ref.colBy ? (typeof by === 'string' ? ref.colBy.cols[by] : undefined) : ref.col;
  if (!col) return undefined;
  if (!ref.sameSiteAs) return { ...ref, col };
  return typeof site === 'number' ? { ...ref, col, query: { ...(ref.query ?? {}), unit: site } } : undefined;
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

/** One record of a collection, by its label; a change of collection (another field's value) clears the choice. */
function RefSelect({
  col,
  value,
  onChange,
  ...props
}: {
  label: string;
  required?: boolean;
  error?: string;
  onBlur: () => void;
  col: string | undefined;
  data: { value: string; label: string }[];
  value: unknown;
  onChange: (v: number | undefined) => void;
}) {
  const shownCol = useRef(col);
  useEffect(() => {
    if (shownCol.current === col) return;
    if (shownCol.current !== undefined) onChange(undefined);
    shownCol.current = col;
  }, [col, onChange]);
  return (
    <Select
      {...props}
      searchable
      clearable
      value={value === undefined || value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : undefined)}
    />
  );
}

function JsonInput(props: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (props.value === undefined ? '' : JSON.stringify(props.value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <Textarea
      label={props.label}
      required={props.required}
      autosize
      minRows={3}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={text}
      error={bad ? t('form.jsonInvalid') : props.error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => {
        if (text.trim() === '') {
          setBad(false);
          props.onChange(undefined);
          return;
        }
        try {
          props.onChange(JSON.parse(text));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

/** A list of items (additions, stops, times, terminals, breaks, contacts), one row of sub-fields each. */
function ListInput({ field, name, label, control, itemLabel }: FieldInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { fields, append, remove } = useFieldArray({ control, name });
  const items = field.item ?? [];
  const { errors } = useFormState({ control, name });
  const listError = errorText((get(errors, name) as { message?: string } | undefined)?.message);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Button size="compact-xs" variant="light" leftSection={<IconPlus size={12} />} onClick={() => append({})}>
          {t('form.addItem')}
        </Button>
      </Group>
      {fields.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('form.noItems')}
        </Text>
      ) : null}
      {fields.map((row, i) => (
        <Paper key={row.id} withBorder p="xs">
          <Group align="end" wrap="nowrap">
            {/* up to four sub-fields a line; weekdays take a line of their own */}
            <SimpleGrid cols={{ base: 1, sm: Math.min(4, items.length) }} style={{ flex: 1 }}>
              {items.map((sub) => (
                <div key={sub.name} style={sub.input === 'weekdays' ? { gridColumn: '1 / -1' } : undefined}>
                  <FieldInput
                    field={sub}
                    name={`${name}.${i}.${sub.name}`}
                    label={itemLabel ? itemLabel(sub) : sub.name}
                    control={control}
                  />
                </div>
              ))}
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('form.removeItem', { n: i + 1 })}
              onClick={() => remove(i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {listError ? (
        <Text size="xs" c="red">
          {listError}
        </Text>
      ) : null}
    </Stack>
  );
}
