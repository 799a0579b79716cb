import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import {
  FLAGS,
  type Painted,
  type PaintView,
  RECLUSTER_MS,
  STRIDE,
  VehiclePainter,
  worldPixel,
} from './vehiclePainter.ts';

/** A 2D context that records what is drawn: each disc (arc) with its fill and ring, each text. */
function recordingContext() {
  const discs: { x: number; y: number; r: number; fill: string; alpha: number; ring?: string; weight?: number }[] = [];
  const texts: { text: string; x: number; y: number }[] = [];
  let clears = 0;
  let last: (typeof discs)[number] | undefined;
  const ctx = {
    canvas: { width: 0, height: 0 },
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textAlign: '',
    textBaseline: '',
    setTransform() {},
    clearRect() {
      clears++;
      discs.length = 0;
      texts.length = 0;
    },
    beginPath() {
      last = undefined;
    },
    arc(x: number, y: number, r: number) {
      last = { x, y, r, fill: '', alpha: 1 };
      discs.push(last);
    },
    fill() {
      if (last) Object.assign(last, { fill: ctx.fillStyle, alpha: ctx.globalAlpha });
    },
    stroke() {
      if (last) Object.assign(last, { ring: ctx.strokeStyle, weight: ctx.lineWidth });
    },
    moveTo() {},
    lineTo() {},
    fillText(text: string, x: number, y: number) {
      texts.push({ text, x, y });
    },
  };
  return { ctx, discs, texts, clears: () => clears };
}

const COLORS = { cluster: '#00f', late: '#f00', fills: ['#0a0', '#fa0'] };

/** A frame of vehicles: [driver, lat, lon, fill index, flags]. */
function frame(...vehicles: [number, number, number, number?, number?][]): Float64Array {
  const out = new Float64Array(vehicles.length * STRIDE);
  vehicles.forEach(([driver, lat, lon, fill = 0, flags = 0], i) => {
    out.set([driver, lat, lon, 90, fill, flags], i * STRIDE);
  });
  return out;
}

/** A view of Montreal at a zoom: the canvas's top left at the world pixel of (45.6, -73.7). */
function view(seq: number, zoom: number): PaintView {
  const [originX, originY] = worldPixel(45.6, -73.7, zoom);
  return { seq, width: 1000, height: 800, scale: 1, originX, originY, zoom, bbox: [-74, 45, -73, 46] };
}

/** A painter on a recording canvas and a clock the test moves, shown the city zoomed out (view 1, zoom 10). */
function painter() {
  const now = { t: 1_000_000 };
  const canvas = recordingContext();
  const answers: Painted[] = [];
  const p = new VehiclePainter(
    canvas.ctx as unknown as CanvasRenderingContext2D,
    (a) => answers.push(a),
    () => now.t,
  );
  p.receive({ kind: 'view', view: view(1, 10) });
  return { p, canvas, answers, now };
}

describe('the live map’s vehicle painter (run in a worker on an OffscreenCanvas)', () => {
  it('projects as Leaflet does', () => {
    for (const [lat, lon, zoom] of [
      [45.5017, -73.5673, 10],
      [-33.86, 151.2, 15],
      [0, 0, 3],
    ] as const) {
      const p = L.CRS.EPSG3857.latLngToPoint(L.latLng(lat, lon), zoom);
      const [x, y] = worldPixel(lat, lon, zoom);
      expect(x).toBeCloseTo(p.x, 6);
      expect(y).toBeCloseTo(p.y, 6);
    }
  });

  it('clusters vehicles close together when zoomed out, draws the rest alone, and answers both after a new view', () => {
    const { p, canvas, answers } = painter();
    // three downtown within a few hundred metres, one 20 km away
    p.receive({
      kind: 'vehicles',
      frame: frame([11, 45.501, -73.567], [12, 45.502, -73.568], [13, 45.5015, -73.566], [14, 45.6, -73.3, 1]),
      colors: COLORS,
    });
    expect(canvas.ctx.canvas).toMatchObject({ width: 1000, height: 800 });
    const answer = answers.at(-1) as Painted;
    expect(answer.all).toBe(false);
    expect(Array.from(answer.singles)).toEqual([14]);
    expect(answer.clusters[2]).toBe(3);
    expect(canvas.texts.map((t) => t.text)).toEqual(['3']);
    const [x, y] = worldPixel(45.6, -73.3, 10);
    const [ox, oy] = worldPixel(45.6, -73.7, 10);
    const alone = canvas.discs.find((d) => d.r === 7);
    expect(alone).toMatchObject({ fill: '#fa0', ring: '#fff', weight: 2 });
    expect(alone?.x).toBeCloseTo(x - ox, 6);
    expect(alone?.y).toBeCloseTo(y - oy, 6);
    expect(canvas.discs.find((d) => d.r === 15)).toMatchObject({ fill: '#00f', alpha: 0.85 });
  });

  it('keeps its clusters while the same vehicles move, and makes them again after RECLUSTER_MS', () => {
    const { p, canvas, answers, now } = painter();
    const near = (dlat: number) => frame([11, 45.501 + dlat, -73.567], [12, 45.502, -73.568], [14, 45.6 + dlat, -73.3]);
    p.receive({ kind: 'vehicles', frame: near(0), colors: COLORS });
    const heard = answers.length;
    now.t += 1000;
    p.receive({ kind: 'vehicles', frame: near(0.001), colors: COLORS });
    expect(answers).toHaveLength(heard);
    // the vehicle alone is drawn where it now is; the cluster where it was made
    const [, y] = worldPixel(45.601, -73.3, 10);
    const [, oy] = worldPixel(45.6, -73.7, 10);
    expect(canvas.discs.find((d) => d.r === 7)?.y).toBeCloseTo(y - oy, 6);
    now.t += RECLUSTER_MS;
    p.receive({ kind: 'vehicles', frame: near(0.002), colors: COLORS });
    expect(answers).toHaveLength(heard + 1);
    // another vehicle shown: clustered again at once
    now.t += 1000;
    p.receive({
      kind: 'vehicles',
      frame: frame([11, 45.501, -73.567], [12, 45.502, -73.568], [14, 45.6, -73.3], [15, 45.4, -73.9]),
      colors: COLORS,
    });
    expect(answers).toHaveLength(heard + 2);
    expect(Array.from((answers.at(-1) as Painted).singles).sort()).toEqual([14, 15]);
  });

  it('draws every vehicle alone once zoomed in: stale ones faint, a late one ringed red, the selected one last and ringed black', () => {
    const { p, canvas, answers } = painter();
    p.receive({
      kind: 'vehicles',
      frame: frame(
        [11, 45.501, -73.567, 0, FLAGS.selected],
        [12, 45.5011, -73.5671, 0, FLAGS.stale],
        [13, 45.5012, -73.5672, 1, FLAGS.late],
      ),
      colors: COLORS,
    });
    expect(canvas.discs.filter((d) => d.r === 7)).toHaveLength(0);
    p.receive({ kind: 'view', view: view(2, 15) });
    const answer = answers.at(-1) as Painted;
    expect(answer).toMatchObject({ all: true, painted: 2 });
    expect(answer.clusters).toHaveLength(0);
    expect(canvas.texts).toHaveLength(0);
    expect(canvas.discs.map((d) => [d.alpha, d.ring, d.weight])).toEqual([
      [0.35, '#fff', 2],
      [1, '#f00', 2],
      [1, '#000', 3],
    ]);
    expect(canvas.clears()).toBe(3);
  });
});
