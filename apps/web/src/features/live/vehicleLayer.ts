import { DEFAULT_THEME } from '@mantine/core';
import { statusColor } from '@tc/domain';
import { L } from '#src/components/map/leaflet.ts';
import { type ClusterAsk, type Clustered, clusterVehicles } from './clusters.ts';

/** A vehicle as the live map draws it: where its driver last was, and the driver's status. */
export interface Vehicle {
  driver: number;
  readonly lat: number;
  readonly lon: number;
  /** Degrees from north, NaN when unknown. */
  readonly heading: number;
  status: string;
  label: string;
  stale: boolean;
  /** Its trip is flagged late (the late sweep): a red ring. */
  late: boolean;
}

/** Below this zoom, vehicles close together are drawn as one cluster with their count. */
export const CLUSTER_UNTIL_ZOOM = 13;
const RADIUS = 7;
/** A cluster's disc moves when its vehicles' centre moved this many pixels: less is not seen on a disc 30-44 px across. */
const CLUSTER_STILL_PX = 2;
const NOSE = 7;

/** The hex of a status's colour (statusColors.ts), for the canvas. */
export function statusHex(status: string): string {
  const name = statusColor(status) as keyof typeof DEFAULT_THEME.colors;
  return (DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray)[6];
}

/** A cluster's disc: its radius by its count. */
function clusterRadius(count: number): number {
  return count < 10 ? 15 : count < 100 ? 18 : 22;
}

interface ClusterOptions extends L.CircleMarkerOptions {
  count: number;
}

/**
 * A cluster on the vehicles' canvas: a disc with its count. On the canvas, not a DOM element each:
 * a hundred clusters moving every second would each restyle and recomposite the page.
 */
const ClusterMarker = L.CircleMarker.extend({
  _updatePath(this: {
    options: ClusterOptions;
    _point: L.Point;
    _renderer: { _ctx?: CanvasRenderingContext2D };
    _empty: () => boolean;
  }) {
    (L.CircleMarker.prototype as unknown as { _updatePath: () => void })._updatePath.call(this);
    const ctx = this._renderer._ctx;
    if (!ctx || this._empty()) return;
    ctx.fillStyle = '#fff';
    ctx.font = '600 12px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(this.options.count), this._point.x, this._point.y);
  },
}) as unknown as new (
  latlng: L.LatLngExpression,
  options: ClusterOptions,
) => L.CircleMarker & { options: ClusterOptions };

type Cluster = InstanceType<typeof ClusterMarker>;

interface HeadingOptions extends L.CircleMarkerOptions {
  heading: number;
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
    if (Number.isNaN(heading) || !ctx || this._empty()) return;
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
 * While zoomed out, vehicles are clustered again at most this often as they move, and at once when
 * the view or the vehicles shown change: a vehicle moves a few metres a second, a cluster spans
 * kilometres.
 */
export const RECLUSTER_MS = 5000;

/**
 * The vehicles of the live map on one canvas: each at its position, coloured by its driver's
 * status, with its heading; clustered below CLUSTER_UNTIL_ZOOM. `set` replaces the vehicles shown;
 * markers are kept and moved, not made anew, so a second of updates stays cheap. The clustering
 * (supercluster) runs in a worker (clusterWorker.ts): the main thread only draws its answer.
 */
export class VehicleLayer {
  // Leaflet's own padding: a wider canvas costs its whole area to clear and paint at every recluster
  private readonly renderer = L.canvas({ padding: 0.1 });
  private readonly markers = new Map<number, Marker>();
  private readonly clusters = L.layerGroup();
  /** The cluster markers drawn last, reused (moved, their count rewritten) rather than made anew. */
  private clusterMarkers: { marker: Cluster; expand: () => void }[] = [];
  private readonly worker: Worker | null =
    typeof Worker === 'undefined'
      ? null
      : new Worker(new URL('./clusterWorker.ts', import.meta.url), { type: 'module' });
  /** The last clustering asked, with the vehicles it was asked of (its answer names them by index). */
  private asked: { seq: number; vehicles: Vehicle[]; of?: Set<number> } = { seq: 0, vehicles: [] };
  /** When the clusters drawn were asked, of which vehicles, and which were left single. */
  private drawn = { at: 0, of: new Set<number>(), singles: new Set<number>() };
  private vehicles: Vehicle[] = [];
  private selected: number | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly onPick: (driver: number) => void,
  ) {
    this.clusters.addTo(map);
    map.on('zoomend moveend', this.viewChanged, this);
    if (this.worker) this.worker.onmessage = (e: MessageEvent<Clustered>) => this.clustered(e.data);
  }

  set(vehicles: Vehicle[], selected: number | null): void {
    this.vehicles = vehicles;
    this.selected = selected;
    this.draw(false);
  }

  remove(): void {
    this.map.off('zoomend moveend', this.viewChanged, this);
    this.worker?.terminate();
    for (const m of this.markers.values()) m.remove();
    this.markers.clear();
    this.clusters.remove();
  }

  private viewChanged(): void {
    this.draw(true);
  }

  private draw(viewChanged: boolean): void {
    const zoom = this.map.getZoom();
    if (zoom >= CLUSTER_UNTIL_ZOOM || this.vehicles.length < 2) {
      this.asked = { seq: this.asked.seq + 1, vehicles: [] };
      this.drawn.at = 0;
      this.placeClusters(new Float64Array(0), 0);
      this.placeSingles(this.vehicles);
      return;
    }
    const { at, of, singles } = this.drawn;
    const sameSet = this.vehicles.length === of.size && this.vehicles.every((v) => of.has(v.driver));
    if (!viewChanged && sameSet && Date.now() - at < RECLUSTER_MS) {
      // the clusters stay; the vehicles drawn alone move
      this.placeSingles(this.vehicles.filter((v) => singles.has(v.driver)));
      return;
    }
    const vehicles = this.vehicles;
    const coords = new Float64Array(vehicles.length * 2);
    vehicles.forEach((v, i) => {
      coords[2 * i] = v.lon;
      coords[2 * i + 1] = v.lat;
    });
    const b = this.map.getBounds().pad(0.2);
    const ask: ClusterAsk = {
      seq: this.asked.seq + 1,
      level: Math.round(zoom),
      bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      coords,
    };
    this.asked = { seq: ask.seq, vehicles, of: sameSet ? of : undefined };
    this.drawn.at = Date.now();
    if (this.worker) this.worker.postMessage(ask, [coords.buffer]);
    else this.clustered(clusterVehicles(ask));
  }

  /** Draws a clustering's answer, unless a newer one was asked since (the view or the vehicles changed). */
  private clustered(answer: Clustered): void {
    if (answer.seq !== this.asked.seq) return;
    const { vehicles, of } = this.asked;
    const singles = Array.from(answer.singles, (i) => vehicles[i] as Vehicle);
    this.drawn = {
      at: this.drawn.at,
      of: of ?? new Set(vehicles.map((v) => v.driver)),
      singles: new Set(singles.map((v) => v.driver)),
    };
    this.placeClusters(answer.clusters, answer.level);
    this.placeSingles(singles);
  }

  /** Draws the clusters (lat, lon, count triples), moving the cluster markers already made. */
  private placeClusters(clusters: Float64Array, level: number): void {
    const count = clusters.length / 3;
    for (let i = 0; i < count; i++) {
      const lat = clusters[3 * i] as number;
      const lon = clusters[3 * i + 1] as number;
      const n = clusters[3 * i + 2] as number;
      const expand = () => this.map.flyTo([lat, lon], Math.min(CLUSTER_UNTIL_ZOOM, level + 2), { duration: 0.4 });
      const known = this.clusterMarkers[i];
      if (known) {
        known.expand = expand;
        const { marker } = known;
        // a cluster is a centroid of vehicles many pixels across: one that moved less than
        // CLUSTER_STILL_PX is left where it is drawn, and one whose count stays is not drawn again
        const moved = !this.within(marker.getLatLng(), lat, lon, CLUSTER_STILL_PX);
        if (marker.options.count === n && !moved) continue;
        marker.options.count = n;
        if (moved) marker.setLatLng([lat, lon]);
        if (marker.getRadius() !== clusterRadius(n)) marker.setRadius(clusterRadius(n));
        else if (!moved) marker.redraw();
        continue;
      }
      const made = {
        marker: new ClusterMarker([lat, lon], {
          renderer: this.renderer,
          radius: clusterRadius(n),
          count: n,
          color: '#fff',
          opacity: 0.9,
          weight: 3,
          fillColor: DEFAULT_THEME.colors.blue[6],
          fillOpacity: 0.85,
        }),
        expand,
      };
      made.marker.on('click', () => made.expand());
      this.clusters.addLayer(made.marker);
      this.clusterMarkers.push(made);
    }
    for (const gone of this.clusterMarkers.splice(count)) this.clusters.removeLayer(gone.marker);
    // how many clusters are drawn, for the benchmark (bench/live) and tests: they are not elements
    this.map.getContainer().dataset.clusters = String(count);
  }

  /** Is this point less than `pixels` from `at` at the map's zoom (a vehicle that moved a few metres, zoomed out)? */
  private within(at: L.LatLng, lat: number, lon: number, pixels: number): boolean {
    // web Mercator: a pixel spans this many degrees of longitude, and of latitude that times cos(lat)
    const degreesPerPixel = 360 / (256 * 2 ** this.map.getZoom());
    return (
      Math.abs(at.lng - lon) < degreesPerPixel * pixels &&
      Math.abs(at.lat - lat) < degreesPerPixel * pixels * Math.cos((lat * Math.PI) / 180)
    );
  }

  /** Draws these vehicles one by one, moving the markers already made; removes the others. */
  private placeSingles(singles: Vehicle[]): void {
    const shown = new Set<number>();
    for (const v of singles) {
      shown.add(v.driver);
      const fill = statusHex(v.status);
      const style = {
        fillColor: fill,
        fillOpacity: v.stale ? 0.35 : 1,
        color: v.driver === this.selected ? '#000' : v.late ? DEFAULT_THEME.colors.red[7] : '#fff',
        weight: v.driver === this.selected ? 3 : 2,
        heading: v.heading,
      };
      const m = this.markers.get(v.driver);
      if (m) {
        const o = m.options;
        const restyled =
          o.fillColor !== style.fillColor ||
          o.fillOpacity !== style.fillOpacity ||
          o.color !== style.color ||
          o.weight !== style.weight ||
          !(o.heading === style.heading || (Number.isNaN(o.heading) && Number.isNaN(style.heading)));
        if (restyled) Object.assign(o, style);
        if (!this.within(m.getLatLng(), v.lat, v.lon, 0.5)) m.setLatLng([v.lat, v.lon]);
        else if (restyled) m.redraw();
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
