import { describe, expect, it } from 'vitest';
import { BadRoutingSetting, siteRouting } from './routingSettings.ts';

describe('a site’s routing settings', () => {
  it('reads the demo’s values into the engine’s settings and the drivers’ limits', () => {
    expect(
      siteRouting({
        'join option': 'try join',
        'routing type': 'bus',
        'trip direction': 'collect',
        'pick gap early': 30,
        'pick gap late': '15',
        'routing ratio': 1.5,
        'max shift hours': 8,
        'per area match': '999999',
      }),
    ).toEqual({
      settings: {
        join: 'tryJoin',
        routingType: 'bus',
        direction: 'collect',
        pickGapEarly: 30,
        pickGapLate: 15,
        maxRide: { ratio: 1.5 },
      },
      drivers: { maxShiftHours: 8, perAreaMatch: 999_999 },
    });
  });

  it('leaves blank settings to the engine’s defaults, and takes the spec’s other spellings', () => {
    expect(siteRouting({ 'join option': '', 'trip direction': 'from', 'routing type': ' Demand ' })).toEqual({
      settings: { direction: 'distribute', routingType: 'demand' },
      drivers: {},
    });
  });

  it.each([
    ['join option', 'sometimes'],
    ['routing type', 'fastest'],
    ['routing ratio', 0.5],
    ['pick gap late', 'soon'],
    ['max shift hours', 30],
    ['per area match', 1_000_000],
  ] as const)('names the setting whose value it cannot use: %s = %s', (name, value) => {
    expect(() => siteRouting({ [name]: value })).toThrow(new BadRoutingSetting(name));
  });
});
