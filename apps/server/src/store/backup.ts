import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DataDirBusy, lockDataDir } from './dataDirLock.ts';
import { type Database, openPglite } from './db.ts';

/**
 * Backups of the embedded database (docs/operations.md). A running server takes backup requests
 * on a Unix socket beside its data directory, readable by the directory's owner only: whoever may
 * copy the files may back them up, nobody else, and no password travels. With no server running,
 * the command opens the directory itself, under its lock.
 */
export const backupSocket = (dataDir: string) => resolve(`${dataDir.replace(/\/+$/, '')}.sock`);

/** Serves `GET /backup` (the database's tarball) on the data directory's socket while the server runs. */
export async function serveBackups(db: Database, dataDir: string): Promise<() => Promise<void>> {
  const dump = db.dump?.bind(db);
  if (!dump) throw new Error('only the embedded database is backed up by the server');
  const path = backupSocket(dataDir);
  // the data directory's lock is this server's: a socket left beside it was a dead server's
  rmSync(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dump()
      .then(async (blob) => {
        res.writeHead(200, { 'content-type': 'application/gzip' }).end(Buffer.from(await blob.arrayBuffer()));
      })
      .catch((err: unknown) => res.writeHead(500).end((err as Error).message));
  });
  await new Promise<void>((ok, fail) => server.once('error', fail).listen(path, ok));
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((ok) => {
      server.close(() => ok());
      rmSync(path, { force: true });
    });
}

/** The running server's backup, or undefined when no server answers on the directory's socket. */
function askServer(dataDir: string): Promise<Buffer | undefined> {
  const socketPath = backupSocket(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((ok, fail) => {
    const req = request({ socketPath, path: '/backup', method: 'GET' }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        if (res.statusCode === 200) ok(body);
        else fail(new Error(`The server could not take the backup: ${body.toString() || res.statusCode}`));
      });
      res.on('error', fail);
    });
    // a socket file nobody listens on is a dead server's
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ECONNREFUSED' || err.code === 'ENOENT' ? ok(undefined) : fail(err),
    );
    req.end();
  });
}

/** Writes a whole file or none: a backup cut short never stands under the name asked for. */
function writeWhole(file: string, data: Buffer): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
}

/**
 * Backs the embedded database in `dataDir` up into `file`: through the running server (a
 * consistent image while it works), else by opening the directory under its lock.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number; live: boolean }> {
  const fromServer = await askServer(dataDir);
  if (fromServer) {
    writeWhole(file, fromServer);
    return { bytes: fromServer.length, live: true };
  }
  if (!existsSync(dataDir)) throw new Error(`There is no database in ${dataDir}.`);
  const release = await lockDataDir(dataDir);
  try {
    const db = await openPglite(dataDir);
    try {
      const blob = await db.dump?.();
      const data = Buffer.from(await (blob as Blob).arrayBuffer());
      writeWhole(file, data);
      return { bytes: data.length, live: false };
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
}

/** Is this a tarball of a database directory, as `dump` writes (read before anything is moved)? */
function isDump(data: Buffer): boolean {
  try {
    return gunzipSync(data).includes('PG_VERSION');
  } catch {
    return false;
  }
}

/**
 * Restores `file` into `dataDir` with no server running on it (a live one is refused). The
 * database there is kept aside (`<dataDir>.before-restore-<time>`), and put back if the backup
 * does not open as a database of this console.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<{ aside?: string }> {
  const data = readFileSync(file);
  if (!isDump(data)) throw new Error(`${file} is not a backup of this console; nothing was changed.`);
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirBusy) throw new Error(`A server is using ${dataDir}: stop it before restoring.`);
    throw err;
  }
  try {
    const aside = readdirSync(dataDir).length > 0 ? `${dataDir}.before-restore-${Date.now()}` : undefined;
    if (aside) renameSync(dataDir, aside);
    try {
      const db = await openPglite(dataDir, new Blob([data]));
      try {
        await db.query('SELECT count(*) FROM schema_migrations');
      } finally {
        await db.close();
      }
    } catch (err) {
      rmSync(dataDir, { recursive: true, force: true });
      if (aside) renameSync(aside, dataDir);
      throw new Error(`${file} is not a backup of this console (${(err as Error).message}); nothing was changed.`);
    }
    return { aside };
  } finally {
    await release();
  }
}
