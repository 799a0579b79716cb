// The load of the HTTP benchmark, in a worker thread so that it does not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, bodies, seconds, clients } = workerData;
const end = Date.now() + seconds * 1000;
const latencies = [];
let errors = 0;
await Promise.all(
  Array.from({ length: clients }, async (_, c) => {
    let i = c;
    while (Date.now() < end) {
      const body = bodies[i++ % bodies.length];
      const t = performance.now();
      const r = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, token }),
      });
      await r.arrayBuffer();
      if (!r.ok) errors++;
      latencies.push(performance.now() - t);
    }
  }),
);
parentPort.postMessage({ latencies, errors });
