import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_TYPES, RATE_TYPES } from '../constants.ts';
import { computeJobFares, createFareContext, type FareData } from './engine.ts';
import {
  AIRPORT,
  AREAS,
  DONUT_RING,
  DOWNTOWN,
  EXTRA_SERVICES,
  HOLIDAYS,
  LOCATIONS,
  PROFILES,
  SERVICES,
  STATION,
  WEST,
} from './test-fixtures.ts';

/** The value type an arbitrary produces. */
type Shape<A> = A extends fc.Arbitrary<infer T> ? T : never;

const place = fc.constantFrom(
  { type: 'area', id: 10 },
  { type: 'area', id: 11 },
  { type: 'area', id: 12 },
  { type: 'location', id: 1 },
  { type: 'location', id: 2 },
  { type: 'any' },
);
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30, 59))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const money = fc.integer({ min: -2000, max: 20000 }).map((c) => c / 100);

const addition = fc.record(
  {
    name: fc.constantFrom('a', 'b', 'c'),
    valueType: fc.constantFrom('price', 'total', 'percent'),
    value: money,
    priority: fc.integer({ min: 0, max: 3 }),
    times: fc.array(fc.record({ start: clock, end: clock }), { maxLength: 2 }),
    weekDays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 3 }),
    holiday: fc.boolean(),
  },
  { requiredKeys: ['name', 'valueType', 'value'] },
);

/** Mostly absent (stored as null), so that enough rates survive all filters at once. */
function rarely<T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: arb });
}

const rateArb = fc.record({
  code: fc.constantFrom('A', 'B'),
  from: place,
  to: place,
  biDir: fc.boolean(),
  service: fc.constantFrom(1, 2),
  // Few distinct prices and codes, so that ties down to `_id` happen.
  price: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(20, 45.5) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 20000 }).map((c) => c / 100) },
  ),
  perPassenger: fc.boolean(),
  rateType: rarely(fc.constantFrom(...RATE_TYPES)),
  priority: fc.integer({ min: 0, max: 1 }),
  startTime: rarely(clock),
  endTime: rarely(clock),
  weekDays: rarely(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 4 })),
  distanceFrom: rarely(fc.integer({ min: 0, max: 15 })),
  distanceTo: rarely(fc.integer({ min: 5, max: 40 })),
  holiday: rarely(fc.boolean()),
  additions: fc.array(addition, { maxLength: 4 }),
});

/** Rates with distinct ids: ids are part of the tie rule, and real collections never repeat them. */
const ratesArb = fc
  .array(rateArb, { maxLength: 25 })
  .map((list) => list.map((r, i) => ({ ...r, _id: i + 1, unit: 1 })));

const rule = fc.record({
  type: fc.constantFrom(...DISCOUNT_TYPES),
  value: fc.integer({ min: 0, max: 3000 }).map((c) => c / 100),
});
const profileArb = fc.record(
  { rateType: fc.constantFrom('ordinary', 'ordinary', ...RATE_TYPES), discount: rule, markup: rule },
  { requiredKeys: ['rateType'] },
);

const point = fc.constantFrom(AIRPORT, STATION, DOWNTOWN, WEST, DONUT_RING);
const requestArb = fc.record({
  from: point,
  to: point,
  day: fc.integer({ min: 20, max: 31 }),
  month: fc.constantFrom('11', '12'),
  time: clock,
  passengers: fc.record({
    adults: fc.integer({ min: 0, max: 3 }),
    age0to5: fc.integer({ min: 0, max: 2 }),
    age6to11: fc.integer({ min: 0, max: 2 }),
  }),
  extras: fc.array(fc.record({ id: fc.constant(1), quantity: fc.integer({ min: 1, max: 5 }) }), { maxLength: 1 }),
  roadMiles: fc.option(fc.integer({ min: 0, max: 4000 }).map((x) => x / 100)),
});

function world(rates: unknown[], profile: Shape<typeof profileArb>): FareData {
  return {
    rates,
    areas: AREAS,
    locations: LOCATIONS,
    holidays: HOLIDAYS,
    extraservices: EXTRA_SERVICES,
    services: SERVICES,
    profiles: [
      ...PROFILES,
      {
        _id: 500,
        unit: 1,
        rateType: profile.rateType,
        rules: { discount: profile.discount, markup: profile.markup },
      },
    ],
  };
}

function toRequest(r: Shape<typeof requestArb>) {
  const day = r.month === '11' && r.day > 30 ? 30 : r.day;
  return {
    unit: 1,
    profile: 500,
    from: r.from,
    to: r.to,
    date: `2026-${r.month}-${day} ${r.time}`,
    passengers: r.passengers,
    extraServices: r.extras,
  };
}

/** Integer-only re-statement of the documented rule arithmetic, independent of money.ts. */
function divRound(n: number, d: number): number {
  const sign = n < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(n) * 2 + d) / (2 * d));
}
function oracleRule(
  rule: { type: string; value: number } | undefined,
  sign: 1 | -1,
  amount: number,
  paying: number,
): number {
  if (!rule) return amount;
  const v = Math.round(rule.value * 100);
  const pct = divRound(amount * v, 10000);
  switch (rule.type) {
    case 'fixed':
      return amount + sign * v;
    case 'fixed per passenger':
      return amount + sign * v * paying;
    case 'percent':
      return amount + sign * pct;
    case 'percent rounded':
      return divRound(amount + sign * pct, 100) * 100;
    case 'percent rounded up':
      return Math.ceil((amount + sign * pct) / 100) * 100;
    default:
      return amount;
  }
}

const options = (r: Shape<typeof requestArb>) =>
  r.roadMiles === null ? {} : { roadDistanceMetres: r.roadMiles * 1609.34 };

describe('fare engine properties', () => {
  it('total = price + addition after the profile rule, never negative, in whole cents', () => {
    let quoted = 0;
    fc.assert(
      fc.property(ratesArb, profileArb, requestArb, (rates, profile, r) => {
        const ctx = createFareContext(world(rates, profile));
        const { fares } = computeJobFares(toRequest(r), ctx, options(r));
        const services = new Set<number>();
        for (const f of fares) {
          const paying = f.breakdown.passengers.paying;
          const discounted = oracleRule(profile.discount, -1, f.price + f.addition, paying);
          const afterRule = oracleRule(profile.markup, 1, discounted, paying);
          expect(f.total).toBe(Math.max(0, afterRule));
          if (f.total > 0) quoted++;
          expect(f.total).toBeGreaterThanOrEqual(0);
          for (const v of [f.price, f.addition, f.total]) expect(Number.isInteger(v)).toBe(true);
          expect(services.has(f.service)).toBe(false);
          services.add(f.service);
        }
      }),
      { numRuns: 300 },
    );
    // The generators must produce priced fares often enough for the property to mean something.
    expect(quoted).toBeGreaterThan(50);
  });

  it('does not depend on the order the rates are stored in', () => {
    fc.assert(
      fc.property(
        ratesArb.chain((rates) =>
          fc.tuple(fc.constant(rates), fc.shuffledSubarray(rates, { minLength: rates.length })),
        ),
        profileArb,
        requestArb,
        ([rates, shuffled], profile, r) => {
          const a = computeJobFares(toRequest(r), createFareContext(world(rates, profile)), options(r));
          const b = computeJobFares(toRequest(r), createFareContext(world(shuffled, profile)), options(r));
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('the chosen rate is one that matches on its own', () => {
    fc.assert(
      fc.property(ratesArb, profileArb, requestArb, (rates, profile, r) => {
        const all = computeJobFares(toRequest(r), createFareContext(world(rates, profile)), options(r));
        for (const f of all.fares) {
          const alone = rates.filter((x) => x._id === f.breakdown.rate._id);
          const single = computeJobFares(toRequest(r), createFareContext(world(alone, profile)), options(r));
          expect(single.fares).toEqual([f]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
