import { type ResourceDef, resourceByKey } from '@tc/domain';
import { describe, expect, it } from 'vitest';

const passengers = resourceByKey('passengers') as ResourceDef;

import { canDeleteBySite, filterCondition, pageBody, tableQuery } from './resourceQuery.ts';
import { initialState } from './tableState.ts';

const state = (over: Partial<ReturnType<typeof initialState>> = {}) => ({ ...initialState(passengers), ...over });

describe('resource table query', () => {
  it('adds the fixed role and the site, and nothing else when nothing is filtered', () => {
    expect(tableQuery(passengers, state(), 2)).toEqual({ role: 'passenger', unit: 2 });
    expect(tableQuery(passengers, state(), null)).toEqual({ role: 'passenger' });
  });

  it('scopes by site only what is kept per site; settings also show the records of every site', () => {
    const services = resourceByKey('services') as ResourceDef;
    const settings = resourceByKey('systemsettings') as ResourceDef;
    expect(tableQuery(services, initialState(services), 2)).toEqual({});
    expect(tableQuery(settings, initialState(settings), 2)).toEqual({ unit: { $in: [2, null] } });
    expect(canDeleteBySite(passengers, 2)).toBe(true);
    expect(canDeleteBySite(passengers, null)).toBe(false);
    expect(canDeleteBySite(settings, 2)).toBe(false);
    expect(canDeleteBySite(services, 2)).toBe(false);
  });

  it('searches the resource’s search fields case-insensitively, typed text matched literally', () => {
    const q = tableQuery(passengers, state({ generalFilter: ' a.b ' }), null);
    expect(q.$or).toEqual(passengers.search.map((f) => ({ [f]: { $regex: 'a\\.b', $options: 'i' } })));
  });

  it('turns column filters into $in (booleans for yes/no), regexes, date and number ranges', () => {
    const col = (field: string) =>
      passengers.columns.find((c) => c.field === field) as (typeof passengers.columns)[number];
    expect(filterCondition(col('status'), ['active', 'suspended'])).toEqual({ $in: ['active', 'suspended'] });
    expect(filterCondition(col('ada'), ['true'])).toEqual({ $in: [true] });
    expect(filterCondition(col('status'), [])).toBeUndefined();
    expect(filterCondition(col('email'), ' gmail ')).toEqual({ $regex: 'gmail', $options: 'i' });
    expect(filterCondition(col('createdAt'), ['2026-01-01', null])).toEqual(['2026-01-01', null]);
    expect(filterCondition(col('createdAt'), [null, ''])).toBeUndefined();
    expect(filterCondition({ field: 'pax', filter: 'numberRange' }, [2, null])).toEqual({ $gte: 2 });
    expect(filterCondition({ field: 'driver', filter: 'ref' }, [3, 7])).toEqual({ $in: [3, 7] });
    expect(filterCondition({ field: 'driver', filter: 'ref' }, [])).toBeUndefined();
  });

  it('combines several conditions with $and, the day on the date field', () => {
    const jobs = resourceByKey('jobs') as ResourceDef;
    const q = tableQuery(jobs, state({ generalFilter: 'tre', filters: { status: ['new'] }, day: '2026-11-23' }), 1);
    expect(q).toEqual({
      unit: 1,
      $and: [{ $or: expect.any(Array) }, { status: { $in: ['new'] } }, { date: ['2026-11-23', '2026-11-23'] }],
    });
    // a master-data list has no day (issue 19): its date is when the record was made, not a day of work
    expect(passengers.dateField).toBeUndefined();
  });

  it('pages from 0 with the count', () => {
    expect(pageBody(passengers, state({ page: 2, limit: 20 }), null)).toMatchObject({
      col: 'users',
      skip: 40,
      limit: 20,
      count: true,
      sort: { firstName: 1 },
    });
  });
});
