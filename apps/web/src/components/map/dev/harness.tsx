// A page of the map inputs for looking at them in a browser, outside the app build:
// `npm run dev -w apps/web`, then open /admin/src/components/map/dev/index.html (?lang=pt, ?tiles=<template>).
import '@mantine/core/styles.css';
import { Button, Code, Drawer, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { changeLanguage } from '#src/app/i18n.ts';
import { setSession } from '#src/app/session/sessionStore.ts';
import { type LatLon, paletteColor } from '../index.ts';
import { PointInput } from '../PointInput.tsx';
import { PolygonInput } from '../PolygonInput.tsx';

const params = new URLSearchParams(location.search);
const tiles = params.get('tiles');
setSession({
  status: 'authenticated',
  token: 'harness',
  user: null,
  settings: [
    { name: 'map center', value: '38.7223, -9.1393', unit: null },
    ...(tiles ? [{ name: 'map tiles', value: tiles, unit: null }] : []),
  ],
  modules: [],
});
void changeLanguage(params.get('lang') === 'pt' ? 'pt' : 'en');

const AREA: LatLon[] = [
  { lat: 38.75, lon: -9.2 },
  { lat: 38.76, lon: -9.12 },
  { lat: 38.72, lon: -9.1 },
  { lat: 38.7, lon: -9.17 },
];

function Harness() {
  const [area, setArea] = useState<LatLon[] | undefined>(AREA);
  const [empty, setEmpty] = useState<LatLon[] | undefined>(undefined);
  const [place, setPlace] = useState<{ lat?: number; lon?: number } | undefined>({ lat: 38.7139, lon: -9.1394 });
  const [drawer, setDrawer] = useState(false);
  const [hiddenShown, setHiddenShown] = useState(false);
  const [hiddenPlace, setHiddenPlace] = useState<LatLon | undefined>(undefined);
  return (
    <Stack p="md" maw={1100}>
      <Title order={3}>Map inputs</Title>
      <SimpleGrid cols={2}>
        <Stack>
          <PolygonInput label="Area map" value={area} onChange={setArea} color={paletteColor(3)} />
          <Code block data-testid="area">
            {JSON.stringify(area)}
          </Code>
        </Stack>
        <Stack>
          <PolygonInput label="Empty area" value={empty} onChange={setEmpty} error="The map is required" />
          <Code block data-testid="empty">
            {JSON.stringify(empty)}
          </Code>
        </Stack>
      </SimpleGrid>
      <PointInput label="Location" value={place} onChange={setPlace} />
      <Code block data-testid="place">
        {JSON.stringify(place)}
      </Code>
      <Group>
        <Button onClick={() => setDrawer(true)}>Open drawer</Button>
        <Button variant="default" onClick={() => setHiddenShown((shown) => !shown)}>
          Show the maps rendered hidden
        </Button>
      </Group>
      {/* Rendered while hidden (size 0), as in a collapsed panel: they fit or centre once shown. */}
      <SimpleGrid cols={2} data-testid="hidden" style={{ display: hiddenShown ? undefined : 'none' }}>
        <PolygonInput label="Area map (hidden at first)" value={AREA} onChange={() => {}} />
        <PointInput label="Location (hidden at first)" value={hiddenPlace} onChange={setHiddenPlace} />
      </SimpleGrid>
      <Drawer opened={drawer} onClose={() => setDrawer(false)} position="right" size="lg" title="Edit area">
        <Stack>
          <PolygonInput label="Area map" value={area} onChange={setArea} color={paletteColor(3)} />
          <PointInput label="Location" value={place} onChange={setPlace} />
        </Stack>
      </Drawer>
    </Stack>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={new QueryClient()}>
        <Harness />
      </AppProviders>
    </StrictMode>,
  );
}
