/**
 * npm run bench:live [-- --drivers 2000] [--consoles 20] [--seconds 60] [--mapSeconds 60] [--db postgres|pglite]
 *
 * The live map under a city's fleet: --drivers drivers each sending its position every second for
 * --seconds to one server (autocannon in a worker thread, one token per driver), while --consoles
 * consoles of the site listen on /socket and one Chromium shows the live map. Reports what the
 * phones sent and the server kept, what each console heard (none lost, none out of order per
 * driver), the fan-out delay (a position's time on the phone to its arrival at a console), and the
 * live map's main-thread time each second (in tasks, Chrome's TaskDuration, and its CPU time,
 * ThreadTime), into bench/live/RESULTS.md.
 * Targets: p95 delay ≤ 500 ms; ≤ 16 ms a second p95. A run of 120 s or more also reports each minute.
 *
 * To see where the map's time goes: BENCH_TRACE=FILE writes a Chrome trace of the flood (open it in
 * DevTools' Performance panel), BENCH_JS_FLAGS passes V8 flags to Chromium (`--trace-gc --trace-gc-nvp`
 * with DEBUG=pw:browser prints each collection and its reason). Each second's figures go to stderr.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { chromium } from '@playwright/test';
import { positionsOfFrame, readFrame } from '@tc/domain';
import WebSocket from 'ws';
import { hashPassword } from '../../apps/server/src/auth/password.hash.ts';
import { createSession, setPasswords } from '../../apps/server/src/store/auth.store.ts';
import { ensureCatalog } from '../../apps/server/src/store/catalog.ts';
import { CollectionStore } from '../../apps/server/src/store/collection.store.ts';
import type { Database } from '../../apps/server/src/store/db.ts';
import { migrate } from '../../apps/server/src/store/migrate.ts';
import { POSITIONS_CHANNEL } from '../../apps/server/src/store/positions.store.ts';
import { benchArgs, benchServer, openBenchDatabase, percentileOf, writeResults } from '../results.ts';

const args = benchArgs({
  drivers: 2000,
  consoles: 20,
  seconds: 60,
  browser: 1,
  mapSeconds: 60,
  db: 'postgres',
  out: 'bench/live/RESULTS.md',
});
const WEB = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const PASSWORD = 'Bench-Live-1';

interface Phones {
  stored: number;
  refused: number;
  errors: number;
  firstErrors: string[];
  latencies: number[];
  timeouts: number;
}

async function main(): Promise<void> {
  const { db, cleanup } = await openBenchDatabase(args.db, 'live');
  try {
    await migrate(db);
    const store = new CollectionStore(db);
    await ensureCatalog(store);
    const actor = { id: null, name: 'bench' };
    const unit = (await store.insert('units', { name: 'Bench city', type: 'Default' }, actor))._id;
    await store.insert('settings', { name: 'add-on modules', value: '500', type: 'String' }, actor);
    // the maps open on the fleet (the phones' positions: drivers.mjs)
    await store.insert('settings', { name: 'map center', value: '45.52, -73.64', type: 'String' }, actor);
    const drivers = await db.tx((tx) =>
      store.insertMany(
        'drivers',
        Array.from({ length: args.drivers }, (_, i) => ({
          unit,
          firstName: 'Bench',
          lastName: `Driver ${i + 1}`,
          driverStatus: 'online',
        })),
        actor,
        { unit },
        tx,
      ),
    );
    const person = (role: string, i: number, more: Record<string, unknown> = {}) => ({
      email: `${role}${i}@bench.local`,
      firstName: role,
      lastName: String(i),
      phone: '514-555-0100',
      role,
      unit,
      status: 'active',
      ...more,
    });
    const driverUsers = await db.tx((tx) =>
      store.insertMany(
        'users',
        drivers.map((d, i) => person('driver', i, { driver: d })),
        actor,
        { unit },
        tx,
      ),
    );
    const consoleUsers = await db.tx((tx) =>
      store.insertMany(
        'users',
        Array.from({ length: args.consoles }, (_, i) => person('dispatchadmin', i)),
        actor,
        { unit },
        tx,
      ),
    );
    await setPasswords(db, consoleUsers.slice(0, 1), await hashPassword(PASSWORD));
    const web = args.browser === 1 && existsSync(`${WEB}/index.html`);
    const { app, services, url } = await benchServer(db, web ? { webDist: WEB } : {});
    const tokenOf = async (userId: number) =>
      services.tokens.sign({ userId, sessionId: await createSession(db, userId, 12) });
    const driverTokens: string[] = [];
    for (const id of driverUsers) driverTokens.push(await tokenOf(id));
    const consoleTokens: string[] = [];
    for (const id of consoleUsers) consoleTokens.push(await tokenOf(id));

    // the consoles: every position heard, its delay, and whether a driver's came out of order
    const delays: number[] = [];
    let heard = 0;
    let outOfOrder = 0;
    const lastSeen = consoleTokens.map(() => new Map<number, number>());
    const sockets = await Promise.all(
      consoleTokens.map(
        (token, c) =>
          new Promise<WebSocket>((resolve, reject) => {
            const ws = new WebSocket(`${url.replace('http', 'ws')}socket?token=${encodeURIComponent(token)}`);
            ws.on('message', (m, binary) => {
              // positions come as binary frames, everything else as JSON text
              if (!binary) {
                if ((JSON.parse(String(m)) as { type: string }).type === 'hello') resolve(ws);
                return;
              }
              const now = Date.now();
              for (const p of positionsOfFrame(readFrame(m as Buffer))) {
                heard++;
                delays.push(now - p.time);
                const seen = lastSeen[c] as Map<number, number>;
                if ((seen.get(p.driver) ?? 0) >= p.time) outOfOrder++;
                seen.set(p.driver, p.time);
              }
            });
            ws.on('error', reject);
          }),
      ),
    );

    const worker = new Worker(new URL('./drivers.mjs', import.meta.url), {
      workerData: { url, tokens: driverTokens, seconds: args.seconds, connections: 64 },
    });
    const phones = await new Promise<Phones>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    // the last second's positions reach the consoles
    await new Promise((r) => setTimeout(r, 2500));
    for (const ws of sockets) ws.close();
    const browser = web ? await liveMapCost(url, unit, db) : undefined;
    await app.close();
    report(phones, { heard, outOfOrder, delays }, browser, db.kind);
    if (phones.errors > 0 || outOfOrder > 0) throw new Error(`${phones.errors} errors, ${outOfOrder} out of order`);
  } finally {
    await cleanup();
  }
}

/** Per second: the live map's main-thread time in tasks (wall) and its CPU time. */
type Busy = { task: number[]; cpu: number[] };

/**
 * The live map's cost in Chromium: a console on /livemap while every driver's position comes once a
 * second (announced straight into the server's fan-out, as kept positions are, so the server does
 * little else); Chrome's main-thread time (TaskDuration: wall time in every task, socket, React,
 * Leaflet, the frame posted to the vehicles' canvas worker; ThreadTime: its CPU time) each second,
 * at rest first, then while the positions come.
 */
async function liveMapCost(url: string, unit: number, db: Database) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', ...(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [])],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${url}admin/login`);
    await page.getByLabel('Email', { exact: true }).fill('dispatchadmin0@bench.local');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto(`${url}admin/livemap`);
    await page.getByRole('region', { name: 'Map: Live Map' }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    // TaskDuration: wall time in the main thread's tasks (a task the OS pauses, as the server and the
    // consoles share these two cores, counts the pause); ThreadTime: the main thread's own CPU time
    const metrics = async () => {
      const all = (await cdp.send('Performance.getMetrics')).metrics;
      const ms = (name: string) => 1000 * (all.find((m) => m.name === name)?.value ?? 0);
      return { task: ms('TaskDuration'), cpu: ms('ThreadTime') };
    };
    const sample = async (seconds: number, each?: (k: number) => Promise<void>) => {
      const out: Busy = { task: [], cpu: [] };
      let last = await metrics();
      for (let k = 0; k < seconds; k++) {
        const start = Date.now();
        await each?.(k);
        await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - start))));
        const now = await metrics();
        out.task.push(now.task - last.task);
        out.cpu.push(now.cpu - last.cpu);
        last = now;
      }
      return out;
    };
    await new Promise((r) => setTimeout(r, 3000));
    const atRest = await sample(5);
    const seconds = args.mapSeconds + 2;
    const tracing = process.env.BENCH_TRACE;
    const traceEvents: unknown[] = [];
    if (tracing) {
      cdp.on('Tracing.dataCollected', (e) => traceEvents.push(...e.value));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8',
            'v8.execute',
            'blink',
            'cc',
            'gpu',
            'toplevel',
            'disabled-by-default-v8.cpu_profiler',
          ],
        },
      });
    }
    const busy = await sample(seconds, async (k) => {
      const time = Date.now();
      await db.query(
        `SELECT pg_notify($1, json_build_object('driver', p.driver, 'unit', $2::int, 'lat', p.lat + $3::float8 * 0.0002,
           'lon', p.lon, 'heading', 90, 'speed', 10, 'accuracy', 8, 'time', $4::bigint, 'trip', null,
           'suppliers', '[]'::json)::text)
         FROM driver_positions p WHERE p.unit = $2`,
        [POSITIONS_CHANNEL, unit, k, time],
      );
    });
    if (tracing) {
      const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await done;
      writeFileSync(tracing, JSON.stringify({ traceEvents }));
    }
    const shown = Number(await page.getByRole('region', { name: 'Map: Live Map' }).getAttribute('data-clusters'));
    return { atRest, busy: { task: busy.task.slice(2), cpu: busy.cpu.slice(2) }, clusters: shown };
  } finally {
    await browser.close();
  }
}

/** A run longer than two minutes: the live map's figures minute by minute (the target is per 60 s). */
function perMinute(busy: Busy, ms: (xs: number[], p: number) => string, over: (xs: number[]) => number): string {
  const minutes = Array.from({ length: Math.floor(busy.task.length / 60) }, (_, m) => {
    const task = busy.task.slice(60 * m, 60 * m + 60);
    const cpu = busy.cpu.slice(60 * m, 60 * m + 60);
    return `minute ${m + 1}: tasks p95 ${ms(task, 95)} ms (${over(task)} s over 16 ms), CPU p95 ${ms(cpu, 95)} ms (${over(cpu)} s over)`;
  });
  return `Live map, minute by minute: ${minutes.join('; ')}.`;
}

function report(
  phones: Phones,
  consoles: { heard: number; outOfOrder: number; delays: number[] },
  browser: { atRest: Busy; busy: Busy; clusters: number } | undefined,
  kind: string,
): void {
  const ms = (xs: number[], p: number) => percentileOf(xs, p).toFixed(0);
  const over = (xs: number[]) => xs.filter((x) => x > 16).length;
  const sent = phones.stored + phones.refused + phones.errors;
  const expected = phones.stored * args.consoles;
  const lines = [
    `# Live: ${args.drivers} drivers, a position a second each for ${args.seconds} s, ${args.consoles} consoles, on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}: one server process; the phones (autocannon, one token per driver) in a worker thread, the consoles' sockets and Chromium on the same cores.`,
    '',
    '| positions sent | per second | kept | not kept (too soon) | errors | answer p50 (ms) | answer p95 (ms) |',
    '| -------------- | ---------- | ---- | ------------------- | ------ | --------------- | --------------- |',
    `| ${sent} | ${(sent / args.seconds).toFixed(0)} | ${phones.stored} | ${phones.refused} | ${phones.errors + phones.timeouts} | ${ms(phones.latencies, 50)} | ${ms(phones.latencies, 95)} |`,
    '',
    '| heard by the consoles | of kept × consoles | out of order | fan-out delay p50 (ms) | p95 (ms) | p99 (ms) |',
    '| --------------------- | ------------------ | ------------ | ---------------------- | -------- | -------- |',
    `| ${consoles.heard} | ${((100 * consoles.heard) / Math.max(1, expected)).toFixed(1)} % | ${consoles.outOfOrder} | ${ms(consoles.delays, 50)} | ${ms(consoles.delays, 95)} | ${ms(consoles.delays, 99)} |`,
    '',
    browser
      ? `Live map in Chromium, ${args.drivers} positions a second (every driver's, through the server's fan-out; ${browser.clusters} clusters drawn at zoom 10), over ${browser.busy.task.length} s: main-thread time per second in tasks (every task of the page's main thread: socket frames, React, Leaflet, the frame for the canvas's worker; Chrome's TaskDuration, wall time) p50 ${ms(browser.busy.task, 50)} ms, p95 ${ms(browser.busy.task, 95)} ms, max ${ms(browser.busy.task, 100)} ms (${over(browser.busy.task)} of ${browser.busy.task.length} s over 16 ms); the main thread's CPU time per second (Chrome's ThreadTime) p50 ${ms(browser.busy.cpu, 50)} ms, p95 ${ms(browser.busy.cpu, 95)} ms, max ${ms(browser.busy.cpu, 100)} ms (${over(browser.busy.cpu)} s over 16 ms); at rest before: p50 ${ms(browser.atRest.task, 50)} ms in tasks, ${ms(browser.atRest.cpu, 50)} ms CPU.`
      : 'Live map in Chromium: not measured (build the console first: npm run build; or --browser 0).',
    '',
    ...(browser && browser.busy.task.length >= 120 ? [perMinute(browser.busy, ms, over), ''] : []),
    'Targets: fan-out delay p95 ≤ 500 ms; ≤ 16 ms of main-thread time per second p95. A console hears',
    "fewer positions than were kept when two of a driver's came within one second: the newer replaces the",
    'older (at most one per driver a second, docs/live.md); none is heard out of order.',
  ];
  writeResults(args.out, lines);
  console.log(lines.join('\n'));
  // each second's figures, to see where the seconds over 16 ms fall
  if (browser)
    console.error(
      `map ms per second (tasks / CPU): ${browser.busy.task.map((t, i) => `${t.toFixed(0)}/${(browser.busy.cpu[i] ?? 0).toFixed(0)}`).join(' ')}`,
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
