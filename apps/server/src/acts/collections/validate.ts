import {
  collectionDef,
  type Reference,
  referencesOf,
  validationText,
  type WriteDef,
  writableFields,
  writeDefFor,
} from '@tc/domain';
import { onCallerScope } from '../../access/access.ts';
import { BadRequest } from '../../protocol/errors.ts';
import type { CollectionStore, Doc, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';

/**
 * The server validates every write with the collection's write definition (a screen's resource,
 * whose schema the web uses too, or an operational schema): a client is never trusted. Answers 400
 * with the first broken rule's text and its field.
 */
export function validateRecord(def: WriteDef, record: Doc): Doc {
  const r = def.schema.safeParse(record);
  if (r.success) return r.data as Doc;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new BadRequest(validationText(issue?.message ?? 'Invalid value'), { field });
}

/** Kept by the store, never taken from a write: sent back unchanged by a form, they are ignored. */
const STORE_FIELDS = new Set(['_id', 'createdAt', 'updatedAt', 'createdBy']);

/** A write carries only its kind's fields: anything else is refused by name, not stored. */
function assertKnownFields(def: WriteDef, data: Doc): void {
  const known = writableFields(def);
  for (const key of Object.keys(data)) {
    if (!known.has(key) && !STORE_FIELDS.has(key))
      throw new BadRequest(`Unknown field: ${key}`, { field: key }, 'unknownField');
  }
}

function writeDefOf(col: string, record: Doc): WriteDef {
  const def = writeDefFor(col, record);
  // no schema, no generic write (read-only collections are refused before, by permission)
  if (!def) throw new BadRequest(`${col} cannot be written this way`);
  return def;
}

/** Drops what the schema turned into undefined (blank optional fields). */
function defined(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
}

/** The record to insert, validated and normalised. */
export function validatedInsert(col: string, data: Doc, scope: Scope): { def: WriteDef; data: Doc } {
  const def = writeDefOf(col, data);
  assertKnownFields(def, data);
  return { def, data: defined(validateRecord(def, onCallerScope(scope, data, col))) };
}

/**
 * The patch to apply, validated as the whole record it makes: each patched field takes its
 * normalised value, a cleared optional field becomes null.
 */
export function validatedPatch(col: string, current: Doc, patch: Doc): { def: WriteDef; patch: Doc } {
  const merged = { ...current, ...patch };
  const def = writeDefOf(col, merged);
  assertKnownFields(def, patch);
  const parsed = validateRecord(def, stripNulls(merged));
  return { def, patch: Object.fromEntries(Object.keys(patch).map((k) => [k, parsed[k] ?? null])) };
}

/** Stored nulls mean "cleared": the schema sees them as absent. */
function stripNulls(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== null));
}

function at(doc: Doc, path: string): unknown {
  let v: unknown = doc;
  for (const part of path.split('.')) {
    if (typeof v !== 'object' || v === null || !Object.hasOwn(v, part)) return undefined;
    v = (v as Doc)[part];
  }
  return v;
}

/** The collection a reference points into for this record (a rate's from: a location or an area). */
function targetOf(r: Reference, record: Doc): string | undefined {
  if (!r.ref.colBy) return r.ref.col;
  const kind = at(record, r.ref.colBy.field);
  return typeof kind === 'string' && Object.hasOwn(r.ref.colBy.cols, kind) ? r.ref.colBy.cols[kind] : undefined;
}

/**
 * Every reference the write sets names records that exist and that the caller may read (its site,
 * its own records), within the record's site where the reference says so; else 400 naming the field.
 * `fields` limits the check to what a patch changes.
 */
export async function assertReferences(
  store: CollectionStore,
  def: WriteDef,
  record: Doc,
  fields: readonly string[] | undefined,
  scope: Scope,
  q: Queryable,
): Promise<void> {
  for (const r of referencesOf(def)) {
    // a patch checks the references it sets, and those it moves to another site
    const touched = [r.field, r.ref.sameSiteAs].some((f) => f && fields?.includes(f.split('.')[0] as string));
    if (fields && !touched) continue;
    const value = at(record, r.field);
    const ids = [...new Set((Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'number'))];
    const col = targetOf(r, record);
    if (ids.length === 0 || !col) continue;
    const query: Doc = { ...(r.ref.query ?? {}), _id: { $in: ids } };
    const target = collectionDef(col);
    const unit = r.ref.sameSiteAs ? at(record, r.ref.sameSiteAs) : undefined;
    if (target?.siteScoped && typeof unit === 'number') query.unit = target.unitOptional ? { $in: [unit, null] } : unit;
    const seen = new Set(await store.referredIds(col, query, scope, q));
    const missing = ids.filter((id) => !seen.has(id));
    if (missing.length > 0)
      throw new BadRequest(`Unknown ${r.field}: ${missing.join(', ')}`, { field: r.field }, 'unknownReference');
  }
}

/** The resource's uniqueness rules ("Card already exists", "Passenger email already in use"). */
export async function assertUnique(
  store: CollectionStore,
  def: WriteDef,
  record: Doc,
  unit: number | null,
  id: number | undefined,
  q: Queryable,
): Promise<void> {
  for (const rule of def.unique ?? []) {
    const values = rule.fields.map((f) => record[f]);
    if (values.some((v) => v === undefined || v === null || v === '')) continue;
    const query: Doc = { ...(rule.global ? {} : { unit }), ...(id === undefined ? {} : { _id: { $ne: id } }) };
    rule.fields.forEach((f, i) => {
      const v = values[i];
      query[f] = typeof v === 'string' ? { $regex: `^${escapeRegex(v.trim())}$`, $options: 'i' } : v;
    });
    if ((await store.count(def.collection, query, {}, q)) > 0)
      throw new BadRequest(rule.message, { field: rule.fields[0] });
  }
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
