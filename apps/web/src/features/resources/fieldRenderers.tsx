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
import { DateInput, TimePicker } from '@mantine/dates';
import type { FormField, InputKind } from '@tc/domain';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactElement } from 'react';
import type { RefCallBack } from 'react-hook-form';
import { PALETTE } from '#src/components/map/mapHelpers.ts';
import { JsonInput } from './JsonInput.tsx';
import { RefSelect } from './RefSelect.tsx';

/** What every renderer gets: the field, its bound value and the props every input shares. */
export interface RendererProps {
  field: FormField;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** `ref` lets a failed submit focus (and scroll to) the first field in error. */
  common: { label: string; required?: boolean; error?: string; onBlur: () => void; ref?: RefCallBack };
  /** The field's options, labelled (select, multiselect). */
  options: { value: string; label: string }[];
  /** The choices of a reference and the collection they come from (ref, refs). */
  refs: { col?: string; data: { value: string; label: string }[] };
  t: TFunction;
}

/** Kinds drawn by their own components around the form's controller (lists, maps, places). */
export type ComposedKind = 'list' | 'polygon' | 'point' | 'place';

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** Tags as text; a stored period `{start, end}` reads as `start-end`, as its schema keeps it. */
function tagsOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && 'start' in v && 'end' in v) return `${String(v.start)}-${String(v.end)}`;
    return JSON.stringify(v);
  });
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const ids = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

function textInput(type: 'text' | 'email' | 'tel') {
  return ({ common, value, onChange }: RendererProps) => (
    <TextInput {...common} type={type} value={text(value)} onChange={onChange} />
  );
}

function Weekdays({ common, label, value, onChange, t }: RendererProps) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group multiple value={ids(value)} onChange={(v) => onChange(v.map(Number).sort())}>
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
}

/** How a date and time is written and typed, in every language: the site's wall clock, 24-hour. */
const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm';

/** A typed `YYYY-MM-DD HH:mm` (a `T` is fine too) as the picker's value; anything else is not a date yet. */
export function parseDateTime(input: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})$/.exec(input.trim());
  if (!m) return null;
  const value = `${m[1]} ${m[2]}:${m[3]}:00`;
  return dayjs(value).isValid() && dayjs(value).format('YYYY-MM-DD HH:mm') === `${m[1]} ${m[2]}:${m[3]}` ? value : null;
}

/** One renderer per input kind of the generated forms (`InputKind` of the resource definitions). */
export const RENDERERS: Record<Exclude<InputKind, ComposedKind>, (p: RendererProps) => ReactElement> = {
  text: textInput('text'),
  email: textInput('email'),
  phone: textInput('tel'),
  // times and dates in one 24-hour ISO format in every language (the lists' own), never the browser's
  time: ({ common, value, onChange }) => (
    <TimePicker
      {...common}
      format="24h"
      clearable
      value={text(value)}
      onChange={(v) => onChange(v ? v.slice(0, 5) : undefined)}
    />
  ),
  textarea: ({ common, value, onChange }) => (
    <Textarea {...common} autosize minRows={2} value={text(value)} onChange={onChange} />
  ),
  number: ({ common, value, onChange }) => (
    <NumberInput
      {...common}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
    />
  ),
  switch: ({ label, value, onChange }) => (
    <Switch label={label} checked={!!value} onChange={(e) => onChange(e.currentTarget.checked)} mt="lg" />
  ),
  date: ({ common, value, onChange }) => (
    <DateInput
      {...common}
      valueFormat="YYYY-MM-DD"
      clearable
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : undefined)}
    />
  ),
  datetime: ({ common, value, onChange, t }) => (
    <DateInput
      {...common}
      data-input="datetime"
      valueFormat={DATETIME_FORMAT}
      withTime
      dateParser={parseDateTime}
      placeholder={t('form.dateTimeFormat')}
      clearable
      value={typeof value === 'string' && value ? value : null}
      onChange={(v) => onChange(v ? dayjs(v).format(DATETIME_FORMAT) : undefined)}
    />
  ),
  select: ({ common, options, value, onChange }) => (
    <Select
      {...common}
      data={options}
      value={typeof value === 'string' ? value : null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable
    />
  ),
  multiselect: ({ common, options, value, onChange }) => (
    <MultiSelect {...common} data={options} value={ids(value)} onChange={onChange} clearable />
  ),
  ref: ({ common, refs, value, onChange }) => (
    <RefSelect {...common} col={refs.col} data={refs.data} value={value} onChange={onChange} />
  ),
  refs: ({ common, refs, value, onChange }) => (
    <MultiSelect
      {...common}
      data={refs.data}
      searchable
      clearable
      value={ids(value)}
      onChange={(v) => onChange(v.map(Number))}
    />
  ),
  weekdays: Weekdays,
  tags: ({ common, value, onChange }) => <TagsInput {...common} value={tagsOf(value)} onChange={onChange} />,
  color: ({ common, value, onChange }) => (
    <ColorInput
      {...common}
      format="hex"
      swatches={[...PALETTE]}
      value={text(value)}
      onChange={(v) => onChange(v || undefined)}
    />
  ),
  json: ({ common, value, onChange }) => <JsonInput {...common} value={value} onChange={onChange} />,
};
