import type { ReportAnswer, ReportCell } from '@tc/domain';
import Papa from 'papaparse';

/**
 * A report as a file: a header of column labels, its rows and the totals line, numbers as numbers
 * (the figures the screen shows, unformatted). A text cell a spreadsheet would run as a formula is
 * written as text (papaparse's escapeFormulae).
 */
export function reportCsv(report: ReportAnswer, label: (key: string) => string, totalLabel: string): string {
  return Papa.unparse(
    { fields: report.columns.map((c) => label(c.key)), data: reportLines(report, totalLabel) },
    { escapeFormulae: true },
  );
}

/** The rows and the totals line as arrays of cells, the totals line named in its first empty text cell. */
export function reportLines(report: ReportAnswer, totalLabel: string): ReportCell[][] {
  const rows = report.rows.map((r) => report.columns.map((c) => r[c.key] ?? null));
  const totals = report.columns.map((c) => report.totals[c.key] ?? null);
  const first = totals.findIndex((v) => v === null);
  if (first >= 0) totals[first] = totalLabel;
  return [...rows, totals];
}

/** The file name of a report: its page, type and period. */
export function reportFileName(report: ReportAnswer, ext: 'csv' | 'xlsx'): string {
  const type = report.type.replace(/[^a-z0-9]+/gi, '-');
  return `${report.report}_${type}_${report.from}_${report.to}.${ext}`;
}
