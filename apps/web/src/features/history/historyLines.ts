import type { ColumnFormat, ColumnSpec, FormField, ResourceDef } from '@tc/domain';
import { fieldLabelKey } from '@tc/i18n';
import { cellText, type RefLabels } from '#src/features/resources/cellValue.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Doc = Record<string, unknown>;

/** Fields history leaves out of a record's lines: the store's own. */
const SYSTEM = new Set(['_id', '_version', 'createdAt', 'updatedAt', 'createdBy', 'unit']);

const FORMAT_OF: Partial<Record<FormField['input'], ColumnFormat>> = {
  select: 'enum',
  multiselect: 'enum',
  ref: 'ref',
  refs: 'refs',
  switch: 'bool',
  place: 'place',
  date: 'date',
};

/** How a resource's top-level fields read in history: as its form and list show them. */
export function historyColumns(def: ResourceDef): Map<string, ColumnSpec> {
  const out = new Map<string, ColumnSpec>();
  for (const c of def.columns) if (!c.field.includes('.')) out.set(c.field, c);
  for (const f of def.form.flatMap((s) => s.fields)) {
    if (f.name.includes('.') || out.has(f.name)) continue;
    out.set(f.name, {
      field: f.name,
      format: FORMAT_OF[f.input],
      options: f.options,
      optionsKey: f.optionsKey,
      ref: f.ref,
    });
  }
  return out;
}

/** The records a history page's values refer to, as rows for `loadRefs` (every before and after value). */
export function historyRows(entries: readonly { operation: string; data: unknown }[]): Doc[] {
  const rows: Doc[] = [];
  for (const e of entries) {
    const data = (e.data ?? {}) as Doc;
    if (e.operation === 'update') {
      const changes = (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
      rows.push(
        Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.from])),
        Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.to])),
      );
    } else rows.push(data);
  }
  return rows;
}

function valueText(spec: ColumnSpec | undefined, field: string, value: unknown, t: Translate, refs: RefLabels): string {
  if (value === undefined || value === null || value === '') return '—';
  if (spec) {
    const text = cellText(spec, { [field]: value }, t, refs);
    if (text !== '' || typeof value !== 'object') return text || String(value);
  }
  if (typeof value === 'boolean') return t(`values.yesNo.${value}`);
  if (typeof value === 'object') {
    const address = (value as { address?: unknown }).address;
    return typeof address === 'string' ? address : JSON.stringify(value);
  }
  return String(value);
}

/**
 * One history record as lines a person reads (issue 19, point 9): each changed field by its label,
 * before and after, enum values translated and referenced records by their names; a created
 * record's fields the same way.
 */
export function historyLines(
  def: ResourceDef,
  columns: Map<string, ColumnSpec>,
  entry: { operation: string; data: unknown },
  t: Translate,
  refs: RefLabels,
): string[] {
  const data = (entry.data ?? {}) as Doc;
  const label = (field: string) => t(fieldLabelKey(def.key, field), { defaultValue: field });
  if (entry.operation === 'update') {
    const changes = (data.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
    return Object.entries(changes)
      .filter(([field]) => field !== 'updatedAt')
      .map(([field, c]) => {
        const spec = columns.get(field);
        return `${label(field)}: ${valueText(spec, field, c.from, t, refs)} → ${valueText(spec, field, c.to, t, refs)}`;
      });
  }
  return Object.entries(data)
    .filter(([field, v]) => !SYSTEM.has(field) && v !== undefined && v !== null && v !== '')
    .map(([field, v]) => `${label(field)}: ${valueText(columns.get(field), field, v, t, refs)}`);
}
