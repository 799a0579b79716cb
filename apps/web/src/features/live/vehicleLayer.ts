import { DEFAULT_THEME } from '@mantine/core';
import { statusColor } from '@tc/domain';
import { L } from '#src/components/map/leaflet.ts';
import {
  CLUSTER_UNTIL_ZOOM,
  clusterRadius,
  FLAGS,
  type PaintColors,
  type Painted,
  type PainterMessage,
  type PaintView,
  STRIDE,
  VEHICLE_RADIUS,
  VehiclePainter,
} from './vehiclePainter.ts';

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

/** The hex of a status's colour (statusColors.ts), for the canvas. */
function statusHex(status: string): string {
  const name = statusColor(status) as keyof typeof DEFAULT_THEME.colors;
  return (DEFAULT_THEME.colors[name] ?? DEFAULT_THEME.colors.gray)[6];
}

/** The pane of the vehicles' canvas: over the areas and routes (overlayPane, 400), under markers and tooltips. */
const PANE = 'liveVehicles';

interface CanvasHooks {
  padding: number;
  pane: string;
  /** The canvas was made: it is the painter's to draw on. */
  made: (canvas: HTMLCanvasElement) => void;
  /** The view moved or zoomed: the canvas's new place, to be painted before it is moved there. */
  moved: (bounds: L.Bounds) => void;
}

interface CanvasThis {
  options: CanvasHooks;
  _container: HTMLCanvasElement;
  _map: L.Map & { _animatingZoom?: boolean };
  _bounds?: L.Bounds;
}

/**
 * The vehicles' canvas as a Leaflet renderer: Leaflet keeps it over the view (with a margin) and
 * scales it through zoom animations; it has no paths, the painter draws it. Not a target of the
 * pointer: clicks and hovers are tested against what was drawn (VehicleLayer).
 */
const VehicleCanvas = (L.Renderer as unknown as { extend: (props: object) => new (o: CanvasHooks) => L.Layer }).extend({
  _initContainer(this: CanvasThis) {
    const canvas = document.createElement('canvas');
    canvas.style.pointerEvents = 'none';
    this._container = canvas;
    this.options.made(canvas);
  },
  _destroyContainer(this: CanvasThis) {
    this._container.remove();
  },
  _update(this: CanvasThis) {
    if (this._map._animatingZoom && this._bounds) return;
    (L.Renderer.prototype as unknown as { _update: () => void })._update.call(this);
    this.options.moved(this._bounds as L.Bounds);
  },
  _updatePaths() {},
});

/** Where the canvas goes once the painter has drawn a view. */
interface Placement {
  seq: number;
  min: L.Point;
  size: L.Point;
}

/**
 * The vehicles of the live map on one canvas: each at its position, coloured by its driver's
 * status, with its heading; clustered below CLUSTER_UNTIL_ZOOM. `set` replaces the vehicles shown.
 * The clustering and the drawing run in a worker on an OffscreenCanvas (vehicleWorker.ts), so a
 * second of positions costs the page's main thread only the copy of the vehicles into one array;
 * where a browser cannot, the same painter runs in the page.
 */
export class VehicleLayer {
  private readonly canvas: L.Layer;
  private worker: Worker | null = null;
  private painter: VehiclePainter | null = null;
  private viewSeq = 0;
  private pending: Placement | undefined;
  private lastView: PaintView | undefined;
  /** What the painter drew last: its clusters, and the drivers drawn alone. */
  private drawn: { clusters: Float64Array; singles: Set<number> | null } = {
    clusters: new Float64Array(0),
    singles: null,
  };
  private vehicles: Vehicle[] = [];
  private selected: number | null = null;
  private readonly fills: string[] = [];
  private readonly tooltip = L.tooltip({ direction: 'top', offset: [0, -VEHICLE_RADIUS] });
  private hovered: number | null = null;

  constructor(
    private readonly map: L.Map,
    private readonly onPick: (driver: number) => void,
  ) {
    if (!map.getPane(PANE)) (map.createPane(PANE) as HTMLElement).style.zIndex = '450';
    this.canvas = new VehicleCanvas({
      padding: 0.1,
      pane: PANE,
      made: (canvas) => this.start(canvas),
      moved: (bounds) => this.moved(bounds),
    });
    this.canvas.addTo(map);
    map.on('click', this.clicked, this);
    map.on('mousemove', this.hovering, this);
    map.on('mouseout', this.left, this);
  }

  set(vehicles: Vehicle[], selected: number | null): void {
    this.vehicles = vehicles;
    this.selected = selected;
    const frame = new Float64Array(vehicles.length * STRIDE);
    for (let i = 0; i < vehicles.length; i++) {
      const v = vehicles[i] as Vehicle;
      const fill = statusHex(v.status);
      let colour = this.fills.indexOf(fill);
      if (colour < 0) colour = this.fills.push(fill) - 1;
      frame[i * STRIDE] = v.driver;
      frame[i * STRIDE + 1] = v.lat;
      frame[i * STRIDE + 2] = v.lon;
      frame[i * STRIDE + 3] = v.heading;
      frame[i * STRIDE + 4] = colour;
      frame[i * STRIDE + 5] =
        (v.stale ? FLAGS.stale : 0) | (v.driver === selected ? FLAGS.selected : 0) | (v.late ? FLAGS.late : 0);
    }
    const colors: PaintColors = {
      cluster: DEFAULT_THEME.colors.blue[6],
      late: DEFAULT_THEME.colors.red[7],
      fills: [...this.fills],
    };
    this.send({ kind: 'vehicles', frame, colors }, [frame.buffer]);
  }

  remove(): void {
    this.map.off('click', this.clicked, this);
    this.map.off('mousemove', this.hovering, this);
    this.map.off('mouseout', this.left, this);
    this.tooltip.remove();
    this.canvas.remove();
    this.worker?.terminate();
    this.worker = null;
  }

  /** The canvas is made: handed to a worker where the browser can, else drawn in the page. */
  private start(canvas: HTMLCanvasElement): void {
    if (typeof Worker !== 'undefined' && typeof canvas.transferControlToOffscreen === 'function') {
      const worker = new Worker(new URL('./vehicleWorker.ts', import.meta.url), { type: 'module' });
      const offscreen = canvas.transferControlToOffscreen();
      worker.postMessage({ kind: 'canvas', canvas: offscreen }, [offscreen]);
      worker.onmessage = (e: MessageEvent<Painted>) => this.painted(e.data);
      // a worker that does not start (its script refused or not found): a new canvas, drawn in the page
      worker.onerror = () => {
        worker.terminate();
        if (this.worker !== worker) return;
        this.worker = null;
        const fresh = document.createElement('canvas');
        fresh.style.cssText = canvas.style.cssText;
        canvas.replaceWith(fresh);
        (this.canvas as unknown as CanvasThis)._container = fresh;
        this.inPage(fresh);
        // the view and the vehicles again, to the painter in the page
        if (this.lastView) this.send({ kind: 'view', view: this.lastView });
        this.set(this.vehicles, this.selected);
      };
      this.worker = worker;
    } else this.inPage(canvas);
  }

  /** The canvas on the page: the renderer's container. */
  private get element(): HTMLCanvasElement | undefined {
    return (this.canvas as unknown as Partial<CanvasThis> | undefined)?._container;
  }

  private inPage(canvas: HTMLCanvasElement): void {
    this.painter = new VehiclePainter(canvas.getContext('2d'), (painted) => this.painted(painted));
  }

  private send(message: PainterMessage, transfer: Transferable[] = []): void {
    if (message.kind === 'view') this.lastView = message.view;
    if (this.worker) this.worker.postMessage(message, transfer);
    else this.painter?.receive(message);
  }

  /** The view moved: the painter draws it, then the canvas moves to its new place (no frame of the old drawing misplaced). */
  private moved(bounds: L.Bounds): void {
    const map = this.map;
    const min = bounds.min as L.Point;
    const size = bounds.getSize();
    const origin = map.getPixelOrigin().add(min);
    const b = map.getBounds().pad(0.2);
    this.viewSeq++;
    this.pending = { seq: this.viewSeq, min, size };
    this.send({
      kind: 'view',
      view: {
        seq: this.viewSeq,
        width: size.x,
        height: size.y,
        scale: L.Browser.retina ? 2 : 1,
        originX: origin.x,
        originY: origin.y,
        zoom: map.getZoom(),
        bbox: [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
      },
    });
  }

  private painted(painted: Painted): void {
    this.drawn = { clusters: painted.clusters, singles: painted.all ? null : new Set(painted.singles) };
    // how many clusters are drawn, for the benchmark (bench/live) and tests: they are not elements
    this.map.getContainer().dataset.clusters = String(painted.clusters.length / 3);
    const placement = this.pending;
    const element = this.element;
    if (painted.painted === undefined || !placement || painted.painted !== placement.seq || !element) return;
    this.pending = undefined;
    L.DomUtil.setPosition(element, placement.min);
    element.style.width = `${placement.size.x}px`;
    element.style.height = `${placement.size.y}px`;
  }

  /** What is drawn under a point of the map's container: a cluster (its lat, lon and count) or a vehicle. */
  private hit(p: L.Point): { cluster: [number, number, number] } | { vehicle: Vehicle } | null {
    const { clusters, singles } = this.drawn;
    for (let i = 0; i < clusters.length; i += 3) {
      const c: [number, number, number] = [clusters[i] as number, clusters[i + 1] as number, clusters[i + 2] as number];
      if (this.map.latLngToContainerPoint([c[0], c[1]]).distanceTo(p) <= clusterRadius(c[2]) + 2) return { cluster: c };
    }
    let best: Vehicle | null = null;
    let bestDistance = VEHICLE_RADIUS + 3;
    for (const v of this.vehicles) {
      if (singles && !singles.has(v.driver)) continue;
      const d = this.map.latLngToContainerPoint([v.lat, v.lon]).distanceTo(p);
      if (d <= bestDistance) {
        best = v;
        bestDistance = d;
      }
    }
    return best ? { vehicle: best } : null;
  }

  private clicked(e: L.LeafletMouseEvent): void {
    const hit = this.hit(e.containerPoint);
    if (!hit) return;
    if ('vehicle' in hit) this.onPick(hit.vehicle.driver);
    else
      this.map.flyTo([hit.cluster[0], hit.cluster[1]], Math.min(CLUSTER_UNTIL_ZOOM, this.map.getZoom() + 2), {
        duration: 0.4,
      });
  }

  /** A vehicle under the pointer shows its driver's name; anything drawn there makes it a hand. */
  private hovering(e: L.LeafletMouseEvent): void {
    const hit = this.hit(e.containerPoint);
    this.map.getContainer().style.cursor = hit ? 'pointer' : '';
    const vehicle = hit && 'vehicle' in hit ? hit.vehicle : null;
    if (!vehicle) {
      this.left();
      return;
    }
    if (this.hovered === vehicle.driver) return;
    this.hovered = vehicle.driver;
    this.tooltip.setContent(vehicle.label).setLatLng([vehicle.lat, vehicle.lon]);
    this.map.openTooltip(this.tooltip);
  }

  private left(): void {
    if (this.hovered === null) return;
    this.hovered = null;
    this.map.closeTooltip(this.tooltip);
  }
}
