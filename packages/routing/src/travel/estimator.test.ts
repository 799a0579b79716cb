import { describe, expect, it } from 'vitest';
import { EstimatedTravelTimes, greatCircleKm } from './estimator.ts';

describe('estimator', () => {
  it('measures great-circle distance', () => {
    // Montréal to Québec City, about 233 km in a straight line
    expect(greatCircleKm({ lat: 45.5017, lng: -73.5673 }, { lat: 46.8139, lng: -71.208 })).toBeGreaterThan(228);
    expect(greatCircleKm({ lat: 45.5017, lng: -73.5673 }, { lat: 46.8139, lng: -71.208 })).toBeLessThan(238);
    expect(greatCircleKm({ lat: 10, lng: 10 }, { lat: 10, lng: 10 })).toBe(0);
  });

  it('applies the detour factor and the speed of the hour, and labels the result an estimate', () => {
    const est = new EstimatedTravelTimes({ detourFactor: 1.5 });
    const a = { lat: 0, lng: 0 };
    const b = { lat: 0, lng: 0.1 };
    const rush = est.matrixSync([a, b], Date.UTC(2026, 0, 5, 8, 0));
    const noon = est.matrixSync([a, b], Date.UTC(2026, 0, 5, 12, 0));
    expect(rush.estimated).toBe(true);
    expect(rush.km[0]?.[1]).toBeCloseTo(greatCircleKm(a, b) * 1.5);
    expect(rush.minutes[0]?.[1]).toBeCloseTo(((rush.km[0]?.[1] ?? 0) / 25) * 60);
    expect(noon.minutes[0]?.[1]).toBeCloseTo(((noon.km[0]?.[1] ?? 0) / 35) * 60);
  });

  it('rejects a speed table that is not 24 positive numbers', () => {
    expect(() => new EstimatedTravelTimes({ speedByHour: [30] })).toThrow(/24 positive/);
  });
});
