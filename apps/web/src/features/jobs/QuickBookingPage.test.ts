import type { JobFare } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { cheapest, soonAfter } from './QuickBookingPage.tsx';

describe('the quick reservation', () => {
  it('proposes half an hour from now on a five-minute mark, across the hour and the day', () => {
    expect(soonAfter('2026-11-24 10:33')).toBe('2026-11-24 11:05');
    expect(soonAfter('2026-11-24 10:27')).toBe('2026-11-24 11:00');
    expect(soonAfter('2026-11-24 10:30')).toBe('2026-11-24 11:00');
    expect(soonAfter('2026-12-31 23:58')).toBe('2027-01-01 00:30');
  });

  it('chooses the cheapest fare, the first of equal ones, and none of none', () => {
    const fare = (service: number, total: number) => ({ service, total, code: `S${service}` }) as JobFare;
    expect(cheapest([fare(1, 60), fare(2, 45), fare(3, 45)])?.service).toBe(2);
    expect(cheapest([])).toBeUndefined();
  });
});
