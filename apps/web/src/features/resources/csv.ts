import type { ColumnSpec } from '@tc/domain';
import Papa from 'papaparse';
import { cellText, type RefLabels, type Translate } from './cellValue.ts';

/**
 * The CSV of records as the table shows them: a header of labels, cells as their text. A cell that
 * a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return: a
 * passenger named `=HYPERLINK(…)`) is written as text, quoted behind a leading apostrophe.
 */
export function toCsv(
  columns: readonly ColumnSpec[],
  labelOf: (c: ColumnSpec) => string,
  records: readonly Record<string, unknown>[],
  t: Translate,
  refs: RefLabels = {},
): string {
  return Papa.unparse(
    {
      fields: columns.map(labelOf),
      data: records.map((r) => columns.map((c) => cellText(c, r, t, refs))),
    },
    { escapeFormulae: true },
  );
}

export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
