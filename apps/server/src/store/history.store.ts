import { COLLECTIONS } from '@tc/domain';
import type { HistoryVisibility } from '../access/access.ts';
import type { Actor, Doc, FindOptions, Scope } from './collection.store.ts';
import type { Queryable } from './db.ts';
import { InvalidInput } from './errors.ts';
import { type Column, columnResolver, Params, translateFilter, translateSort } from './filter.translate.ts';
import { tableName } from './names.ts';
import { supplierWhere } from './supplierScope.ts';

export interface HistoryEntry {
  collection: string;
  id: number;
  unit: number | null;
  actor: Actor;
  operation: 'insert' | 'update' | 'delete';
  data: unknown;
}

/** Written inside the caller's transaction, so a change and its history commit together. */
export async function recordHistory(tx: Queryable, e: HistoryEntry): Promise<void> {
  await tx.query(
    'INSERT INTO history (collection, record_id, unit, user_id, user_name, operation, data) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)',
    [e.collection, e.id, e.unit, e.actor.id, e.actor.name, e.operation, JSON.stringify(e.data)],
  );
}

const COLUMNS: Record<string, Column> = {
  _id: { mode: 'int', expr: '_id' },
  collection: { mode: 'text', expr: 'collection' },
  id: { mode: 'int', expr: 'record_id' },
  unit: { mode: 'int', expr: 'unit' },
  time: { mode: 'ts', expr: 'time', isDate: true },
  user: { mode: 'text', expr: 'user_name' },
  userId: { mode: 'int', expr: 'user_id' },
  operation: { mode: 'text', expr: 'operation' },
  data: { mode: 'json', expr: 'data' },
};
const resolve = columnResolver(COLUMNS);

interface Row {
  _id: number;
  collection: string;
  record_id: number;
  unit: number | null;
  time: Date | string;
  user_id: number | null;
  user_name: string | null;
  operation: string;
  data: unknown;
}

/** Reads the history log with the same filter language as collections. */
export async function findHistory(
  db: Queryable,
  opts: FindOptions,
  scope: Scope,
  /** What the caller may read (access.historyVisibility); all of it for the server's own reads. */
  visible?: HistoryVisibility,
): Promise<{ data: Doc[]; count?: number }> {
  const params = new Params();
  let where = translateFilter(opts.query, resolve, params);
  if (scope.unit !== undefined) where = `(${where}) AND unit = ${params.add(scope.unit)}::int`;
  if (visible) where = `(${where}) AND collection = ANY(${params.add(visible.collections)}::text[])`;
  // a supplier's user reads the history of its supplier's records only (those that still are)
  if (scope.supplier !== undefined) {
    for (const d of COLLECTIONS.values()) {
      if (visible && !visible.collections.includes(d.name)) continue;
      const own = supplierWhere(d, scope.supplier, params);
      if (own) {
        where += ` AND (collection <> ${params.add(d.name)} OR record_id IN (SELECT _id FROM ${tableName(d.name)} WHERE ${own}))`;
      }
    }
  }
  if (visible?.userRoles) {
    where += ` AND (collection <> 'users' OR record_id IN (SELECT _id FROM "users" WHERE "h_role" = ANY(${params.add(visible.userRoles)}::text[])))`;
  }
  const countParams = [...params.values];
  const order = translateSort(opts.sort ?? { time: 1 }, resolve, params);
  const limit = opts.limit === undefined ? 100 : Number(opts.limit);
  const skip = opts.skip === undefined ? 0 : Number(opts.skip);
  if (!Number.isSafeInteger(limit) || limit < 0 || !Number.isSafeInteger(skip) || skip < 0) {
    throw new InvalidInput('skip and limit must be numbers of at least 0');
  }
  const rows = await db.query<Row>(
    `SELECT * FROM history WHERE ${where} ORDER BY ${order} LIMIT ${Math.min(limit, 1000)} OFFSET ${skip}`,
    params.values,
  );
  const data = rows.rows.map((r) => ({
    _id: r._id,
    collection: r.collection,
    id: r.record_id,
    unit: r.unit,
    time: new Date(r.time).toISOString(),
    user: r.user_name,
    userId: r.user_id,
    operation: r.operation,
    data: r.data,
  }));
  if (!opts.count) return { data };
  const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM history WHERE ${where}`, countParams);
  return { data, count: c.rows[0]?.n ?? 0 };
}
