import type { ReportAnswer } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { reportCsv, reportFileName } from './reportFile.ts';

const report: ReportAnswer = {
  report: 'bill-reports',
  type: 'bill report',
  from: '2026-12-01',
  to: '2026-12-02',
  columns: [
    { key: 'profile', kind: 'text' },
    { key: 'reservations', kind: 'count' },
    { key: 'revenue', kind: 'money' },
  ],
  rows: [
    { profile: '=HYPERLINK("x")', reservations: 3, revenue: 35.5 },
    { profile: 'Walk-in', reservations: 1, revenue: 15 },
  ],
  totals: { profile: null, reservations: 4, revenue: 50.5 },
};

describe('a report as a file', () => {
  it('has the labels, the rows, the totals line, and no formula', () => {
    const csv = reportCsv(report, (k) => k.toUpperCase(), 'Total');
    expect(csv.split('\r\n')).toEqual([
      'PROFILE,RESERVATIONS,REVENUE',
      `"'=HYPERLINK(""x"")",3,35.5`,
      'Walk-in,1,15',
      'Total,4,50.5',
    ]);
    expect(reportFileName(report, 'xlsx')).toBe('bill-reports_bill-report_2026-12-01_2026-12-02.xlsx');
  });
});
