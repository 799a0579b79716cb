import { ERROR_TEXTS } from '@tc/domain';
import { HttpError } from './errors.ts';

/**
 * Rows each user's running calls may hold in memory together. A call reserves the rows it may
 * return before it runs and gives them back when its answer is sent: a client firing many big
 * finds or batches at once gets 429 instead of taking the server's memory.
 */
export class RowBudget {
  static readonly PER_USER = 20_000;
  private readonly inFlight = new Map<number, number>();

  reserve(userId: number, rows: number): () => void {
    const now = this.inFlight.get(userId) ?? 0;
    if (rows > 0 && now + rows > RowBudget.PER_USER) throw new HttpError(429, ERROR_TEXTS.busy);
    this.inFlight.set(userId, now + rows);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? rows) - rows;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }
}
