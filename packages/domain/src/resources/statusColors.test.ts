import { describe, expect, it } from 'vitest';
import { DRIVER_STATUSES, JOB_STATUSES, PROFILE_STATUSES, TRIP_STATUSES, USER_STATUSES } from '../constants.ts';
import { SHIFT_STATUSES } from './defs/catalog.ts';
import { PARENT_STATUSES } from './defs/parents.ts';
import { STATUS_COLORS, statusColor } from './statusColors.ts';

/** The statuses of each kind a list shows. */
const STATUS_KINDS = {
  job: JOB_STATUSES,
  trip: TRIP_STATUSES,
  driver: DRIVER_STATUSES,
  user: USER_STATUSES,
  profile: PROFILE_STATUSES,
  shift: SHIFT_STATUSES,
  parent: PARENT_STATUSES,
};

describe('status colours', () => {
  it('give every status of every kind a colour, none shared within a kind', () => {
    for (const [kind, statuses] of Object.entries(STATUS_KINDS)) {
      for (const s of statuses) expect(STATUS_COLORS[s], `${kind} ${s}`).toBeDefined();
      const colours = statuses.map((s) => STATUS_COLORS[s]);
      expect(new Set(colours).size, kind).toBe(statuses.length);
    }
  });

  it('keeps a word’s colour across kinds, and greys what it does not know', () => {
    expect(statusColor('canceled')).toBe(STATUS_COLORS.canceled);
    expect(statusColor('suspended')).toBe('red');
    expect(statusColor('whatever')).toBe('gray');
    expect(statusColor(undefined)).toBe('gray');
  });
});
