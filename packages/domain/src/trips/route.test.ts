import { describe, expect, it } from 'vitest';
import { stopsBreakdown } from './route.ts';

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
