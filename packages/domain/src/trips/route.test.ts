import { describe, expect, it } from 'vitest';
import { stopsBreakdown, whyTogether } from './route.ts';

const home = (n: number) => ({ address: `${n} Rue Peel` });
const airport = { address: 'YUL' };

describe('a trip’s breakdown', () => {
  it('lists the planned stops in order with who boards or leaves, the actual times and the seats on board', () => {
    const riders = [
      { _id: 1, seats: 2, from: home(1), to: airport, pickedAt: '2026-12-01 08:02', droppedAt: '2026-12-01 08:40' },
      { _id: 2, seats: 1, from: home(2), to: airport, pickedAt: '2026-12-01 08:12' },
    ];
    const rows = stopsBreakdown(
      [
        { kind: 'pickup', jobs: [1], at: '2026-12-01 08:00' },
        { kind: 'pickup', jobs: [2, 3], at: '2026-12-01 08:10' },
        { kind: 'dropoff', jobs: [1, 2, 3], at: '2026-12-01 08:35' },
      ],
      riders,
    );
    expect(
      rows.map((r) => [r.kind, r.at.slice(11), r.address, r.riders.map((x) => x._id), r.actual, r.onBoard]),
    ).toEqual([
      ['pickup', '08:00', '1 Rue Peel', [1], ['2026-12-01 08:02'], 2],
      // rider 3 left the trip: the stop keeps who is still on it
      ['pickup', '08:10', '2 Rue Peel', [2], ['2026-12-01 08:12'], 3],
      ['dropoff', '08:35', 'YUL', [1, 2], ['2026-12-01 08:40'], 0],
    ]);
  });

  it('leaves out a stop whose riders all left the trip', () => {
    expect(stopsBreakdown([{ kind: 'pickup', jobs: [9], at: '2026-12-01 08:00' }], [])).toEqual([]);
  });
});

describe('why riders ride together', () => {
  // two riders 6 km apart in the north, to the same place downtown: the second joins the first
  const north = { lat: 45.56, lon: -73.6 };
  const north2 = { lat: 45.56, lon: -73.67 };
  const downtown = { lat: 45.5, lon: -73.57 };
  const riders = [
    { _id: 1, date: '2026-12-01 08:00', from: north, to: downtown },
    { _id: 2, date: '2026-12-01 08:20', from: north2, to: downtown },
    { _id: 3, date: '2026-12-01 10:00', from: downtown, to: north },
  ];
  const plan = [
    { kind: 'pickup' as const, jobs: [1], at: '2026-12-01 08:00' },
    { kind: 'pickup' as const, jobs: [2], at: '2026-12-01 08:14' },
    { kind: 'dropoff' as const, jobs: [1, 2], at: '2026-12-01 08:34' },
    { kind: 'pickup' as const, jobs: [3], at: '2026-12-01 10:05' },
    { kind: 'dropoff' as const, jobs: [3], at: '2026-12-01 10:20' },
  ];

  it('names whom each rides with, the pick-up against the window and the detour against the ratio', () => {
    const why = whyTogether(plan, riders);
    const [first, second, third] = why;
    expect(first?.with).toEqual([2]);
    expect(second?.with).toEqual([1]);
    expect(third?.with).toEqual([]);
    // the second rider is picked up 6 minutes before the time asked: inside the 30-minute gaps
    expect(second).toMatchObject({ pickupShift: -6, inWindow: true, rideMinutes: 20 });
    // the first rides 34 minutes for a direct drive of about 16: an 18-minute detour, beyond 1.5 times
    expect(first?.directMinutes).toBe(16);
    expect(first?.detourMinutes).toBe(18);
    expect(first?.withinRatio).toBe(false);
    expect(second?.withinRatio).toBe(true);
    // a tighter window leaves the second outside it
    expect(whyTogether(plan, riders, { ratio: 3, early: 5, late: 5 })[1]).toMatchObject({ inWindow: false });
    expect(whyTogether(plan, riders, { ratio: 3, early: 5, late: 5 })[0]).toMatchObject({ withinRatio: true });
  });

  it('leaves out riders without planned stops or places', () => {
    expect(
      whyTogether(plan.slice(0, 3), [{ _id: 1, date: '2026-12-01 08:00', from: { address: 'x' }, to: downtown }]),
    ).toEqual([]);
  });
});
