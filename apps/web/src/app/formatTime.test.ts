import { describe, expect, it } from 'vitest';
import { formatInZone, formatNewYork } from './formatTime.ts';

describe('times in New York', () => {
  it('shows winter times at UTC-5 and summer times at UTC-4', () => {
    expect(formatNewYork('2026-01-15T17:04:05Z')).toBe('2026-01-15 12:04:05');
    expect(formatNewYork('2026-07-01T03:30:00.000Z')).toBe('2026-06-30 23:30:00');
  });

  it('crosses the daylight-saving changes of the zone', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT; 2026-11-01 02:00 EDT becomes 01:00 EST.
    expect(formatNewYork('2026-03-08T06:59:59Z')).toBe('2026-03-08 01:59:59');
    expect(formatNewYork('2026-03-08T07:00:00Z')).toBe('2026-03-08 03:00:00');
    expect(formatNewYork('2026-11-01T05:30:00Z')).toBe('2026-11-01 01:30:00');
    expect(formatNewYork('2026-11-01T06:30:00Z')).toBe('2026-11-01 01:30:00');
  });

  it('shows midnight as 00, takes dates and epoch numbers, and leaves what is not a time as it is', () => {
    expect(formatNewYork(new Date('2026-05-02T04:00:00Z'))).toBe('2026-05-02 00:00:00');
    expect(formatNewYork(Date.UTC(2026, 4, 2, 4))).toBe('2026-05-02 00:00:00');
    expect(formatNewYork('not a time')).toBe('not a time');
    expect(formatNewYork('')).toBe('');
    expect(formatNewYork(undefined)).toBe('');
  });
});

describe('a time on a site’s clock', () => {
  it('follows the site’s zone and its daylight saving, whatever the browser’s', () => {
    expect(formatInZone('2026-01-15T17:04:05Z', 'America/Toronto')).toBe('2026-01-15 12:04');
    expect(formatInZone('2026-07-01T03:30:00Z', 'America/Toronto')).toBe('2026-06-30 23:30');
    expect(formatInZone('2026-07-01T03:30:00Z', 'Europe/Lisbon')).toBe('2026-07-01 04:30');
    expect(formatInZone('', 'America/Toronto')).toBe('');
  });
});
