import { Text } from '@mantine/core';
import type { FormField } from '@tc/domain';
import { lazy, Suspense } from 'react';
import { type Control, Controller, type FieldValues, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RENDERERS } from './fieldRenderers.tsx';
import { ListInput } from './ListInput.tsx';
import { PlaceInput } from './PlaceInput.tsx';
import { useRefSpec } from './RefSelect.tsx';
import { useRefOptions } from './useRefOptions.ts';

export interface FieldInputProps {
  /** The resource whose form this is (its references' choices are read for it). */
  resource: string;
  field: FormField;
  /** Full form path of the value (a list item's field: `additions.0.name`). */
  name: string;
  label: string;
  control: Control<FieldValues>;
  /** Label of a sub-field of a list item. */
  itemLabel?: (item: FormField) => string;
}

// The map library loads with the first form that has a map, not with the console.
const PolygonField = lazy(() => import('./MapFields.tsx').then((m) => ({ default: m.PolygonField })));
const PointField = lazy(() => import('./MapFields.tsx').then((m) => ({ default: m.PointField })));

/** Turns a schema message (an i18n key) or a server text into what the user reads. */
export function useErrorText() {
  const { t } = useTranslation();
  return (message: unknown) => (typeof message === 'string' ? t(message) : undefined);
}

/** One input of a generated form, bound to react-hook-form: its kind's renderer (fieldRenderers.tsx). */
export function FieldInput({ resource, field, name, label, control, itemLabel }: FieldInputProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const options = (field.options ?? []).map((v) => ({
    value: v,
    label: field.optionsKey ? t(`values.${field.optionsKey}.${v}`) : v,
  }));
  const refSpec = useRefSpec(field, control);
  // the chosen records, so that one beyond the first options still shows its name
  const value = useWatch({ control, name, disabled: field.input !== 'ref' && field.input !== 'refs' });
  const chosen = (Array.isArray(value) ? value : [value]).filter((v): v is number => typeof v === 'number');
  const refOptions = useRefOptions(resource, refSpec, chosen);
  if (field.input === 'list')
    return (
      <ListInput resource={resource} field={field} name={name} label={label} control={control} itemLabel={itemLabel} />
    );
  if (field.input === 'polygon' || field.input === 'point') {
    const MapField = field.input === 'polygon' ? PolygonField : PointField;
    return (
      <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
        <MapField field={field} name={name} label={label} control={control} />
      </Suspense>
    );
  }
  if (field.input === 'place')
    return (
      <PlaceInput name={name} label={label} control={control} errorText={errorText} known={refOptions.data ?? []} />
    );
  const render = RENDERERS[field.input];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) =>
        render({
          field,
          label,
          value: f.value,
          onChange: f.onChange,
          common: {
            label,
            required: field.required,
            error: errorText(fieldState.error?.message),
            onBlur: f.onBlur,
            ref: f.ref,
          },
          options,
          refs: { col: refSpec?.col, data: refOptions.data ?? [] },
          t,
        })
      }
    />
  );
}
