import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { serveBackups } from './backup.ts';
import { CollectionStore } from './collection.store.ts';
import { lockDataDir } from './dataDirLock.ts';
import { openPglite } from './db.ts';
import { migrate } from './migrate.ts';

/**
 * Issue 15, backups: `npm run backup` taken from another process while four writers insert,
 * then `npm run restore` into a new directory, holds every write acknowledged before the backup
 * began, each with its history. Embedded database only (PostgreSQL has pg_dump).
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);
const dirs = mkdtempSync(join(tmpdir(), 'tc-backup-'));
afterAll(() => rmSync(dirs, { recursive: true, force: true }));

/** One of the two commands, as an operator runs it, on `dataDir`. */
function command(mode: 'backup' | 'restore', dataDir: string, file: string) {
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/backup.ts', mode, file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: err.code ?? 1,
      out: `${err.stdout ?? ''}${err.stderr ?? ''}`,
    }),
  );
}

describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  it('restores every write acknowledged before a backup taken under writes, with its history', async () => {
    const dataDir = join(dirs, 'data');
    const file = join(dirs, 'backup.tgz');
    // the server: its directory locked, its database open, backups served
    const release = await lockDataDir(dataDir);
    const db = await openPglite(dataDir);
    await migrate(db);
    const store = new CollectionStore(db);
    const stopBackups = await serveBackups(db, dataDir);
    const acknowledged: number[] = [];
    let writing = true;
    const writer = async (w: number) => {
      for (let i = 0; writing; i++) {
        const r = await store.insert(
          'locations',
          { unit: 1, name: `W${w}-${i}`, address: 'x' },
          { id: null, name: 'w' },
        );
        acknowledged.push(r._id);
        // embedded statements settle without leaving the microtask queue: a writer lets the
        // event loop turn between writes, as requests arriving over the network do
        await new Promise((r) => setImmediate(r));
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await new Promise((r) => setTimeout(r, 300));
    const before = [...acknowledged];
    const backup = await command('backup', dataDir, file);
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('from the running server');
    await new Promise((r) => setTimeout(r, 100));
    writing = false;
    await Promise.all(writers);
    expect(before.length).toBeGreaterThan(10);
    expect(acknowledged.length).toBeGreaterThan(before.length);

    // a restore over a directory in use is refused, and changes nothing
    const refused = await command('restore', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('stop it before restoring');
    expect(await store.count('locations', {})).toBe(acknowledged.length);
    await stopBackups();
    await db.close();
    await release();

    const restoredDir = join(dirs, 'restored');
    const restore = await command('restore', restoredDir, file);
    expect(restore.code, restore.out).toBe(0);
    const restored = await openPglite(restoredDir);
    try {
      const ids = (await restored.query<{ _id: number }>('SELECT _id FROM "locations"')).rows.map((r) => r._id);
      const present = new Set(ids);
      expect(before.filter((id) => !present.has(id))).toEqual([]);
      // nothing but acknowledged writes, and each with its history, as one transaction wrote them
      expect(ids.every((id) => acknowledged.includes(id))).toBe(true);
      const history = await restored.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM history WHERE collection = 'locations' AND operation = 'insert'`,
      );
      expect(history.rows[0]?.n).toBe(ids.length);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it('refuses a file that is no backup, and keeps the database it would have replaced', async () => {
    const dataDir = join(dirs, 'kept');
    const db = await openPglite(dataDir);
    await migrate(db);
    await new CollectionStore(db).insert('locations', { unit: 1, name: 'Kept', address: 'x' }, { id: null, name: 't' });
    await db.close();
    const bad = await command('restore', dataDir, join(root, 'package.json'));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('is not a backup of this console');
    const again = await openPglite(dataDir);
    expect((await again.query<{ n: number }>('SELECT count(*)::int AS n FROM "locations"')).rows[0]?.n).toBe(1);
    await again.close();
  }, 60_000);
});
