import { z } from 'zod';
import { PAGE_SIZES } from '../constants.ts';
import type { ResourceDef } from './resource.ts';

/** Spec section 3 "Saved table state", plus the hidden columns and the navigator's day. */
export interface SavedTableState {
  filters: Record<string, unknown>;
  generalFilter: string;
  limit: number;
  page: number;
  sort: Record<string, 1 | -1>;
  hidden: string[];
  day: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const parses = (v: unknown) => typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(v));

const shape = z.object({
  filters: z.record(z.string(), z.unknown()),
  generalFilter: z.string().max(200),
  limit: z
    .number()
    .min(0)
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n)),
  page: z.number().int().min(0),
  sort: z.record(z.string(), z.union([z.literal(1), z.literal(-1)])),
  hidden: z.array(z.string()),
  day: z.string().refine(parses).nullable(),
});

/** Does a saved filter value obey its field's rule (spec section 5, saved table filters)? */
function filterOk(def: ResourceDef, field: string, value: unknown): boolean {
  const column = def.columns.find((c) => c.field === field);
  if (!column || column.filter === 'none') return false;
  const rule = def.savedFilters?.[field] ?? column.filter ?? 'text';
  if (Array.isArray(rule) || column.filter === 'enum') {
    const allowed = (Array.isArray(rule) ? rule : column.options) ?? [];
    return Array.isArray(value) && value.every((v) => allowed.includes(String(v)));
  }
  if (rule === 'date' || column.filter === 'dateRange') {
    return Array.isArray(value) && value.length === 2 && value.every((v) => v === null || parses(v));
  }
  if (rule === 'ids' || column.filter === 'ref') {
    return (
      Array.isArray(value) &&
      value.length <= 100 &&
      value.every((v) => typeof v === 'number' && Number.isSafeInteger(v) && v > 0)
    );
  }
  if (rule === 'number' || column.filter === 'numberRange') {
    return Array.isArray(value) && value.length === 2 && value.every((v) => v === null || typeof v === 'number');
  }
  return typeof value === 'string' && value.length <= 200;
}

/**
 * A table state read back from session storage, or null when it breaks any rule: an invalid saved
 * state is dropped whole, never half-applied and never a crash.
 */
export function parseSavedState(def: ResourceDef, raw: unknown): SavedTableState | null {
  const r = shape.safeParse(raw);
  if (!r.success) return null;
  const s = r.data;
  const fields = new Set(def.columns.map((c) => c.field));
  if (!Object.entries(s.filters).every(([f, v]) => filterOk(def, f, v))) return null;
  if (!Object.keys(s.sort).every((f) => fields.has(f))) return null;
  if (!s.hidden.every((f) => fields.has(f))) return null;
  if (s.day !== null && !def.dateField) return null;
  return s;
}
