import { ActionIcon, Checkbox, Group, MultiSelect, NumberInput, Popover, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import type { ColumnSpec } from '@tc/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSite } from '#src/app/site/useSite.ts';
import { filterCondition } from './resourceQuery.ts';
import { useRefOptions } from './useRefOptions.ts';

export interface ColumnFilterProps {
  /** The resource the table lists (whose references its `ref` filters read). */
  resource: string;
  column: ColumnSpec;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

const day = (d: Date | string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : null);

/** Records the column refers to, chosen by name among those of the selected site. */
function RefFilter(props: {
  resource: string;
  column: ColumnSpec;
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const { site } = useSite();
  const ref = props.column.ref;
  const options = useRefOptions(
    props.resource,
    ref ? { ...ref, ...(ref.sameSiteAs && site !== null ? { query: { unit: site } } : {}) } : undefined,
  );
  const chosen = (Array.isArray(props.value) ? props.value : []).map(String);
  return (
    <MultiSelect
      label={props.label}
      data={(options.data ?? []).map(({ value, label }) => ({ value, label }))}
      value={chosen}
      onChange={(v) => props.onChange(v.length ? v.map(Number) : undefined)}
      searchable
      clearable
      comboboxProps={{ withinPortal: false }}
      data-autofocus
    />
  );
}

/** The filter of one column, typed by the resource: text, values of an enum, a date or number range, records referred to. */
export function ColumnFilter({ resource, column, label, value, onChange }: ColumnFilterProps) {
  const { t } = useTranslation();
  const kind = column.filter ?? 'text';
  if (kind === 'none') return null;
  const active = filterCondition(column, value) !== undefined;
  const aria = t('table.filterBy', { column: label });
  const range = (Array.isArray(value) ? value : [null, null]) as [unknown, unknown];
  return (
    <Popover position="bottom-start" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          size="xs"
          variant={active ? 'light' : 'subtle'}
          aria-label={aria}
          onClick={(e) => e.stopPropagation()}
        >
          {active ? <IconFilterFilled size={12} /> : <IconFilter size={12} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(e) => e.stopPropagation()}>
        <Stack gap="xs" w={260}>
          {kind === 'text' ? (
            <TextInput
              label={aria}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => onChange(e.currentTarget.value || undefined)}
              data-autofocus
            />
          ) : null}
          {kind === 'enum' ? (
            <Checkbox.Group
              label={aria}
              value={Array.isArray(value) ? (value as string[]) : []}
              onChange={(v) => onChange(v.length ? v : undefined)}
            >
              <Stack gap={6} mt={6} mah={280} style={{ overflowY: 'auto' }}>
                {(column.options ?? []).map((v) => (
                  <Checkbox key={v} value={v} label={column.optionsKey ? t(`values.${column.optionsKey}.${v}`) : v} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          {kind === 'dateRange' ? (
            <DatePickerInput
              type="range"
              label={aria}
              allowSingleDateInRange
              clearable
              value={[range[0] ? String(range[0]) : null, range[1] ? String(range[1]) : null]}
              onChange={([from, to]) => onChange(from || to ? [day(from), day(to)] : undefined)}
              popoverProps={{ withinPortal: false }}
            />
          ) : null}
          {kind === 'ref' ? (
            <RefFilter resource={resource} column={column} label={aria} value={value} onChange={onChange} />
          ) : null}
          {kind === 'numberRange' ? (
            <Group grow>
              <NumberInput
                label={t('table.from')}
                value={typeof range[0] === 'number' ? range[0] : ''}
                onChange={(v) => onChange([typeof v === 'number' ? v : null, range[1] ?? null])}
              />
              <NumberInput
                label={t('table.to')}
                value={typeof range[1] === 'number' ? range[1] : ''}
                onChange={(v) => onChange([range[0] ?? null, typeof v === 'number' ? v : null])}
              />
            </Group>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
