// The load of `npm run bench:load`: autocannon in a worker thread (apart from the server's event
// loop). Each connection goes round a cycle of the console's calls, reads and writes mixed: the
// read of a passenger and the update of that passenger on the version just read (read-modify-write),
// so two connections that meet on one passenger see a 409, which is counted apart from errors.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, tokens, cycle, passengers, seconds, clients } = workerData;
// each connection is one user of its own (one token), as 50 consoles are
let nextUser = 0;
const tokenOf = (context) => {
  context.token ??= tokens[nextUser++ % tokens.length];
  return context.token;
};
const byKind = {};
let errors = 0;
let conflicts = 0;
const firstErrors = [];
const latencies = [];

const post = (body, context) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...body, token: tokenOf(context) }),
});

const requests = cycle.map((step) => {
  if (step.kind === 'read-passenger') {
    return {
      setupRequest: (req, context) => {
        context.passenger = passengers[Math.floor(Math.random() * passengers.length)];
        return {
          ...req,
          ...post({ act: 'find', col: 'users', query: { _id: context.passenger, role: 'passenger' } }, context),
        };
      },
      onResponse: (status, body, context) => {
        if (status === 200) context.version = JSON.parse(body).data[0]?._version;
      },
    };
  }
  if (step.kind === 'update-passenger') {
    return {
      setupRequest: (req, context) => ({
        ...req,
        ...post(
          {
            act: 'update',
            col: 'users',
            query: { _id: context.passenger },
            data: {
              additionalPhone: `514-555-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`,
              _version: context.version,
            },
          },
          context,
        ),
      }),
    };
  }
  return { setupRequest: (req, context) => ({ ...req, ...post(step.body, context) }) };
});

// the kind of each response, in the order the connection sends them
const instance = autocannon({ url, connections: clients, duration: seconds, requests });
instance.on('response', (client, statusCode, _bytes, responseTime) => {
  client.tcStep = ((client.tcStep ?? -1) + 1) % cycle.length;
  const kind = cycle[client.tcStep].kind;
  byKind[kind] ??= { n: 0, latencies: [] };
  const k = byKind[kind];
  k.n++;
  k.latencies.push(responseTime);
  latencies.push(responseTime);
  if (statusCode === 409 && kind === 'update-passenger') conflicts++;
  else if (statusCode !== 200) {
    errors++;
    if (firstErrors.length < 5) firstErrors.push(`${kind}: ${statusCode}`);
  }
});
instance.on('done', (result) =>
  parentPort.postMessage({
    byKind,
    latencies,
    errors,
    conflicts,
    firstErrors,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    socketErrors: result.errors,
  }),
);
