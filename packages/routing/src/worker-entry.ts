/**
 * Worker-thread side of solveInWorker and planInWorker: runs each job it is sent, one at a time,
 * and posts the result back; the thread stays for the next one (workers are kept warm, worker.ts).
 */
import { parentPort } from 'node:worker_threads';
import { type PlanOptions, planWithMatrix } from './model/plan.ts';
import type { PlanInput } from './model/types.ts';
import type { Problem } from './problem.ts';
import { type SolveOptions, solve } from './solve.ts';
import type { TravelMatrix } from './travel/types.ts';

type Job = (
  | { kind: 'solve'; problem: Problem; options: Omit<SolveOptions, 'signal' | 'shouldStop' | 'onImprovement'> }
  | {
      kind: 'plan';
      input: PlanInput;
      matrix: TravelMatrix;
      options: Omit<PlanOptions, 'signal' | 'shouldStop' | 'onImprovement'>;
    }
) & {
  /** Int32 flag set to 1 by the parent to cancel (the solver loop never yields to messages). */
  cancel: SharedArrayBuffer;
};

parentPort?.on('message', (job: Job) => {
  const flag = new Int32Array(job.cancel);
  const search = {
    ...job.options,
    shouldStop: () => Atomics.load(flag, 0) === 1,
    onImprovement: (info: unknown) => parentPort?.postMessage({ type: 'progress', info }),
  };
  const result = job.kind === 'plan' ? planWithMatrix(job.input, job.matrix, search) : solve(job.problem, search);
  parentPort?.postMessage({ type: 'done', result });
});
