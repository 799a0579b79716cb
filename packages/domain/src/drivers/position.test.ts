import { describe, expect, it } from 'vitest';
import {
  columnStart,
  frameCount,
  type LivePosition,
  POSITION_COLUMNS,
  positionFrame,
  positionsOfFrame,
  readFrame,
} from './position.ts';

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

describe('the positions frame', () => {
  it('puts the i-th position in the i-th place of every column, null as NaN, and reads it back', () => {
    const list = [at(1), at(2), at(3, { speed: 12.5 })];
    const frame = positionFrame(list);
    expect(frame.length).toBe(POSITION_COLUMNS.length * 3);
    expect(frameCount(frame)).toBe(3);
    expect([...frame.subarray(columnStart('driver', 3), columnStart('driver', 3) + 3)]).toEqual([1, 2, 3]);
    expect([...frame.subarray(columnStart('heading', 3), columnStart('heading', 3) + 3)]).toEqual([90, Number.NaN, 90]);
    expect(frame[columnStart('speed', 3) + 2]).toBe(12.5);
    expect(positionsOfFrame(frame)).toEqual(list);
  });

  it('travels as little-endian bytes and reads back from a buffer at any offset', () => {
    const list = [at(7), at(8)];
    const bytes = new Uint8Array(positionFrame(list).buffer);
    // the first value (driver 7) as the wire carries it: 7.0 little-endian
    expect([...bytes.subarray(0, 8)]).toEqual([0, 0, 0, 0, 0, 0, 0x1c, 0x40]);
    expect(positionsOfFrame(readFrame(bytes.buffer))).toEqual(list);
    // Node hands a frame as a Buffer that may start anywhere in a larger one
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(positionsOfFrame(readFrame(shifted.subarray(3)))).toEqual(list);
  });

  it('refuses bytes that are not a whole frame, and gives no positions for an empty one', () => {
    expect(() => readFrame(new Uint8Array(10))).toThrow('not a positions frame');
    expect(positionsOfFrame(readFrame(positionFrame([]).buffer))).toEqual([]);
  });
});
