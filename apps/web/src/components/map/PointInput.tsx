import { Box, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { MAP } from '@tc/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMapEvents } from 'react-leaflet';
import { useSession } from '#src/app/session/useSession.ts';
import { type L, markerIcon } from './leaflet.ts';
import { MapFrame } from './MapFrame.tsx';
import { isLat, isLon, type LatLon, pointOf } from './mapHelpers.ts';

export interface PointInputProps {
  label: string;
  value: { lat?: number; lon?: number } | undefined;
  /** A click on the map, a dragged marker, or both fields filled in range. */
  onChange(next: LatLon): void;
  error?: string;
}

type FieldValue = number | string;

/** A number field's value as a coordinate; text that is not (yet) a number is not one. */
const numberOf = (v: FieldValue): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** One place on a map: a draggable marker, moved by a click on the map, with latitude and longitude fields in step. */
export function PointInput({ label, value, onChange, error }: PointInputProps) {
  const { t } = useTranslation();
  const { mapCenter } = useSession();
  const point = pointOf(value);
  const [initial] = useState(() =>
    point ? { center: [point.lat, point.lon] as [number, number], zoom: MAP.flyToMinZoom } : null,
  );
  // The fields keep what is typed (an unfinished "-" or "38."); they follow value when it changes elsewhere.
  const [lat, setLat] = useState<FieldValue>(value?.lat ?? '');
  const [lon, setLon] = useState<FieldValue>(value?.lon ?? '');
  useEffect(() => {
    setLat((typed) => (numberOf(typed) === value?.lat ? typed : (value?.lat ?? '')));
    setLon((typed) => (numberOf(typed) === value?.lon ? typed : (value?.lon ?? '')));
  }, [value?.lat, value?.lon]);

  const latError = lat !== '' && !isLat(numberOf(lat)) ? t('map.point.latRange') : undefined;
  const lonError = lon !== '' && !isLon(numberOf(lon)) ? t('map.point.lonRange') : undefined;
  const typed = (nextLat: FieldValue, nextLon: FieldValue) => {
    const next = pointOf({ lat: numberOf(nextLat), lon: numberOf(nextLon) });
    if (next && (next.lat !== point?.lat || next.lon !== point?.lon)) onChange(next);
  };
  const picked = (latlng: L.LatLng) => {
    const wrapped = latlng.wrap();
    onChange({ lat: Number(wrapped.lat.toFixed(6)), lon: Number(wrapped.lng.toFixed(6)) });
  };

  return (
    <Input.Wrapper label={label} error={error} labelElement="div">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <MapFrame
            label={label}
            center={initial?.center ?? mapCenter}
            zoom={initial?.zoom ?? MAP.defaultZoom}
            invalid={!!error}
          >
            <PointMarker point={point} onPick={picked} />
          </MapFrame>
          <Text size="xs" c="dimmed">
            {t('map.point.hint')}
          </Text>
        </Stack>
        <Box style={{ flex: '0 1 160px' }}>
          <Stack gap="xs">
            <NumberInput
              label={t('map.point.lat')}
              value={lat}
              decimalScale={6}
              min={-90}
              max={90}
              clampBehavior="none"
              hideControls
              error={latError}
              onChange={(v) => {
                setLat(v);
                typed(v, lon);
              }}
            />
            <NumberInput
              label={t('map.point.lon')}
              value={lon}
              decimalScale={6}
              min={-180}
              max={180}
              clampBehavior="none"
              hideControls
              error={lonError}
              onChange={(v) => {
                setLon(v);
                typed(lat, v);
              }}
            />
          </Stack>
        </Box>
      </Group>
    </Input.Wrapper>
  );
}

/** The marker, dragged or moved by a click; the map follows a point typed outside its view. */
function PointMarker({ point, onPick }: { point: LatLon | null; onPick(latlng: L.LatLng): void }) {
  const { t } = useTranslation();
  const map = useMapEvents({ click: (e) => onPick(e.latlng) });
  const lat = point?.lat;
  const lon = point?.lon;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    const size = map.getSize();
    if (size.x > 0 && size.y > 0 && map.getBounds().contains([lat, lon])) return;
    map.setView([lat, lon], Math.max(map.getZoom(), MAP.flyToMinZoom), { animate: false });
  }, [map, lat, lon]);
  if (!point) return null;
  return (
    <Marker
      position={[point.lat, point.lon]}
      icon={markerIcon}
      draggable
      title={t('map.point.marker')}
      alt={t('map.point.marker')}
      eventHandlers={{ dragend: (e) => onPick((e.target as L.Marker).getLatLng()) }}
    />
  );
}
