/**
 * The rate index: rates compiled once (money in cents, windows parsed, places resolved) and filed
 * by site, then service, then the pair of places they join, so that a request only looks at rates
 * whose origin contains its pick-up point and whose destination contains its drop-off point.
 */
import {
  type BBox,
  bboxOf,
  haversineMetres,
  inBBox,
  type LatLon,
  type Polygon,
  parseAreaMap,
  pointInPolygon,
} from './geo.ts';
import { toCents } from './money.ts';
import {
  type AdditionValueType,
  type AreaRecord,
  areaRecordSchema,
  type LocationRecord,
  locationRecordSchema,
  type RatePlace,
  type RateRecord,
  type RateType,
  rateRecordSchema,
} from './schemas.ts';
import { type ClockRange, calendarDate, clockRange, weekDayMask } from './time.ts';

/** Radius of a location (or inline point) that has none, in metres. */
export const DEFAULT_LOCATION_RADIUS_M = 200;

export interface FareIndexOptions {
  /** Metres; used for locations and inline points without a radius. Default {@link DEFAULT_LOCATION_RADIUS_M}. */
  defaultLocationRadiusMetres?: number;
}

/** How precisely a rate end matched: a location or point beats an area, which beats "anywhere". */
export const PLACE_SPECIFICITY = { location: 2, point: 2, area: 1, any: 0 } as const;

/** A place a rate refers to, ready to test points against. */
export interface CompiledPlace {
  /** Index in the site's place list; 0 is "anywhere". */
  key: number;
  type: 'location' | 'area' | 'point' | 'any';
  id?: number;
  name?: string;
  specificity: number;
  contains(p: RequestPoint): boolean;
  box?: BBox;
  address?: string;
  locationId?: number;
}

/** A request end as the index tests it. */
export interface RequestPoint extends LatLon {
  address?: string;
  location?: number;
}

export interface CompiledAddition {
  name: string;
  valueType: AdditionValueType;
  value: number;
  /** Cents, for `price`; for the percent kinds, the percentage itself. */
  amount: number;
  priority: number;
  times: ClockRange[];
  dates: { start: string; end: string }[];
  weekDays: number;
  holiday?: boolean;
}

export interface CompiledRate {
  /** Position among its site's rates, for per-request scratch arrays. */
  seq: number;
  _id: number;
  unit: number;
  code: string;
  source?: string;
  service: number;
  priceCents: number;
  perPassenger: boolean;
  rateType: RateType;
  priority: number;
  holiday: boolean;
  tag?: string;
  parentCode?: string;
  parentTag?: string;
  biDir: boolean;
  from: CompiledPlace[];
  to: CompiledPlace[];
  startDate?: string;
  endDate?: string;
  clock?: ClockRange;
  weekDays: number;
  /** Distance band in miles, `[min, max)`. */
  minMiles: number;
  maxMiles: number;
  /** Sorted: higher priority first, then stored order. */
  additions: CompiledAddition[];
}

/** A stored record the index left out, and why (for logs and the rates screen). */
export interface SkippedRecord {
  collection: 'rates' | 'areas' | 'locations';
  _id?: number;
  reason: string;
}

/** Rates filed by the pair of places they join: origin key, then destination key. */
export type PairIndex = Map<number, Map<number, CompiledRate[]>>;

export interface ServiceIndex {
  /** Rates by (origin, destination) place keys. */
  forward: PairIndex;
  /** Bidirectional rates by (destination, origin) place keys: the journey matched backwards. */
  reverse: PairIndex;
}

export interface SiteIndex {
  /** Places referenced by this site's rates; [0] is "anywhere". */
  places: CompiledPlace[];
  rateCount: number;
  /** Spatial lookup of `places` by grid cell (see {@link placesNear}). */
  grid: Map<number, CompiledPlace[]>;
  byAddress: Map<string, CompiledPlace[]>;
  byLocation: Map<number, CompiledPlace[]>;
  /** Places too large for the grid. */
  everywhere: CompiledPlace[];
  services: Map<number, ServiceIndex>;
}

/** Rates compiled and indexed; build once per change of `rates`, `areas` or `locations`, reuse for every request. */
export interface FareIndex {
  readonly sites: ReadonlyMap<number, SiteIndex>;
  readonly rateCount: number;
  readonly skipped: readonly SkippedRecord[];
}

const ANYWHERE: CompiledPlace = { key: 0, type: 'any', specificity: 0, contains: () => true };

function sameAddress(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.trim().length > 0 && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A circle test with a cheap latitude/longitude box in front of the haversine. */
function circleBox(centre: LatLon, radius: number): BBox {
  const dLat = radius / 111_000 + 1e-9;
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLon = cos > 1e-6 ? dLat / cos : 360;
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLon: centre.lon - dLon, maxLon: centre.lon + dLon };
}

/** A circle test with a cheap latitude/longitude box in front of the haversine. */
function circle(centre: LatLon, radius: number): { box: BBox; test: (p: LatLon) => boolean } {
  const box = circleBox(centre, radius);
  return { box, test: (p) => inBBox(p, box) && haversineMetres(p, centre) <= radius };
}

/** What a place needs besides its identity: the test, and the keys the spatial lookup files it under. */
interface PlaceShape {
  contains: (p: RequestPoint) => boolean;
  /** Where its points can be; absent when it has no coordinates (found by address or id only). */
  box?: BBox;
  /** Trimmed, lower-case address that also matches. */
  address?: string;
  locationId?: number;
}

function normalAddress(a: string | undefined): string | undefined {
  const t = a?.trim().toLowerCase();
  return t ? t : undefined;
}

function compileLocation(loc: LocationRecord, defaultRadius: number): PlaceShape {
  const lon = loc.lon ?? loc.lng;
  const near =
    loc.lat !== undefined && lon !== undefined ? circle({ lat: loc.lat, lon }, loc.radius ?? defaultRadius) : null;
  const address = normalAddress(loc.address);
  return {
    contains: (p) => p.location === loc._id || sameAddress(p.address, loc.address) || (near?.test(p) ?? false),
    box: near?.box,
    address,
    locationId: loc._id,
  };
}

function compileArea(polygons: Polygon[]): PlaceShape {
  const box: BBox = bboxOf(polygons);
  return { contains: (p) => inBBox(p, box) && polygons.some((poly) => pointInPolygon(p, poly)), box };
}

/** Grid cell size for the spatial lookup of places, in degrees (about 2 km). */
const CELL = 0.02;
/** A place covering more cells than this is tested for every request instead. */
const MAX_CELLS = 2500;

function cellKey(latCell: number, lonCell: number): number {
  return (latCell + 10_000) * 100_000 + (lonCell + 20_000);
}

/** Files the site's places for {@link placesNear}: by grid cell, address and location id. */
function buildLookup(site: SiteIndex) {
  for (const place of site.places) {
    if (place.type === 'any') continue;
    if (place.address !== undefined) {
      const list = site.byAddress.get(place.address) ?? [];
      list.push(place);
      site.byAddress.set(place.address, list);
    }
    if (place.locationId !== undefined) {
      const list = site.byLocation.get(place.locationId) ?? [];
      list.push(place);
      site.byLocation.set(place.locationId, list);
    }
    const b = place.box;
    if (!b) continue;
    const lat0 = Math.floor(b.minLat / CELL);
    const lat1 = Math.floor(b.maxLat / CELL);
    const lon0 = Math.floor(b.minLon / CELL);
    const lon1 = Math.floor(b.maxLon / CELL);
    if ((lat1 - lat0 + 1) * (lon1 - lon0 + 1) > MAX_CELLS) {
      site.everywhere.push(place);
      continue;
    }
    for (let i = lat0; i <= lat1; i++)
      for (let j = lon0; j <= lon1; j++) {
        const k = cellKey(i, j);
        const list = site.grid.get(k);
        if (list) list.push(place);
        else site.grid.set(k, [place]);
      }
  }
}

/**
 * Places of a site that may contain a point: those whose box covers its grid cell, those named by
 * its address or location id, and the very large ones. May repeat a place; "anywhere" is not included.
 */
export function placesNear(site: SiteIndex, p: RequestPoint): CompiledPlace[] {
  const out = [...site.everywhere];
  const cell = site.grid.get(cellKey(Math.floor(p.lat / CELL), Math.floor(p.lon / CELL)));
  if (cell) out.push(...cell);
  const address = normalAddress(p.address);
  if (address !== undefined) out.push(...(site.byAddress.get(address) ?? []));
  if (p.location !== undefined) out.push(...(site.byLocation.get(p.location) ?? []));
  return out;
}

/** Fields a child rate takes from its parent when it has none of its own. */
const INHERITED = [
  'from',
  'to',
  'biDir',
  'service',
  'price',
  'perPassenger',
  'rateType',
  'priority',
  'startDate',
  'endDate',
  'startTime',
  'endTime',
  'distanceFrom',
  'distanceTo',
  'weekDays',
  'additions',
  'holiday',
] as const satisfies readonly (keyof RateRecord)[];

/**
 * Resolves `parentCode` (and `parentTag`, which narrows the parent to the rate with that code and
 * tag) on the same site: the child inherits every field it leaves empty, recursively.
 */
function resolveParents(rates: RateRecord[], skipped: SkippedRecord[]): RateRecord[] {
  const byCode = new Map<string, RateRecord[]>();
  for (const r of rates) {
    const k = `${r.unit}\u0000${r.code}`;
    const list = byCode.get(k) ?? [];
    list.push(r);
    byCode.set(k, list);
  }
  const resolved = new Map<RateRecord, RateRecord | null>();
  const resolving = new Set<RateRecord>();
  const resolve = (r: RateRecord): RateRecord | null => {
    const done = resolved.get(r);
    if (done !== undefined) return done;
    if (r.parentCode === undefined) return r;
    if (resolving.has(r)) {
      skipped.push({ collection: 'rates', _id: r._id, reason: `parent chain of ${r.code} loops` });
      resolved.set(r, null);
      return null;
    }
    resolving.add(r);
    const candidates = (byCode.get(`${r.unit}\u0000${r.parentCode}`) ?? [])
      .filter((p) => p !== r && (r.parentTag === undefined || p.tag === r.parentTag))
      .sort((a, b) => a._id - b._id);
    const parentRecord = candidates[0];
    let out: RateRecord | null = null;
    if (!parentRecord) {
      const tag = r.parentTag === undefined ? '' : ` tagged ${r.parentTag}`;
      skipped.push({ collection: 'rates', _id: r._id, reason: `parent rate ${r.parentCode}${tag} not found` });
    } else {
      const parent = resolve(parentRecord);
      if (parent) {
        const merged: Record<string, unknown> = { ...r };
        for (const f of INHERITED) if (merged[f] === undefined) merged[f] = parent[f];
        out = merged as RateRecord;
      }
    }
    resolving.delete(r);
    resolved.set(r, out);
    return out;
  };
  const out: RateRecord[] = [];
  for (const r of rates) {
    const x = resolve(r);
    if (x) out.push(x);
  }
  return out;
}

function compileAdditions(rate: RateRecord): CompiledAddition[] | string {
  const out: CompiledAddition[] = [];
  for (const a of rate.additions ?? []) {
    const times: ClockRange[] = [];
    for (const t of a.times ?? []) {
      const r = clockRange(t.start, t.end);
      if (r === null) return `addition ${a.name}: bad time window`;
      if (r) times.push(r);
    }
    const dates: { start: string; end: string }[] = [];
    for (const d of a.dates ?? []) {
      const start = d.start === undefined ? '0000-01-01' : calendarDate(d.start);
      const end = d.end === undefined ? '9999-12-31' : calendarDate(d.end);
      if (start === null || end === null) return `addition ${a.name}: bad date`;
      dates.push({ start, end });
    }
    out.push({
      name: a.name,
      valueType: a.valueType,
      value: a.value,
      amount: a.valueType === 'price' ? toCents(a.value) : a.value,
      priority: a.priority ?? 0,
      times,
      dates,
      weekDays: weekDayMask(a.weekDays),
      holiday: a.holiday,
    });
  }
  // Array.prototype.sort is stable: equal priorities keep the order the operator stored.
  return out.sort((x, y) => y.priority - x.priority);
}

/**
 * Compiles and indexes rates. `rates` are raw records of `rates` (and/or `fares`); `areas` and
 * `locations` are the places they refer to. Records that cannot be read are left out and listed
 * in `skipped` rather than failing every quote.
 */
export function buildFareIndex(
  rates: readonly unknown[],
  places: { areas?: readonly unknown[]; locations?: readonly unknown[] } = {},
  options: FareIndexOptions = {},
): FareIndex {
  const defaultRadius = options.defaultLocationRadiusMetres ?? DEFAULT_LOCATION_RADIUS_M;
  const skipped: SkippedRecord[] = [];
  const idOf = (v: unknown) =>
    typeof v === 'object' && v !== null && typeof (v as { _id?: unknown })._id === 'number'
      ? (v as { _id: number })._id
      : undefined;

  const locationTests = new Map<number, { rec: LocationRecord; shape: PlaceShape }>();
  for (const raw of places.locations ?? []) {
    const r = locationRecordSchema.safeParse(raw);
    if (!r.success) skipped.push({ collection: 'locations', _id: idOf(raw), reason: 'unreadable location' });
    else locationTests.set(r.data._id, { rec: r.data, shape: compileLocation(r.data, defaultRadius) });
  }
  const areaTests = new Map<number, { rec: AreaRecord; shape: PlaceShape }>();
  for (const raw of places.areas ?? []) {
    const r = areaRecordSchema.safeParse(raw);
    const polygons = r.success ? parseAreaMap(r.data.map) : null;
    if (!r.success || !polygons)
      skipped.push({ collection: 'areas', _id: idOf(raw), reason: 'area map is not a polygon' });
    else areaTests.set(r.data._id, { rec: r.data, shape: compileArea(polygons) });
  }

  const parsed: RateRecord[] = [];
  for (const raw of rates) {
    const r = rateRecordSchema.safeParse(raw);
    if (r.success) parsed.push(r.data);
    else {
      const issue = r.error.issues[0];
      const where = issue?.path.join('.') || 'record';
      skipped.push({ collection: 'rates', _id: idOf(raw), reason: `unreadable ${where}: ${issue?.message ?? ''}` });
    }
  }

  const sites = new Map<number, SiteIndex>();
  const placeCache = new Map<number, Map<string, CompiledPlace>>();
  const siteOf = (unit: number): SiteIndex => {
    let s = sites.get(unit);
    if (!s) {
      s = {
        places: [ANYWHERE],
        rateCount: 0,
        services: new Map(),
        grid: new Map(),
        byAddress: new Map(),
        byLocation: new Map(),
        everywhere: [],
      };
      sites.set(unit, s);
      placeCache.set(unit, new Map());
    }
    return s;
  };
  /** One compiled place per site and referenced place, shared by all rates that name it. */
  const placeFor = (unit: number, p: RatePlace): CompiledPlace | string => {
    if (p.type === 'any') return ANYWHERE;
    const site = siteOf(unit);
    const cache = placeCache.get(unit) as Map<string, CompiledPlace>;
    const cacheKey = p.type === 'point' ? `point:${p.lat},${p.lon},${p.radius},${p.address}` : `${p.type}:${p.id}`;
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    let place: CompiledPlace;
    const key = site.places.length;
    if (p.type === 'point') {
      const near = circle(p, p.radius ?? defaultRadius);
      const address = p.address;
      place = {
        key,
        type: 'point',
        name: address,
        specificity: PLACE_SPECIFICITY.point,
        contains: (q) => sameAddress(q.address, address) || near.test(q),
        box: near.box,
        address: normalAddress(address),
      };
    } else if (p.type === 'location') {
      const loc = locationTests.get(p.id);
      if (!loc) return `location ${p.id} not found`;
      place = {
        key,
        type: 'location',
        id: p.id,
        name: loc.rec.name,
        specificity: PLACE_SPECIFICITY.location,
        ...loc.shape,
      };
    } else {
      const area = areaTests.get(p.id);
      if (!area) return `area ${p.id} not found`;
      place = { key, type: 'area', id: p.id, name: area.rec.name, specificity: PLACE_SPECIFICITY.area, ...area.shape };
    }
    site.places.push(place);
    cache.set(cacheKey, place);
    return place;
  };

  let rateCount = 0;
  for (const rate of resolveParents(parsed, skipped)) {
    const skip = (reason: string) => skipped.push({ collection: 'rates', _id: rate._id, reason });
    if (rate.price === undefined) {
      skip('no price');
      continue;
    }
    if (rate.service === undefined) {
      skip('no service');
      continue;
    }
    const ends: CompiledPlace[][] = [];
    let bad: string | undefined;
    for (const end of [rate.from, rate.to]) {
      const list: CompiledPlace[] = [];
      for (const p of end ?? [{ type: 'any' as const }]) {
        const c = placeFor(rate.unit, p);
        if (typeof c === 'string') bad ??= c;
        else list.push(c);
      }
      ends.push(list);
    }
    const [from, to] = ends as [CompiledPlace[], CompiledPlace[]];
    // A rate with one unknown place among several still serves the others; with none left it is dropped.
    if (from.length === 0 || to.length === 0) {
      skip(bad ?? 'no place');
      continue;
    }
    const clock = clockRange(rate.startTime, rate.endTime);
    if (clock === null) {
      skip('bad start/end time');
      continue;
    }
    const startDate = rate.startDate === undefined ? undefined : calendarDate(rate.startDate);
    const endDate = rate.endDate === undefined ? undefined : calendarDate(rate.endDate);
    if (startDate === null || endDate === null) {
      skip('bad start/end date');
      continue;
    }
    const additions = compileAdditions(rate);
    if (typeof additions === 'string') {
      skip(additions);
      continue;
    }
    const site = siteOf(rate.unit);
    const compiled: CompiledRate = {
      seq: site.rateCount++,
      _id: rate._id,
      unit: rate.unit,
      code: rate.code,
      source: rate.source,
      service: rate.service,
      priceCents: toCents(rate.price),
      perPassenger: rate.perPassenger ?? false,
      rateType: rate.rateType ?? 'ordinary',
      priority: rate.priority ?? 0,
      holiday: rate.holiday ?? false,
      tag: rate.tag || undefined,
      parentCode: rate.parentCode,
      parentTag: rate.parentTag,
      biDir: rate.biDir ?? false,
      from,
      to,
      startDate,
      endDate,
      clock,
      weekDays: weekDayMask(rate.weekDays),
      minMiles: rate.distanceFrom ?? 0,
      maxMiles: rate.distanceTo ?? Infinity,
      additions,
    };
    let svc = site.services.get(compiled.service);
    if (!svc) {
      svc = { forward: new Map(), reverse: new Map() };
      site.services.set(compiled.service, svc);
    }
    const file = (map: PairIndex, starts: CompiledPlace[], ends: CompiledPlace[]) => {
      for (const a of new Set(starts)) {
        let byEnd = map.get(a.key);
        if (!byEnd) {
          byEnd = new Map();
          map.set(a.key, byEnd);
        }
        for (const b of new Set(ends)) {
          const list = byEnd.get(b.key) ?? [];
          list.push(compiled);
          byEnd.set(b.key, list);
        }
      }
    };
    file(svc.forward, from, to);
    if (compiled.biDir) file(svc.reverse, to, from);
    rateCount++;
  }
  for (const site of sites.values()) buildLookup(site);
  return { sites, rateCount, skipped };
}
