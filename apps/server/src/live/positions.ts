import { POSITION_FANOUT_MS } from '@tc/domain';
import type { PositionEvent } from '../store/positions.store.ts';

/** How often the fan-out looks for positions due to go out. */
const TICK_MS = 100;

/**
 * The positions the consoles hear (docs/live.md): each driver's at most one per POSITION_FANOUT_MS
 * of its positions' own time. A position goes out at the next tick when it was taken at least that
 * long after the last one sent (a phone's position each second goes out at once, however the
 * network delayed it); one that comes sooner waits, replaced by a newer one of the same driver, and
 * goes out when the driver's second is up here: none is reordered, and at one position a second
 * none is dropped. `send` gets every tick's due positions together (one message per console).
 */
export class PositionFanout {
  private readonly pending = new Map<number, PositionEvent>();
  /** Each driver's last position sent: its time, and when it went out. */
  private readonly lastSent = new Map<number, { time: number; at: number }>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly send: (due: PositionEvent[]) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.flush(), TICK_MS);
    this.timer.unref();
  }

  add(e: PositionEvent): void {
    const waiting = this.pending.get(e.driver);
    if (!waiting || waiting.time < e.time) this.pending.set(e.driver, e);
  }

  /** Sends the positions taken a second after their driver's last one sent, or waiting since it went out a second ago. */
  flush(): void {
    const now = this.now();
    const due: PositionEvent[] = [];
    for (const [driver, e] of this.pending) {
      const last = this.lastSent.get(driver);
      if (last && e.time - last.time < POSITION_FANOUT_MS && now - last.at < POSITION_FANOUT_MS) continue;
      due.push(e);
      this.pending.delete(driver);
      this.lastSent.set(driver, { time: e.time, at: now });
    }
    if (due.length) this.send(due);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
