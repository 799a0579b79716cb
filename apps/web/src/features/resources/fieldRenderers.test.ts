import { describe, expect, it } from 'vitest';
import { parseDateTime } from './fieldRenderers.tsx';

describe('a typed date and time', () => {
  it('is read in the one format of every language, 24-hour', () => {
    expect(parseDateTime('2026-12-01 08:30')).toBe('2026-12-01 08:30:00');
    expect(parseDateTime(' 2026-12-01T18:05 ')).toBe('2026-12-01 18:05:00');
  });

  it('is not a date while incomplete, in another format or past the calendar', () => {
    for (const typed of [
      '2026-12-01',
      '2026-12-01 8:30',
      '12/01/2026 08:30 AM',
      '2026-02-30 08:00',
      '2026-12-01 24:10',
      '',
    ])
      expect(parseDateTime(typed), typed).toBeNull();
  });
});
