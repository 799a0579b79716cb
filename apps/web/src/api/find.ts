import type { CallOptions } from './client.ts';
import { call } from './client.ts';
import type { FindAnswer, FindBody } from './types.ts';

/** `find` over one collection. */
export function find<T>(body: FindBody, options?: CallOptions): Promise<FindAnswer<T>> {
  return call<FindAnswer<T>>('find', { ...body }, options);
}

/** The react-query key of a find: the collection comes second so socket events can invalidate by it. */
export function findKey(body: FindBody): readonly unknown[] {
  return ['find', body.col, body];
}
