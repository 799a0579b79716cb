/**
 * What the engine reads: the request (validated strictly, its failures become 400 answers) and
 * the stored records (read leniently: `null` counts as absent, numbers may arrive as numeric
 * strings, unknown fields are ignored). Money in records is in currency units, as the forms
 * enter it; the engine converts it to integer cents.
 */
import { z } from 'zod';
import { DISCOUNT_TYPES, RATE_TYPES } from '../constants.ts';
import { parseFareDate } from './time.ts';

/** A field that may be missing or null in a stored record; null is read as missing. */
function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

/** Rate type of a rate or profile (spec section 9). */
export type RateType = (typeof RATE_TYPES)[number];
/** Discount and markup types of a profile rule (spec section 9). */
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

const id = z.number().int();
/** A number, or a numeric string as a form might have stored it. */
const num = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const finite = num.pipe(z.number().finite());
const nonNegative = num.pipe(z.number().finite().min(0));
/** An enum read case- and space-insensitively ('Ordinary ' is 'ordinary'), as forms may store it. */
function looseEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(values));
}

const weekDays = z.array(z.number().int().min(0).max(7));
const text = z.string();

// ---------------------------------------------------------------------------------------------
// Request

const latitude = z
  .number({ error: (i) => (i.input === undefined ? 'is missing' : 'must be a number') })
  .min(-90, { error: 'must be between -90 and 90' })
  .max(90, { error: 'must be between -90 and 90' });
const longitude = z
  .number({ error: (i) => (i.input === undefined ? 'is missing' : 'must be a number') })
  .min(-180, { error: 'must be between -180 and 180' })
  .max(180, { error: 'must be between -180 and 180' });

/** `lng` is accepted for `lon`, since map widgets name it so. */
const requestPoint = z.preprocess(
  (v) => {
    if (typeof v === 'object' && v !== null && !('lon' in v) && 'lng' in v)
      return { ...v, lon: (v as { lng: unknown }).lng };
    return v;
  },
  z.object(
    {
      lat: latitude,
      lon: longitude,
      /** The picked address; matches a location whose address is the same text. */
      address: z.string().optional(),
      /** The picked location's `_id`, when the user chose a known location. */
      location: id.optional(),
    },
    { error: (i) => (i.input === undefined ? 'is missing' : 'must be an object {lat, lon}') },
  ),
);

/** Head counts and quantities: bounded so that no request can push amounts beyond exact integers. */
const MAX_COUNT = 1000;
const count = z
  .number()
  .int()
  .min(0, { error: 'must be 0 or more' })
  .max(MAX_COUNT, { error: `must be at most ${MAX_COUNT}` });

export const jobFareRequestSchema = z.object({
  /** The site (`units._id`). */
  unit: z
    .number({ error: (i) => (i.input === undefined ? 'Missing site (unit)' : 'Site (unit) must be a number') })
    .int(),
  /** The customer profile (`profiles._id`); without it the ordinary tariff applies with no discount or markup. */
  profile: id.optional(),
  from: requestPoint,
  to: requestPoint,
  /** Site wall-clock time, 'YYYY-MM-DD HH:mm'. */
  date: z
    .string({ error: (i) => (i.input === undefined ? 'is missing' : "must be a text 'YYYY-MM-DD HH:mm'") })
    .refine((d) => parseFareDate(d) !== null, { error: "must be a valid local date-time 'YYYY-MM-DD HH:mm'" }),
  /** Passengers by age band; when absent, `seats` (or 1) adults. */
  passengers: z.object({ adults: count.optional(), age0to5: count.optional(), age6to11: count.optional() }).optional(),
  seats: z
    .number()
    .int()
    .min(1, { error: 'must be 1 or more' })
    .max(MAX_COUNT, { error: `must be at most ${MAX_COUNT}` })
    .optional(),
  /** Quote only this service (`services._id`). */
  service: id.optional(),
  /** Tagged tariff wanted (school fares); rates with another tag never match. */
  tag: z.string().optional(),
  extraServices: z
    .array(
      z.object({
        id,
        quantity: z
          .number()
          .int()
          .min(1, { error: 'must be 1 or more' })
          .max(MAX_COUNT, { error: `must be at most ${MAX_COUNT}` })
          .default(1),
      }),
    )
    .optional(),
});
/** A request as sent (before defaults). */
export type JobFareRequestInput = z.input<typeof jobFareRequestSchema>;
/** A validated request. */
export type JobFareRequest = z.output<typeof jobFareRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Stored records

/**
 * One end of a rate: a location, an area, an inline point with a radius, or anywhere. `{location: 7}`
 * and `{area: 3}` are accepted shorthands, and a stored address `{lat, lon, address?, radius?}` is an
 * inline point.
 */
export const ratePlaceSchema = z.union([
  z.object({ type: z.enum(['location', 'area']), id }),
  z.object({ type: z.literal('any') }),
  z.object({ location: id }).transform((v) => ({ type: 'location' as const, id: v.location })),
  z.object({ area: id }).transform((v) => ({ type: 'area' as const, id: v.area })),
  z
    .object({
      type: z.literal('point').optional(),
      lat: z.number().min(-90).max(90),
      lon: z.number().min(-180).max(180).optional(),
      lng: z.number().min(-180).max(180).optional(),
      radius: opt(nonNegative),
      address: opt(text),
    })
    .refine((v) => v.lon !== undefined || v.lng !== undefined, { error: 'point needs lon' })
    .transform((v) => ({
      type: 'point' as const,
      lat: v.lat,
      lon: (v.lon ?? v.lng) as number,
      radius: v.radius,
      address: v.address,
    })),
]);
export type RatePlace = z.output<typeof ratePlaceSchema>;
const ratePlaces = z
  .union([ratePlaceSchema, z.array(ratePlaceSchema).min(1)])
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** A daily window, as {start, end} or 'HH:mm-HH:mm'. */
const timeWindow = z.union([
  z.object({ start: opt(text), end: opt(text) }),
  z
    .string()
    .regex(/^\s*\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}\s*$/)
    .transform((s) => {
      const [start, end] = s.split('-').map((x) => x.trim());
      return { start, end };
    }),
]);
/** A date 'YYYY-MM-DD' or an inclusive range {start, end}. */
const dateWindow = z.union([
  text.transform((d) => ({ start: d, end: d })),
  z.object({ start: opt(text), end: opt(text) }),
]);

export const ADDITION_VALUE_TYPES = ['price', 'total', 'percent'] as const;
export type AdditionValueType = (typeof ADDITION_VALUE_TYPES)[number];

export const additionSchema = z.object({
  name: z.string().min(1),
  valueType: looseEnum(ADDITION_VALUE_TYPES),
  value: finite,
  times: opt(z.array(timeWindow)),
  dates: opt(z.array(dateWindow)),
  weekDays: opt(weekDays),
  priority: opt(finite),
  /** true = only on holidays, false = never on holidays, absent = either. */
  holiday: opt(z.boolean()),
});
export type Addition = z.output<typeof additionSchema>;

/** A rate or fare record (collections `rates` and `fares` share the shape). */
export const rateRecordSchema = z.object({
  _id: id,
  unit: id,
  code: z.string().min(1),
  from: opt(ratePlaces),
  to: opt(ratePlaces),
  biDir: opt(z.boolean()),
  service: opt(id),
  /** Currency units: per job, or per paying passenger when `perPassenger`. */
  price: opt(finite),
  perPassenger: opt(z.boolean()),
  rateType: opt(looseEnum(RATE_TYPES)),
  priority: opt(finite),
  startDate: opt(text),
  endDate: opt(text),
  startTime: opt(text),
  endTime: opt(text),
  /** Miles. */
  distanceFrom: opt(nonNegative),
  /** Miles. */
  distanceTo: opt(nonNegative),
  weekDays: opt(weekDays),
  tag: opt(text),
  parentTag: opt(text),
  parentCode: opt(text),
  additions: opt(z.array(additionSchema)),
  /** A holiday-tariff rate: only on holidays, and then preferred. */
  holiday: opt(z.boolean()),
  /** Which collection the record came from, when the caller merges `rates` and `fares`. */
  source: opt(text),
});
export type RateRecord = z.output<typeof rateRecordSchema>;

export const profileRuleSchema = z.object({ type: looseEnum(DISCOUNT_TYPES), value: opt(finite) });
export type ProfileRule = z.output<typeof profileRuleSchema>;

export const profileRecordSchema = z.object({
  _id: id,
  unit: opt(id),
  name: opt(text),
  status: opt(text),
  profileType: opt(text),
  rateType: opt(looseEnum(RATE_TYPES)),
  sharedWith: opt(z.array(id)),
  /** Read separately with {@link profileRulesSchema}: unreadable rules must not hide the profile. */
  rules: z.unknown().optional(),
});

export const profileRulesSchema = z.object({ discount: opt(profileRuleSchema), markup: opt(profileRuleSchema) });
export type ProfileRules = z.output<typeof profileRulesSchema>;
export type ProfileRecord = z.output<typeof profileRecordSchema>;

export const holidayRecordSchema = z.object({
  _id: id,
  /** Absent or null: every site. */
  unit: opt(id),
  name: opt(text),
  code: opt(text),
  date: opt(text),
  start: opt(text),
  end: opt(text),
});
export type HolidayRecord = z.output<typeof holidayRecordSchema>;

export const extraServiceRecordSchema = z.object({
  _id: id,
  unit: opt(id),
  name: opt(text),
  profileType: opt(text),
  basePrice: opt(finite),
  extraPrice: opt(finite),
  baseUpTo: opt(nonNegative),
  surcharge: opt(finite),
});
export type ExtraServiceRecord = z.output<typeof extraServiceRecordSchema>;

export const locationRecordSchema = z.object({
  _id: id,
  unit: opt(id),
  name: opt(text),
  address: opt(text),
  lat: opt(z.number().min(-90).max(90)),
  lon: opt(z.number().min(-180).max(180)),
  lng: opt(z.number().min(-180).max(180)),
  /** Metres. */
  radius: opt(nonNegative),
});
export type LocationRecord = z.output<typeof locationRecordSchema>;

export const areaRecordSchema = z.object({ _id: id, unit: opt(id), name: opt(text), map: z.unknown() });
export type AreaRecord = z.output<typeof areaRecordSchema>;

export const serviceRecordSchema = z.object({ _id: id, name: opt(text), maxPassengers: opt(nonNegative) });
export type ServiceRecord = z.output<typeof serviceRecordSchema>;
