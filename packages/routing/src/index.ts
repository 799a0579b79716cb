// Operator model: reservations and drivers in, trips and reasons out (see docs/routing.md).

// Core solver, verifier and benchmark formats.
export type { BenchInstance, BenchNode } from './bench/instance.ts';
export { InstanceParseError } from './bench/instance.ts';
export { parseInstance } from './bench/parse.ts';
export { parseCordeau } from './bench/parse-cordeau.ts';
export { parseLiLim } from './bench/parse-lilim.ts';
export { type BenchProblem, benchProblem } from './bench/to-problem.ts';
export { buildPlanModel, type PlanModel, planPoints } from './model/build.ts';
export { PLACEHOLDER_PREFIX, type PlaceholderFleet, placeholderDrivers } from './model/placeholders.ts';
export { type PlanOptions, planRoutes, planWithMatrix } from './model/plan.ts';
export { DEFAULTS as ROUTING_DEFAULTS, ROUTING_TYPES, type RoutingTypePreset } from './model/presets.ts';
export type {
  Break,
  Busy,
  Direction,
  JoinOption,
  MaxRide,
  Place,
  PlanInput,
  PlannedRoute,
  PlannedStop,
  PlannedTrip,
  PlanResult,
  PlanSettings,
  PlanWeights,
  RoutingDriver,
  RoutingRequest,
  RoutingType,
  RoutingVehicle,
  UnassignedReason,
} from './model/types.ts';
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
export { type Improvement, type SolveOptions, type SolveResult, solve } from './solve.ts';
export { BLOCK_DETOUR_KM, BLOCK_RADIUS_KM, blocksOnPath, kmToSegment, legBlocked } from './travel/blocks.ts';
// Travel times.
export {
  DEFAULT_SPEED_BY_HOUR,
  EstimatedTravelTimes,
  type EstimatorOptions,
  greatCircleKm,
} from './travel/estimator.ts';
export { OsrmError, type OsrmOptions, OsrmTravelTimes } from './travel/osrm.ts';
export type { LatLng, RouteGeometry, TravelMatrix, TravelTimeProvider } from './travel/types.ts';
export { type Verdict, type Violation, type ViolationCode, verifySolution } from './verify.ts';
export {
  type ParallelSolveOptions,
  planInWorker,
  solveInWorker,
  solveParallel,
  type WorkerPlanOptions,
  type WorkerSolveOptions,
} from './worker.ts';
