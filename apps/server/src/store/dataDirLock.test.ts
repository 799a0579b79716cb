import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusy, lockDataDir } from './dataDirLock.ts';

const base = mkdtempSync(join(tmpdir(), 'data-lock-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
});

/** A server process holding `dir`, as main.ts takes it; resolves once it holds it. */
async function holder(dir: string): Promise<ChildProcess> {
  const module = new URL('./dataDirLock.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { lockDataDir } from ${JSON.stringify(module)}; await lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited ${code}`)));
  });
  return child;
}

describe('the data directory lock', () => {
  it('refuses a second server while the first runs, and takes a dead server’s lock over at once', async () => {
    const dir = join(base, 'a');
    const first = await holder(dir);
    expect(readFileSync(`${dir}.owner`, 'utf8')).toBe(String(first.pid));
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirBusy);
    // kill -9: no release, the lock stays behind, fresh
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect(existsSync(`${dir}.lock`)).toBe(true);
    const started = Date.now();
    const release = await lockDataDir(dir);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(readFileSync(`${dir}.owner`, 'utf8')).toBe(String(process.pid));
    await release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(existsSync(`${dir}.owner`)).toBe(false);
  }, 30_000);

  it('refuses a fresh lock that names no owner (a server still starting)', async () => {
    const dir = join(base, 'b');
    const release = await lockDataDir(dir);
    rmSync(`${dir}.owner`);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirBusy);
    await release();
  });
});
