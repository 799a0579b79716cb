import { type Clustered, clusterVehicles } from './clusters.ts';

/**
 * What draws the live map's vehicles on their canvas: in a worker on an OffscreenCanvas
 * (vehicleWorker.ts), so that neither the clustering nor the canvas's paint and commit take the
 * page's main thread, or in the page where a browser cannot (vehicleLayer.ts). The page sends the
 * view and each second's vehicles; the painter clusters, draws and answers what it drew, for the
 * page's clicks and tooltips.
 */

/** Below this zoom, vehicles close together are drawn as one cluster with their count. */
export const CLUSTER_UNTIL_ZOOM = 13;
/**
 * While zoomed out, vehicles are clustered again at most this often as they move, and at once when
 * the view or the vehicles shown change: a vehicle moves a few metres a second, a cluster spans
 * kilometres.
 */
export const RECLUSTER_MS = 5000;
/** A vehicle's circle. */
export const VEHICLE_RADIUS = 7;
/** The stroke beyond the circle in the direction the vehicle heads. */
const NOSE = 7;

/** Each vehicle of a frame takes STRIDE numbers: driver, lat, lon, heading (degrees from north, NaN unknown), fill colour's index, flags. */
export const STRIDE = 6;
export const FLAGS = { stale: 1, selected: 2, late: 4 } as const;

/** A cluster's disc: its radius by its count. */
export function clusterRadius(count: number): number {
  return count < 10 ? 15 : count < 100 ? 18 : 22;
}

/** The canvas's place: its size in CSS pixels, the device pixels per CSS pixel, its top left in world pixels at `zoom`. */
export interface PaintView {
  seq: number;
  width: number;
  height: number;
  scale: number;
  originX: number;
  originY: number;
  zoom: number;
  /** What to cluster: [west, south, east, north], beyond the view. */
  bbox: [number, number, number, number];
}

export interface PaintColors {
  cluster: string;
  late: string;
  /** The fills the frame's vehicles name by index. */
  fills: string[];
}

export type PainterMessage =
  | { kind: 'view'; view: PaintView }
  | { kind: 'vehicles'; frame: Float64Array; colors: PaintColors };

/**
 * What the painter drew: its clusters (lat, lon, count triples) and the drivers drawn alone (`all`
 * when none is clustered); after a new view, `painted` is that view's seq.
 */
export interface Painted {
  clusters: Float64Array;
  singles: Int32Array;
  all: boolean;
  painted?: number;
}

/** Web Mercator as Leaflet's EPSG:3857: a point's world pixels at a zoom. */
export function worldPixel(lat: number, lon: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const max = 85.0511287798;
  const sin = Math.sin((Math.max(-max, Math.min(max, lat)) * Math.PI) / 180);
  return [(lon / 360 + 0.5) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

/** The 2D context of a canvas, on the page or offscreen. */
type Context = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export class VehiclePainter {
  private view: PaintView | undefined;
  private frame: Float64Array<ArrayBufferLike> = new Float64Array(0);
  /** The colours come with each frame (the page's theme); nothing is drawn before the first. */
  private colors: PaintColors = { cluster: '', late: '', fills: [] };
  private clustered: Clustered | undefined;
  /** When the clusters drawn were made, and of which drivers. */
  private clusteredAt = 0;
  private clusteredOf = new Set<number>();
  private singles: Set<number> | null = null;

  constructor(
    private readonly ctx: Context | null,
    private readonly answer: (painted: Painted) => void,
    private readonly now: () => number = Date.now,
  ) {}

  receive(message: PainterMessage): void {
    if (message.kind === 'view') {
      this.view = message.view;
      if (this.ctx) {
        const { width, height, scale } = message.view;
        // setting the size clears the canvas and its transform
        this.ctx.canvas.width = Math.round(width * scale);
        this.ctx.canvas.height = Math.round(height * scale);
        this.ctx.setTransform(scale, 0, 0, scale, 0, 0);
      }
    } else {
      this.frame = message.frame;
      this.colors = message.colors;
    }
    this.update(message.kind === 'view');
  }

  /** Clusters again when due, draws, and answers what changed (and, after a new view, that it is drawn). */
  private update(newView: boolean): void {
    const view = this.view;
    if (!view) return;
    const n = this.frame.length / STRIDE;
    let answer: Painted | undefined;
    if (view.zoom >= CLUSTER_UNTIL_ZOOM || n < 2) {
      if (this.singles !== null || this.clustered || newView) answer = this.unclustered();
    } else if (newView || !this.sameDrivers() || this.now() - this.clusteredAt >= RECLUSTER_MS) {
      answer = this.recluster(view);
    }
    this.paint(view);
    if (newView) answer = { ...(answer ?? this.current()), painted: view.seq };
    if (answer) this.answer(answer);
  }

  private unclustered(): Painted {
    this.clustered = undefined;
    this.singles = null;
    this.clusteredOf = new Set();
    return this.current();
  }

  private current(): Painted {
    return {
      clusters: this.clustered ? this.clustered.clusters.slice() : new Float64Array(0),
      singles: Int32Array.from(this.singles ?? []),
      all: this.singles === null,
    };
  }

  /** Are the frame's drivers those clustered last? */
  private sameDrivers(): boolean {
    const n = this.frame.length / STRIDE;
    if (n !== this.clusteredOf.size) return false;
    for (let i = 0; i < n; i++) if (!this.clusteredOf.has(this.frame[i * STRIDE] as number)) return false;
    return true;
  }

  private recluster(view: PaintView): Painted {
    const n = this.frame.length / STRIDE;
    const coords = new Float64Array(2 * n);
    const of = new Set<number>();
    for (let i = 0; i < n; i++) {
      coords[2 * i] = this.frame[i * STRIDE + 2] as number;
      coords[2 * i + 1] = this.frame[i * STRIDE + 1] as number;
      of.add(this.frame[i * STRIDE] as number);
    }
    this.clustered = clusterVehicles({ level: Math.round(view.zoom), bbox: view.bbox, coords });
    this.clusteredAt = this.now();
    this.clusteredOf = of;
    this.singles = new Set(Array.from(this.clustered.singles, (i) => this.frame[i * STRIDE] as number));
    return this.current();
  }

  /** Everything again: the clusters where they were made, the vehicles drawn alone where they now are. */
  private paint(view: PaintView): void {
    const ctx = this.ctx;
    if (!ctx) return;
    ctx.clearRect(0, 0, view.width, view.height);
    const at = (lat: number, lon: number): [number, number] => {
      const [x, y] = worldPixel(lat, lon, view.zoom);
      return [x - view.originX, y - view.originY];
    };
    const clusters = this.clustered?.clusters ?? new Float64Array(0);
    ctx.font = '600 12px sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < clusters.length; i += 3) {
      const [x, y] = at(clusters[i] as number, clusters[i + 1] as number);
      const count = clusters[i + 2] as number;
      this.disc(ctx, x, y, clusterRadius(count), this.colors.cluster, 0.85, '#fff', 3, 0.9);
      ctx.fillStyle = '#fff';
      ctx.fillText(String(count), x, y);
    }
    const n = this.frame.length / STRIDE;
    let selected = -1;
    for (let i = 0; i < n; i++) {
      if (this.singles && !this.singles.has(this.frame[i * STRIDE] as number)) continue;
      // the selected vehicle last, over the others
      if ((this.frame[i * STRIDE + 5] as number) & FLAGS.selected) selected = i;
      else this.vehicle(ctx, i, at);
    }
    if (selected >= 0) this.vehicle(ctx, selected, at);
  }

  private vehicle(ctx: Context, i: number, at: (lat: number, lon: number) => [number, number]): void {
    const f = this.frame;
    const [x, y] = at(f[i * STRIDE + 1] as number, f[i * STRIDE + 2] as number);
    const heading = f[i * STRIDE + 3] as number;
    const fill = this.colors.fills[f[i * STRIDE + 4] as number] ?? '#868e96';
    const flags = f[i * STRIDE + 5] as number;
    const selected = (flags & FLAGS.selected) !== 0;
    const ring = selected ? '#000' : flags & FLAGS.late ? this.colors.late : '#fff';
    this.disc(ctx, x, y, VEHICLE_RADIUS, fill, flags & FLAGS.stale ? 0.35 : 1, ring, selected ? 3 : 2, 1);
    if (Number.isNaN(heading)) return;
    const a = ((heading - 90) * Math.PI) / 180;
    ctx.beginPath();
    ctx.moveTo(x + Math.cos(a) * VEHICLE_RADIUS, y + Math.sin(a) * VEHICLE_RADIUS);
    ctx.lineTo(x + Math.cos(a) * (VEHICLE_RADIUS + NOSE), y + Math.sin(a) * (VEHICLE_RADIUS + NOSE));
    ctx.strokeStyle = fill;
    ctx.lineWidth = 3;
    ctx.stroke();
  }

  private disc(
    ctx: Context,
    x: number,
    y: number,
    radius: number,
    fill: string,
    fillOpacity: number,
    stroke: string,
    weight: number,
    strokeOpacity: number,
  ): void {
    ctx.beginPath();
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    ctx.globalAlpha = fillOpacity;
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.globalAlpha = strokeOpacity;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = weight;
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
}
