import { type ResourceDef, resourceByKey } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { changedFields, linkChanges, newRecord, suspensionPatch } from './formValues.ts';

const passengers = resourceByKey('passengers') as ResourceDef;
const now = new Date('2026-11-23T12:00:00Z');

describe('form values', () => {
  it('sends only the changed top-level fields, a cleared one as null, never system fields', () => {
    const before = { _id: 1, _version: 3, firstName: 'Ana', caregiver: { firstName: 'Rui' }, code: 'P1' };
    const after = { ...before, firstName: 'Ana', caregiver: { firstName: 'Rita' }, code: undefined, _version: 9 };
    expect(changedFields(before, after)).toEqual({ caregiver: { firstName: 'Rita' }, code: null });
  });

  it('starts a new record with defaults, fixed values and the selected site', () => {
    expect(newRecord(passengers, 2)).toMatchObject({ role: 'passenger', unit: 2, status: 'active' });
    expect(newRecord(passengers, null)).not.toHaveProperty('unit');
  });

  it('suspends people with a reason and a status; drivers by driver status', () => {
    expect(suspensionPatch(passengers, true, { reason: 'admin locked' }, now)).toEqual({
      suspended: true,
      suspension: { reason: 'admin locked', at: '2026-11-23T12:00:00.000Z' },
      status: 'suspended',
    });
    const drivers = { ...passengers, collection: 'drivers' };
    expect(suspensionPatch(drivers, false, { reason: 'temporarily suspended', note: 'back' }, now)).toEqual({
      suspended: false,
      suspension: { reason: 'temporarily suspended', note: 'back', at: '2026-11-23T12:00:00.000Z' },
      driverStatus: 'offline',
    });
  });
});

describe('links written one at a time', () => {
  it('lists the ids gained and the ids lost', () => {
    expect(linkChanges([1, 2, 3], [2, 3, 4, 5])).toEqual({ add: [4, 5], remove: [1] });
  });
  it('treats a missing list as empty and ignores what is not an id', () => {
    expect(linkChanges(undefined, [7])).toEqual({ add: [7], remove: [] });
    expect(linkChanges([7, 'x'], null)).toEqual({ add: [], remove: [7] });
    expect(linkChanges([1, 2], [2, 1])).toEqual({ add: [], remove: [] });
  });
});
