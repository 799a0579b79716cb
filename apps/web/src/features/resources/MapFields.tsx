import { type FormField, polygonOfRing, ringOfPolygon } from '@tc/domain';
import { type Control, type FieldValues, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PointInput } from '#src/components/map/PointInput.tsx';
import { PolygonInput } from '#src/components/map/PolygonInput.tsx';

interface MapFieldProps {
  field: FormField;
  name: string;
  label: string;
  control: Control<FieldValues>;
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** A GeoJSON Polygon field drawn on a map, in the colour of the record's `color` field when it is one. */
export function PolygonField({ name, label, control }: MapFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  const color = useWatch({ control, name: 'color' });
  const message = fieldState.error?.message;
  return (
    <PolygonInput
      label={label}
      value={ringOfPolygon(field.value)}
      onChange={(ring) => field.onChange(polygonOfRing(ring))}
      error={message ? t(message) : undefined}
      {...(typeof color === 'string' && HEX_COLOR.test(color) ? { color } : {})}
    />
  );
}

/** A place picked on a map; sets the latitude and longitude at the field's `coords` paths. */
export function PointField({ field: def, label, control }: MapFieldProps) {
  const { t } = useTranslation();
  const coords = def.coords ?? { lat: 'lat', lon: 'lon' };
  const lat = useController({ control, name: coords.lat });
  const lon = useController({ control, name: coords.lon });
  const message = lat.fieldState.error?.message ?? lon.fieldState.error?.message;
  return (
    <PointInput
      label={label}
      value={{ lat: lat.field.value, lon: lon.field.value }}
      onChange={(p) => {
        lat.field.onChange(p.lat);
        lon.field.onChange(p.lon);
      }}
      error={message ? t(message) : undefined}
    />
  );
}
