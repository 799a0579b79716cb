import { Button, Group, Input, Stack, Text, Textarea } from '@mantine/core';
import { IconListNumbers } from '@tabler/icons-react';
import { MAP } from '@tc/domain';
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-leaflet';
import { useSession } from '#src/app/session/useSession.ts';
import './geoman.ts';
import { L } from './leaflet.ts';
import { MapFrame } from './MapFrame.tsx';
import {
  formatPointLines,
  type LatLon,
  latLngsFromRing,
  MIN_POLYGON_POINTS,
  paletteColor,
  parsePointLines,
  ringFromLatLngs,
  sameRing,
} from './mapHelpers.ts';

export interface PolygonInputProps {
  label: string;
  /** The ring, without a repeated closing point; none or an empty list: no polygon. */
  value: LatLon[] | undefined;
  /** Every drawn, edited, typed or removed polygon; `[]` when removed. */
  onChange(next: LatLon[]): void;
  error?: string;
  /** Line and fill colour (a palette colour by default). */
  color?: string;
}

/** A polygon on a map: fitted to it, else the session's map centre; drawn, edited and removed with leaflet-geoman. */
export function PolygonInput({ label, value, onChange, error, color = paletteColor(0) }: PolygonInputProps) {
  const { t } = useTranslation();
  const { mapCenter } = useSession();
  const [pointsOpen, setPointsOpen] = useState(false);
  const pointsId = useId();
  const count = latLngsFromRing(value).length;
  return (
    <Stack gap={4}>
      <Input.Wrapper label={label} error={error} labelElement="div">
        <MapFrame label={label} center={mapCenter} zoom={MAP.defaultZoom} invalid={!!error}>
          <PolygonEditor value={value} onChange={onChange} color={color} />
        </MapFrame>
      </Input.Wrapper>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {count > 0 ? t('map.polygon.summary', { count }) : t('map.polygon.none')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconListNumbers size={16} />}
          aria-expanded={pointsOpen}
          aria-controls={pointsOpen ? pointsId : undefined}
          onClick={() => setPointsOpen((open) => !open)}
        >
          {t('map.points.toggle')}
        </Button>
      </Group>
      {pointsOpen && <PointsText id={pointsId} value={value} onChange={onChange} />}
    </Stack>
  );
}

/** The keyboard way: the ring as "lat, lon" lines, applied on demand. */
function PointsText({
  id,
  value,
  onChange,
}: {
  id: string;
  value: LatLon[] | undefined;
  onChange(next: LatLon[]): void;
}) {
  const { t } = useTranslation();
  // What the user typed since the last apply; otherwise the text follows the value (edits on the map).
  const [draft, setDraft] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const text = draft ?? formatPointLines(value);
  const apply = () => {
    const { ring, errors } = parsePointLines(text);
    const found = errors.map((e) => t(`map.points.errors.${e.reason}`, { line: e.line, text: e.text }));
    if (found.length === 0 && ring.length > 0 && ring.length < MIN_POLYGON_POINTS) {
      found.push(t('map.points.tooFew', { min: MIN_POLYGON_POINTS }));
    }
    setProblems(found);
    if (found.length > 0) return;
    setDraft(null);
    onChange(ring);
  };
  return (
    <Stack gap="xs" id={id}>
      <Textarea
        label={t('map.points.label')}
        description={t('map.points.description')}
        placeholder="38.7223, -9.1393"
        rows={6}
        value={text}
        onChange={(e) => setDraft(e.currentTarget.value)}
        // One problem a line (Mantine's error is a paragraph).
        error={
          problems.length > 0 &&
          problems.map((p, i) => (
            <Fragment key={p}>
              {i > 0 && <br />}
              {p}
            </Fragment>
          ))
        }
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', resize: 'vertical' } }}
      />
      <Group justify="flex-end">
        <Button size="xs" variant="light" onClick={apply}>
          {t('map.points.apply')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The polygon layer and the geoman toolbar (draw, edit, remove), kept in step with `value`. */
function PolygonEditor({
  value,
  onChange,
  color,
}: Required<Pick<PolygonInputProps, 'onChange' | 'color'>> & { value: LatLon[] | undefined }) {
  const map = useMap();
  const { t, i18n } = useTranslation();
  const layerRef = useRef<L.Polygon | null>(null);
  const pendingFit = useRef<L.LatLngBounds | null>(null);
  const latest = useRef({ onChange, color });
  useEffect(() => {
    latest.current = { onChange, color };
  });

  // The toolbar: polygons only, in the user's language.
  useEffect(() => {
    map.pm.addControls({
      position: 'topleft',
      drawPolygon: true,
      editMode: true,
      removalMode: true,
      drawMarker: false,
      drawCircleMarker: false,
      drawPolyline: false,
      drawRectangle: false,
      drawCircle: false,
      drawText: false,
      dragMode: false,
      cutPolygon: false,
      rotateMode: false,
    });
    map.pm.setLang(i18n.language === 'pt' ? 'pt_pt' : 'en', {
      tooltips: {
        firstVertex: t('map.geoman.firstVertex'),
        continueLine: t('map.geoman.continueLine'),
        finishPoly: t('map.geoman.finishPoly'),
      },
      actions: {
        finish: t('map.geoman.finish'),
        cancel: t('map.geoman.cancel'),
        removeLastVertex: t('map.geoman.removeLastVertex'),
      },
      buttonTitles: {
        drawPolyButton: t('map.geoman.drawPolyButton'),
        editButton: t('map.geoman.editButton'),
        deleteButton: t('map.geoman.deleteButton'),
      },
    });
    // Geoman titles the boxes around its buttons; the buttons themselves get the names (screen readers, tests).
    for (const box of map.getContainer().querySelectorAll<HTMLElement>('.button-container[title]')) {
      box.querySelector('a')?.setAttribute('aria-label', box.title);
    }
    return () => {
      if (map.pm.globalDrawModeEnabled()) map.pm.disableDraw();
      if (map.pm.globalEditModeEnabled()) map.pm.disableGlobalEditMode();
      if (map.pm.globalRemovalModeEnabled()) map.pm.disableGlobalRemovalMode();
      map.pm.removeControls();
    };
  }, [map, t, i18n.language]);

  useEffect(() => {
    const style = { color, fillColor: color };
    map.pm.setGlobalOptions({
      allowSelfIntersection: false,
      pathOptions: style,
      templineStyle: style,
      hintlineStyle: { ...style, dashArray: '5,5' },
    });
    layerRef.current?.setStyle(style);
  }, [map, color]);

  // A layer drawn here or made from `value`: its edits and its removal go to onChange.
  const adopt = useCallback((layer: L.Polygon) => {
    layerRef.current?.remove();
    layerRef.current = layer;
    layer.setStyle({ color: latest.current.color, fillColor: latest.current.color });
    layer.on('pm:edit', () => {
      if (layerRef.current === layer) latest.current.onChange(ringFromLatLngs(layer.getLatLngs()));
    });
    layer.on('pm:remove', () => {
      if (layerRef.current !== layer) return;
      layerRef.current = null;
      latest.current.onChange([]);
    });
  }, []);

  useEffect(() => {
    const onCreate: L.PM.CreateEventHandler = ({ layer, shape }) => {
      if (shape !== 'Polygon' || !(layer instanceof L.Polygon)) return;
      // One polygon: a new drawing replaces the previous one.
      adopt(layer);
      latest.current.onChange(ringFromLatLngs(layer.getLatLngs()));
    };
    map.on('pm:create', onCreate);
    return () => {
      map.off('pm:create', onCreate);
    };
  }, [map, adopt]);

  // Fitting waits for a map with a size (a container still hidden or collapsed).
  const fit = useCallback(
    (bounds: L.LatLngBounds) => {
      const size = map.getSize();
      pendingFit.current = size.x > 0 && size.y > 0 ? null : bounds;
      if (pendingFit.current) return;
      map.fitBounds(bounds, { padding: [MAP.polygonFitPadding, MAP.polygonFitPadding], animate: false });
    },
    [map],
  );
  useEffect(() => {
    const onResize = () => {
      if (pendingFit.current) fit(pendingFit.current);
    };
    map.on('resize', onResize);
    return () => {
      map.off('resize', onResize);
    };
  }, [map, fit]);

  // A value from outside (the form, the points text): redraw and fit; an echo of the map's own change: nothing.
  useEffect(() => {
    const layer = layerRef.current;
    const shown = layer ? ringFromLatLngs(layer.getLatLngs()) : [];
    const latlngs = latLngsFromRing(value);
    if (
      sameRing(
        shown,
        latlngs.map(([lat, lon]) => ({ lat, lon })),
      )
    )
      return;
    if (latlngs.length < MIN_POLYGON_POINTS) {
      layer?.remove();
      layerRef.current = null;
      return;
    }
    const polygon = L.polygon(latlngs);
    adopt(polygon);
    polygon.addTo(map);
    fit(polygon.getBounds());
  }, [map, value, adopt, fit]);

  useEffect(
    () => () => {
      layerRef.current?.remove();
      layerRef.current = null;
    },
    [],
  );

  return null;
}
