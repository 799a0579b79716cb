import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 15, the crash suite: the real server (`apps/server/src/main.ts`) on an embedded database,
 * killed with SIGKILL three times while four clients write, and started again at once each time.
 * Every write the server acknowledged is there afterwards with its history, nothing else is, and
 * each restart serves within seconds (no stale lock holds it up).
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tc-crash-'));
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}/`;
const env = {
  ...process.env,
  DATA_DIR: join(dir, 'data'),
  PORT: String(port),
  HOST: '127.0.0.1',
  DEMO: '0',
  DATABASE_URL: '',
  SUPERADMIN_PASSWORD: 'Crash-test-2026',
};
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server; resolves when it serves, with how long that took. */
function start(): Promise<number> {
  const began = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env });
  server = child;
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      if (output.includes('Transport Console on')) resolve(Date.now() - began);
    });
    child.stderr?.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

async function call(body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

async function login(): Promise<string> {
  const r = await call({ act: 'login', email: 'owner@crash.local', password: env.SUPERADMIN_PASSWORD });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('kill -9 during writes', () => {
  it('loses no acknowledged write in three rounds, and the server is up again at once', async () => {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/create-superadmin.ts', 'owner@crash.local'],
      { cwd: root, env },
    );
    const acknowledged: number[] = [];
    const failures: string[] = [];
    const startTimes: number[] = [];
    for (let round = 0; round < 3; round++) {
      startTimes.push(await start());
      const token = await login();
      let writing = true;
      const writer = async (w: number) => {
        for (let i = 0; writing; i++) {
          try {
            const r = await call({
              act: 'insert',
              col: 'locations',
              token,
              data: { unit: 1, name: `R${round}-W${w}-${i}`, address: 'Crash street', lat: 45.5, lon: -73.56 },
            });
            if (r.status === 200) acknowledged.push(r.body._id as number);
            else throw new Error(JSON.stringify(r.body));
          } catch (err) {
            // a refused write is a failure; a call cut by the kill is not acknowledged, nothing more
            if (writing) failures.push(String(err));
            return;
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      await new Promise((r) => setTimeout(r, 1500));
      // the kill lands while writes are on their way
      writing = false;
      server?.kill('SIGKILL');
      await Promise.allSettled(writers);
      const killed = server as ChildProcess;
      if (killed.exitCode === null && killed.signalCode === null) await new Promise((r) => killed.once('exit', r));
    }
    startTimes.push(await start());
    const token = await login();
    const found = await call({ act: 'find', col: 'locations', token, limit: 0, count: true });
    const all = await call({ act: 'export', col: 'locations', token });
    const ids = new Set((all.body.data as { _id: number }[]).map((d) => d._id));
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(30);
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    // at most the writes in flight at each kill (four writers) were done and not acknowledged
    expect((found.body.count as number) - acknowledged.length).toBeLessThanOrEqual(3 * 4);
    const history = await call({
      act: 'find',
      col: 'history',
      token,
      query: { collection: 'locations', operation: 'insert' },
      limit: 0,
      count: true,
    });
    expect(history.body.count).toBe(found.body.count);
    // each start serves in seconds, the restarts after a kill too (no 15 s wait on a dead server's lock)
    expect(Math.max(...startTimes)).toBeLessThan(12_000);
    server?.kill('SIGTERM');
  }, 120_000);
});
