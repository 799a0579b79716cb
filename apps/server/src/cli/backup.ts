import { readConfig } from '../config.ts';
import { backupDataDir, restoreDataDir } from '../store/backup.ts';

/**
 * npm run backup -- <file>    a consistent backup of the embedded database, while the server runs or not
 * npm run restore -- <file>   puts a backup back, with the server stopped (docs/operations.md)
 * On PostgreSQL (DATABASE_URL) pg_dump and pg_restore do both.
 */
async function main(): Promise<void> {
  const [mode, file] = process.argv.slice(2);
  if ((mode !== 'backup' && mode !== 'restore') || !file)
    throw new Error(`Usage: npm run ${mode ?? 'backup'} -- <file>`);
  const config = readConfig();
  if (config.databaseUrl) {
    throw new Error(
      mode === 'backup'
        ? 'The database is a PostgreSQL server: back it up with pg_dump --format=custom (docs/operations.md).'
        : 'The database is a PostgreSQL server: restore it with pg_restore (docs/operations.md).',
    );
  }
  if (mode === 'backup') {
    const { bytes, live } = await backupDataDir(config.dataDir, file);
    console.log(
      `Backed up ${config.dataDir} to ${file} (${(bytes / 1e6).toFixed(1)} MB${live ? ', from the running server' : ''}).`,
    );
  } else {
    const { aside } = await restoreDataDir(config.dataDir, file);
    console.log(`Restored ${file} into ${config.dataDir}.${aside ? ` The database it replaced is in ${aside}.` : ''}`);
  }
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  process.exit(1);
});
