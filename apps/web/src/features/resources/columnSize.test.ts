import '#src/test/setup.ts';
import { COLUMN_WIDTH } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { columnSize } from './ResourceTable.tsx';

describe('a column’s starting width', () => {
  it('follows what it holds: an id narrow, a date and time whole, a place and a wide text wide', () => {
    expect(columnSize({ field: '_id' }, 'Id')).toBe(80);
    expect(columnSize({ field: 'date', format: 'datetime' }, 'Date')).toBe(150);
    expect(columnSize({ field: 'from', format: 'place' }, 'From')).toBe(200);
    expect(columnSize({ field: 'notes', wide: true }, 'Notes')).toBe(320);
    expect(columnSize({ field: 'date', format: 'datetime' }, 'Date')).toBeLessThan(
      columnSize({ field: 'from', format: 'place' }, 'From'),
    );
  });

  it('never hides its header, nor passes the spec’s limit unless wide', () => {
    const header = 'Dispositivo de retenção para crianças';
    expect(columnSize({ field: 'childSeat', format: 'bool' }, 'Seats')).toBeGreaterThanOrEqual(48 + 5 * 8);
    expect(columnSize({ field: 'childSeat', format: 'bool' }, header)).toBe(COLUMN_WIDTH.max);
  });
});
