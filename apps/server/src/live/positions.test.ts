import { frameCount, positionsOfFrame, readFrame } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import type { PositionEvent } from '../store/positions.store.ts';
import { POSITIONS_PER_FRAME, positionFrames } from './hub.ts';
import { PositionFanout } from './positions.ts';

const at = (driver: number, time: number): PositionEvent => ({
  driver,
  unit: 1,
  lat: 45.5,
  lon: -73.5,
  heading: null,
  speed: null,
  accuracy: null,
  time,
  trip: null,
  suppliers: [],
});

/** A fan-out on a clock the test moves; what each flush sent, as [driver, time] pairs. */
function fanout() {
  let clock = 0;
  const sent: [number, number][][] = [];
  const f = new PositionFanout(
    (due) => sent.push(due.map((e) => [e.driver, e.time])),
    () => clock,
  );
  f.stop();
  return {
    f,
    sent,
    flushAt: (now: number) => {
      clock = now;
      f.flush();
    },
  };
}

describe("the consoles' positions", () => {
  it('sends a phone’s position a second at once, however late the network brought each', () => {
    const { f, sent, flushAt } = fanout();
    f.add(at(1, 10_000));
    flushAt(10_050);
    // taken a second later, but here only 0.7 s after the last went out
    f.add(at(1, 11_000));
    flushAt(10_750);
    f.add(at(1, 12_000));
    flushAt(11_800);
    expect(sent).toEqual([[[1, 10_000]], [[1, 11_000]], [[1, 12_000]]]);
  });

  it('holds positions taken within a second, keeps the newest, and sends it once the second is up here', () => {
    const { f, sent, flushAt } = fanout();
    f.add(at(1, 10_000));
    f.add(at(2, 10_000));
    flushAt(10_000);
    f.add(at(1, 10_300));
    f.add(at(1, 10_600));
    f.add(at(1, 10_400)); // older than the one waiting: not kept
    flushAt(10_500);
    expect(sent).toHaveLength(1);
    flushAt(11_000);
    expect(sent[1]).toEqual([[1, 10_600]]);
    // every driver of a tick in one batch
    f.add(at(1, 11_700));
    f.add(at(2, 11_700));
    flushAt(12_000);
    expect(sent[2]).toEqual([
      [1, 11_700],
      [2, 11_700],
    ]);
  });
});

describe('positionFrames', () => {
  it('cuts a second of a large fleet into binary frames of 500 positions at most, in order, each read back whole', () => {
    const fleet = Array.from({ length: 1201 }, (_, k) => {
      const { suppliers: __, ...pos } = at(k + 1, 1000 + k);
      return pos;
    });
    const frames = positionFrames(fleet).map((b) => readFrame(b));
    expect(frames.map(frameCount)).toEqual([POSITIONS_PER_FRAME, POSITIONS_PER_FRAME, 201]);
    expect(frames.flatMap((f) => positionsOfFrame(f))).toEqual(fleet);
    expect(positionFrames([])).toEqual([]);
  });
});
