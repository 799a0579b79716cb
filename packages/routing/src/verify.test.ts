import { describe, expect, it } from 'vitest';
import type { Solution } from './problem.ts';
import { tinyProblem } from './testing/tiny.ts';
import { verifySolution } from './verify.ts';

// Two requests along the x axis, two vehicles at the origin. Request 0: 0→10, request 1: 2→8.
const base = () =>
  tinyProblem(
    [
      { from: [0, 0], to: [10, 0] },
      { from: [2, 0], to: [8, 0] },
    ],
    [{ capacity: [2] }, { capacity: [2] }],
  );
// nodes: pickups 0,1; drop-offs 2,3
const good: Solution = { routes: [[0, 1, 3, 2], []], unassigned: [] };

describe('verifySolution', () => {
  it('accepts a feasible solution and measures it', () => {
    const v = verifySolution(base(), good);
    expect(v.violations).toEqual([]);
    expect(v.feasible).toBe(true);
    expect(v.distance).toBeCloseTo(20);
    expect(v.vehicles).toBe(1);
  });

  it('accepts a request left unassigned on purpose', () => {
    expect(verifySolution(base(), { routes: [[0, 2], []], unassigned: [1] }).feasible).toBe(true);
  });

  const cases: [string, () => ReturnType<typeof base>, Solution][] = [
    ['TOO_MANY_ROUTES', base, { routes: [[0, 1, 3, 2], [], []], unassigned: [] }],
    ['UNKNOWN_NODE', base, { routes: [[0, 1, 3, 2, 9], []], unassigned: [] }],
    ['DUPLICATE_VISIT', base, { routes: [[0, 1, 3, 2], [1]], unassigned: [] }],
    ['MISSING_REQUEST', base, { routes: [[0, 2], []], unassigned: [] }],
    ['SPLIT_REQUEST', base, { routes: [[0, 1, 2], [3]], unassigned: [] }],
    ['PRECEDENCE', base, { routes: [[0, 3, 1, 2], []], unassigned: [] }],
    [
      'INCOMPATIBLE_VEHICLE',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            { from: [2, 0], to: [8, 0] },
          ],
          [{}, {}],
          {
            compat: [
              [1, 0],
              [1, 1],
            ],
          },
        ),
      good,
    ],
    [
      'CAPACITY',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            { from: [2, 0], to: [8, 0] },
          ],
          [{ capacity: [1] }, { capacity: [1] }],
        ),
      good,
    ],
    [
      'TIME_WINDOW',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            { from: [2, 0], to: [8, 0], dropWindow: [0, 5] },
          ],
          [{}, {}],
        ),
      good,
    ],
    [
      'RIDE_TIME',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            // the ride from 2 to 8 takes 6; going to 10 first makes it 10
            { from: [2, 0], to: [8, 0], maxRide: 7 },
          ],
          [{}, {}],
        ),
      { routes: [[0, 1, 2, 3], []], unassigned: [] },
    ],
    [
      'ROUTE_DURATION',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            { from: [2, 0], to: [8, 0] },
          ],
          [{ maxDuration: 19 }, {}],
        ),
      good,
    ],
    [
      'FIRST_TRIP_DISTANCE',
      () =>
        tinyProblem(
          [
            { from: [0, 0], to: [10, 0] },
            { from: [2, 0], to: [8, 0] },
          ],
          [{ at: [-5, 0], maxFirstLeg: 4 }, {}],
        ),
      good,
    ],
  ];

  it.each(cases)('reports %s when only that rule is broken', (code, make, solution) => {
    const v = verifySolution(make(), solution);
    expect(v.feasible).toBe(false);
    expect(v.violations.map((x) => x.code)).toEqual([code]);
  });

  it('lets a late start absorb waiting when the duration is limited', () => {
    // pickup opens at 100: leaving at 100 makes the route last 20 ≤ 20, leaving at 0 would not
    const p = tinyProblem([{ from: [0, 0], to: [10, 0], window: [100, 110] }], [{ maxDuration: 20 }]);
    expect(verifySolution(p, { routes: [[0, 1]], unassigned: [] }).feasible).toBe(true);
  });
});
