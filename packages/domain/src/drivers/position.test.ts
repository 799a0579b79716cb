import { describe, expect, it } from 'vitest';
import { type LivePosition, POSITION_COLUMNS, positionColumns, positionsOfColumns } from './position.ts';

const at = (driver: number, over: Partial<LivePosition> = {}): LivePosition => ({
  driver,
  lat: 45.5 + driver / 1000,
  lon: -73.6,
  heading: driver % 2 ? 90 : null,
  speed: null,
  accuracy: 5,
  time: 1_760_000_000_000 + driver,
  trip: driver % 3 ? driver * 10 : null,
  unit: 1,
  ...over,
});

describe('the positions message as columns', () => {
  it('puts the i-th position in the i-th place of every column, and reads it back', () => {
    const list = [at(1), at(2), at(3, { speed: 12.5 })];
    const cols = positionColumns(list);
    expect(Object.keys(cols)).toEqual([...POSITION_COLUMNS]);
    expect(cols.driver).toEqual([1, 2, 3]);
    expect(cols.heading).toEqual([90, null, 90]);
    expect(cols.speed).toEqual([null, null, 12.5]);
    expect(positionsOfColumns(JSON.parse(JSON.stringify(cols)))).toEqual(list);
  });

  it('gives empty columns for no positions', () => {
    const cols = positionColumns([]);
    expect(cols.time).toEqual([]);
    expect(positionsOfColumns(cols)).toEqual([]);
  });
});
