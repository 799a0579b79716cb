import { type CollectionStore, SESSIONS_EVENT } from '../store/collection.store.ts';
import type { Principal } from './principal.ts';

/**
 * Callers by session, kept a few seconds so a busy client does not reload its user and role on
 * every call. A change to users or roles (from any server, through the change feed) drops the
 * entries at once; logout drops its own. A session revoked on another server is refused here
 * within TTL_MS at the latest.
 */
export class PrincipalCache {
  static readonly TTL_MS = 5000;
  private static readonly MAX = 10_000;
  private readonly entries = new Map<string, { principal: Principal; until: number }>();
  private stop: (() => Promise<void>) | undefined;

  async start(store: CollectionStore): Promise<void> {
    this.stop = await store.onChange((e) => {
      if (e.col === 'roles' || e.col === 'units') this.clear();
      else if ((e.col === 'users' || e.col === SESSIONS_EVENT) && e.id !== null) this.forgetUser(e.id);
    });
  }

  async close(): Promise<void> {
    await this.stop?.();
  }

  async get(sessionId: string, load: () => Promise<Principal>): Promise<Principal> {
    const hit = this.entries.get(sessionId);
    if (hit && hit.until > Date.now()) return hit.principal;
    const principal = await load();
    if (this.entries.size >= PrincipalCache.MAX) this.entries.clear();
    this.entries.set(sessionId, { principal, until: Date.now() + PrincipalCache.TTL_MS });
    return principal;
  }

  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops every session of a user (their record changed, or a password reset revoked them all). */
  forgetUser(userId: number): void {
    for (const [k, v] of this.entries) if (v.principal.id === userId) this.entries.delete(k);
  }
}
