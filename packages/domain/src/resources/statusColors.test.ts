import { describe, expect, it } from 'vitest';
import { STATUS_COLORS, STATUS_KINDS, statusColor } from './statusColors.ts';

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
