import { DEFAULT_THEME } from '@mantine/core';
import { statusColor } from '@tc/domain';
import Supercluster from 'supercluster';
import { L } from '#src/components/map/leaflet.ts';

/** A vehicle as the live map draws it: where its driver last was, and the driver's status. */
export interface Vehicle {
  driver: number;
  lat: number;
  lon: number;
  heading: number | null;
  status: string;
  label: string;
  stale: boolean;
}

/** Below this zoom, vehicles close together are drawn as one cluster with their count. */
export const CLUSTER_UNTIL_ZOOM = 13;
const RADIUS = 7;
const NOSE = 7;

/** The hex of a status's colour (statusColors.ts), for the canvas. */
export function statusHex(status: string): string {
  const name = statusColor(status) as keyof typeof DEFAULT_THEME.colors;
  return (DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray)[6];
}

/** A cluster's disc with its count. */
function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : 44;
  return L.divIcon({ className: 'tc-vehicle-cluster', html: `<span>${count}</span>`, iconSize: [size, size] });
}

interface HeadingOptions extends L.CircleMarkerOptions {
  heading: number | null;
}

/**
 * A circle on the canvas with a short stroke in the direction the vehicle heads. One canvas for
 * every vehicle (not a DOM element each): thousands move at once.
 */
const HeadingMarker = L.CircleMarker.extend({
  _updateBounds(this: { _pxBounds: L.Bounds }) {
    (L.CircleMarker.prototype as unknown as { _updateBounds: () => void })._updateBounds.call(this);
    const b = this._pxBounds;
    this._pxBounds = L.bounds(b.min?.subtract([NOSE, NOSE]) ?? [0, 0], b.max?.add([NOSE, NOSE]) ?? [0, 0]);
  },
  _updatePath(this: {
    options: HeadingOptions;
    _point: L.Point;
    _radius: number;
    _renderer: { _ctx?: CanvasRenderingContext2D };
    _empty: () => boolean;
  }) {
    (L.CircleMarker.prototype as unknown as { _updatePath: () => void })._updatePath.call(this);
    const { heading, fillColor } = this.options;
    const ctx = this._renderer._ctx;
    if (heading === null || heading === undefined || !ctx || this._empty()) return;
    const a = ((heading - 90) * Math.PI) / 180;
    const p = this._point;
    ctx.beginPath();
    ctx.moveTo(p.x + Math.cos(a) * this._radius, p.y + Math.sin(a) * this._radius);
    ctx.lineTo(p.x + Math.cos(a) * (this._radius + NOSE), p.y + Math.sin(a) * (this._radius + NOSE));
    ctx.strokeStyle = fillColor ?? '#000';
    ctx.lineWidth = 3;
    ctx.stroke();
  },
}) as unknown as new (
  latlng: L.LatLngExpression,
  options: HeadingOptions,
) => L.CircleMarker & { options: HeadingOptions };

type Marker = InstanceType<typeof HeadingMarker>;

/**
 * The vehicles of the live map on one canvas: each at its position, coloured by its driver's
 * status, with its heading; clustered (supercluster) below CLUSTER_UNTIL_ZOOM. `set` replaces the
 * vehicles shown; markers are kept and moved, not made anew, so a second of updates stays cheap.
 */
export class VehicleLayer {
  private readonly renderer = L.canvas({ padding: 0.3 });
  private readonly markers = new Map<number, Marker>();
  private readonly clusters = L.layerGroup();
  /** The cluster markers drawn last, reused (moved, their count rewritten) rather than made anew. */
  private clusterMarkers: { marker: L.Marker; count: number; expand: () => void }[] = [];
  private vehicles: Vehicle[] = [];
  private selected: number | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly onPick: (driver: number) => void,
  ) {
    this.clusters.addTo(map);
    map.on('zoomend moveend', this.draw, this);
  }

  set(vehicles: Vehicle[], selected: number | null): void {
    this.vehicles = vehicles;
    this.selected = selected;
    this.draw();
  }

  remove(): void {
    this.map.off('zoomend moveend', this.draw, this);
    for (const m of this.markers.values()) m.remove();
    this.markers.clear();
    this.clusters.remove();
  }

  private draw(): void {
    const zoom = this.map.getZoom();
    const shown = new Set<number>();
    let used = 0;
    let singles = this.vehicles;
    if (zoom < CLUSTER_UNTIL_ZOOM && this.vehicles.length > 1) {
      // the clusters of this zoom only (supercluster builds every zoom from maxZoom down to minZoom)
      const level = Math.round(zoom);
      const index = new Supercluster<{ i: number }>({ radius: 50, minZoom: level, maxZoom: level });
      index.load(
        this.vehicles.map((v, i) => ({
          type: 'Feature' as const,
          properties: { i },
          geometry: { type: 'Point' as const, coordinates: [v.lon, v.lat] },
        })),
      );
      const b = this.map.getBounds().pad(0.2);
      singles = [];
      for (const f of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], level)) {
        const [lon, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as { cluster?: boolean; point_count?: number; cluster_id?: number; i?: number };
        if (!props.cluster) {
          const v = this.vehicles[props.i as number];
          if (v) singles.push(v);
          continue;
        }
        const count = props.point_count ?? 0;
        const expand = () => this.map.flyTo([lat, lon], Math.min(CLUSTER_UNTIL_ZOOM, level + 2), { duration: 0.4 });
        const known = this.clusterMarkers[used++];
        if (known) {
          known.marker.setLatLng([lat, lon]);
          known.expand = expand;
          if (known.count !== count) {
            known.count = count;
            known.marker.setIcon(clusterIcon(count));
          }
          continue;
        }
        const made = { marker: L.marker([lat, lon], { icon: clusterIcon(count), keyboard: false }), count, expand };
        made.marker.on('click', () => made.expand());
        this.clusters.addLayer(made.marker);
        this.clusterMarkers.push(made);
      }
    }
    for (const gone of this.clusterMarkers.splice(used)) this.clusters.removeLayer(gone.marker);
    for (const v of singles) {
      shown.add(v.driver);
      const fill = statusHex(v.status);
      const style = {
        fillColor: fill,
        fillOpacity: v.stale ? 0.35 : 1,
        color: v.driver === this.selected ? '#000' : '#fff',
        weight: v.driver === this.selected ? 3 : 2,
        heading: v.heading,
      };
      const m = this.markers.get(v.driver);
      if (m) {
        m.setLatLng([v.lat, v.lon]);
        Object.assign(m.options, style);
        m.redraw();
      } else {
        const made = new HeadingMarker([v.lat, v.lon], { renderer: this.renderer, radius: RADIUS, ...style });
        made.bindTooltip(v.label, { direction: 'top', offset: [0, -RADIUS] });
        made.on('click', () => this.onPick(v.driver));
        made.addTo(this.map);
        this.markers.set(v.driver, made);
      }
    }
    for (const [driver, m] of this.markers)
      if (!shown.has(driver)) {
        m.remove();
        this.markers.delete(driver);
      }
  }
}
