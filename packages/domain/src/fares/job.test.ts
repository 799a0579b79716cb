import { describe, expect, it } from 'vitest';
import { computeJobFares, createFareContext } from './engine.ts';
import { FareRequestError } from './errors.ts';
import { fareOptionsFromSettings, fareRequestFromJob } from './job.ts';
import { AREAS, DOWNTOWN, EXTRA_SERVICES, LOCATIONS, rate, WEST } from './test-fixtures.ts';

describe('fareRequestFromJob', () => {
  it('maps a stored job to a request the engine quotes', () => {
    const job = {
      _id: 77,
      unit: 1,
      status: 'new',
      from: { address: 'somewhere west', lat: WEST.lat, lng: WEST.lon },
      to: { address: 'downtown', lat: String(DOWNTOWN.lat), lon: DOWNTOWN.lon },
      date: '2026-11-23 10:00',
      seats: 3,
      adults: 2,
      infants: 1,
      service: 1,
      extraServices: [1, { _id: 1, quantity: '2' }],
    };
    const req = fareRequestFromJob(job);
    expect(req).toEqual({
      unit: 1,
      from: { lat: WEST.lat, lon: WEST.lon, address: 'somewhere west' },
      to: { lat: DOWNTOWN.lat, lon: DOWNTOWN.lon, address: 'downtown' },
      date: '2026-11-23 10:00',
      seats: 3,
      service: 1,
      passengers: { adults: 2, age0to5: 1, age6to11: 0 },
      extraServices: [
        { id: 1, quantity: 1 },
        { id: 1, quantity: 2 },
      ],
    });
    const ctx = createFareContext({
      rates: [rate(1, { perPassenger: true, price: 10 })],
      areas: AREAS,
      locations: LOCATIONS,
      extraservices: EXTRA_SERVICES,
    });
    // 3 paying passengers x 10.00, child seat once (11.50) and twice (11.50).
    expect(computeJobFares(req, ctx).fares.map((f) => f.total)).toEqual([3000 + 1150 + 1150]);
  });

  it('leaves bad jobs for the engine to refuse with its messages', () => {
    const ctx = createFareContext({ rates: [] });
    expect(() =>
      computeJobFares(fareRequestFromJob({ from: { lat: 100, lng: 0 }, to: WEST, date: '2026-11-23 10:00' }), ctx),
    ).toThrow('Missing site (unit); from.lat must be between -90 and 90');
    expect(() => computeJobFares(fareRequestFromJob(null), ctx)).toThrow(FareRequestError);
  });
});

describe('fareOptionsFromSettings', () => {
  const settings = [
    { name: 'fare detour factor', value: 1.4, unit: null },
    { name: 'fare detour factor', value: '1.2', unit: 2 },
    { name: 'fare detour factor', value: 0.5, unit: 3 },
    { name: 'map route server', value: 'http://x', unit: null },
  ];
  it('prefers the site value over the system-wide one', () => {
    expect(fareOptionsFromSettings(settings, 2)).toEqual({ detourFactor: 1.2 });
    expect(fareOptionsFromSettings(settings, 1)).toEqual({ detourFactor: 1.4 });
  });
  it('ignores unusable values', () => {
    expect(fareOptionsFromSettings(settings, 3)).toEqual({ detourFactor: 1.4 });
    expect(fareOptionsFromSettings([], 1)).toEqual({});
  });
});
