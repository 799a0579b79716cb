import { createHmac } from 'node:crypto';
import { BadRequest } from '../../protocol/errors.ts';
import type { CollectionStore, Doc } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';

/**
 * A full card number is never stored: a blacklisted card is kept as its last four digits and a
 * keyed fingerprint (HMAC-SHA256 with the installation's card key, kept outside the database:
 * auth/keys.ts), so a leaked table cannot be brute-forced back to numbers.
 */
export function cardFingerprint(key: string, number: string): string {
  return createHmac('sha256', key).update(number).digest('hex');
}

/**
 * The blacklist record to store for a validated card `number`: last four digits and the
 * fingerprint under the current key (`keys[0]`); the same card twice on a site answers "Card
 * already exists", whichever key of a rotation fingerprinted the first one.
 */
export async function protectCard(
  store: CollectionStore,
  keys: readonly string[],
  data: Doc,
  unit: number | null,
  id: number | undefined,
  q: Queryable,
): Promise<Doc> {
  const { number, ...rest } = data;
  if (typeof number !== 'string') return rest;
  const [fingerprint, ...older] = keys.map((k) => cardFingerprint(k, number));
  const query: Doc = {
    fingerprint: { $in: [fingerprint, ...older] },
    ...(unit === null ? {} : { unit }),
    ...(id === undefined ? {} : { _id: { $ne: id } }),
  };
  if ((await store.count('blacklist', query, {}, q)) > 0)
    throw new BadRequest('Card already exists', { field: 'number' });
  return { ...rest, last4: number.slice(-4), fingerprint };
}
