import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../store/db.ts';
import { migrate } from '../store/migrate.ts';

/**
 * A new, empty database `<prefix>_<unique>` on the PostgreSQL server of `serverUrl`, its address,
 * and `drop`, which closes it and drops it (tests and benchmarks).
 */
export async function scratchPostgres(
  serverUrl: string,
  prefix: string,
): Promise<{ db: Database; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  return {
    db,
    url: target.toString(),
    drop: async () => {
      await db.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is
 * set, a new database created on that PostgreSQL server and dropped afterwards.
 */
export async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite();
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const scratch = await scratchPostgres(url, 'tc_test');
  await migrate(scratch.db);
  return scratch;
}
