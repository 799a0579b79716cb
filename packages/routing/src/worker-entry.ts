/**
 * Worker-thread side of solveInWorker and planInWorker: runs each job it is sent, one at a time,
 * and posts the result back; the thread stays for the next one (workers are kept warm, worker.ts).
 */
import { parentPort } from 'node:worker_threads';
import { type PlanOptions, planWithMatrix } from './model/plan.ts';
import type { PlanInput } from './model/types.ts';
import type { Problem } from './problem.ts';
import { SharedBest } from './shared-best.ts';
import { type Improvement, type SolveOptions, solve } from './solve.ts';
import type { TravelMatrix } from './travel/types.ts';

type Job = (
  | {
      kind: 'solve';
      problem: Problem;
      options: Omit<SolveOptions, 'signal' | 'shouldStop' | 'onImprovement' | 'shared'>;
      /** A SharedBest's memory, when searches of the same problem run on other threads. */
      shared?: SharedArrayBuffer;
    }
  | {
      kind: 'plan';
      input: PlanInput;
      matrix: TravelMatrix;
      options: Omit<PlanOptions, 'signal' | 'shouldStop' | 'onImprovement'>;
    }
) & {
  /** Int32 flag set to 1 by the parent to cancel (the solver loop never yields to messages). */
  cancel: SharedArrayBuffer;
  /** Date.now() when the parent sent the job: its time limit and elapsed times count from then. */
  postedAt: number;
};

parentPort?.on('message', (job: Job) => {
  const flag = new Int32Array(job.cancel);
  const shouldStop = () => Atomics.load(flag, 0) === 1;
  // A time limit counts from when the job was sent: a new thread's start and loading take part of it.
  const waited = Math.max(0, Date.now() - job.postedAt);
  const limit = job.options.timeLimitMs;
  const timeLimit = limit === undefined ? {} : { timeLimitMs: Math.max(1, limit - waited) };
  const progress = (info: Improvement) =>
    parentPort?.postMessage({ type: 'progress', info: { ...info, elapsedMs: info.elapsedMs + waited } });
  if (job.kind === 'plan') {
    const result = planWithMatrix(job.input, job.matrix, {
      ...job.options,
      ...timeLimit,
      shouldStop,
      onImprovement: progress,
    });
    parentPort?.postMessage({ type: 'done', result: { ...result, elapsedMs: result.elapsedMs + waited } });
    return;
  }
  const result = solve(job.problem, {
    ...job.options,
    ...timeLimit,
    shouldStop,
    shared: job.shared && new SharedBest(job.shared, job.problem.vehicleCount),
    onImprovement: progress,
  });
  parentPort?.postMessage({
    type: 'done',
    result: { ...result, elapsedMs: result.elapsedMs + waited, timeToBestMs: result.timeToBestMs + waited },
  });
});
