import type { ResourceDef } from '@tc/domain';

type Doc = Record<string, unknown>;
const SYSTEM = new Set(['_id', '_version', 'createdAt', 'updatedAt', 'createdBy']);

/** The top-level fields an edit changed, to send with the version read (unchanged fields are not sent). */
export function changedFields(before: Doc, after: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(after)) {
    if (SYSTEM.has(k)) continue;
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)) out[k] = v === undefined ? null : v;
  }
  return out;
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : []);

/** The ids a list field gained and lost between two versions of a record (links written one at a time). */
export function linkChanges(before: unknown, after: unknown): { add: number[]; remove: number[] } {
  const was = new Set(ids(before));
  const is = new Set(ids(after));
  return { add: [...is].filter((id) => !was.has(id)), remove: [...was].filter((id) => !is.has(id)) };
}

/** A new record's starting values: the resource's defaults, its fixed values and the selected site. */
export function newRecord(def: ResourceDef, site: number | null): Doc {
  return { ...(def.defaults ?? {}), ...(def.fixed ?? {}), ...(site === null ? {} : { unit: site }) };
}

export interface Suspension {
  reason: string;
  note?: string;
}

/**
 * What suspending or unsuspending writes (spec section 4): the flag, the reason with its time, and the
 * status; drivers go to the `suspended` driver status and come back offline.
 */
export function suspensionPatch(def: ResourceDef, suspend: boolean, s: Suspension, now = new Date()): Doc {
  const suspension = { reason: s.reason, ...(s.note ? { note: s.note } : {}), at: now.toISOString() };
  const patch: Doc = { suspended: suspend, suspension };
  if (def.collection === 'drivers') patch.driverStatus = suspend ? 'suspended' : 'offline';
  else if (def.collection === 'users') patch.status = suspend ? 'suspended' : 'active';
  return patch;
}
