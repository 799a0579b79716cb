import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

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
