/**
 * npm run bench:load [-- --clients 50] [--seconds 60] [--db postgres|pglite]
 *
 * The console under a working day's load: the demo operator on a fresh database, one server
 * process, and --clients connections (autocannon, in a worker thread) each going round the calls
 * a dispatcher's console makes, reads and writes mixed: a day's reservations and trips with their
 * counts, a name search, the drivers list, the home tiles (a batch of counts), a form's choices,
 * a recent view written, and a passenger read then updated on the version read. Reports
 * throughput, latency percentiles per kind of call, errors (any answer but 200, except the 409 of
 * two connections updating one passenger at once, counted apart) into bench/load/RESULTS.md.
 * PostgreSQL comes from BENCH_DATABASE_URL (default the local server), created and dropped.
 */
import { cpus, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import { hashPassword } from '../../apps/server/src/auth/password.hash.ts';
import { DEMO_PASSWORD, loadDemo } from '../../apps/server/src/seed/demo.load.ts';
import { setPasswords } from '../../apps/server/src/store/auth.store.ts';
import { ensureCatalog } from '../../apps/server/src/store/catalog.ts';
import { CollectionStore } from '../../apps/server/src/store/collection.store.ts';
import { migrate } from '../../apps/server/src/store/migrate.ts';
import { benchArgs, benchServer, openBenchDatabase, percentileOf, writeResults } from '../results.ts';

const args = benchArgs({ clients: 50, seconds: 60, db: 'postgres', out: 'bench/load/RESULTS.md' });

interface Outcome {
  byKind: Record<string, { n: number; latencies: number[] }>;
  latencies: number[];
  errors: number;
  conflicts: number;
  firstErrors: string[];
  timeouts: number;
  socketErrors: number;
}

async function main(): Promise<void> {
  const { db, cleanup } = await openBenchDatabase(args.db, 'load');
  try {
    await migrate(db);
    const store = new CollectionStore(db);
    await ensureCatalog(store);
    const t0 = performance.now();
    await loadDemo(store);
    const loadSeconds = (performance.now() - t0) / 1000;
    const { app, url, post } = await benchServer(db);
    // one dispatch admin of site 1 per connection: its site is forced by the server, as in real use
    const ids: number[] = [];
    for (let i = 0; i < args.clients; i++) {
      const doc = {
        email: `load${i}@demo.local`,
        firstName: 'Load',
        lastName: `User ${i}`,
        role: 'dispatchadmin',
        unit: 1,
      };
      ids.push(
        (await store.insert('users', { ...doc, status: 'active', phone: '514-555-0100' }, { id: null, name: 'bench' }))
          ._id,
      );
    }
    await setPasswords(db, ids, await hashPassword(DEMO_PASSWORD));
    const tokens: string[] = [];
    for (let i = 0; i < args.clients; i++) {
      tokens.push(
        (await post({ act: 'login', email: `load${i}@demo.local`, password: DEMO_PASSWORD })).token as string,
      );
    }
    const days = (
      await db.query<{ d: string }>(`SELECT DISTINCT left("h_date", 10) AS d FROM "jobs" WHERE unit = 1 ORDER BY 1`)
    ).rows.map((r) => r.d);
    const passengers = (
      await db.query<{ _id: number }>(`SELECT _id FROM "users" WHERE unit = 1 AND "h_role" = 'passenger'`)
    ).rows.map((r) => r._id);
    const day = (i: number) => days[Math.floor((i / 4) * days.length)] as string;
    const jobsOf = (d: string) => ({
      act: 'find',
      col: 'jobs',
      query: { date: [d, d] },
      sort: { date: -1 },
      limit: 100,
      count: true,
    });
    const cycle = [
      { kind: 'reservations of a day', body: jobsOf(day(1)) },
      {
        kind: 'trips of a day',
        body: { act: 'find', col: 'trips', query: { date: [day(2), day(2)] }, limit: 100, count: true },
      },
      {
        kind: 'name search',
        body: { act: 'find', col: 'jobs', query: { lastName: { $regex: '^Ta', $options: 'i' } }, limit: 100 },
      },
      { kind: 'read-passenger' },
      { kind: 'update-passenger' },
      { kind: 'drivers list', body: { act: 'find', col: 'drivers', sort: { lastName: 1 }, limit: 100, count: true } },
      { kind: 'recent view written', body: { act: 'insert', col: 'views', data: { col: 'jobs', id: 1 } } },
      {
        kind: 'home tiles (batch)',
        body: {
          act: 'batch',
          queries: [0, 1, 2, 3].map((i) => ({ col: 'jobs', query: { date: [day(i), day(i)] }, count: 2 })),
        },
      },
      { kind: 'form choices', body: { act: 'options', resource: 'driverShifts', col: 'drivers' } },
      { kind: 'reservations of a day', body: jobsOf(day(3)) },
    ];
    const worker = new Worker(new URL('./client.mjs', import.meta.url), {
      workerData: { url, tokens, cycle, passengers, seconds: args.seconds, clients: args.clients },
    });
    const out = await new Promise<Outcome>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await app.close();
    report(out, loadSeconds, db.kind);
    if (out.errors > 0 || out.timeouts > 0 || out.socketErrors > 0)
      throw new Error(
        `${out.errors} errors, ${out.timeouts} timeouts, ${out.socketErrors} socket errors: ${out.firstErrors.join('; ')}`,
      );
  } finally {
    await cleanup();
  }
}

function report(out: Outcome, loadSeconds: number, kind: string): void {
  const ms = (xs: number[], p: number) => percentileOf(xs, p).toFixed(0);
  const total = out.latencies.length;
  const writes = (out.byKind['update-passenger']?.n ?? 0) + (out.byKind['recent view written']?.n ?? 0);
  const lines = [
    `# Load: ${args.clients} clients for ${args.seconds} s on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; the demo operator (loaded in ${loadSeconds.toFixed(0)} s), one server process, the load generator (autocannon) in a worker thread on the same cores.`,
    '',
    '| calls | per second | writes | p50 (ms) | p95 (ms) | p99 (ms) | errors | conflicts (409) |',
    '| ----- | ---------- | ------ | -------- | -------- | -------- | ------ | --------------- |',
    `| ${total} | ${(total / args.seconds).toFixed(0)} | ${((100 * writes) / total).toFixed(0)} % | ${ms(out.latencies, 50)} | ${ms(out.latencies, 95)} | ${ms(out.latencies, 99)} | ${out.errors + out.timeouts + out.socketErrors} | ${out.conflicts} |`,
    '',
    '| kind of call | calls | p50 (ms) | p95 (ms) |',
    '| ------------ | ----- | -------- | -------- |',
    ...Object.entries(out.byKind).map(
      ([k, v]) => `| ${k} | ${v.n} | ${ms(v.latencies, 50)} | ${ms(v.latencies, 95)} |`,
    ),
    '',
    'Target: 0 errors. A conflict is the optimistic lock at work (two connections updating one of the',
    "site's passengers between its read and its write): the second writer is told to reload, nothing is",
    'lost. Latencies are from the client, queueing included: 50 connections on 2 cores wait their turn.',
  ];
  writeResults(args.out, lines);
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
