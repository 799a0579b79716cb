import { SimpleGrid } from '@mantine/core';
import type { FormField } from '@tc/domain';
import type { Control, FieldValues } from 'react-hook-form';
import { FieldInput } from './FieldInput.tsx';

export interface FieldGridProps {
  /** The resource whose form this is. */
  resource: string;
  fields: readonly FormField[];
  control: Control<FieldValues>;
  /** The label of a field by its (dotted) name. */
  label: (name: string) => string;
  cols?: number;
}

const WHOLE_ROW = new Set<FormField['input']>(['list', 'place', 'weekdays', 'polygon', 'point']);

/** Generated inputs in a grid; lists, places, weekdays and maps take a whole row. */
export function FieldGrid({ resource, fields, control, label, cols = 2 }: FieldGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: cols }}>
      {fields.map((f) => (
        <div key={f.name} style={WHOLE_ROW.has(f.input) ? { gridColumn: '1 / -1' } : undefined}>
          <FieldInput
            resource={resource}
            field={f}
            name={f.name}
            label={label(f.name)}
            control={control}
            itemLabel={(item) => label(`${f.name}.${item.name}`)}
          />
        </div>
      ))}
    </SimpleGrid>
  );
}
