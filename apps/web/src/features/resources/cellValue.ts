import type { ColumnSpec } from '@tc/domain';
import { formatNewYork } from '#src/app/formatTime.ts';

/** The value at a dotted path of a record. */
export function valueAt(record: Record<string, unknown>, path: string): unknown {
  let v: unknown = record;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

export type Translate = (key: string) => string;
/** Labels of referenced records by collection, then id. */
export type RefLabels = Record<string, Map<number, string>>;

/** A cell as text: enums by their label, refs by their record's label, dates in New York time. */
export function cellText(
  column: ColumnSpec,
  record: Record<string, unknown>,
  t: Translate,
  refs: RefLabels = {},
): string {
  const v = valueAt(record, column.field);
  if (v === undefined || v === null || v === '') return '';
  const label = (x: unknown) => (column.optionsKey ? t(`values.${column.optionsKey}.${String(x)}`) : String(x));
  switch (column.format) {
    case 'bool':
      return t(`values.yesNo.${v ? 'true' : 'false'}`);
    case 'enum':
      return Array.isArray(v) ? v.map(label).join(', ') : label(v);
    case 'datetime':
      return typeof v === 'string' && v.includes('T') ? formatNewYork(v) : String(v);
    case 'date':
      return String(v).slice(0, 10);
    case 'place':
      return typeof v === 'object' ? String((v as { address?: unknown }).address ?? '') : String(v);
    case 'typedRef': {
      const { type, id } = (typeof v === 'object' ? v : {}) as { type?: unknown; id?: unknown };
      const col = column.ref?.colBy?.cols[String(type)];
      if (id === undefined || id === null) return '';
      return (col ? refs[col]?.get(Number(id)) : undefined) ?? `#${String(id)}`;
    }
    case 'ref':
    case 'refs': {
      const names = refs[column.ref?.col ?? ''];
      const ids = Array.isArray(v) ? v : [v];
      return ids.map((id) => names?.get(Number(id)) ?? `#${String(id)}`).join(', ');
    }
    case 'money':
      return typeof v === 'number' ? v.toFixed(2) : String(v);
    case 'alert':
      return Array.isArray(v) ? (v.length ? String(v.length) : '') : String(v);
    default:
      if (Array.isArray(v)) return v.map(label).join(', ');
      if (typeof v === 'object') return JSON.stringify(v);
      return column.optionsKey ? label(v) : String(v);
  }
}

/** Ids each referenced collection needs labels for, on this page. */
export function refIds(
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, unknown>[],
): Record<string, number[]> {
  const out: Record<string, Set<number>> = {};
  for (const c of columns) {
    if (!c.ref) continue;
    const add = (col: string, id: unknown) => {
      const set = out[col] ?? new Set<number>();
      out[col] = set;
      if (typeof id === 'number') set.add(id);
    };
    for (const r of rows) {
      const v = valueAt(r, c.field);
      if (c.format === 'typedRef') {
        const { type, id } = (v ?? {}) as { type?: unknown; id?: unknown };
        const col = c.ref.colBy?.cols[String(type)];
        if (col) add(col, id);
      } else {
        for (const id of Array.isArray(v) ? v : [v]) add(c.ref.col, id);
      }
    }
  }
  return Object.fromEntries(Object.entries(out).map(([k, s]) => [k, [...s]]));
}
