import { z } from 'zod';
import type { FormField, ResourceDef } from '../resources/resource.ts';

/**
 * Upload data (/import; docs/import.md): a CSV read in the browser, its columns matched to a
 * resource's fields, each row made a record and validated with the resource's schema; the server
 * takes the rows in chunks (`importrows`) and writes them in one transaction (`import`).
 */

/** The resources a CSV may fill. */
export const IMPORT_RESOURCES = [
  'passengers',
  'students',
  'employees',
  'drivers',
  'vehicles',
  'locations',
  'rates',
  'jobs',
] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];

/** Rows a chunk carries (a call stays under the protocol's body limit), and rows an import may hold. */
export const IMPORT_CHUNK_ROWS = 1000;
export const IMPORT_MAX_ROWS = 20_000;

const run = z.string({ error: 'run is required' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'run is letters, digits, - and _');

export const importRowsRequest = z.object({
  run,
  /** Where the chunk starts in the file (0 for the first): chunks are kept in order. */
  offset: z.number().int().min(0).max(IMPORT_MAX_ROWS),
  rows: z.array(z.record(z.string(), z.unknown())).min(1).max(IMPORT_CHUNK_ROWS),
});

export const importRequest = z.object({
  run,
  resource: z.enum(IMPORT_RESOURCES),
  /** Write the valid rows and leave the refused ones (else nothing is written unless every row is valid). */
  skipRefused: z.boolean().default(false),
  /** Only check: answer what would be written, refused and duplicate, and write nothing. */
  dryRun: z.boolean().default(false),
  unit: z.number().int().positive().optional(),
});

export interface ImportProblem {
  /** The row's number in the file (1 is the first row after the header). */
  row: number;
  field?: string;
  /** The server's English text, and its catalogue code where it has one (a client translates by it). */
  message: string;
  code?: string;
}

export interface ImportAnswer {
  total: number;
  created: number;
  /** The refused rows (the first 500) and how many there are. */
  refused: ImportProblem[];
  refusedCount: number;
  /** The rows already on the site, or earlier in the file, by the resource's duplicate key (the first 500). */
  duplicates: ImportProblem[];
  duplicateCount: number;
  /** Whether the valid rows were written (false: all or nothing, and some row was refused; or a dry run). */
  written: boolean;
}

/** The fields a CSV column may fill: the form's, the site left out (the chosen one), a place as its address and coordinates. */
export function importFields(def: ResourceDef): { name: string; field: FormField }[] {
  return def.form
    .flatMap((s) => s.fields)
    .filter((f) => f.name !== 'unit' && !['json', 'polygon', 'point'].includes(f.input))
    .flatMap((f) =>
      f.input === 'place'
        ? ['address', 'lat', 'lon'].map((part) => ({ name: `${f.name}.${part}`, field: f }))
        : [{ name: f.name, field: f }],
    );
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * Each column's field: the field whose name or label (any case, accents, spaces and signs ignored)
 * is the column's header; none where nothing matches or a field is already taken.
 */
export function matchColumns(
  headers: readonly string[],
  fields: readonly { name: string; labels: readonly string[] }[],
): Record<string, string | null> {
  const taken = new Set<string>();
  const out: Record<string, string | null> = {};
  for (const h of headers) {
    const key = fold(h);
    const hit = fields.find((f) => !taken.has(f.name) && [f.name, ...f.labels].some((l) => fold(l) === key));
    out[h] = hit?.name ?? null;
    if (hit) taken.add(hit.name);
  }
  return out;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'sim', 's', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', 'nao', 'não', '']);

function value(field: FormField, name: string, text: string): unknown {
  const v = text.trim();
  if (v === '') return undefined;
  if (name.endsWith('.lat') || name.endsWith('.lon')) return Number.isFinite(Number(v)) ? Number(v) : v;
  switch (field.input) {
    case 'number':
      return Number.isFinite(Number(v)) ? Number(v) : v;
    case 'switch': {
      const l = v.toLowerCase();
      return TRUE.has(l) ? true : FALSE.has(l) ? false : v;
    }
    case 'ref':
      return /^\d+$/.test(v) ? Number(v) : v;
    case 'refs':
      return v.split(/[;,]/).map((x) => (/^\d+$/.test(x.trim()) ? Number(x.trim()) : x.trim()));
    case 'weekdays':
      return v.split(/[;,]/).map((x) => (/^\d+$/.test(x.trim()) ? Number(x.trim()) : x.trim()));
    case 'multiselect':
    case 'tags':
    case 'list':
      return v
        .split(/[;,]/)
        .map((x) => x.trim())
        .filter(Boolean);
    default:
      return v;
  }
}

/** A CSV row as the record its mapped columns make (dotted names nested, blank cells left out). */
export function recordOf(
  row: Record<string, string | undefined>,
  mapping: Record<string, string | null>,
  def: ResourceDef,
): Record<string, unknown> {
  const fields = new Map(importFields(def).map((f) => [f.name, f.field]));
  const out: Record<string, unknown> = {};
  for (const [header, name] of Object.entries(mapping)) {
    const field = name ? fields.get(name) : undefined;
    if (!name || !field) continue;
    const v = value(field, name, row[header] ?? '');
    if (v === undefined) continue;
    const [head, part] = name.split('.') as [string, string | undefined];
    if (part) out[head] = { ...((out[head] as Record<string, unknown> | undefined) ?? {}), [part]: v };
    else out[head] = v;
  }
  return out;
}

/** A record's duplicate key: its values of `fields` (dotted paths), trimmed, in lower case, joined by "|". */
export function duplicateKeyOf(record: Record<string, unknown>, fields: readonly string[]): string {
  return fields
    .map((path) => {
      let v: unknown = record;
      for (const part of path.split('.'))
        v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
      return v === undefined || v === null ? '' : String(v).trim().toLowerCase();
    })
    .join('|');
}
