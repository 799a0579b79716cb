/**
 * Messages for one user's consoles over /socket that are not changes of records (a routing run's
 * progress): acts send them here, the live hub delivers them to that user's open sockets.
 */
export class UserChannel {
  private deliver: ((userId: number, message: Record<string, unknown>) => void) | undefined;

  /** The hub's delivery (live/hub.ts); before it attaches, messages go nowhere. */
  attach(deliver: (userId: number, message: Record<string, unknown>) => void): void {
    this.deliver = deliver;
  }

  toUser(userId: number, message: Record<string, unknown>): void {
    this.deliver?.(userId, message);
  }
}
