import { ADD_ONS_SETTING, addOnCodes } from '@tc/domain';
import { siteSetting } from './auth.store.ts';
import type { Queryable } from './db.ts';

/**
 * Which add-on modules each site has switched on (the "add-on modules" setting, the site's own
 * first), read again when a reading is older than the caller accepts: a phone's position each
 * second accepts 10 s, a console's call none. One per server (Services), so each test's server and
 * database start without another's readings.
 */
export class AddOnCache {
  private readonly bySite = new Map<number | null, { codes: Promise<string[]>; at: number }>();

  constructor(private readonly db: Queryable) {}

  /** Is add-on `code` on for `unit`? `maxAgeMs`: a reading that old may serve. */
  async active(unit: number | null, code: string, maxAgeMs = 0): Promise<boolean> {
    const now = Date.now();
    let known = this.bySite.get(unit);
    if (!known || now - known.at > maxAgeMs) {
      known = { codes: siteSetting(this.db, unit, ADD_ONS_SETTING).then(addOnCodes), at: now };
      this.bySite.set(unit, known);
      known.codes.catch(() => this.bySite.delete(unit));
    }
    return (await known.codes).includes(code);
  }
}
