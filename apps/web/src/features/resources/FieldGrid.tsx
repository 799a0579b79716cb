import { SimpleGrid } from '@mantine/core';
import type { FormField } from '@tc/domain';
import type { Control, FieldValues } from 'react-hook-form';
import { FieldInput } from './FieldInput.tsx';

export interface FieldGridProps {
  fields: readonly FormField[];
  control: Control<FieldValues>;
  /** The label of a field by its (dotted) name. */
  label: (name: string) => string;
  cols?: number;
}

/** Generated inputs in a grid; lists, places and weekdays take a whole row. */
export function FieldGrid({ fields, control, label, cols = 2 }: FieldGridProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: cols }}>
      {fields.map((f) => (
        <div
          key={f.name}
          style={
            f.input === 'list' || f.input === 'place' || f.input === 'weekdays' ? { gridColumn: '1 / -1' } : undefined
          }
        >
          <FieldInput
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
