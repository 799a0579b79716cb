import { describe, expect, it } from 'vitest';
import { etasOf, STOP_DWELL_MINUTES, stopsLeft } from './eta.ts';

const MIN = 60_000;

describe('predictive ETA', () => {
  it('adds each leg and the stop before it, and flags a stop reached past its window', () => {
    const etas = etasOf(
      0,
      [10, 5, 20],
      [
        { kind: 'pickup', job: 1, deadline: 10 * MIN },
        { kind: 'pickup', job: 2, deadline: 15 * MIN },
        { kind: 'dropoff', job: 1, deadline: 60 * MIN },
      ],
    );
    expect(etas.map((e) => e.eta / MIN)).toEqual([10, 15 + STOP_DWELL_MINUTES, 35 + 2 * STOP_DWELL_MINUTES]);
    expect(etas.map((e) => e.late)).toEqual([false, true, false]);
  });

  it('keeps the stops still to make, in plan order', () => {
    const plan = [
      { kind: 'pickup', jobs: [1], at: '2026-12-01 08:00' },
      { kind: 'pickup', jobs: [2], at: '2026-12-01 08:10' },
      { kind: 'dropoff', jobs: [1, 2], at: '2026-12-01 08:40' },
    ];
    const riders = new Map([
      [1, 'picked'],
      [2, 'routed'],
    ]);
    expect(stopsLeft(plan, riders)).toEqual([
      { kind: 'pickup', job: 2, at: '2026-12-01 08:10' },
      { kind: 'dropoff', job: 1, at: '2026-12-01 08:40' },
      { kind: 'dropoff', job: 2, at: '2026-12-01 08:40' },
    ]);
    expect(
      stopsLeft(
        plan,
        new Map([
          [1, 'dropped'],
          [2, 'noshow'],
        ]),
      ),
    ).toEqual([]);
    // no plan: every pick-up, then every drop-off
    expect(stopsLeft([], new Map([[5, 'routed']])).map((s) => s.kind)).toEqual(['pickup', 'dropoff']);
  });
});
