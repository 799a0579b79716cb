import { Text } from '@mantine/core';
import type { StopRow } from '@tc/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Polyline, Tooltip, useMap } from 'react-leaflet';
import { MapFrame } from '#src/components/map/index.ts';

type Point = [number, number];
type Located = { lat?: unknown; lon?: unknown };

/** Where a stop is: its riders' pickup or drop-off place. */
function pointOf(row: StopRow<{ _id: number; from?: unknown; to?: unknown }>): Point | null {
  const place = (row.kind === 'pickup' ? row.riders[0]?.from : row.riders[0]?.to) as Located | undefined;
  return typeof place?.lat === 'number' && typeof place.lon === 'number' ? [place.lat, place.lon] : null;
}

function FitStops({ points }: { points: Point[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stops' places, not the array's identity
  useEffect(() => {
    if (points.length > 0) map.fitBounds(points, { padding: [24, 24], maxZoom: 15 });
  }, [map, key]);
  return null;
}

/**
 * The trip's route on a map (spec section 2: trip breakdown): its stops in order, pick-ups green and
 * drop-offs red, joined by straight lines (the road route comes with the live map).
 */
export function TripMap({ rows }: { rows: StopRow<{ _id: number; from?: unknown; to?: unknown }>[] }) {
  const { t } = useTranslation();
  const stops = rows.flatMap((row, i) => {
    const p = pointOf(row);
    return p ? [{ row, p, n: i + 1 }] : [];
  });
  if (stops.length === 0) return null;
  const points = stops.map((s) => s.p);
  return (
    <>
      <MapFrame label={t('trip.map')} center={points[0] as Point} zoom={12} search={false}>
        <FitStops points={points} />
        <Polyline positions={points} pathOptions={{ color: '#1c7ed6', weight: 3, opacity: 0.7 }} />
        {stops.map(({ row, p, n }) => (
          <CircleMarker
            key={`${n}|${row.at}`}
            center={p}
            radius={8}
            pathOptions={{ color: row.kind === 'pickup' ? '#2f9e44' : '#e03131', fillOpacity: 0.8 }}
          >
            <Tooltip>
              {n}. {row.at.slice(11)} {t(`trip.stopKind.${row.kind}`)}: {row.address}
            </Tooltip>
          </CircleMarker>
        ))}
      </MapFrame>
      <Text size="xs" c="dimmed">
        {t('trip.mapNote')}
      </Text>
    </>
  );
}
