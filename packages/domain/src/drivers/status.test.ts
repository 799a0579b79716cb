import { describe, expect, it } from 'vitest';
import { driverActionRefusal, driverStatusAfter } from './status.ts';

describe('a driver’s status from the online drivers screen', () => {
  it.each([
    ['offline', 'online', 'online'],
    ['online', 'break', 'break'],
    ['break', 'release', 'online'],
    ['break', 'offline', 'offline'],
    ['online', 'offline', 'offline'],
    ['offline', 'break', undefined],
    ['en_route', 'offline', undefined],
    ['suspended', 'online', undefined],
  ] as const)('%s, %s: %s', (from, action, to) => {
    expect(driverStatusAfter(from, action)).toBe(to);
  });

  it('says why an action is refused', () => {
    expect(driverActionRefusal('offline', 'break')).toBe('A driver who is offline cannot be sent on a break.');
  });
});
