import { Box, Stack } from '@mantine/core';
import { MAP } from '@tc/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { useSession } from '#src/app/session/useSession.ts';
import type { L } from './leaflet.ts';
import './leaflet.ts';
import { tileSourceOf } from './mapHelpers.ts';
import { PlaceSearch } from './PlaceSearch.tsx';

/** The height of a map input: fixed, so it renders the same in a page and in a Drawer. */
export const MAP_HEIGHT = 320;

export interface MapFrameProps {
  /** What the map is for (the input's label), read out for the map region. */
  label: string;
  center: [number, number];
  zoom: number;
  /** Shows the map's border in the error colour. */
  invalid?: boolean;
  /** A place search above the map (inputs have one; a map that only shows has none). */
  search?: boolean;
  /** The map's height (default MAP_HEIGHT, an input's). */
  height?: number | string;
  children?: ReactNode;
}

/** Names the map region and keeps Leaflet's size right when its container is resized (a Drawer opening). */
function MapChrome({ label }: { label: string }) {
  const map = useMap();
  const { t } = useTranslation();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', t('map.mapOf', { label }));
  }, [map, label, t]);
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** A Leaflet map with the site's tiles (the "map tiles" setting, else OpenStreetMap) and translated zoom buttons. */
export function MapFrame({
  label,
  center,
  zoom,
  invalid,
  search = true,
  height = MAP_HEIGHT,
  children,
}: MapFrameProps) {
  const { t } = useTranslation();
  const { settings, user } = useSession();
  const tiles = tileSourceOf(settings, user?.unit);
  const [map, setMap] = useState<L.Map | null>(null);
  return (
    <Stack gap={4}>
      {search ? (
        <PlaceSearch
          onPick={(p) => map?.flyTo([p.lat, p.lon], Math.max(map.getZoom(), MAP.flyToMinZoom), { duration: 0.5 })}
        />
      ) : null}
      <Box
        style={{
          // Its own stacking context: Leaflet's panes (z-index 400 to 1000) stay under menus and the header.
          isolation: 'isolate',
          overflow: 'hidden',
          borderRadius: 'var(--mantine-radius-sm)',
          border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
        }}
      >
        <MapContainer ref={setMap} center={center} zoom={zoom} zoomControl={false} style={{ height, width: '100%' }}>
          <MapChrome label={label} />
          <TileLayer key={tiles.url} url={tiles.url} attribution={tiles.attribution} />
          <ZoomControl
            key={`${t('map.zoomIn')}|${t('map.zoomOut')}`}
            position="topleft"
            zoomInTitle={t('map.zoomIn')}
            zoomOutTitle={t('map.zoomOut')}
          />
          {children}
        </MapContainer>
      </Box>
    </Stack>
  );
}
