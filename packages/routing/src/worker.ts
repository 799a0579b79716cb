import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Problem } from './problem.ts';
import type { Improvement, SolveOptions, SolveResult } from './solve.ts';

export interface WorkerSolveOptions extends Omit<SolveOptions, 'shouldStop' | 'onImprovement'> {
  onProgress?: (info: Improvement) => void;
}

// Node 20 does not pass module loader hooks on to worker threads, so a TypeScript entry is loaded
// through tsx's in-thread require hook; a compiled build loads its JavaScript entry directly.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.tsx) require(workerData.tsx).register();
if (workerData.tsx) require(workerData.entry); else import(require('node:url').pathToFileURL(workerData.entry).href);
`;

/**
 * Runs solve() on a worker thread so the caller's event loop stays free. Aborting the signal stops
 * the search at its next iteration and resolves with the best solution so far (cancelled = true).
 */
export function solveInWorker(problem: Problem, opts: WorkerSolveOptions = {}): Promise<SolveResult> {
  const { signal, onProgress, ...options } = opts;
  const cancel = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancel);
  const isTs = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(isTs ? './worker-entry.ts' : './worker-entry.js', import.meta.url));
  const tsx = isTs ? createRequire(import.meta.url).resolve('tsx/cjs/api') : '';
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { problem, options, cancel, entry, tsx } });
  const onAbort = () => Atomics.store(flag, 0, 1);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return new Promise<SolveResult>((resolve, reject) => {
    worker.on(
      'message',
      (msg: { type: string; result?: SolveResult; info?: Parameters<NonNullable<typeof onProgress>>[0] }) => {
        if (msg.type === 'progress' && msg.info) onProgress?.(msg.info);
        if (msg.type === 'done' && msg.result) {
          signal?.removeEventListener('abort', onAbort);
          resolve(msg.result);
          void worker.terminate();
        }
      },
    );
    worker.on('error', (err) => {
      signal?.removeEventListener('abort', onAbort);
      reject(err);
    });
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`routing worker exited with code ${code}`));
    });
  });
}
