// The phones of `npm run bench:live`: autocannon in a worker thread (apart from the server's event
// loop) sending each driver's position in turn, `rate` positions a second in all, so each of the
// drivers sends one a second, moving a little each time.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, tokens, seconds, connections } = workerData;
let next = 0;
let stored = 0;
let refused = 0;
let errors = 0;
const firstErrors = [];
const latencies = [];

const instance = autocannon({
  url,
  connections,
  duration: seconds,
  overallRate: tokens.length,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => {
        const i = next++ % tokens.length;
        const step = Math.floor(next / tokens.length);
        return {
          ...req,
          body: JSON.stringify({
            act: 'driverposition',
            token: tokens[i],
            lat: 45.4 + (i % 50) * 0.005 + step * 0.0001,
            lon: -73.8 + Math.floor(i / 50) * 0.008,
            heading: 0,
            speed: 10,
            accuracy: 8,
            time: Date.now(),
          }),
        };
      },
      onResponse: (status, body) => {
        if (status !== 200) {
          errors++;
          if (firstErrors.length < 5) firstErrors.push(`${status} ${body.slice(0, 200)}`);
        } else if (JSON.parse(body).stored) stored++;
        else refused++;
      },
    },
  ],
});
instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
instance.on('done', (result) => {
  parentPort.postMessage({
    stored,
    refused,
    errors,
    firstErrors,
    latencies,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  });
});
