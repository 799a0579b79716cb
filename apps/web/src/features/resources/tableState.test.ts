import { type ResourceDef, resourceByKey } from '@tc/domain';
import { beforeEach, describe, expect, it } from 'vitest';

const passengers = resourceByKey('passengers') as ResourceDef;

import { initialState, isFiltered, loadState, saveState, stateFromQuery, storageKey } from './tableState.ts';

const jobs = resourceByKey('jobs') as ResourceDef;

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

  it('keeps the trips chosen by driver, service and supplier (ids), and drops ids that are not', () => {
    const trips = resourceByKey('trips') as ResourceDef;
    const s = { ...initialState(trips), filters: { driver: [3, 7], service: [1] } };
    saveState(trips, s);
    expect(loadState(trips)).toEqual(s);
    saveState(trips, { ...s, filters: { driver: ['3'] } });
    expect(loadState(trips)).toEqual(initialState(trips));
  });
});

describe('a link’s state', () => {
  it('searches and shows the days from and to instead of one day', () => {
    const start = initialState(jobs, '2026-11-24');
    const params = new URLSearchParams('search=Roy&from=2026-11-30&to=2026-11-28');
    expect(stateFromQuery(jobs, start, params)).toMatchObject({
      generalFilter: 'Roy',
      day: null,
      filters: { date: ['2026-11-28', '2026-11-30'] },
    });
    const one = stateFromQuery(jobs, start, new URLSearchParams('from=2026-12-01'));
    expect(one.filters).toEqual({ date: ['2026-12-01', '2026-12-01'] });
  });

  it("takes a choice filter's values from a link (the dashboard's counts), unknown values left out", () => {
    const start = initialState(jobs, '2026-11-24');
    const s = stateFromQuery(
      jobs,
      start,
      new URLSearchParams('from=2026-11-24&to=2026-11-24&status=new,waiting,bogus'),
    );
    expect(s.filters).toEqual({ date: ['2026-11-24', '2026-11-24'], status: ['new', 'waiting'] });
    // a column without a choice filter is not set from a link
    expect(stateFromQuery(jobs, start, new URLSearchParams('lastName=Roy'))).toBe(start);
    expect(stateFromQuery(jobs, start, new URLSearchParams('status=bogus'))).toBe(start);
  });

  it('leaves the state alone without parameters, and ignores a malformed day', () => {
    const start = initialState(jobs, '2026-11-24');
    expect(stateFromQuery(jobs, start, new URLSearchParams(''))).toBe(start);
    expect(stateFromQuery(jobs, start, new URLSearchParams('from=tomorrow'))).toBe(start);
  });
});
