/**
 * Booking benchmark (issue 11): reservations made from shifts in one call, and fare quotes as the
 * booking form asks them.
 *
 *   npm run bench:bookings [-- --db postgres|pglite] [--riders 100] [--weeks 11] [--quotes 300]
 *
 * Targets: creating 10,000 reservations from shifts (100 riders × 11 weeks of weekdays × both ways) takes at
 * most 5 s on PostgreSQL (the whole `setshifts` call: reading the riders, holidays and keys made
 * before, validating, inserting each reservation with its history); a fare quote (`getjobfares`
 * over HTTP from a client, as the form sends it when the journey is known) p95 at most 150 ms.
 * PostgreSQL comes from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres):
 * a database is made for the run and dropped after it. A missed target exits non-zero.
 */
import { cpus, loadavg } from 'node:os';
import { buildApp } from '../../apps/server/src/app.ts';
import { DEMO_PASSWORD, loadDemo } from '../../apps/server/src/seed/demo.load.ts';
import { ensureCatalog } from '../../apps/server/src/store/catalog.ts';
import { CollectionStore } from '../../apps/server/src/store/collection.store.ts';
import { testConfig } from '../../apps/server/src/test/config.ts';
import { freshDatabase } from '../../apps/server/src/test/fresh-db.ts';
import { addDays, DEFAULT_TIME_ZONE, localDay, weekDayOf } from '../../packages/domain/src/index.ts';
import { benchArgs, percentile, writeResults } from '../results.ts';

const args = benchArgs({ db: 'postgres', riders: 100, weeks: 11, quotes: 300 });

const CREATE_TARGET_MS = 5000;
const QUOTE_P95_TARGET_MS = 150;

async function main() {
  if (args.db === 'postgres')
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  else delete process.env.TEST_DATABASE_URL;
  const { db, drop } = await freshDatabase();
  const store = new CollectionStore(db);
  const { app } = await buildApp({ db, config: testConfig() });
  try {
    await ensureCatalog(store);
    await loadDemo(store, { jobs: 2000, history: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const call = async (body: Record<string, unknown>) => {
      const r = await fetch(address, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      const answer = (await r.json()) as Record<string, unknown>;
      if (r.status !== 200) throw new Error(`${body.act}: ${r.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    const { token } = await call({ act: 'login', email: 'admin@demo.local', password: DEMO_PASSWORD });

    // the riders and the shift of the plan, on site 1 (a site with no holidays of its own)
    const system = { id: null, name: 'bench' };
    const [place] = (await store.find('locations', { query: { unit: 1 }, limit: 1, sort: { _id: 1 } })).data;
    if (!place) throw new Error('the demo has no location on site 1');
    const riders = await db.tx((tx) =>
      store.insertMany(
        'users',
        Array.from({ length: args.riders }, (_, i) => ({
          unit: 1,
          role: 'passenger',
          firstName: 'Bench',
          lastName: `Rider${i}`,
          email: `bench.rider${i}@example.com`,
          profiles: [1],
          home: { address: `${100 + i} Rue Bench, Montréal`, lat: 45.5 + i / 10_000, lon: -73.6 },
        })),
        system,
        {},
        tx,
      ),
    );
    const shift = await store.insert(
      'shifts',
      {
        unit: 1,
        name: 'Bench day',
        start: '08:00',
        end: '16:00',
        year: '2027',
        direction: 'both',
        weekDays: [1, 2, 3, 4, 5],
      },
      system,
    );
    // whole weeks from next Monday (the holidays among them are skipped)
    let from = addDays(localDay(DEFAULT_TIME_ZONE), 1);
    while (weekDayOf(from) !== 1) from = addDays(from, 1);
    const plan = {
      act: 'setshifts',
      token,
      unit: 1,
      riders: 'passengers',
      ids: riders,
      shift: shift._id,
      place: place._id,
      from,
      to: addDays(from, args.weeks * 7 - 1),
      weekDays: [1, 2, 3, 4, 5],
    };
    const preview = await call({ ...plan, preview: true });
    const t = performance.now();
    const made = await call(plan);
    const createMs = performance.now() - t;
    const stored = await store.count('jobs', { shiftKey: { $exists: true } });
    if (stored !== made.created || made.created !== preview.created)
      throw new Error('made, previewed and stored differ');
    const t2 = performance.now();
    const again = await call(plan);
    const againMs = performance.now() - t2;
    if (again.created !== 0) throw new Error('a second run made reservations again');

    // fare quotes as the booking form asks them, over HTTP
    const agent = await call({ act: 'login', email: 'agent@demo.local', password: DEMO_PASSWORD });
    const jobs = (await store.find('jobs', { query: { unit: 1, shiftKey: { $exists: false } }, limit: args.quotes }))
      .data;
    const quote = (j: Record<string, unknown>) =>
      call({
        act: 'getjobfares',
        token: agent.token,
        job: { unit: j.unit, profile: j.profile, from: j.from, to: j.to, date: j.date, passengers: { adults: 1 } },
      });
    for (const j of jobs.slice(0, 20)) await quote(j); // warm-up: the site's fare context is built once
    const times: number[] = [];
    for (const j of jobs) {
      const s = performance.now();
      await quote(j);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);

    const result = {
      db: args.db,
      made: made.created as number,
      createMs: Math.round(createMs),
      againMs: Math.round(againMs),
      quotes: times.length,
      p50: Number(percentile(times, 50).toFixed(1)),
      p95: Number(percentile(times, 95).toFixed(1)),
    };
    // the target is for 10,000 reservations: a smaller plan (options, holidays) says nothing of it
    const createOk = args.db !== 'postgres' || (result.createMs <= CREATE_TARGET_MS && result.made >= 10_000);
    const quoteOk = result.p95 <= QUOTE_P95_TARGET_MS;
    const lines = [
      `bookings bench on ${args.db}: ${args.riders} riders × ${args.weeks} weeks of weekdays × both ways`,
      `  setshifts made ${result.made} reservations in ${result.createMs} ms (target ≤ ${CREATE_TARGET_MS} ms on PostgreSQL): ${createOk ? 'PASS' : 'FAIL'}`,
      `  the same plan again: nothing made, ${result.againMs} ms`,
      `  getjobfares over HTTP, ${result.quotes} quotes: p50 ${result.p50} ms, p95 ${result.p95} ms (target ≤ ${QUOTE_P95_TARGET_MS} ms): ${quoteOk ? 'PASS' : 'FAIL'}`,
      `  ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load average ${loadavg()[0]?.toFixed(2)}, Node ${process.version}`,
    ];
    console.log(lines.join('\n'));
    if (args.db === 'postgres' && args.riders === 100 && args.weeks === 11)
      writeResults('bench/bookings/RESULTS.md', [
        '# Booking benchmark (`npm run bench:bookings`)',
        '',
        'Targets (issue 11): 10,000 reservations from shifts in at most 5 s on PostgreSQL; a fare quote',
        'as the booking form asks it p95 at most 150 ms.',
        '',
        '## Workload',
        '',
        '`bench/bookings/run.ts` on a fresh PostgreSQL database with the demo operator (2,000 reservations):',
        '',
        `- 100 passengers with a home on site 1, a shift running both ways on weekdays, and one \`setshifts\``,
        '  call over HTTP as an admin for 11 weeks of weekdays (the holidays of the period skipped: at least 10,000 made), timed from',
        '  request to answer: reading the riders, shift, place, holidays and keys made before, validating each',
        '  reservation, and inserting each with its history in one transaction. The same call again makes none.',
        '- 300 `getjobfares` quotes of demo reservations over HTTP as the agent, timed from request to',
        "  parsed answer (the form's fare table is then a few rows to render).",
        '',
        '## Results',
        '',
        `Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. ${lines.at(-1)?.trim()}.`,
        '',
        '| what | measured | target |',
        '| --- | --- | --- |',
        `| \`setshifts\`: ${result.made} reservations | ${result.createMs} ms | ≤ ${CREATE_TARGET_MS} ms |`,
        `| the same plan again (nothing made) | ${result.againMs} ms | |`,
        `| \`getjobfares\` p50 / p95 (${result.quotes} quotes) | ${result.p50} / ${result.p95} ms | p95 ≤ ${QUOTE_P95_TARGET_MS} ms |`,
        '',
        `**${createOk && quoteOk ? 'Targets met' : 'Target missed'}.**`,
      ]);
    if (!createOk || !quoteOk) process.exitCode = 1;
  } finally {
    await app.close();
    await drop();
  }
}

await main();
