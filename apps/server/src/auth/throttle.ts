import { ERROR_TEXTS } from '@tc/domain';
import { HttpError } from '../protocol/errors.ts';
import type { Database, Queryable } from '../store/db.ts';
import { countAndRecordAttempts, forgetAttempts } from '../store/throttle.store.ts';

export const WINDOW_MINUTES = 15;
const MAX_DELAY_SECONDS = 15 * 60;

/**
 * One counter of attempts, kept in `auth_failures` for WINDOW_MINUTES.
 * - grow: the first `free` attempts pass; after that each one waits twice as long after the last
 *   (1 s, 2 s, 4 s, … up to 15 minutes), so a guesser slows down without locking anyone out.
 * - cap: at most `free` attempts in the window (mail requests).
 */
export interface AttemptRule {
  key: string;
  free: number;
  after: 'grow' | 'cap';
}

/** Logins: per account and address (no one can lock an account for everyone), and per address. */
export function loginRules(email: string, ip: string): AttemptRule[] {
  return [
    { key: `login:${email.toLowerCase()}|${ip}`, free: 5, after: 'grow' },
    { key: `ip:${ip}`, free: 50, after: 'grow' },
  ];
}

/** How long the attempt after `n` counted ones must wait after the last, in seconds. */
export function delayAfter(n: number, rule: AttemptRule): number {
  if (n < rule.free) return 0;
  if (rule.after === 'cap') return Number.POSITIVE_INFINITY;
  return Math.min(2 ** (n - rule.free), MAX_DELAY_SECONDS);
}

/**
 * Counts and reserves an attempt under every rule in one transaction, before the password is
 * checked: each key is locked while it is counted, so parallel attempts cannot all pass the count.
 * Refuses with 429 when any rule says wait. Returns the ids of the reserved rows.
 */
export async function reserveAttempt(db: Database, rules: AttemptRule[]): Promise<number[]> {
  const byKey = new Map(rules.map((r) => [r.key, r]));
  return countAndRecordAttempts(db, [...byKey.keys()], WINDOW_MINUTES, (counts) => {
    for (const { key, n, idle } of counts) {
      const wait = delayAfter(n, byKey.get(key) as AttemptRule);
      if (wait > 0 && (idle === null || idle < wait)) {
        const retryAfter = Number.isFinite(wait) ? Math.ceil(wait - (idle ?? 0)) : WINDOW_MINUTES * 60;
        throw new HttpError(429, ERROR_TEXTS.tooManyAttempts, { retryAfter });
      }
    }
  });
}

/** A successful login: its reservation is not a failure, and its account-and-address counter starts over. */
export async function attemptSucceeded(db: Queryable, ids: number[], clearKey: string): Promise<void> {
  await forgetAttempts(db, ids, clearKey);
}
