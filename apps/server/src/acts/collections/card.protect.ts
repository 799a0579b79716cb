import { createHmac, randomBytes } from 'node:crypto';
import { BadRequest } from '../../protocol/errors.ts';
import type { CollectionStore, Doc } from '../../store/collection.store.ts';
import type { Database, Queryable } from '../../store/db.ts';

/**
 * A full card number is never stored: a blacklisted card is kept as its last four digits and a
 * keyed fingerprint (HMAC-SHA256 with a per-installation key kept in the database, so a leaked
 * table cannot be brute-forced back to numbers without the key).
 */
const keys = new WeakMap<Database, Promise<Buffer>>();

/**
 * The key, read (or made, the first time) through `q`: a transaction the caller holds, else the
 * database. It is kept in memory only once it is known to be committed: a key made inside a
 * transaction that rolls back must not outlive it.
 */
function cardKey(db: Database, q: Queryable): Promise<Buffer> {
  const known = keys.get(db);
  if (known) return known;
  const key = (async () => {
    const existing = await q.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', ['card_key']);
    if (existing.rows[0]) return { value: existing.rows[0].value, committed: true };
    await q.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      'card_key',
      randomBytes(32).toString('base64url'),
    ]);
    const r = await q.query<{ value: string }>('SELECT value FROM meta WHERE key = $1', ['card_key']);
    return { value: r.rows[0]?.value as string, committed: q === db };
  })().then(({ value, committed }) => {
    const buffer = Buffer.from(value, 'utf8');
    if (committed) keys.set(db, Promise.resolve(buffer));
    return buffer;
  });
  return key;
}

export async function cardFingerprint(db: Database, number: string, q: Queryable = db): Promise<string> {
  return createHmac('sha256', await cardKey(db, q))
    .update(number)
    .digest('hex');
}

/**
 * The blacklist record to store for a validated card `number`: last four digits and fingerprint
 * in its place; the same card twice on a site answers "Card already exists".
 */
export async function protectCard(
  store: CollectionStore,
  data: Doc,
  unit: number | null,
  id: number | undefined,
  q: Queryable,
): Promise<Doc> {
  const { number, ...rest } = data;
  if (typeof number !== 'string') return rest;
  const fingerprint = await cardFingerprint(store.db, number, q);
  const query: Doc = {
    fingerprint,
    ...(unit === null ? {} : { unit }),
    ...(id === undefined ? {} : { _id: { $ne: id } }),
  };
  if ((await store.count('blacklist', query, {}, q)) > 0)
    throw new BadRequest('Card already exists', { field: 'number' });
  return { ...rest, last4: number.slice(-4), fingerprint };
}
