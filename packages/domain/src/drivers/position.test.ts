import { describe, expect, it } from 'vitest';
import {
  columnStart,
  frameCount,
  type LivePosition,
  POSITION_COLUMNS,
  PositionMerger,
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

describe('PositionMerger', () => {
  it("merges frames into one with each driver's newest position, and starts over once taken", () => {
    const merger = new PositionMerger();
    merger.add(positionFrame([at(1), at(2, { time: 2_000 })]));
    // driver 1 again, newer; driver 2 again, older than what it has: kept as it was
    merger.add(positionFrame([at(1, { lat: 46, time: 1_760_000_000_500 }), at(2, { time: 1_000 }), at(3)]));
    expect(merger.size).toBe(3);
    const out = new Float64Array(POSITION_COLUMNS.length * 5).fill(-1);
    const n = merger.take(out);
    expect(n).toBe(3);
    expect(positionsOfFrame(out.subarray(0, POSITION_COLUMNS.length * n))).toEqual([
      at(1, { lat: 46, time: 1_760_000_000_500 }),
      at(2, { time: 2_000 }),
      at(3),
    ]);
    expect(merger.size).toBe(0);
    merger.add(positionFrame([at(3, { time: 5 })]));
    expect(merger.take(out)).toBe(1);
    expect(positionsOfFrame(out.subarray(0, POSITION_COLUMNS.length))).toEqual([at(3, { time: 5 })]);
  });

  it('grows past its first rows, keeps equal times in the order heard, and refuses a frame too small', () => {
    const merger = new PositionMerger();
    const fleet = Array.from({ length: 300 }, (_, i) => at(i + 1));
    merger.add(positionFrame(fleet));
    merger.add(positionFrame([at(7, { lat: 40 })]));
    expect(() => merger.take(new Float64Array(POSITION_COLUMNS.length * 299))).toThrow('does not fit');
    const out = new Float64Array(POSITION_COLUMNS.length * 300);
    expect(merger.take(out)).toBe(300);
    const merged = positionsOfFrame(out);
    expect(merged[6]).toEqual(at(7, { lat: 40 }));
    expect(merged.filter((_, i) => i !== 6)).toEqual(fleet.filter((p) => p.driver !== 7));
  });
});
