/** The fare engine behind `getjobfares` (issue 4); see docs/fares.md. */
export {
  type AppliedRule,
  applyProfileRule,
  computeJobFares,
  createFareContext,
  DEFAULT_DETOUR_FACTOR,
  type FareBreakdown,
  type FareContext,
  type FareData,
  type FareOptions,
  type FareProfile,
  type HolidayWindow,
  type JobFare,
  type JobFaresResult,
  type MatchedPlace,
} from './engine.ts';
export { FareRequestError } from './errors.ts';
export {
  buildFareIndex,
  type CompiledRate,
  DEFAULT_LOCATION_RADIUS_M,
  type FareIndex,
  type FareIndexOptions,
  type SkippedRecord,
} from './fare-index.ts';
export { haversineMetres, type LatLon, parseAreaMap, placePoint, pointInPolygon } from './geo.ts';
export { FARE_SETTINGS, fareOptionsFromSettings, fareRequestFromJob } from './job.ts';
export { fromCents, percentOf, roundHalfAwayFromZero, roundToUnit, toCents } from './money.ts';
export { presentJobFare, presentJobFares } from './present.ts';
export {
  ADDITION_VALUE_TYPES,
  type Addition,
  type AdditionValueType,
  type AreaRecord,
  additionSchema,
  areaRecordSchema,
  type DiscountType,
  type ExtraServiceRecord,
  extraServiceRecordSchema,
  type HolidayRecord,
  holidayRecordSchema,
  type JobFareRequest,
  type JobFareRequestInput,
  jobFareRequestSchema,
  type LocationRecord,
  locationRecordSchema,
  type ProfileRecord,
  type ProfileRule,
  type ProfileRules,
  profileRecordSchema,
  profileRuleSchema,
  profileRulesSchema,
  type RatePlace,
  type RateRecord,
  type RateType,
  ratePlaceSchema,
  rateRecordSchema,
  type ServiceRecord,
  serviceRecordSchema,
} from './schemas.ts';
export { type FareMoment, parseFareDate } from './time.ts';
