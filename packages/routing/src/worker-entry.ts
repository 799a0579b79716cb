/** Worker-thread side of solveInWorker: solves the problem it is given and posts the result back. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Problem } from './problem.ts';
import { type SolveOptions, solve } from './solve.ts';

interface Job {
  problem: Problem;
  options: Omit<SolveOptions, 'signal' | 'shouldStop' | 'onImprovement'>;
  /** Int32 flag set to 1 by the parent to cancel (the solver loop never yields to messages). */
  cancel: SharedArrayBuffer;
}

const job = workerData as Job;
const flag = new Int32Array(job.cancel);
const result = solve(job.problem, {
  ...job.options,
  shouldStop: () => Atomics.load(flag, 0) === 1,
  onImprovement: (info) => parentPort?.postMessage({ type: 'progress', info }),
});
parentPort?.postMessage({ type: 'done', result });
