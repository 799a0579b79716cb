import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { requestSignal } from './request.context.ts';

/** Anything that runs a parameterised statement: the database or a transaction on it. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The one database interface the store uses, on embedded PGlite or a PostgreSQL server. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs several statements (migrations). */
  exec(sql: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /**
   * The embedded database's files as a gzipped tarball (store/backup.ts), taken between two
   * statements after a checkpoint; a server database has none (pg_dump backs it up).
   */
  dump?(): Promise<Blob>;
}

/**
 * Embedded PGlite persisted in `dataDir` (in memory when undefined); `load`, a tarball of `dump`,
 * fills an empty `dataDir` first (a restore).
 */
export async function openPglite(dataDir?: string, load?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(load ? { loadDataDir: load } : {}) });
  return {
    kind: 'pglite',
    query: (sql, params) => db.query(sql, params),
    tx: (fn) => db.transaction((t) => fn({ query: (sql, params) => t.query(sql, params) })),
    exec: async (sql) => {
      await db.exec(sql);
    },
    listen: async (channel, onPayload) => {
      const stop = await db.listen(channel, onPayload);
      return async () => stop();
    },
    close: () => db.close(),
    dump: async () => {
      // the dump waits for the running statement and holds off the next; after a checkpoint it
      // is a clean image, and a transaction caught half way is rolled back when it is opened
      await db.query('CHECKPOINT');
      return db.dumpDataDir('gzip');
    },
  };
}

// Counts and ids come back as numbers, not strings: our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Runs a statement on `client`; when the request it serves is abandoned, the server cancels it. */
async function cancellable(url: string, client: pg.PoolClient, sql: string, params?: unknown[]) {
  const signal = requestSignal.getStore();
  if (!signal) return client.query(sql, params);
  signal.throwIfAborted();
  // a cancel comes over a connection of its own: the pool may be full of the very statements to stop
  let cancelling: Promise<unknown> | undefined;
  const cancel = () => {
    const c = new pg.Client({ connectionString: url });
    const pid = (client as unknown as { processID: number }).processID;
    cancelling = c
      .connect()
      .then(() => c.query('SELECT pg_cancel_backend($1)', [pid]))
      .catch(() => undefined)
      .finally(() => c.end().catch(() => undefined));
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await client.query(sql, params);
  } finally {
    signal.removeEventListener('abort', cancel);
    // the connection goes back to the pool only once a cancel aimed at it is over
    await cancelling;
  }
}

/**
 * A PostgreSQL server through a connection pool. Every statement has `statementTimeoutMs` (0: none);
 * long work that must go on (migrations, bulk loads) lifts it with SET LOCAL in its transaction.
 */
export async function openPostgres(url: string, statementTimeoutMs = 0): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.PG_POOL_SIZE ?? 10),
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle connection that the server ends (restart, DROP DATABASE ... FORCE) must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const probe = await pool.query('SELECT 1');
  if (probe.rowCount !== 1) throw new Error(`cannot reach ${url}`);
  return {
    kind: 'postgres',
    query: async (sql, params) => {
      if (!requestSignal.getStore()) return { rows: (await pool.query(sql, params as unknown[])).rows };
      const client = await pool.connect();
      try {
        return { rows: (await cancellable(url, client, sql, params as unknown[])).rows };
      } finally {
        client.release();
      }
    },
    tx: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn({
          query: async (sql, params) => ({ rows: (await cancellable(url, client, sql, params as unknown[])).rows }),
        });
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    listen: async (channel, onPayload) => {
      const client = await pool.connect();
      client.on('error', (err) => console.error(`PostgreSQL listener lost: ${err.message}`));
      client.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        client.release(true); // a listening connection is not given back to the pool
      };
    },
    close: () => pool.end(),
  };
}
