import { createHmac, randomBytes } from 'node:crypto';
import { BadRequest } from '../../protocol/errors.ts';
import type { CollectionStore, Doc } from '../../store/collection.store.ts';
import type { Database } from '../../store/db.ts';

/**
 * A full card number is never stored: a blacklisted card is kept as its last four digits and a
 * keyed fingerprint (HMAC-SHA256 with a per-installation key kept in the database, so a leaked
 * table cannot be brute-forced back to numbers without the key).
 */
const keys = new WeakMap<Database, Promise<Buffer>>();

function cardKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
        'card_key',
        randomBytes(32).toString('base64url'),
      ]);
      const r = await db.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', ['card_key']);
      return Buffer.from(r.rows[0]?.value as string, 'utf8');
    })();
    keys.set(db, key);
  }
  return key;
}

export async function cardFingerprint(db: Database, number: string): Promise<string> {
  return createHmac('sha256', await cardKey(db))
    .update(number)
    .digest('hex');
}

/**
 * The blacklist record to store for a validated card `number`: last four digits and fingerprint
 * in its place; the same card twice on a site answers "Card already exists".
 */
export async function protectCard(store: CollectionStore, data: Doc, unit: number | null, id?: number): Promise<Doc> {
  const { number, ...rest } = data;
  if (typeof number !== 'string') return rest;
  const fingerprint = await cardFingerprint(store.db, number);
  const query: Doc = {
    fingerprint,
    ...(unit === null ? {} : { unit }),
    ...(id === undefined ? {} : { _id: { $ne: id } }),
  };
  if ((await store.count('blacklist', query)) > 0) throw new BadRequest('Card already exists', { field: 'number' });
  return { ...rest, last4: number.slice(-4), fingerprint };
}
