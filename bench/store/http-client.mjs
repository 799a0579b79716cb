// The load of the HTTP benchmark: autocannon in a worker thread, so that it does not share the
// server's event loop. Each request carries one of the prepared list fetches, in turn.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, token, bodies, seconds, clients } = workerData;
const latencies = [];
let errors = 0;
const instance = autocannon({
  url,
  connections: clients,
  duration: seconds,
  requests: bodies.map((body) => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, token }),
  })),
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode !== 200) errors++;
  latencies.push(responseTime);
});
instance.on('done', () => parentPort.postMessage({ latencies, errors }));
