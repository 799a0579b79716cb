import { type CollectionDef, collectionDef } from '@tc/domain';
import type { Doc, Scope } from './collection.store.ts';
import type { Queryable } from './db.ts';
import { InvalidInput, OutOfScope } from './errors.ts';
import { Params } from './filter.translate.ts';
import { tableName } from './names.ts';

/** The supplier rule of the store (access.scopeOf; registry SupplierScope): one SQL condition for reads, writes and history. */

function def(col: string): CollectionDef {
  const d = collectionDef(col);
  if (!d) throw new InvalidInput(`Unknown collection: ${col}`);
  return d;
}

/**
 * The condition (on the rows of `d`'s table) that a record belongs to `supplier` by the
 * collection's supplier scope (registry SupplierScope), or none where the collection has none.
 * Field and table names come from the registry, never from a request.
 */
export function supplierWhere(d: CollectionDef, supplier: number, params: Params): string | undefined {
  const s = d.supplierScope;
  if (!s) return undefined;
  if ('none' in s) return 'FALSE';
  if ('via' in s) {
    const target = def(s.col);
    const inner = supplierWhere(target, supplier, params) ?? 'TRUE';
    return `(doc->'${s.via}') IN (SELECT to_jsonb(_id) FROM ${tableName(target.name)} WHERE ${inner})`;
  }
  if (s.field === '_id') return `_id = ${params.add(supplier)}::int`;
  const value = `${params.add(JSON.stringify(supplier))}::jsonb`;
  return d.fields[s.field] === 'ids'
    ? `(doc->'${s.field}') @> jsonb_build_array(${value})`
    : `(doc->'${s.field}') = ${value}`;
}

/**
 * The suppliers a record of `d` belongs to (its change event says so, so that only they hear it);
 * undefined in collections without a supplier scope.
 */
export async function suppliersOf(d: CollectionDef, doc: Doc, id: number, q: Queryable): Promise<number[] | undefined> {
  const s = d.supplierScope;
  if (!s) return undefined;
  if ('none' in s) return [];
  if ('via' in s) {
    const ref = doc[s.via];
    if (typeof ref !== 'number') return [];
    const target = def(s.col);
    const r = await q.query<{ doc: Doc }>(`SELECT doc FROM ${tableName(target.name)} WHERE _id = $1`, [ref]);
    return r.rows[0] ? ((await suppliersOf(target, r.rows[0].doc, ref, q)) ?? []) : [];
  }
  if (s.field === '_id') return [id];
  const v = doc[s.field];
  return (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');
}

/** Both suppliers' lists, once each (a change moving a trip from one supplier to another tells both). */
export function union(a: number[] | undefined, b: number[] | undefined): number[] | undefined {
  return a === undefined && b === undefined ? undefined : [...new Set([...(a ?? []), ...(b ?? [])])];
}

/**
 * A supplier's user writes only what stays its supplier's: checked on the written rows in the
 * write's transaction (a refusal rolls it back), with the same condition as its reads.
 */
export async function assertStaysWithSupplier(
  d: CollectionDef,
  ids: number[],
  scope: Scope,
  q: Queryable,
): Promise<void> {
  if (scope.supplier === undefined || !d.supplierScope || ids.length === 0) return;
  const params = new Params();
  const idList = params.add(ids);
  const own = supplierWhere(d, scope.supplier, params);
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${tableName(d.name)} WHERE _id = ANY(${idList}::int[]) AND ${own}`,
    params.values,
  );
  if ((r.rows[0]?.n ?? 0) !== ids.length) throw new OutOfScope();
}
