import { resourceByKey } from '@tc/domain';
import { describe, expect, it } from 'vitest';
import { cellText, refIds, valueAt } from './cellValue.ts';
import { toCsv } from './csv.ts';

const t = (k: string) => `[${k}]`;

describe('cells', () => {
  it('reads dotted paths', () => {
    expect(valueAt({ home: { address: 'x' } }, 'home.address')).toBe('x');
    expect(valueAt({ home: null }, 'home.address')).toBeUndefined();
  });
  it('shows enums, booleans, places, dates and refs as text', () => {
    const r = {
      status: 'active',
      ada: true,
      home: { address: '1 Rue' },
      createdAt: '2026-11-23T15:00:00.000Z',
      profiles: [3, 4],
    };
    expect(cellText({ field: 'status', format: 'enum', optionsKey: 'userStatus' }, r, t)).toBe(
      '[values.userStatus.active]',
    );
    expect(cellText({ field: 'ada', format: 'bool' }, r, t)).toBe('[values.yesNo.true]');
    expect(cellText({ field: 'home', format: 'place' }, r, t)).toBe('1 Rue');
    expect(cellText({ field: 'createdAt', format: 'date' }, r, t)).toBe('2026-11-23');
    const refs = { profiles: new Map([[3, 'Retail']]) };
    expect(cellText({ field: 'profiles', format: 'refs', ref: { col: 'profiles', label: ['name'] } }, r, t, refs)).toBe(
      'Retail, #4',
    );
    expect(cellText({ field: 'missing' }, r, t)).toBe('');
  });
  it("shows a flag's list as its count, and nothing once cleared (a trip's late stops)", () => {
    const late = { field: 'late', format: 'alert' } as const;
    expect(cellText(late, { late: [4, 9] }, t)).toBe('2');
    expect(cellText(late, { late: [] }, t)).toBe('');
    expect(cellText(late, { late: null }, t)).toBe('');
  });
  it('collects the ids each referenced collection needs', () => {
    const cols = [{ field: 'profiles', ref: { col: 'profiles', label: ['name'] } }, { field: 'unit' }];
    expect(refIds(cols, [{ profiles: [1, 2] }, { profiles: [2, 5] }])).toEqual({ profiles: [1, 2, 5] });
  });
  it('names a rate place by the collection its type names', () => {
    const placeColumns = resourceByKey('rates')?.columns.filter((c) => c.format === 'typedRef') ?? [];
    const [from, to] = placeColumns;
    if (!from || !to) throw new Error('rates have from and to columns');
    const rows = [
      { from: { type: 'location', id: 1 }, to: { type: 'area', id: 7 } },
      { from: { type: 'area', id: 7 }, to: { type: 'area', id: 9 } },
    ];
    expect(refIds(placeColumns, rows)).toEqual({ locations: [1], areas: [7, 9] });
    const refs = { locations: new Map([[1, 'YUL']]), areas: new Map([[7, 'Ville-Marie']]) };
    expect(cellText(from, rows[0] as Record<string, unknown>, t, refs)).toBe('YUL');
    expect(cellText(to, rows[0] as Record<string, unknown>, t, refs)).toBe('Ville-Marie');
    expect(cellText(to, rows[1] as Record<string, unknown>, t, refs)).toBe('#9');
    expect(cellText(from, {}, t, refs)).toBe('');
  });
  it('writes CSV with labels as headers and quoted cells', () => {
    const csv = toCsv(
      [{ field: 'name' }, { field: 'city' }],
      (c) => c.field.toUpperCase(),
      [{ name: 'A, B', city: 'Laval' }],
      t,
    );
    expect(csv).toBe('NAME,CITY\r\n"A, B",Laval');
  });
  it('writes a cell a spreadsheet would run as a formula as text', () => {
    const rows = ['=HYPERLINK("http://x","y")', '+1', '-2', '@SUM(A1)', '\tx', 'Gagnon'].map((name) => ({ name }));
    const csv = toCsv([{ field: 'name' }], () => 'NAME', rows, t);
    expect(csv.split('\r\n').slice(1)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      `"'+1"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      'Gagnon',
    ]);
  });
});
