import { POSITION_FANOUT_MS } from '@tc/domain';
import type { PositionEvent } from '../store/positions.store.ts';

/** How often the fan-out looks for positions due to go out. */
const TICK_MS = 100;

/**
 * The positions the consoles hear (docs/live.md): each driver's at most once per POSITION_FANOUT_MS.
 * A position that comes sooner waits, replaced by a newer one of the same driver, and goes out
 * when the driver's second is up: none is reordered, and at one position a second none is dropped.
 * `send` gets every tick's due positions together (one message per console).
 */
export class PositionFanout {
  private readonly pending = new Map<number, PositionEvent>();
  private readonly lastSent = new Map<number, number>();
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

  /** Sends the positions whose driver's last one went out at least POSITION_FANOUT_MS ago. */
  flush(): void {
    const now = this.now();
    const due: PositionEvent[] = [];
    for (const [driver, e] of this.pending) {
      if (now - (this.lastSent.get(driver) ?? Number.NEGATIVE_INFINITY) < POSITION_FANOUT_MS) continue;
      due.push(e);
      this.pending.delete(driver);
      this.lastSent.set(driver, now);
    }
    if (due.length) this.send(due);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
