import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PlanOptions } from './model/plan.ts';
import type { PlanInput, PlanResult } from './model/types.ts';
import type { Problem } from './problem.ts';
import { SharedBest } from './shared-best.ts';
import type { Improvement, SolveOptions, SolveResult } from './solve.ts';
import type { TravelMatrix } from './travel/types.ts';

export interface WorkerSolveOptions extends Omit<SolveOptions, 'shouldStop' | 'onImprovement' | 'shared'> {
  onProgress?: (info: Improvement) => void;
}

export interface ParallelSolveOptions extends WorkerSolveOptions {
  /** Searches run at once, each on its own worker thread (default 1). */
  threads?: number;
}

export interface WorkerPlanOptions extends Omit<PlanOptions, 'shouldStop' | 'onImprovement'> {
  onProgress?: (info: Improvement) => void;
}

// Node 20 does not pass module loader hooks on to worker threads, so a TypeScript entry is loaded
// through tsx's in-thread require hook; a compiled build loads its JavaScript entry directly.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.tsx) require(workerData.tsx).register();
if (workerData.tsx) require(workerData.entry); else import(require('node:url').pathToFileURL(workerData.entry).href);
`;

/** Idle workers kept for the next solve: starting one and loading the solver costs about 0.6 s. */
const KEEP_IDLE = 2;
const idle: Worker[] = [];
let started = 0;

function startWorker(): Worker {
  const isTs = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(isTs ? './worker-entry.ts' : './worker-entry.js', import.meta.url));
  const tsx = isTs ? createRequire(import.meta.url).resolve('tsx/cjs/api') : '';
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { entry, tsx } });
  started++;
  // a worker that dies while idle is simply not reused
  worker.once('exit', () => {
    const k = idle.indexOf(worker);
    if (k >= 0) idle.splice(k, 1);
  });
  return worker;
}

/** How many workers were started, and how many wait idle (for tests). */
export function workerPool(): { started: number; idle: number } {
  return { started, idle: idle.length };
}

/**
 * Runs solve() on a worker thread so the caller's event loop stays free. Aborting the signal stops
 * the search at its next iteration and resolves with the best solution so far (cancelled = true).
 * The thread is reused: an idle one is taken when there is one, and kept (up to two, without
 * holding the process open) when the solve is done; solves at the same time each get their own.
 */
export function solveInWorker(problem: Problem, opts: WorkerSolveOptions = {}): Promise<SolveResult> {
  return solveJob(problem, opts);
}

/** solveInWorker, with a SharedBest's memory for searches of the same problem on other threads. */
function solveJob(problem: Problem, opts: WorkerSolveOptions, shared?: SharedArrayBuffer): Promise<SolveResult> {
  const { signal, onProgress, ...options } = opts;
  return inWorker<SolveResult>({ kind: 'solve', problem, options, shared }, signal, onProgress);
}

/**
 * Runs `threads` searches at once, each on a worker thread of its own, with the seeds seed,
 * seed + 1, … and the same limits, and returns the best (the lowest cost; on a tie the lower seed).
 * The searches share their best solution (SharedBest): a search that needs more vehicles than
 * another goes on from the other's best (before its next route-elimination attempt or annealing
 * cycle), so both spend the rest of the time on the smaller fleet; at the same vehicle count each
 * keeps its own, and the better of two searches is worth more than either (on the Li & Lim 400 set
 * the same instance ended 10 % apart). onProgress hears each solution better than all reported
 * before, whichever thread found it; the result's iterations are those of the winning search.
 */
export async function solveParallel(problem: Problem, opts: ParallelSolveOptions = {}): Promise<SolveResult> {
  const { threads = 1, seed = 1, onProgress, ...options } = opts;
  if (!Number.isInteger(threads) || threads < 1) throw new Error('threads must be a positive whole number');
  let reported = Number.POSITIVE_INFINITY;
  const progress =
    onProgress &&
    ((info: Improvement) => {
      if (info.cost >= reported - 1e-9) return;
      reported = info.cost;
      onProgress(info);
    });
  const shared = threads > 1 ? SharedBest.create(problem).buffer : undefined;
  const results = await Promise.all(
    Array.from({ length: threads }, (_, k) =>
      solveJob(problem, { ...options, seed: seed + k, onProgress: progress }, shared),
    ),
  );
  return results.reduce((best, r) => (r.cost < best.cost - 1e-9 ? r : best));
}

/**
 * planWithMatrix on a worker thread, as solveInWorker runs solve(): building the solver's problem,
 * the search and shaping its result into trips all stay off the caller's event loop. Its time limit
 * and elapsed time count from the call, a new thread's start included, as a solve's do.
 */
export function planInWorker(
  input: PlanInput,
  matrix: TravelMatrix,
  opts: WorkerPlanOptions = {},
): Promise<PlanResult> {
  const { signal, onProgress, ...options } = opts;
  return inWorker<PlanResult>({ kind: 'plan', input, matrix, options }, signal, onProgress);
}

function inWorker<T>(
  job: Record<string, unknown>,
  signal: AbortSignal | undefined,
  onProgress: ((info: Improvement) => void) | undefined,
): Promise<T> {
  const cancel = new SharedArrayBuffer(4);
  const flag = new Int32Array(cancel);
  const worker = idle.pop() ?? startWorker();
  worker.ref();
  const onAbort = () => Atomics.store(flag, 0, 1);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (msg: { type: string; result?: T; info?: Improvement }) => {
      if (msg.type === 'progress' && msg.info) onProgress?.(msg.info);
      if (msg.type === 'done' && msg.result) {
        done();
        if (idle.length < KEEP_IDLE) {
          worker.unref();
          idle.push(worker);
        } else void worker.terminate();
        resolve(msg.result);
      }
    };
    // an error ends the thread: it is not reused
    const onError = (err: Error) => {
      done();
      reject(err);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`routing worker exited with code ${code}`));
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    // a solve's time limit counts from now: starting a new thread and loading the solver take part of it
    worker.postMessage({ ...job, cancel, postedAt: Date.now() });
  });
}
