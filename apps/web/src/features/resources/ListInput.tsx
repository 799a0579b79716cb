import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { get, useFieldArray, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldInput, type FieldInputProps, useErrorText } from './FieldInput.tsx';

/** A list of items (additions, stops, times, terminals, breaks, contacts), one row of sub-fields each. */
export function ListInput({ resource, field, name, label, control, itemLabel }: FieldInputProps) {
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
                    resource={resource}
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
