import { type ResourceDef, resourceForRecord, validationText } from '@tc/domain';
import { BadRequest } from '../../protocol/errors.ts';
import type { CollectionStore, Doc, Scope } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';

/**
 * The server validates every write with the resource's own schema (the web uses the same one):
 * a client is never trusted. Answers 400 with the first broken rule's text and its field.
 */
export function validateRecord(def: ResourceDef, record: Doc): Doc {
  const r = def.schema.safeParse(record);
  if (r.success) return r.data as Doc;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new BadRequest(validationText(issue?.message ?? 'Invalid value'), { field });
}

/** Drops what the schema turned into undefined (blank optional fields). */
function defined(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined));
}

/** The record to insert, validated and normalised, or the data as given when no resource governs it. */
export function validatedInsert(col: string, data: Doc, scope: Scope): { def?: ResourceDef; data: Doc } {
  const def = resourceForRecord(col, data);
  if (!def) return { data };
  // a user held to a site writes to that site whatever the form says
  const record = scope.unit !== undefined ? { ...data, unit: scope.unit } : data;
  return { def, data: defined(validateRecord(def, record)) };
}

/**
 * The patch to apply, validated as the whole record it makes: each patched field takes its
 * normalised value, a cleared optional field becomes null.
 */
export function validatedPatch(col: string, current: Doc, patch: Doc): { def?: ResourceDef; patch: Doc } {
  const merged = { ...current, ...patch };
  const def = resourceForRecord(col, merged);
  if (!def) return { patch };
  const parsed = validateRecord(def, stripNulls(merged));
  return { def, patch: Object.fromEntries(Object.keys(patch).map((k) => [k, parsed[k] ?? null])) };
}

/** Stored nulls mean "cleared": the schema sees them as absent. */
function stripNulls(doc: Doc): Doc {
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== null));
}

/** The resource's uniqueness rules ("Card already exists", "Passenger email already in use"). */
export async function assertUnique(
  store: CollectionStore,
  def: ResourceDef,
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
