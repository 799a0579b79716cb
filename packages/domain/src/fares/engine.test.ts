import { describe, expect, it } from 'vitest';
import { METRES_PER_MILE } from '../constants.ts';
import { computeJobFares, createFareContext, type FareOptions, type JobFare } from './engine.ts';
import { FareRequestError } from './errors.ts';
import type { JobFareRequestInput } from './schemas.ts';
import {
  AIRPORT,
  AREAS,
  DONUT_HOLE,
  DONUT_RING,
  DOWNTOWN,
  EXTRA_SERVICES,
  HOLIDAYS,
  LOCATIONS,
  PROFILES,
  QUEBEC,
  rate,
  request,
  SERVICES,
  STATION,
  WEST,
} from './test-fixtures.ts';

function quote(rates: unknown[], req: JobFareRequestInput, options?: FareOptions): JobFare[] {
  const ctx = createFareContext({
    rates,
    areas: AREAS,
    locations: LOCATIONS,
    profiles: PROFILES,
    holidays: HOLIDAYS,
    extraservices: EXTRA_SERVICES,
    services: SERVICES,
  });
  return computeJobFares(req, ctx, options).fares;
}

interface Case {
  name: string;
  rates: unknown[];
  req?: Partial<JobFareRequestInput>;
  options?: FareOptions;
  /** Expected `code:total` per fare in answer order; [] = no fare. */
  expect: string[];
  /** Extra checks on the first fare. */
  check?: (f: JobFare) => void;
}

const miles = (m: number): FareOptions => ({ roadDistanceMetres: m * METRES_PER_MILE });
const night = { startTime: '22:00', endTime: '06:00' };

const cases: Case[] = [
  // --- places and direction
  { name: 'area to area, forward', rates: [rate(1)], expect: ['R1:5000'] },
  {
    name: 'reverse direction without biDir does not match',
    rates: [rate(1)],
    req: { from: DOWNTOWN, to: WEST },
    expect: [],
  },
  {
    name: 'biDir matches the reverse direction',
    rates: [rate(1, { biDir: true })],
    req: { from: DOWNTOWN, to: WEST },
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.rate.direction).toBe('reverse'),
  },
  {
    name: 'biDir forward is reported forward',
    rates: [rate(1, { biDir: true })],
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.rate.direction).toBe('forward'),
  },
  {
    name: 'location within its radius',
    rates: [rate(1, { from: { type: 'location', id: 1 } })],
    req: { from: AIRPORT },
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.from).toEqual({ type: 'location', id: 1, name: 'Airport' }),
  },
  {
    name: 'location: a point outside its radius does not match',
    rates: [rate(1, { from: { type: 'location', id: 1 } })],
    req: { from: WEST },
    expect: [],
  },
  {
    name: 'location at its address (case and spaces ignored), wherever the pin is',
    rates: [rate(1, { from: { type: 'location', id: 1 } })],
    req: { from: { ...WEST, address: '  975 romeo-vachon BLVD ' } },
    expect: ['R1:5000'],
  },
  {
    name: 'location picked by id',
    rates: [rate(1, { to: { location: 2 } })],
    req: { to: { ...QUEBEC, location: 2 } },
    expect: ['R1:5000'],
  },
  {
    name: 'inline point with radius as a rate end',
    rates: [rate(1, { to: { lat: 45.5, lon: -73.57, radius: 50 } })],
    req: { to: STATION },
    expect: ['R1:5000'],
  },
  {
    name: 'area with a hole: inside the hole does not match',
    rates: [rate(1, { to: { type: 'area', id: 12 } })],
    req: { to: DONUT_HOLE },
    expect: [],
  },
  {
    name: 'area with a hole: in the ring matches',
    rates: [rate(1, { to: { type: 'area', id: 12 } })],
    req: { to: DONUT_RING },
    expect: ['R1:5000'],
  },
  {
    name: 'a large area (tested for every request) matches',
    rates: [rate(1, { to: { type: 'area', id: 13 } })],
    req: { to: QUEBEC },
    expect: ['R1:5000'],
  },
  {
    name: 'a location without coordinates matches by address only',
    rates: [rate(1, { to: { type: 'location', id: 3 } })],
    req: { to: { ...DOWNTOWN, address: '1 MAIN ST' } },
    expect: ['R1:5000'],
  },
  {
    name: 'a location without coordinates: other addresses do not match',
    rates: [rate(1, { to: { type: 'location', id: 3 } })],
    req: { to: { ...DOWNTOWN, address: '2 Main St' } },
    expect: [],
  },
  {
    name: 'anywhere matches any point',
    rates: [rate(1, { from: { type: 'any' }, to: { type: 'any' } })],
    req: { from: QUEBEC, to: QUEBEC },
    expect: ['R1:5000'],
  },
  {
    name: 'a list of places matches any of them',
    rates: [
      rate(1, {
        to: [
          { type: 'area', id: 12 },
          { type: 'area', id: 10 },
        ],
      }),
    ],
    expect: ['R1:5000'],
  },
  { name: 'another site never matches', rates: [rate(1, { unit: 2 })], expect: [] },
  { name: 'unknown site: empty list', rates: [rate(1)], req: { unit: 9 }, expect: [] },
  // --- services
  {
    name: 'one fare per service, cheapest first',
    rates: [rate(1, { price: 80 }), rate(2, { service: 2, price: 60 })],
    expect: ['R2:6000', 'R1:8000'],
    check: (f) => expect(f.breakdown.serviceName).toBe('Van'),
  },
  {
    name: 'service asked for: only that one',
    rates: [rate(1), rate(2, { service: 2, price: 60 })],
    req: { service: 1 },
    expect: ['R1:5000'],
  },
  { name: 'service asked for without rates: empty', rates: [rate(1)], req: { service: 2 }, expect: [] },
  {
    name: 'a service too small for the passengers is left out',
    rates: [rate(1), rate(2, { service: 2, price: 90 })],
    req: { seats: 5 },
    expect: ['R2:9000'],
  },
  // --- rate type
  {
    name: "the profile's own rate type beats ordinary even at lower priority",
    rates: [rate(1, { priority: 9 }), rate(2, { rateType: 'free 0-5', price: 70 })],
    req: { profile: 101 },
    expect: ['R2:7000'],
  },
  {
    name: 'a free-band rate never serves an ordinary profile',
    rates: [rate(1, { rateType: 'free 0-5' })],
    req: { profile: 100 },
    expect: [],
  },
  {
    name: 'free-band profile falls back on ordinary rates',
    rates: [rate(1)],
    req: { profile: 102 },
    expect: ['R1:5000'],
  },
  {
    name: 'another free band does not match',
    rates: [rate(1, { rateType: 'free 0-5' })],
    req: { profile: 102 },
    expect: [],
  },
  // --- dates
  {
    name: 'start date is inclusive',
    rates: [rate(1, { startDate: '2026-11-23' })],
    req: { date: '2026-11-23 00:00' },
    expect: ['R1:5000'],
  },
  {
    name: 'before the start date',
    rates: [rate(1, { startDate: '2026-11-24' })],
    req: { date: '2026-11-23 23:59' },
    expect: [],
  },
  {
    name: 'end date is inclusive to 23:59',
    rates: [rate(1, { endDate: '2026-11-23' })],
    req: { date: '2026-11-23 23:59' },
    expect: ['R1:5000'],
  },
  {
    name: 'after the end date',
    rates: [rate(1, { endDate: '2026-11-22T00:00:00.000Z' })],
    req: { date: '2026-11-23 00:00' },
    expect: [],
  },
  // --- times
  {
    name: 'start time is inclusive',
    rates: [rate(1, { startTime: '06:00', endTime: '09:00' })],
    req: { date: '2026-11-23 06:00' },
    expect: ['R1:5000'],
  },
  {
    name: 'end time is exclusive',
    rates: [rate(1, { startTime: '06:00', endTime: '09:00' })],
    req: { date: '2026-11-23 09:00' },
    expect: [],
  },
  {
    name: 'last minute before the end time',
    rates: [rate(1, { startTime: '06:00', endTime: '09:00' })],
    req: { date: '2026-11-23 08:59' },
    expect: ['R1:5000'],
  },
  {
    name: 'end 23:59 includes the last minute',
    rates: [rate(1, { startTime: '18:00', endTime: '23:59' })],
    req: { date: '2026-11-23 23:59' },
    expect: ['R1:5000'],
  },
  {
    name: 'only a start time: until midnight',
    rates: [rate(1, { startTime: '18:00' })],
    req: { date: '2026-11-23 23:30' },
    expect: ['R1:5000'],
  },
  {
    name: 'midnight crossing: late evening',
    rates: [rate(1, night)],
    req: { date: '2026-11-23 23:30' },
    expect: ['R1:5000'],
  },
  {
    name: 'midnight crossing: early morning',
    rates: [rate(1, night)],
    req: { date: '2026-11-23 05:59' },
    expect: ['R1:5000'],
  },
  {
    name: 'midnight crossing: end is exclusive',
    rates: [rate(1, night)],
    req: { date: '2026-11-23 06:00' },
    expect: [],
  },
  {
    name: 'midnight crossing: before the start',
    rates: [rate(1, night)],
    req: { date: '2026-11-23 21:59' },
    expect: [],
  },
  {
    name: 'midnight crossing: midnight itself',
    rates: [rate(1, night)],
    req: { date: '2026-11-24 00:00' },
    expect: ['R1:5000'],
  },
  // --- weekdays (2026-11-23 is a Monday)
  { name: 'weekday allowed', rates: [rate(1, { weekDays: [1, 2] })], expect: ['R1:5000'] },
  { name: 'weekday not allowed', rates: [rate(1, { weekDays: [0, 6] })], expect: [] },
  { name: 'Sunday as 0', rates: [rate(1, { weekDays: [0] })], req: { date: '2026-11-22 10:00' }, expect: ['R1:5000'] },
  { name: 'Sunday as 7', rates: [rate(1, { weekDays: [7] })], req: { date: '2026-11-22 10:00' }, expect: ['R1:5000'] },
  {
    name: 'Friday night window serves Saturday 02:00',
    rates: [rate(1, { ...night, weekDays: [5] })],
    req: { date: '2026-11-28 02:00' },
    expect: ['R1:5000'],
  },
  {
    name: 'Saturday night window does not serve Saturday 02:00',
    rates: [rate(1, { ...night, weekDays: [6] })],
    req: { date: '2026-11-28 02:00' },
    expect: [],
  },
  {
    name: 'Friday night window serves Friday 23:00',
    rates: [rate(1, { ...night, weekDays: [5] })],
    req: { date: '2026-11-27 23:00' },
    expect: ['R1:5000'],
  },
  // --- distance bands
  {
    name: 'band start is inclusive (road distance)',
    rates: [rate(1, { distanceFrom: 5, distanceTo: 10 })],
    options: miles(5),
    expect: ['R1:5000'],
  },
  {
    name: 'band end is exclusive',
    rates: [rate(1, { distanceFrom: 5, distanceTo: 10 })],
    options: miles(10),
    expect: [],
  },
  {
    name: 'just below the band',
    rates: [rate(1, { distanceFrom: 5, distanceTo: 10 })],
    options: miles(4.999),
    expect: [],
  },
  {
    name: 'adjacent bands: the edge belongs to the upper band',
    rates: [rate(1, { distanceTo: 5 }), rate(2, { distanceFrom: 5, price: 70 })],
    options: miles(5),
    expect: ['R2:7000'],
  },
  {
    name: 'estimate = great circle x detour factor',
    // West to Downtown is about 14.4 miles of road at factor 1.3, about 11.1 straight.
    rates: [rate(1, { distanceFrom: 12 })],
    expect: ['R1:5000'],
    check: (f) => {
      expect(f.breakdown.distance.source).toBe('estimate');
      expect(f.breakdown.distance.detourFactor).toBe(1.3);
    },
  },
  {
    name: 'detour factor 1 puts the estimate below the band',
    rates: [rate(1, { distanceFrom: 12 })],
    options: { detourFactor: 1 },
    expect: [],
  },
  {
    name: 'road distance replaces the estimate',
    rates: [rate(1, { distanceTo: 2 })],
    options: miles(1.5),
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.distance.source).toBe('road'),
  },
  // --- priority and ties
  {
    name: 'higher priority wins',
    rates: [rate(1, { priority: 1, price: 40 }), rate(2, { priority: 2, price: 90 })],
    expect: ['R2:9000'],
  },
  {
    name: 'tie: a location beats an area',
    rates: [rate(1, { price: 40 }), rate(2, { to: { type: 'location', id: 2 }, price: 90 })],
    req: { to: STATION },
    expect: ['R2:9000'],
  },
  {
    name: 'tie: an area beats anywhere',
    rates: [rate(1, { to: { type: 'any' }, price: 40 }), rate(2, { price: 90 })],
    expect: ['R2:9000'],
  },
  {
    name: 'tie: forward beats reverse',
    rates: [
      rate(1, { from: { type: 'area', id: 10 }, to: { type: 'area', id: 11 }, biDir: true, price: 40 }),
      rate(2, { price: 90 }),
    ],
    expect: ['R2:9000'],
  },
  { name: 'tie: the lower price', rates: [rate(1, { price: 90 }), rate(2, { price: 40 })], expect: ['R2:4000'] },
  { name: 'tie: code ascending', rates: [rate(1, { code: 'B' }), rate(2, { code: 'A' })], expect: ['A:5000'] },
  {
    name: 'tie: _id ascending',
    rates: [rate(7, { code: 'S' }), rate(3, { code: 'S', price: 50 })],
    expect: ['S:5000'],
    check: (f) => expect(f.breakdown.rate._id).toBe(3),
  },
  // --- holidays
  {
    name: 'holiday rate wins on a holiday over higher priority',
    rates: [rate(1, { priority: 9 }), rate(2, { holiday: true, price: 75 })],
    req: { date: '2026-12-25 10:00' },
    expect: ['R2:7500'],
    check: (f) => expect(f.breakdown.holiday).toEqual({ _id: 1, name: 'Christmas', code: 'XMAS' }),
  },
  {
    name: 'holiday rate is off on other days',
    rates: [rate(1), rate(2, { holiday: true, price: 75 })],
    req: { date: '2026-12-23 23:59' },
    expect: ['R1:5000'],
  },
  {
    name: 'holiday range end is inclusive',
    rates: [rate(2, { holiday: true, price: 75 })],
    req: { date: '2026-12-26 23:59' },
    expect: ['R2:7500'],
  },
  {
    name: 'the day after the range',
    rates: [rate(2, { holiday: true, price: 75 })],
    req: { date: '2026-12-27 00:00' },
    expect: [],
  },
  {
    name: 'a site-less holiday applies to every site',
    rates: [rate(2, { holiday: true, price: 75 })],
    req: { date: '2027-01-01 10:00' },
    expect: ['R2:7500'],
  },
  {
    name: "another site's holiday does not apply",
    rates: [rate(2, { holiday: true, price: 75 })],
    req: { date: '2026-11-23 10:00' },
    expect: [],
  },
  {
    name: 'on a holiday without holiday rates the ordinary tariff applies',
    rates: [rate(1)],
    req: { date: '2026-12-25 10:00' },
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.holiday?.code).toBe('XMAS'),
  },
  // --- tags and parents (school fares)
  { name: 'a tagged rate needs the tag', rates: [rate(1, { tag: 'school' })], expect: [] },
  {
    name: 'the tag asked for beats untagged rates',
    rates: [rate(1, { priority: 5 }), rate(2, { tag: 'school', price: 30 })],
    req: { tag: 'school' },
    expect: ['R2:3000'],
  },
  {
    name: 'a tag asked for falls back on untagged rates',
    rates: [rate(1)],
    req: { tag: 'school' },
    expect: ['R1:5000'],
  },
  { name: 'another tag never matches', rates: [rate(1, { tag: 'work' })], req: { tag: 'school' }, expect: [] },
  {
    name: 'a child rate inherits what it leaves empty from parentCode',
    rates: [
      rate(1, {
        code: 'SCHOOL',
        price: 12,
        from: { type: 'any' },
        tag: 'base',
        additions: [{ name: 'fee', valueType: 'price', value: 1 }],
      }),
      { _id: 2, unit: 1, code: 'LINCOLN', parentCode: 'SCHOOL', to: { type: 'location', id: 2 }, tag: 'school' },
    ],
    req: { to: STATION, tag: 'school' },
    expect: ['LINCOLN:1300'],
    check: (f) => expect(f.breakdown.rate.parentCode).toBe('SCHOOL'),
  },
  {
    name: 'parentTag picks the parent with that code and tag',
    rates: [
      rate(1, { code: 'SCHOOL', price: 12, tag: 'old' }),
      rate(2, { code: 'SCHOOL', price: 15, tag: 'y2026' }),
      { _id: 3, unit: 1, code: 'CHILD', parentCode: 'SCHOOL', parentTag: 'y2026', tag: 'kid' },
    ],
    req: { tag: 'kid' },
    expect: ['CHILD:1500'],
  },
  {
    name: 'a missing parent leaves the child out',
    rates: [{ _id: 3, unit: 1, code: 'CHILD', parentCode: 'NOPE' }],
    expect: [],
  },
  // --- additions
  {
    name: 'addition: flat price',
    rates: [rate(1, { additions: [{ name: 'toll', valueType: 'price', value: 3.25 }] })],
    expect: ['R1:5325'],
  },
  {
    name: 'addition: percent of the rate price',
    rates: [rate(1, { additions: [{ name: 'fuel', valueType: 'percent', value: 7.5 }] })],
    expect: ['R1:5375'],
  },
  {
    name: 'additions by priority: flat then percent of the running total',
    rates: [
      rate(1, {
        additions: [
          { name: 'pct', valueType: 'total', value: 10, priority: 1 },
          { name: 'flat', valueType: 'price', value: 10, priority: 2 },
        ],
      }),
    ],
    expect: ['R1:6600'],
    check: (f) => expect(f.breakdown.additions.map((a) => a.name)).toEqual(['flat', 'pct']),
  },
  {
    name: 'additions by priority: percent of the running total then flat',
    rates: [
      rate(1, {
        additions: [
          { name: 'pct', valueType: 'total', value: 10, priority: 2 },
          { name: 'flat', valueType: 'price', value: 10, priority: 1 },
        ],
      }),
    ],
    expect: ['R1:6500'],
  },
  {
    name: "percent ignores earlier additions, 'total' does not",
    rates: [
      rate(1, {
        additions: [
          { name: 'flat', valueType: 'price', value: 10, priority: 3 },
          { name: 'pct', valueType: 'percent', value: 10, priority: 2 },
          { name: 'tot', valueType: 'total', value: 10, priority: 1 },
        ],
      }),
    ],
    expect: ['R1:7150'],
  },
  {
    name: 'addition limited to a time window (midnight crossing)',
    rates: [rate(1, { additions: [{ name: 'night', valueType: 'price', value: 5, times: ['22:00-06:00'] }] })],
    req: { date: '2026-11-24 01:00' },
    expect: ['R1:5500'],
  },
  {
    name: 'addition outside its time window',
    rates: [
      rate(1, {
        additions: [{ name: 'night', valueType: 'price', value: 5, times: [{ start: '22:00', end: '06:00' }] }],
      }),
    ],
    expect: ['R1:5000'],
  },
  {
    name: 'addition limited to dates (single and range)',
    rates: [
      rate(1, {
        additions: [
          { name: 'event', valueType: 'price', value: 5, dates: ['2026-11-23'] },
          { name: 'season', valueType: 'price', value: 1, dates: [{ start: '2026-12-01', end: '2027-02-28' }] },
        ],
      }),
    ],
    expect: ['R1:5500'],
  },
  {
    name: 'addition limited to weekdays',
    rates: [
      rate(1, {
        additions: [
          { name: 'weekend', valueType: 'price', value: 5, weekDays: [0, 6] },
          { name: 'monday', valueType: 'price', value: 2, weekDays: [1] },
        ],
      }),
    ],
    expect: ['R1:5200'],
  },
  {
    name: 'holiday-only and never-on-holiday additions',
    rates: [
      rate(1, {
        additions: [
          { name: 'holiday', valueType: 'percent', value: 50, holiday: true },
          { name: 'workday', valueType: 'price', value: 1, holiday: false },
        ],
      }),
    ],
    req: { date: '2026-12-24 10:00' },
    expect: ['R1:7500'],
  },
  {
    name: 'a negative addition reduces the fare',
    rates: [rate(1, { additions: [{ name: 'promo', valueType: 'price', value: -7.5 }] })],
    expect: ['R1:4250'],
    check: (f) => expect(f.addition).toBe(-750),
  },
  // --- passengers and extra services
  {
    name: 'per-passenger rate: free band children ride free',
    rates: [rate(1, { perPassenger: true, price: 20 })],
    req: { profile: 101, passengers: { adults: 2, age0to5: 1, age6to11: 1 } },
    expect: ['R1:6000'],
    check: (f) => expect(f.breakdown.passengers).toEqual({ total: 4, paying: 3, free: 1 }),
  },
  {
    name: 'per-passenger rate counts seats when no age bands',
    rates: [rate(1, { perPassenger: true, price: 20 })],
    req: { seats: 3 },
    expect: ['R1:6000'],
  },
  {
    name: 'age bands that name nobody fall back on seats',
    rates: [rate(1, { perPassenger: true, price: 20 })],
    req: { seats: 2, passengers: { adults: 0 } },
    expect: ['R1:4000'],
  },
  {
    name: 'an unusable road distance falls back on the estimate',
    rates: [rate(1, { distanceFrom: 12 })],
    options: { roadDistanceMetres: Number.NaN },
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.distance.source).toBe('estimate'),
  },
  {
    name: 'extra service within baseUpTo: base price and surcharge',
    rates: [rate(1)],
    req: { extraServices: [{ id: 1, quantity: 2 }] },
    expect: ['R1:6150'],
  },
  {
    name: 'extra service beyond baseUpTo: each extra unit',
    rates: [rate(1)],
    req: { extraServices: [{ id: 1, quantity: 5 }] },
    expect: ['R1:7650'],
    check: (f) =>
      expect(f.breakdown.extraServices).toEqual([{ _id: 1, name: 'Child seat', quantity: 5, amount: 2650 }]),
  },
  // --- profile rules (profiles defined inline below)
  { name: 'rule none', rates: [rate(1, { price: 45.67 })], req: { profile: 200 }, expect: ['R1:4567'] },
  { name: 'discount fixed', rates: [rate(1, { price: 45.67 })], req: { profile: 201 }, expect: ['R1:4067'] },
  {
    name: 'discount fixed per paying passenger',
    rates: [rate(1, { price: 45.67 })],
    req: { profile: 202, seats: 3 },
    expect: ['R1:3967'],
  },
  {
    name: 'discount percent (to the cent)',
    rates: [rate(1, { price: 45.67 })],
    req: { profile: 203 },
    expect: ['R1:4110'],
  },
  {
    name: 'discount percent rounded (nearest unit)',
    rates: [rate(1, { price: 45.67 })],
    req: { profile: 204 },
    expect: ['R1:4100'],
  },
  {
    name: 'percent rounded: half a unit goes up',
    rates: [rate(1, { price: 50.56 })],
    req: { profile: 204 },
    expect: ['R1:4600'],
  },
  {
    name: 'discount percent rounded up',
    rates: [rate(1, { price: 45.67 })],
    req: { profile: 205 },
    expect: ['R1:4200'],
  },
  { name: 'markup percent rounded up', rates: [rate(1, { price: 45.67 })], req: { profile: 206 }, expect: ['R1:5100'] },
  {
    name: 'discount first, then markup',
    rates: [rate(1, { price: 100 })],
    req: { profile: 207 },
    expect: ['R1:9900'],
    check: (f) => {
      expect(f.breakdown.profile?.discount?.amount).toBe(1000);
      expect(f.breakdown.profile?.markup?.amount).toBe(900);
    },
  },
  { name: 'never below zero', rates: [rate(1, { price: 5 })], req: { profile: 201 }, expect: ['R1:0'] },
  { name: 'a shared profile of another site', rates: [rate(1)], req: { profile: 103 }, expect: ['R1:5000'] },
  // --- rules in combination
  {
    name: 'combined: holiday night, free-band profile, per-passenger rate, additions, extra service, rounded-up discount',
    rates: [
      rate(1, { perPassenger: true, price: 30, priority: 5 }),
      rate(2, {
        perPassenger: true,
        price: 40,
        holiday: true,
        rateType: 'free 0-5',
        additions: [
          { name: 'night', valueType: 'total', value: 10, times: ['22:00-06:00'], priority: 2 },
          { name: 'flat', valueType: 'price', value: 5, priority: 1 },
        ],
      }),
    ],
    req: {
      profile: 208,
      date: '2026-12-25 23:00',
      passengers: { adults: 2, age0to5: 1, age6to11: 1 },
      extraServices: [{ id: 1, quantity: 3 }],
    },
    // 3 paying x 40 = 120.00; night +12.00; flat +5.00; child seats 10 + 5 + 1.50 = 16.50 -> 153.50;
    // -10 % = 138.15 -> rounded up 139.00.
    expect: ['R2:13900'],
    check: (f) => {
      expect(f.price).toBe(12000);
      expect(f.addition).toBe(1200 + 500 + 1650);
      expect(f.breakdown.profile?.discount).toEqual({ type: 'percent rounded up', value: 10, amount: 1450 });
    },
  },
  {
    name: 'combined: reverse match by priority, in its distance band, on its weekday',
    rates: [
      rate(1, {
        from: { type: 'area', id: 10 },
        to: { type: 'area', id: 11 },
        biDir: true,
        priority: 1,
        distanceFrom: 5,
        distanceTo: 20,
        weekDays: [1],
      }),
      rate(2, { price: 70 }),
    ],
    options: miles(12),
    expect: ['R1:5000'],
    check: (f) => expect(f.breakdown.rate.direction).toBe('reverse'),
  },
  {
    name: 'combined: the reverse rate off its weekday leaves the forward one',
    rates: [
      rate(1, {
        from: { type: 'area', id: 10 },
        to: { type: 'area', id: 11 },
        biDir: true,
        priority: 1,
        distanceFrom: 5,
        distanceTo: 20,
        weekDays: [1],
      }),
      rate(2, { price: 70 }),
    ],
    req: { date: '2026-11-24 10:00' },
    options: miles(12),
    expect: ['R2:7000'],
  },
  {
    name: 'combined: a school child rate inherits the holiday flag of its parent',
    rates: [
      rate(1, { code: 'SCHOOL', tag: 'base', holiday: true, price: 20 }),
      { _id: 2, unit: 1, code: 'KIDS', parentCode: 'SCHOOL', parentTag: 'base', tag: 'school' },
    ],
    req: { tag: 'school', date: '2027-01-01 08:00' },
    expect: ['KIDS:2000'],
    check: (f) => expect(f.breakdown.holiday?.code).toBe('NY'),
  },
  {
    name: 'combined: ... and so does not apply on a school day',
    rates: [
      rate(1, { code: 'SCHOOL', tag: 'base', holiday: true, price: 20 }),
      { _id: 2, unit: 1, code: 'KIDS', parentCode: 'SCHOOL', parentTag: 'base', tag: 'school' },
    ],
    req: { tag: 'school', date: '2027-01-04 08:00' },
    expect: [],
  },
];

const RULE_PROFILES = [
  { _id: 200, unit: 1, rules: { discount: { type: 'none' } } },
  { _id: 201, unit: 1, rules: { discount: { type: 'fixed', value: 5 } } },
  { _id: 202, unit: 1, rules: { discount: { type: 'fixed per passenger', value: 2 } } },
  { _id: 203, unit: 1, rules: { discount: { type: 'percent', value: 10 } } },
  { _id: 204, unit: 1, rules: { discount: { type: 'percent rounded', value: 10 } } },
  { _id: 205, unit: 1, rules: { discount: { type: 'percent rounded up', value: 10 } } },
  { _id: 206, unit: 1, rules: { markup: { type: 'percent rounded up', value: 10 } } },
  { _id: 207, unit: 1, rules: { discount: { type: 'percent', value: 10 }, markup: { type: 'percent', value: 10 } } },
  { _id: 208, unit: 1, rateType: 'free 0-5', rules: { discount: { type: 'percent rounded up', value: 10 } } },
];

function quoteCase(c: Case): JobFare[] {
  const ctx = createFareContext({
    rates: c.rates,
    areas: AREAS,
    locations: LOCATIONS,
    profiles: [...PROFILES, ...RULE_PROFILES],
    holidays: HOLIDAYS,
    extraservices: EXTRA_SERVICES,
    services: SERVICES,
  });
  return computeJobFares(request(c.req), ctx, c.options).fares;
}

describe('fare rules', () => {
  it('has at least 60 cases', () => expect(cases.length).toBeGreaterThanOrEqual(60));
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const fares = quoteCase(c);
    expect(fares.map((f) => `${f.code}:${f.total}`)).toEqual(c.expect);
    for (const f of fares) {
      expect(f.breakdown.subtotal).toBe(f.price + f.addition);
      expect(f.addition).toBe(
        f.breakdown.additions.reduce((s, a) => s + a.amount, 0) +
          f.breakdown.extraServices.reduce((s, e) => s + e.amount, 0),
      );
    }
    const first = fares[0];
    if (c.check && first) c.check(first);
  });
});

describe('bad requests', () => {
  const bad: [string, unknown, RegExp, string | undefined][] = [
    ['missing site', { ...request(), unit: undefined }, /^Missing site \(unit\)$/, 'unit'],
    ['site not a number', { ...request(), unit: 'one' }, /Site \(unit\) must be a number/, 'unit'],
    [
      'latitude out of range',
      request({ from: { lat: 91, lon: 0 } }),
      /^from\.lat must be between -90 and 90$/,
      'from.lat',
    ],
    [
      'longitude out of range',
      request({ to: { lat: 0, lon: -180.5 } }),
      /^to\.lon must be between -180 and 180$/,
      'to.lon',
    ],
    ['missing destination', { ...request(), to: undefined }, /^to is missing$/, 'to'],
    ['missing coordinate', request({ from: { lat: 45 } as never }), /^from\.lon is missing$/, 'from.lon'],
    ['unknown profile', request({ profile: 999 }), /^Unknown profile 999 for site 1$/, 'profile'],
    ["another site's profile", request({ profile: 104 }), /^Unknown profile 104 for site 1$/, 'profile'],
    ['impossible date', request({ date: '2026-02-30 10:00' }), /^date must be a valid local date-time/, 'date'],
    ['date with a time zone', request({ date: '2026-02-03T10:00Z' }), /^date must be a valid local date-time/, 'date'],
    [
      'unknown extra service',
      request({ extraServices: [{ id: 42 }] }),
      /^Unknown extra service 42 for site 1$/,
      'extraServices.0.id',
    ],
    [
      "another site's extra service",
      request({ extraServices: [{ id: 3 }] }),
      /^Unknown extra service 3 for site 1$/,
      'extraServices.0.id',
    ],
    [
      'extra service for another profile type',
      request({ profile: 100, extraServices: [{ id: 2 }] }),
      /^Extra service Ski rack is not offered to retail profiles$/,
      'extraServices.0.id',
    ],
    ['zero seats', request({ seats: 0 }), /^seats must be 1 or more$/, 'seats'],
    [
      'absurd quantity',
      request({ extraServices: [{ id: 1, quantity: 1e9 }] }),
      /^extraServices\.0\.quantity must be at most 1000$/,
      'extraServices.0.quantity',
    ],
    ['not an object', 'hello', /Invalid/, undefined],
  ];
  it.each(bad)('%s', (_name, req, message, field) => {
    const ctx = createFareContext({
      rates: [rate(1)],
      areas: AREAS,
      locations: LOCATIONS,
      profiles: PROFILES,
      extraservices: EXTRA_SERVICES,
    });
    let error: unknown;
    try {
      computeJobFares(req, ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FareRequestError);
    const e = error as FareRequestError;
    expect(e.message).toMatch(message);
    expect(e.status).toBe(400);
    expect(e.field).toBe(field);
  });

  it('lists every problem at once', () => {
    const ctx = createFareContext({ rates: [] });
    expect(() => computeJobFares({ from: { lat: 95, lon: 0 }, to: { lat: 0, lon: 0 }, date: 'x' }, ctx)).toThrow(
      "Missing site (unit); from.lat must be between -90 and 90; date must be a valid local date-time 'YYYY-MM-DD HH:mm'",
    );
  });

  it('accepts lng for lon and a T separator', () => {
    const fares = quote(
      [rate(1)],
      request({ from: { lat: WEST.lat, lng: WEST.lon } as never, date: '2026-11-23T10:00' }),
    );
    expect(fares.map((f) => f.code)).toEqual(['R1']);
  });
});

describe('context', () => {
  it('lists unreadable records instead of failing', () => {
    const ctx = createFareContext({
      rates: [
        rate(1),
        rate(2, { price: 'abc' }),
        rate(3, { to: { type: 'area', id: 99 } }),
        rate(4, { startTime: '25:00' }),
      ],
      areas: [
        ...AREAS,
        {
          _id: 50,
          unit: 1,
          map: [
            [1, 2],
            [3, 4],
            [5, 6],
          ],
        },
      ],
      locations: LOCATIONS,
      holidays: [{ _id: 9, name: 'no date' }],
    });
    expect(ctx.index.rateCount).toBe(1);
    expect(ctx.skipped.map((s) => `${s.collection}:${s._id}`).sort()).toEqual([
      'areas:50',
      'holidays:9',
      'rates:2',
      'rates:3',
      'rates:4',
    ]);
    expect(computeJobFares(request(), ctx).fares.map((f) => f.code)).toEqual(['R1']);
  });

  it('quotes a profile whose rules cannot be read without them, and reports it', () => {
    const ctx = createFareContext({
      rates: [rate(1, { rateType: 'Free 0-5 ' })],
      areas: AREAS,
      profiles: [
        { _id: 1, unit: 1, rateType: ' FREE 0-5', rules: { discount: { type: 'Percent', value: 10 } } },
        { _id: 2, unit: 1, rateType: 'free 0-5', rules: [{ kind: 'discount' }] },
      ],
    });
    expect(ctx.skipped).toEqual([
      { collection: 'profiles', _id: 2, reason: 'rules unreadable; quoted without discount or markup' },
    ]);
    expect(computeJobFares(request({ profile: 1 }), ctx).fares.map((f) => f.total)).toEqual([4500]);
    expect(computeJobFares(request({ profile: 2 }), ctx).fares.map((f) => f.total)).toEqual([5000]);
  });

  it('reads numeric strings and nulls the way forms store them', () => {
    const fares = quote([rate(1, { price: '42.5', priority: null, weekDays: null, biDir: null })], request());
    expect(fares.map((f) => f.total)).toEqual([4250]);
  });
});
