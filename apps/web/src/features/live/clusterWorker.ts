import { type ClusterAsk, clusterVehicles } from './clusters.ts';

/** A worker's own scope, as much of it as this needs (the app's types are the window's). */
const scope = self as unknown as {
  onmessage: (e: MessageEvent<ClusterAsk>) => void;
  postMessage: (message: unknown, transfer: Transferable[]) => void;
};

/** The live map's clustering, off the main thread (vehicleLayer.ts). */
scope.onmessage = (e) => {
  const answer = clusterVehicles(e.data);
  scope.postMessage(answer, [answer.clusters.buffer, answer.singles.buffer]);
};
