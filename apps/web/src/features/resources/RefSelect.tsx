import { Select } from '@mantine/core';
import type { FormField, RefSpec } from '@tc/domain';
import { useEffect, useRef } from 'react';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';

/**
 * The reference a ref input chooses from; with `colBy`, in the collection another field's value names;
 * with `sameSiteAs`, only records of the site chosen in the form (none before one is chosen).
 */
export function useRefSpec(field: FormField, control: Control<FieldValues>): RefSpec | undefined {
  const ref = field.input === 'ref' || field.input === 'refs' || field.input === 'place' ? field.ref : undefined;
  const by = useWatch({ control, name: ref?.colBy?.field ?? '', disabled: !ref?.colBy });
  const site = useWatch({ control, name: ref?.sameSiteAs ?? '', disabled: !ref?.sameSiteAs });
  if (!ref) return undefined;
  const col = ref.colBy ? (typeof by === 'string' ? ref.colBy.cols[by] : undefined) : ref.col;
  if (!col) return undefined;
  if (!ref.sameSiteAs) return { ...ref, col };
  return typeof site === 'number' ? { ...ref, col, query: { ...(ref.query ?? {}), unit: site } } : undefined;
}

/** One record of a collection, by its label; a change of collection (another field's value) clears the choice. */
export function RefSelect({
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
