import { ActionIcon, Checkbox, Group, NumberInput, Popover, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import type { ColumnSpec } from '@tc/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { filterCondition } from './resourceQuery.ts';

export interface ColumnFilterProps {
  column: ColumnSpec;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}

const day = (d: Date | string | null) => (d ? dayjs(d).format('YYYY-MM-DD') : null);

/** The filter of one column, typed by the resource: text, values of an enum, a date or number range. */
export function ColumnFilter({ column, label, value, onChange }: ColumnFilterProps) {
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
