/**
 * The fare engine: from a request and the site's data to one fare per service. Pure: everything
 * it needs is passed in, nothing is read or written elsewhere.
 */
import { METRES_PER_MILE } from '../constants.ts';
import { FareRequestError } from './errors.ts';
import {
  buildFareIndex,
  type CompiledAddition,
  type CompiledPlace,
  type CompiledRate,
  type FareIndex,
  type FareIndexOptions,
  type PairIndex,
  placesNear,
  type RequestPoint,
  type ServiceIndex,
  type SkippedRecord,
} from './fare-index.ts';
import { haversineMetres } from './geo.ts';
import { percentOf, roundToUnit, toCents } from './money.ts';
import {
  type AdditionValueType,
  type DiscountType,
  type ExtraServiceRecord,
  extraServiceRecordSchema,
  type HolidayRecord,
  holidayRecordSchema,
  type JobFareRequest,
  jobFareRequestSchema,
  type ProfileRecord,
  type ProfileRule,
  type ProfileRules,
  profileRecordSchema,
  profileRulesSchema,
  type RateType,
  type ServiceRecord,
  serviceRecordSchema,
} from './schemas.ts';
import { calendarDate, type FareMoment, inClockRange, matchesWhen, parseFareDate, previousWeekDay } from './time.ts';

/** Great-circle distance is multiplied by this to estimate the road distance when no routing server is configured. */
export const DEFAULT_DETOUR_FACTOR = 1.3;

/** The collections the server loads, as plain records. Only `rates` is required. */
export interface FareData {
  rates: readonly unknown[];
  /** Records of `fares`, read like rates; tag them with `source: 'fares'` if ids can collide with `rates`. */
  fares?: readonly unknown[];
  areas?: readonly unknown[];
  locations?: readonly unknown[];
  profiles?: readonly unknown[];
  holidays?: readonly unknown[];
  extraservices?: readonly unknown[];
  services?: readonly unknown[];
}

/** Everything the engine needs besides the request; build it once and reuse it until the data changes. */
export interface FareContext {
  index: FareIndex;
  profiles: ReadonlyMap<number, FareProfile>;
  holidays: readonly HolidayWindow[];
  extraServices: ReadonlyMap<number, ExtraServiceRecord>;
  services: ReadonlyMap<number, ServiceRecord>;
  /** Records left out because they could not be read. */
  skipped: readonly (SkippedRecord | { collection: string; _id?: number; reason: string })[];
}

/** A profile with its rules read (absent when it has none, or when they could not be read). */
export type FareProfile = Omit<ProfileRecord, 'rules'> & { rules?: ProfileRules };

export interface HolidayWindow {
  record: HolidayRecord;
  start: string;
  end: string;
}

export interface FareOptions {
  /** Road distance of the journey in metres, from the routing server; when absent the distance is estimated. */
  roadDistanceMetres?: number;
  /** Multiplier of the great-circle distance for the estimate; default {@link DEFAULT_DETOUR_FACTOR}. */
  detourFactor?: number;
}

export interface MatchedPlace {
  type: 'location' | 'area' | 'point' | 'any';
  id?: number;
  name?: string;
}

export interface AppliedRule {
  type: DiscountType;
  value: number;
  /** Cents taken off (discount) or added (markup). */
  amount: number;
}

/** Why a fare costs what it costs; the reservation form shows it. Money in cents. */
export interface FareBreakdown {
  rate: {
    _id: number;
    code: string;
    source?: string;
    priority: number;
    rateType: RateType;
    holiday: boolean;
    tag?: string;
    parentCode?: string;
    parentTag?: string;
    /** 'reverse' when a `biDir` rate matched the journey backwards. */
    direction: 'forward' | 'reverse';
    perPassenger: boolean;
    /** The rate's price, per job or per paying passenger. */
    unitPrice: number;
  };
  from: MatchedPlace;
  to: MatchedPlace;
  distance: { metres: number; miles: number; source: 'road' | 'estimate'; detourFactor?: number };
  passengers: { total: number; paying: number; free: number };
  additions: { name: string; valueType: AdditionValueType; value: number; priority: number; amount: number }[];
  extraServices: { _id: number; name?: string; quantity: number; amount: number }[];
  /** price + addition, before the profile rule. */
  subtotal: number;
  profile: {
    _id: number;
    name?: string;
    rateType: RateType;
    discount?: AppliedRule;
    markup?: AppliedRule;
  } | null;
  holiday: { _id: number; name?: string; code?: string } | null;
  serviceName?: string;
}

/** One fare; money in integer cents. */
export interface JobFare {
  /** The rate's code. */
  code: string;
  /** `services._id`. */
  service: number;
  /** The rate's price for this job (times the paying passengers for a per-passenger rate). */
  price: number;
  /** Additions plus extra services. */
  addition: number;
  /** price + addition after the profile's discount and markup, never below 0. */
  total: number;
  breakdown: FareBreakdown;
}

export interface JobFaresResult {
  fares: JobFare[];
}

function readAll<T>(
  collection: string,
  records: readonly unknown[] | undefined,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  skipped: { collection: string; _id?: number; reason: string }[],
): T[] {
  const out: T[] = [];
  for (const raw of records ?? []) {
    const r = schema.safeParse(raw);
    if (r.success) out.push(r.data);
    else {
      const _id = (raw as { _id?: unknown } | null)?._id;
      skipped.push({ collection, _id: typeof _id === 'number' ? _id : undefined, reason: 'unreadable record' });
    }
  }
  return out;
}

/**
 * Builds the context from the collections' records. Records of every site may be given; requests
 * only see their own site's (profiles also when shared with it, holidays also when site-less).
 */
export function createFareContext(data: FareData, options: FareIndexOptions = {}): FareContext {
  const index = buildFareIndex(
    [...data.rates, ...(data.fares ?? [])],
    { areas: data.areas, locations: data.locations },
    options,
  );
  const skipped: { collection: string; _id?: number; reason: string }[] = [...index.skipped];
  const profiles = new Map<number, FareProfile>();
  for (const p of readAll('profiles', data.profiles, profileRecordSchema, skipped)) {
    const { rules: raw, ...rest } = p;
    const rules = raw === undefined || raw === null ? undefined : profileRulesSchema.safeParse(raw);
    // A profile with unreadable rules is still quoted (without discount or markup) and reported,
    // rather than answering "Unknown profile" for every one of its jobs.
    if (rules && !rules.success)
      skipped.push({
        collection: 'profiles',
        _id: p._id,
        reason: 'rules unreadable; quoted without discount or markup',
      });
    profiles.set(p._id, rules?.success ? { ...rest, rules: rules.data } : rest);
  }
  const holidays: HolidayWindow[] = [];
  for (const h of readAll('holidays', data.holidays, holidayRecordSchema, skipped)) {
    const startText = h.start ?? h.date;
    const start = startText === undefined ? null : calendarDate(startText);
    const end = h.end === undefined ? start : calendarDate(h.end);
    if (start === null || end === null) skipped.push({ collection: 'holidays', _id: h._id, reason: 'no valid date' });
    else holidays.push({ record: h, start, end });
  }
  // A site's own holiday is named in the breakdown before a company-wide one on the same day.
  holidays.sort(
    (a, b) => Number(a.record.unit === undefined) - Number(b.record.unit === undefined) || a.record._id - b.record._id,
  );
  const extraServices = new Map(
    readAll('extraservices', data.extraservices, extraServiceRecordSchema, skipped).map((e) => [e._id, e]),
  );
  const services = new Map(readAll('services', data.services, serviceRecordSchema, skipped).map((s) => [s._id, s]));
  return { index, profiles, holidays, extraServices, services, skipped };
}

/** Children aged in the profile's free band ride free on per-passenger rates. */
function freeBands(rateType: RateType): { age0to5: boolean; age6to11: boolean } {
  return {
    age0to5: rateType === 'free 0-5' || rateType === 'free 0-11',
    age6to11: rateType === 'free 6-11' || rateType === 'free 0-11',
  };
}

function parseRequest(input: unknown): JobFareRequest {
  const r = jobFareRequestSchema.safeParse(input);
  if (r.success) return r.data;
  const messages = r.error.issues.map((i) => {
    const path = i.path.join('.');
    // Messages written as whole sentences ('Missing site (unit)') stand alone; the others name their field.
    return path === '' || /^[A-Z]/.test(i.message) ? i.message || 'Invalid request' : `${path} ${i.message}`;
  });
  throw new FareRequestError([...new Set(messages)].join('; '), r.error.issues[0]?.path.join('.') || undefined);
}

interface Candidate {
  rate: CompiledRate;
  reverse: boolean;
  from: CompiledPlace;
  to: CompiledPlace;
  /** Packed tier, higher is better: tag asked for (4), holiday tariff (2), the profile's own rate type (1). */
  tier: number;
}

/** Most specific place of `places` that is in `hits`, or undefined. */
function bestHit(places: readonly CompiledPlace[], hits: Uint8Array): CompiledPlace | undefined {
  let best: CompiledPlace | undefined;
  for (const p of places) if (hits[p.key] && (!best || p.specificity > best.specificity)) best = p;
  return best;
}

/**
 * The tie rule: tagged tariff asked for, holiday tariff on a holiday, the profile's own rate type,
 * then higher `priority`, then the more specific match (location or point 2, area 1, anywhere 0,
 * summed over both ends), then a forward match over a reverse one, then the lower price, then
 * `code`, `source` and `_id` ascending. Every key is a property of the rate and the request, never
 * of storage order, so the choice is deterministic. Negative when `a` ranks first.
 */
function compareRank(a: CompiledRate, aTier: number, aSpecificity: number, aReverse: boolean, b: Candidate): number {
  const br = b.rate;
  return (
    b.tier - aTier ||
    br.priority - a.priority ||
    b.from.specificity + b.to.specificity - aSpecificity ||
    Number(aReverse) - Number(b.reverse) ||
    a.priceCents - br.priceCents ||
    (a.code < br.code ? -1 : a.code > br.code ? 1 : 0) ||
    ((a.source ?? '') < (br.source ?? '') ? -1 : (a.source ?? '') > (br.source ?? '') ? 1 : 0) ||
    a._id - br._id
  );
}

function additionApplies(a: CompiledAddition, moment: FareMoment, isHoliday: boolean): boolean {
  if (a.holiday !== undefined && a.holiday !== isHoliday) return false;
  if (a.dates.length > 0 && !a.dates.some((d) => moment.date >= d.start && moment.date <= d.end)) return false;
  return matchesWhen(a.times, a.weekDays, moment);
}

/**
 * Applies a discount (`sign` -1) or markup (+1) to `amount` cents; returns the new amount.
 * fixed: the value; fixed per passenger: the value times the paying passengers; percent: the
 * percentage, to the cent; percent rounded / rounded up: the percentage, then the resulting
 * amount rounded to whole currency units (nearest, half up / up).
 */
export function applyProfileRule(rule: ProfileRule, sign: 1 | -1, amount: number, payingPassengers: number): number {
  const value = rule.value ?? 0;
  switch (rule.type) {
    case 'none':
      return amount;
    case 'fixed':
      return amount + sign * toCents(value);
    case 'fixed per passenger':
      return amount + sign * toCents(value) * payingPassengers;
    case 'percent':
      return amount + sign * percentOf(amount, value);
    case 'percent rounded':
      return roundToUnit(amount + sign * percentOf(amount, value), 'nearest');
    case 'percent rounded up':
      return roundToUnit(amount + sign * percentOf(amount, value), 'up');
  }
}

/** Per-request state of the rate scan; kept in one object so the scan needs no closures. */
interface Scan {
  tag: string | undefined;
  profileRateType: RateType;
  isHoliday: boolean;
  moment: FareMoment;
  miles: number;
  fromHits: Uint8Array;
  toHits: Uint8Array;
  /** Rates already looked at, by `seq`. */
  seen: Uint8Array;
  /** Best candidate so far, by service. */
  best: Map<number, Candidate>;
}

/** Tier keys of a rate for this request, or null when a filter (tag, rate type, holiday, date, distance, time, weekday) refuses it. */
function filterRate(rate: CompiledRate, s: Scan): number | null {
  let tagExact = 0;
  if (rate.tag !== undefined) {
    if (rate.tag !== s.tag) return null;
    tagExact = 1;
  }
  let rateTypeExact = 0;
  if (rate.rateType === s.profileRateType) rateTypeExact = s.profileRateType === 'ordinary' ? 0 : 1;
  else if (rate.rateType !== 'ordinary') return null;
  if (rate.holiday && !s.isHoliday) return null;
  const m = s.moment;
  if (rate.startDate !== undefined && m.date < rate.startDate) return null;
  if (rate.endDate !== undefined && m.date > rate.endDate) return null;
  if (s.miles < rate.minMiles || s.miles >= rate.maxMiles) return null;
  let day = m.weekDay;
  if (rate.clock) {
    const at = inClockRange(rate.clock, m.minute);
    if (at === null) return null;
    if (at === 'previous') day = previousWeekDay(day);
  }
  if (rate.weekDays !== 0 && (rate.weekDays & (1 << day)) === 0) return null;
  return tagExact * 4 + (rate.holiday ? 2 : 0) + rateTypeExact;
}

function consider(s: Scan, rate: CompiledRate, tier: number, reverse: boolean, from: CompiledPlace, to: CompiledPlace) {
  const cur = s.best.get(rate.service);
  // Ranked before allocating: most matching rates lose to the current best.
  if (cur && compareRank(rate, tier, from.specificity + to.specificity, reverse, cur) >= 0) return;
  s.best.set(rate.service, { rate, reverse, from, to, tier });
}

function scanRates(list: readonly CompiledRate[] | undefined, s: Scan) {
  if (!list) return;
  for (const rate of list) {
    if (s.seen[rate.seq]) continue;
    s.seen[rate.seq] = 1;
    const tier = filterRate(rate, s);
    if (tier === null) continue;
    const f = bestHit(rate.from, s.fromHits);
    const t = f && bestHit(rate.to, s.toHits);
    if (f && t) consider(s, rate, tier, false, f, t);
    if (rate.biDir) {
      const rf = bestHit(rate.to, s.fromHits);
      const rt = rf && bestHit(rate.from, s.toHits);
      if (rf && rt) consider(s, rate, tier, true, rf, rt);
    }
  }
}

function scanPairs(map: PairIndex, fromKeys: readonly number[], toKeys: readonly number[], s: Scan) {
  for (const f of fromKeys) {
    const byEnd = map.get(f);
    if (byEnd) for (const t of toKeys) scanRates(byEnd.get(t), s);
  }
}

/** Looks only at the service's rates whose two ends contain the pick-up and drop-off points. */
function scanService(svc: ServiceIndex, fromKeys: readonly number[], toKeys: readonly number[], s: Scan) {
  scanPairs(svc.forward, fromKeys, toKeys, s);
  scanPairs(svc.reverse, fromKeys, toKeys, s);
}

/**
 * Quotes a job: one fare per service that has a matching rate, cheapest first (then by service).
 * `request` is validated here (a {@link FareRequestError} for a bad one, which the server answers
 * with 400); no matching rate is an empty list. Money in the result is in integer cents.
 */
export function computeJobFares(request: unknown, context: FareContext, options: FareOptions = {}): JobFaresResult {
  const req = parseRequest(request);
  const moment = parseFareDate(req.date);
  // The schema already refused an invalid date; this only narrows the type.
  if (!moment) throw new FareRequestError("date must be a valid local date-time 'YYYY-MM-DD HH:mm'", 'date');

  let profile: FareProfile | null = null;
  if (req.profile !== undefined) {
    const p = context.profiles.get(req.profile);
    if (!p || (p.unit !== undefined && p.unit !== req.unit && !p.sharedWith?.includes(req.unit)))
      throw new FareRequestError(`Unknown profile ${req.profile} for site ${req.unit}`, 'profile');
    profile = p;
  }
  const profileRateType: RateType = profile?.rateType ?? 'ordinary';

  const extras: { record: ExtraServiceRecord; quantity: number; amount: number }[] = [];
  for (const [i, e] of (req.extraServices ?? []).entries()) {
    const record = context.extraServices.get(e.id);
    if (!record || (record.unit !== undefined && record.unit !== req.unit))
      throw new FareRequestError(`Unknown extra service ${e.id} for site ${req.unit}`, `extraServices.${i}.id`);
    if (record.profileType && profile?.profileType && record.profileType !== profile.profileType)
      throw new FareRequestError(
        `Extra service ${record.name ?? e.id} is not offered to ${profile.profileType} profiles`,
        `extraServices.${i}.id`,
      );
    const baseUpTo = record.baseUpTo ?? 1;
    const amount =
      toCents(record.basePrice ?? 0) +
      Math.max(0, e.quantity - baseUpTo) * toCents(record.extraPrice ?? 0) +
      toCents(record.surcharge ?? 0);
    extras.push({ record, quantity: e.quantity, amount });
  }
  const extrasTotal = extras.reduce((s, e) => s + e.amount, 0);

  const bands = req.passengers;
  const free = freeBands(profileRateType);
  // Age bands count when they name anyone; otherwise the seats (or one adult) do.
  const byBand =
    bands && (bands.adults ?? 0) + (bands.age0to5 ?? 0) + (bands.age6to11 ?? 0) > 0
      ? { adults: bands.adults ?? 0, age0to5: bands.age0to5 ?? 0, age6to11: bands.age6to11 ?? 0 }
      : undefined;
  const totalPassengers = byBand ? byBand.adults + byBand.age0to5 + byBand.age6to11 : (req.seats ?? 1);
  const freePassengers = byBand ? (free.age0to5 ? byBand.age0to5 : 0) + (free.age6to11 ? byBand.age6to11 : 0) : 0;
  const payingPassengers = totalPassengers - freePassengers;

  let holidayWindow: HolidayWindow | undefined;
  for (const h of context.holidays)
    if ((h.record.unit === undefined || h.record.unit === req.unit) && moment.date >= h.start && moment.date <= h.end) {
      holidayWindow = h;
      break;
    }
  const isHoliday = holidayWindow !== undefined;

  const greatCircle = haversineMetres(req.from, req.to);
  const detourFactor =
    options.detourFactor !== undefined && options.detourFactor >= 1 ? options.detourFactor : DEFAULT_DETOUR_FACTOR;
  const road = options.roadDistanceMetres;
  const useRoad = road !== undefined && Number.isFinite(road) && road >= 0;
  const metres = useRoad ? road : greatCircle * detourFactor;
  // Rounded to a millionth of a mile so that a band edge given in miles is hit exactly.
  const miles = Math.round((metres / METRES_PER_MILE) * 1e6) / 1e6;

  const site = context.index.sites.get(req.unit);
  if (!site) return { fares: [] };

  const fromPoint: RequestPoint = req.from;
  const toPoint: RequestPoint = req.to;
  const fromHits = new Uint8Array(site.places.length);
  const toHits = new Uint8Array(site.places.length);
  // "Anywhere" (key 0) contains every point; the other places are found through the spatial lookup.
  fromHits[0] = 1;
  toHits[0] = 1;
  const fromKeys: number[] = [0];
  const toKeys: number[] = [0];
  for (const p of placesNear(site, fromPoint))
    if (!fromHits[p.key] && p.contains(fromPoint)) {
      fromHits[p.key] = 1;
      fromKeys.push(p.key);
    }
  for (const p of placesNear(site, toPoint))
    if (!toHits[p.key] && p.contains(toPoint)) {
      toHits[p.key] = 1;
      toKeys.push(p.key);
    }

  const scan: Scan = {
    tag: req.tag,
    profileRateType,
    isHoliday,
    moment,
    miles,
    fromHits,
    toHits,
    seen: new Uint8Array(site.rateCount),
    best: new Map(),
  };
  if (req.service === undefined) for (const svc of site.services.values()) scanService(svc, fromKeys, toKeys, scan);
  else {
    const svc = site.services.get(req.service);
    if (svc) scanService(svc, fromKeys, toKeys, scan);
  }
  const best = scan.best;

  const fares: JobFare[] = [];
  for (const c of best.values()) {
    const service = context.services.get(c.rate.service);
    if (service?.maxPassengers && totalPassengers > service.maxPassengers) continue;
    fares.push(
      price(c, {
        moment,
        isHoliday,
        payingPassengers,
        totalPassengers,
        extras,
        extrasTotal,
        profile,
        profileRateType,
        holiday: holidayWindow?.record ?? null,
        distance: {
          metres: Math.round(metres),
          miles,
          source: useRoad ? 'road' : 'estimate',
          ...(useRoad ? {} : { detourFactor }),
        },
        serviceName: service?.name,
      }),
    );
  }
  fares.sort(byTotalThenService);
  return { fares };
}

function byTotalThenService(a: JobFare, b: JobFare): number {
  return a.total - b.total || a.service - b.service;
}

function matchedPlace(p: CompiledPlace): MatchedPlace {
  return {
    type: p.type,
    ...(p.id !== undefined ? { id: p.id } : {}),
    ...(p.name !== undefined ? { name: p.name } : {}),
  };
}

interface PriceInput {
  moment: FareMoment;
  isHoliday: boolean;
  payingPassengers: number;
  totalPassengers: number;
  extras: { record: ExtraServiceRecord; quantity: number; amount: number }[];
  extrasTotal: number;
  profile: FareProfile | null;
  profileRateType: RateType;
  holiday: HolidayRecord | null;
  distance: FareBreakdown['distance'];
  serviceName?: string;
}

/** Rate price, then additions by priority, then extra services, then discount and markup, never below 0. */
function price(c: Candidate, x: PriceInput): JobFare {
  const rate = c.rate;
  const base = rate.perPassenger ? rate.priceCents * x.payingPassengers : rate.priceCents;
  let running = base;
  const additions: FareBreakdown['additions'] = [];
  for (const a of rate.additions) {
    if (!additionApplies(a, x.moment, x.isHoliday)) continue;
    const amount =
      a.valueType === 'price'
        ? a.amount
        : a.valueType === 'percent'
          ? percentOf(base, a.value)
          : percentOf(running, a.value);
    running += amount;
    additions.push({ name: a.name, valueType: a.valueType, value: a.value, priority: a.priority, amount });
  }
  running += x.extrasTotal;
  const subtotal = running;

  let after = subtotal;
  let discount: AppliedRule | undefined;
  let markup: AppliedRule | undefined;
  const rules = x.profile?.rules;
  if (rules?.discount && rules.discount.type !== 'none') {
    const next = applyProfileRule(rules.discount, -1, after, x.payingPassengers);
    discount = { type: rules.discount.type, value: rules.discount.value ?? 0, amount: after - next };
    after = next;
  }
  if (rules?.markup && rules.markup.type !== 'none') {
    const next = applyProfileRule(rules.markup, 1, after, x.payingPassengers);
    markup = { type: rules.markup.type, value: rules.markup.value ?? 0, amount: next - after };
    after = next;
  }
  const total = Math.max(0, after);
  return {
    code: rate.code,
    service: rate.service,
    price: base,
    addition: subtotal - base,
    total,
    breakdown: {
      rate: {
        _id: rate._id,
        code: rate.code,
        ...(rate.source !== undefined ? { source: rate.source } : {}),
        priority: rate.priority,
        rateType: rate.rateType,
        holiday: rate.holiday,
        ...(rate.tag !== undefined ? { tag: rate.tag } : {}),
        ...(rate.parentCode !== undefined ? { parentCode: rate.parentCode } : {}),
        ...(rate.parentTag !== undefined ? { parentTag: rate.parentTag } : {}),
        direction: c.reverse ? 'reverse' : 'forward',
        perPassenger: rate.perPassenger,
        unitPrice: rate.priceCents,
      },
      from: matchedPlace(c.from),
      to: matchedPlace(c.to),
      distance: x.distance,
      passengers: {
        total: x.totalPassengers,
        paying: x.payingPassengers,
        free: x.totalPassengers - x.payingPassengers,
      },
      additions,
      extraServices: x.extras.map((e) => ({
        _id: e.record._id,
        ...(e.record.name !== undefined ? { name: e.record.name } : {}),
        quantity: e.quantity,
        amount: e.amount,
      })),
      subtotal,
      profile: x.profile && {
        _id: x.profile._id,
        ...(x.profile.name !== undefined ? { name: x.profile.name } : {}),
        rateType: x.profileRateType,
        ...(discount ? { discount } : {}),
        ...(markup ? { markup } : {}),
      },
      holiday: x.holiday && {
        _id: x.holiday._id,
        ...(x.holiday.name !== undefined ? { name: x.holiday.name } : {}),
        ...(x.holiday.code !== undefined ? { code: x.holiday.code } : {}),
      },
      ...(x.serviceName !== undefined ? { serviceName: x.serviceName } : {}),
    },
  };
}
