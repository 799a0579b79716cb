import { describe, expect, it } from 'vitest';
import { jobTimeline } from './timeline.ts';

describe('a reservation’s life', () => {
  it('tells its booking, status changes, trip, driver and other changes in time order, with who', () => {
    const events = jobTimeline([
      {
        time: '2026-11-24T14:05:00Z',
        user: 'Dispatcher',
        operation: 'update',
        data: {
          changes: {
            status: { from: 'new', to: 'routed' },
            trip: { from: null, to: 41 },
            driver: { from: null, to: 7 },
          },
        },
      },
      { time: '2026-11-24T13:00:00Z', user: 'Agent', operation: 'insert', data: { status: 'new', legs: { A: 1 } } },
      {
        time: '2026-11-24T13:00:01Z',
        user: 'Agent',
        operation: 'update',
        data: { changes: { legs: { from: { A: 1 }, to: { A: 1, B: 2 } } } },
      },
      {
        time: '2026-11-24T13:30:00Z',
        user: 'Agent',
        operation: 'update',
        data: { changes: { seats: { from: 1, to: 2 }, date: { from: 'a', to: 'b' } } },
      },
      {
        time: '2026-11-24T15:00:00Z',
        user: 'Dispatcher',
        operation: 'update',
        data: { changes: { trip: { from: 41, to: null } } },
      },
    ]);
    expect(events).toEqual([
      { kind: 'booked', time: '2026-11-24T13:00:00Z', user: 'Agent', status: 'new' },
      { kind: 'changed', time: '2026-11-24T13:30:00Z', user: 'Agent', fields: ['date', 'seats'] },
      { kind: 'status', time: '2026-11-24T14:05:00Z', user: 'Dispatcher', from: 'new', to: 'routed' },
      { kind: 'trip', time: '2026-11-24T14:05:00Z', user: 'Dispatcher', trip: 41 },
      { kind: 'driver', time: '2026-11-24T14:05:00Z', user: 'Dispatcher', driver: 7 },
      { kind: 'trip', time: '2026-11-24T15:00:00Z', user: 'Dispatcher', trip: null },
    ]);
  });

  it('is empty without history', () => {
    expect(jobTimeline([])).toEqual([]);
  });
});
