import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import type { Config } from '../apps/server/src/config.ts';
import { type Database, openPglite } from '../apps/server/src/store/db.ts';
import { testConfig } from '../apps/server/src/test/config.ts';
import { scratchPostgres } from '../apps/server/src/test/fresh-db.ts';

/**
 * Writes a benchmark's RESULTS.md formatted as the repository's formatter leaves it (tables
 * aligned): running a benchmark never leaves a file the lint would change.
 */
export function writeResults(path: string, lines: readonly string[]): void {
  writeFileSync(path, `${lines.join('\n').trimEnd()}\n`);
  const r = spawnSync('npx', ['biome', 'format', '--write', path], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`could not format ${path}`);
}

/**
 * A benchmark's options from `--name value` arguments over its defaults: numbers stay numbers,
 * `--db` is postgres or pglite. An unknown option stops the run.
 */
export function benchArgs<T extends { db: string } & Record<string, string | number>>(defaults: T): T {
  const args: Record<string, string | number> = { ...defaults };
  for (let i = 2; i < process.argv.length; i += 2) {
    const key = process.argv[i]?.replace(/^--/, '') ?? '';
    const value = process.argv[i + 1];
    if (!(key in args) || value === undefined) throw new Error(`unknown option ${process.argv[i]}`);
    args[key] = typeof defaults[key] === 'number' ? Number(value) : value;
  }
  if (args.db !== 'postgres' && args.db !== 'pglite') throw new Error('--db is postgres or pglite');
  return args as T;
}

/** The p-th percentile of sorted samples. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** The p-th percentile of samples in any order (a sorted copy; the samples stay as they are). */
export const percentileOf = (samples: number[], p: number) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    p,
  );

/**
 * A server on `db` listening on a free local port (keys of its own: a bench leaves no key file
 * behind), its address, and a protocol call that throws on any answer but 200.
 */
export async function benchServer(db: Database, config: Partial<Config> = {}) {
  const { app, services } = await buildApp({ db, config: testConfig(config) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/`;
  const post = async (body: unknown) => {
    const r = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  return { app, services, url, post };
}

/**
 * A fresh database for a benchmark: a new database on the PostgreSQL server of BENCH_DATABASE_URL
 * (default the local one), or an embedded one in a temporary folder; `cleanup` drops it.
 */
export async function openBenchDatabase(
  kind: string,
  name: string,
): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
    const db = await openPglite(dir);
    const cleanup = async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    };
    return { db, cleanup };
  }
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { db, drop } = await scratchPostgres(base, `tc_${name}`);
  return { db, cleanup: drop };
}
