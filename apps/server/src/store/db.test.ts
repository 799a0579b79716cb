import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/fresh-db.ts';
import { type Database, openPostgres } from './db.ts';
import { requestSignal } from './request.context.ts';

/** PostgreSQL only: PGlite runs one statement at a time in this process and cannot interrupt one. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop; // closes the fresh database's own pool, then drops it
    db = await openPostgres(fresh.url as string, 300);
  });
  afterAll(async () => {
    await db.close();
    await drop();
  });

  it('stops a statement at its time limit', async () => {
    const started = Date.now();
    await expect(db.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('lifts the limit for work that asks (migrations, bulk loads)', async () => {
    await expect(db.tx((q) => q.query('SET LOCAL statement_timeout = 0; SELECT pg_sleep(0.5)'))).resolves.toBeDefined();
  });

  it('cancels the statement of a request whose client left', async () => {
    const abort = new AbortController();
    const started = Date.now();
    const running = requestSignal.run(abort.signal, () => db.query('SET statement_timeout = 0; SELECT pg_sleep(10)'));
    setTimeout(() => abort.abort(), 200);
    await expect(running).rejects.toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
