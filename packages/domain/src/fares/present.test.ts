import { describe, expect, it } from 'vitest';
import { computeJobFares, createFareContext } from './engine.ts';
import { presentJobFares } from './present.ts';
import { AREAS, EXTRA_SERVICES, rate, request } from './test-fixtures.ts';

describe('presentJobFares', () => {
  it('turns every money field into currency units and leaves the rest alone', () => {
    const ctx = createFareContext({
      rates: [rate(1, { price: 45.67, additions: [{ name: 'toll', valueType: 'price', value: 2.5 }] })],
      areas: AREAS,
      extraservices: EXTRA_SERVICES,
      profiles: [
        { _id: 9, unit: 1, rules: { discount: { type: 'percent', value: 10 }, markup: { type: 'fixed', value: 1 } } },
      ],
    });
    const cents = computeJobFares(request({ profile: 9, extraServices: [{ id: 1 }] }), ctx);
    const [fare] = presentJobFares(cents).fares;
    // 45.67 + 2.50 + child seat 11.50 = 59.67; -10 % (5.97) = 53.70; +1.00 = 54.70.
    expect(fare).toMatchObject({ code: 'R1', service: 1, price: 45.67, addition: 14, total: 54.7 });
    expect(fare?.breakdown).toMatchObject({
      rate: { unitPrice: 45.67, priority: 0 },
      additions: [{ name: 'toll', value: 2.5, amount: 2.5 }],
      extraServices: [{ _id: 1, quantity: 1, amount: 11.5 }],
      subtotal: 59.67,
      profile: {
        discount: { type: 'percent', value: 10, amount: 5.97 },
        markup: { type: 'fixed', value: 1, amount: 1 },
      },
      passengers: { total: 1, paying: 1, free: 0 },
    });
    // The engine's own result is not modified.
    expect(cents.fares[0]?.total).toBe(5470);
  });
});
