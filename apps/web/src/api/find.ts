import type { StoredDoc } from '@tc/domain';
import type { CallOptions } from './client.ts';
import { call } from './client.ts';
import type { FindAnswer, FindBody } from './types.ts';

/**
 * `find` over one collection. Its rows are stored records (`StoredDoc`); `T` names the fields the
 * caller asked for (its projection), which the server's records of that collection hold.
 */
export async function find<T = StoredDoc>(body: FindBody, options?: CallOptions): Promise<FindAnswer<T>> {
  return (await call('find', { ...body }, options)) as FindAnswer<unknown> as FindAnswer<T>;
}

/** The react-query key of a find: the collection comes second so socket events can invalidate by it. */
export function findKey(body: FindBody): readonly unknown[] {
  return ['find', body.col, body];
}
