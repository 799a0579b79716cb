import { type ResourceDef, resourceByKey } from '@tc/domain';
import { beforeEach, describe, expect, it } from 'vitest';

const passengers = resourceByKey('passengers') as ResourceDef;

import { initialState, isFiltered, loadState, saveState, storageKey } from './tableState.ts';

beforeEach(() => sessionStorage.clear());

describe('saved table state', () => {
  it('starts at page 0 with 100 rows, sorted on the first sortable column, default-hidden columns hidden', () => {
    const s = initialState(passengers);
    expect(s).toMatchObject({ page: 0, limit: 100, sort: { firstName: 1 }, day: null, generalFilter: '' });
    expect(s.hidden).toEqual(passengers.columns.filter((c) => c.hidden).map((c) => c.field));
  });

  it('round-trips through session storage', () => {
    const s = {
      ...initialState(passengers),
      page: 3,
      limit: 20,
      filters: { status: ['active'] },
      sort: { lastName: -1 as const },
    };
    saveState(passengers, s);
    expect(loadState(passengers)).toEqual(s);
    expect(isFiltered(s)).toBe(true);
    expect(isFiltered(initialState(passengers))).toBe(false);
  });

  it('drops an invalid saved state instead of crashing', () => {
    sessionStorage.setItem(
      storageKey(passengers),
      JSON.stringify({ ...initialState(passengers), filters: { status: ['gone'] } }),
    );
    expect(loadState(passengers)).toEqual(initialState(passengers));
    expect(sessionStorage.getItem(storageKey(passengers))).toBeNull();
    sessionStorage.setItem(storageKey(passengers), '{not json');
    expect(loadState(passengers)).toEqual(initialState(passengers));
  });
});
