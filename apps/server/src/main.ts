import { extendSeries } from './acts/jobs/booking.ts';
import { RoutingScheduler } from './acts/trips/scheduler.ts';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { startLateSweep } from './live/lateSweep.ts';
import { runSimulation } from './live/simulate.ts';
import { bookDemoReservations } from './seed/demo.bookings.ts';
import { DEMO_PASSWORD, loadDemo } from './seed/demo.load.ts';
import { isEmpty } from './store/auth.store.ts';
import { serveBackups } from './store/backup.ts';
import { ensureCatalog } from './store/catalog.ts';
import { CollectionStore } from './store/collection.store.ts';
import { DataDirBusy, lockDataDir } from './store/dataDirLock.ts';
import { type Database, openPglite, openPostgres } from './store/db.ts';
import { migrate } from './store/migrate.ts';

const config = readConfig();

/** The embedded database's directory, this server's alone (store/dataDirLock.ts). */
async function lockDir(dir: string): Promise<() => Promise<void>> {
  try {
    return await lockDataDir(dir);
  } catch (err) {
    if (!(err instanceof DataDirBusy)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  const release = config.databaseUrl ? undefined : await lockDir(config.dataDir);
  const db: Database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.statementTimeoutMs)
    : await openPglite(config.dataDir);
  await migrate(db);
  const store = new CollectionStore(db);
  await ensureCatalog(store);
  let demoLoaded = false;
  if (await isEmpty(db)) {
    if (config.demo) {
      console.log('Empty database: loading the demo operator...');
      const { logins } = await loadDemo(store);
      demoLoaded = true;
      const shown = logins.filter((l) => l.endsWith('@demo.local'));
      shown.push(`and ${logins.length - shown.length} drivers of site 1, each with the email of its drivers record`);
      console.log(`Demo logins (password ${DEMO_PASSWORD}):\n  ${shown.join('\n  ')}`);
    } else {
      console.log('Empty database. Create the first superadmin: npm run create-superadmin -- <email>');
    }
  }
  const { app, services } = await buildApp({ db, config, logLevel: process.env.LOG === '1' ? 'info' : 'error' });
  // the demo's round trips, series and card payments are booked as an agent books them
  if (demoLoaded) await bookDemoReservations(app);
  await app.listen({ port: config.port, host: config.host });
  // npm run backup asks the running server for a consistent image of the embedded database
  const stopBackups = db.kind === 'pglite' ? await serveBackups(db, config.dataDir) : undefined;
  // repeating reservations stay booked 90 days ahead as days pass
  const extend = () =>
    extendSeries(services).catch((err: unknown) => app.log.error({ err }, 'extending reservation series'));
  void extend();
  const extender = setInterval(extend, SERIES_EXTEND_MS);
  extender.unref();
  // running trips whose ETA passes a stop's time window are flagged late (predictive ETA add-on)
  const stopSweep = startLateSweep(services, (err) => app.log.error({ err }, 'late sweep'));
  // sites with the routing scheduler add-on route themselves on their schedules (a run missed while down runs now)
  const scheduler = new RoutingScheduler(services, Date.now, (err) => app.log.error({ err }, 'routing scheduler'));
  await scheduler.start();
  // SIMULATE=1: the demo's drivers drive their trips (npm run simulate, in the same process)
  const simulation = new AbortController();
  if (process.env.SIMULATE === '1')
    void runSimulation({
      url: `http://127.0.0.1:${config.port}`,
      speed: Number(process.env.SIM_SPEED) || 10,
      signal: simulation.signal,
      log: (line) => app.log.info(line),
    }).catch((err: unknown) => console.error(`simulation stopped: ${(err as Error).message}`));
  console.log(
    `Transport Console on http://localhost:${config.port}/admin/ (${db.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  );

  const stop = async () => {
    simulation.abort();
    clearInterval(extender);
    stopSweep();
    await scheduler.stop();
    await stopBackups?.();
    await app.close();
    await db.close();
    await release?.();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** How often open series are booked further. */
const SERIES_EXTEND_MS = 60 * 60 * 1000;

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
