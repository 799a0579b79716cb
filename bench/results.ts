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
