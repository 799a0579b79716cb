import { describe, expect, it } from 'vitest';
import { TRIP_STATUSES } from '../constants.ts';
import {
  mayTakeTripAction,
  RIDER_ACTIONS,
  ridersNotDone,
  runningTripStatus,
  supplierOfDriver,
  TRIP_ACTION_RULES,
  TRIP_ACTIONS,
  tripActionRefusal,
  tripStatusAfter,
} from './status.ts';

describe('the trip transition table', () => {
  it.each([
    ['new', 'assign', true],
    ['new', 'send', true],
    ['sent', 'send', false],
    ['sent', 'approve', true],
    ['new', 'start', false],
    ['sent', 'start', false],
    ['approved', 'start', true],
    ['approved', 'pickup', false],
    ['in route', 'pickup', true],
    ['picking up', 'dropoff', true],
    ['in route', 'cancel', false],
    ['approved', 'cancel', true],
    ['done', 'end', false],
    ['canceled', 'assign', false],
    ['done', 'note', true],
  ] as const)('a %s trip %s: %s', (status, action, allowed) => {
    expect(mayTakeTripAction(status, action)).toBe(allowed);
  });

  it('names a permission of the trips module for every action, and a status every action leaves', () => {
    for (const action of TRIP_ACTIONS) {
      expect(['assign', 'sendTrip', 'changeStatus', 'editQueue', 'addNote', 'combineTrip', 'sendMessage']).toContain(
        TRIP_ACTION_RULES[action].permission,
      );
      for (const status of TRIP_ACTION_RULES[action].from) {
        expect(TRIP_STATUSES).toContain(tripStatusAfter(action, status, ['routed']));
      }
    }
  });

  it('is picking up while some riders wait and others are aboard, in route otherwise', () => {
    expect(runningTripStatus(['routed', 'routed'])).toBe('in route');
    expect(runningTripStatus(['picked', 'routed'])).toBe('picking up');
    expect(runningTripStatus(['noshow', 'routed'])).toBe('picking up');
    expect(runningTripStatus(['picked', 'dropped'])).toBe('in route');
    expect(ridersNotDone(['picked', 'dropped', 'noshow', 'routed'])).toBe(2);
    expect(RIDER_ACTIONS.dropoff).toEqual({ to: 'dropped', from: ['picked'] });
  });

  it('says why an action is refused, naming the status', () => {
    expect(tripActionRefusal('sent', 'start')).toBe('A trip that is sent cannot be started.');
  });
});

describe('a driver’s supplier', () => {
  it('is the driver’s first supplier, none for the operator’s own drivers', () => {
    expect(supplierOfDriver({ suppliers: [4, 2] })).toBe(4);
    expect(supplierOfDriver({ suppliers: [] })).toBeUndefined();
    expect(supplierOfDriver({})).toBeUndefined();
  });
});
