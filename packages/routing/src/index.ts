export type { BenchInstance, BenchNode } from './bench/instance.ts';
export { InstanceParseError } from './bench/instance.ts';
export { parseInstance } from './bench/parse.ts';
export { parseCordeau } from './bench/parse-cordeau.ts';
export { parseLiLim } from './bench/parse-lilim.ts';
export { type BenchProblem, benchProblem } from './bench/to-problem.ts';
export {
  dropoffOf,
  endOf,
  euclideanMatrix,
  type ObjectiveWeights,
  type Problem,
  type Solution,
  solutionDistance,
  startOf,
} from './problem.ts';
export { type SolveOptions, type SolveResult, solve } from './solve.ts';
export { type Verdict, type Violation, type ViolationCode, verifySolution } from './verify.ts';
