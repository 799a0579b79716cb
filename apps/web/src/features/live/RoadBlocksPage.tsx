import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAP, NEAREST_DEBOUNCE_MS, type StoredDoc } from '@tc/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, Tooltip, useMapEvents } from 'react-leaflet';
import { call } from '#src/api/client.ts';
import { find } from '#src/api/find.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { serverErrorText } from '#src/app/serverErrors.ts';
import { useSession } from '#src/app/session/useSession.ts';
import { useSite } from '#src/app/site/useSite.ts';
import { MapFrame } from '#src/components/map/index.ts';
import { PageTitle } from '#src/components/PageTitle.tsx';

type Block = StoredDoc & { name?: string; lat: number; lon: number };
interface NewBlock {
  key: number;
  lat: number;
  lon: number;
  name: string;
}

/** A click on the map: the point, once the 200 ms debounce has passed (spec section 9). */
function ClickToAdd({ onClick }: { onClick: (lat: number, lon: number) => void }) {
  const debounced = useDebouncedCallback(onClick, NEAREST_DEBOUNCE_MS);
  useMapEvents({ click: (e) => debounced(e.latlng.lat, e.latlng.lng) });
  return null;
}

/**
 * /roadBlocks (spec section 2; docs/live.md): the site's road blocks on a map. A click adds a block
 * on the nearest road (the map route server's /nearest/v1; without one, where clicked, as the screen
 * says); a click on a block takes it away (into the set to delete; a new one just goes); Save sends
 * both in one call, and routing avoids the blocks from then on.
 */
export function RoadBlocksPage() {
  const { t } = useTranslation();
  const { site } = useSite();
  const { mapCenter } = useSession();
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<NewBlock[]>([]);
  const [toDelete, setToDelete] = useState<Set<number>>(new Set());
  const [noServer, setNoServer] = useState(false);
  const [saving, setSaving] = useState(false);
  const blocks = useQuery({
    enabled: site !== null,
    queryKey: ['find', 'roadblocks', 'map', site],
    queryFn: async () =>
      (await find<Block>({ col: 'roadblocks', query: { unit: site }, sort: { _id: 1 }, limit: 5000 })).data,
  });

  const addAt = async (lat: number, lon: number) => {
    try {
      const near = await call('nearestroad', { lat, lon, ...(site === null ? {} : { unit: site }) });
      setNoServer(!near.server);
      // with a route server, only a point on a road is a road block
      if (near.server && !near.snapped) {
        notifyError(new Error(t('roadBlocks.noRoad')));
        return;
      }
      setAdded((a) => [...a, { key: Date.now() + Math.random(), lat: near.lat, lon: near.lon, name: near.name }]);
    } catch (err) {
      notifyError(err);
    }
  };
  const toggleDelete = (id: number) =>
    setToDelete((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const changes = added.length + toDelete.size;
  const save = async () => {
    setSaving(true);
    try {
      const r = await call('saveroadblocks', {
        ...(site === null ? {} : { unit: site }),
        create: added.map((b) => ({ lat: b.lat, lon: b.lon, name: b.name })),
        delete: [...toDelete],
      });
      notifySuccess(
        [
          t('roadBlocks.saved', { created: r.created.length, deleted: r.deleted }),
          r.flagged.length ? t('roadBlocks.flagged', { count: r.flagged.length }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
      setAdded([]);
      setToDelete(new Set());
      await queryClient.invalidateQueries({ queryKey: ['find', 'roadblocks'] });
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  if (site === null) return <Alert color="yellow">{t('quick.selectSite')}</Alert>;
  if (blocks.isError) return <Alert color="red">{serverErrorText(blocks.error)}</Alert>;
  const label = (b: { name?: string; lat: number; lon: number }) =>
    b.name || `${b.lat.toFixed(5)}, ${b.lon.toFixed(5)}`;
  return (
    <Stack gap="sm">
      <PageTitle>{t('roadBlocks.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('roadBlocks.intro')}
      </Text>
      {noServer ? (
        <Alert color="yellow" role="status">
          {t('roadBlocks.noServer')}
        </Alert>
      ) : null}
      <MapFrame label={t('roadBlocks.title')} center={mapCenter} zoom={MAP.defaultZoom} height="calc(100vh - 420px)">
        <ClickToAdd onClick={(lat, lon) => void addAt(lat, lon)} />
        {(blocks.data ?? []).map((b) => {
          const going = toDelete.has(b._id);
          return (
            <CircleMarker
              key={`b${b._id}`}
              center={[b.lat, b.lon]}
              radius={9}
              pathOptions={{
                color: going ? '#868e96' : '#c92a2a',
                fillOpacity: going ? 0.2 : 0.8,
                dashArray: going ? '4 4' : undefined,
              }}
              eventHandlers={{ click: () => toggleDelete(b._id) }}
            >
              <Tooltip>{label(b)}</Tooltip>
            </CircleMarker>
          );
        })}
        {added.map((b) => (
          <CircleMarker
            key={b.key}
            center={[b.lat, b.lon]}
            radius={9}
            pathOptions={{ color: '#e8590c', fillOpacity: 0.8 }}
            eventHandlers={{ click: () => setAdded((a) => a.filter((x) => x.key !== b.key)) }}
          >
            <Tooltip>{label(b)}</Tooltip>
          </CircleMarker>
        ))}
      </MapFrame>
      <Group justify="space-between">
        <Text size="sm">{t('roadBlocks.pending', { created: added.length, deleted: toDelete.size })}</Text>
        {/* nothing to save (no marker added or taken away): disabled (spec: no markers) */}
        <Button onClick={() => void save()} disabled={changes === 0} loading={saving}>
          {t('roadBlocks.save')}
        </Button>
      </Group>
      <Table aria-label={t('roadBlocks.existing')} striped>
        <Table.Tbody>
          {added.map((b) => (
            <Table.Tr key={b.key}>
              <Table.Td>{label(b)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setAdded((a) => a.filter((x) => x.key !== b.key))}
                >
                  {t('roadBlocks.remove', { name: label(b) })}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {(blocks.data ?? []).map((b) => (
            <Table.Tr key={b._id} style={toDelete.has(b._id) ? { textDecoration: 'line-through' } : undefined}>
              <Table.Td>{label(b)}</Table.Td>
              <Table.Td ta="right">
                <Button size="compact-sm" variant="subtle" onClick={() => toggleDelete(b._id)}>
                  {toDelete.has(b._id)
                    ? t('roadBlocks.undo', { name: label(b) })
                    : t('roadBlocks.remove', { name: label(b) })}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
