import { type Painted, type PainterMessage, VehiclePainter } from './vehiclePainter.ts';

/** A worker's own scope, as much of it as this needs (the app's types are the window's). */
const scope = self as unknown as {
  onmessage: (e: MessageEvent<PainterMessage | { kind: 'canvas'; canvas: OffscreenCanvas }>) => void;
  postMessage: (message: Painted, transfer: Transferable[]) => void;
};

let painter: VehiclePainter | undefined;

/** The live map's vehicles, clustered and drawn here on the canvas the page handed over (vehicleLayer.ts). */
scope.onmessage = (e) => {
  const message = e.data;
  if (message.kind === 'canvas') {
    painter = new VehiclePainter(message.canvas.getContext('2d'), (painted) =>
      scope.postMessage(painted, [painted.clusters.buffer, painted.singles.buffer]),
    );
    return;
  }
  painter?.receive(message);
};
