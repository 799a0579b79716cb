import { describe, expect, it } from 'vitest';
import { jobsFindBody } from './jobsQuery.ts';

describe('jobsFindBody', () => {
  it('asks for one day of one site with its count, paged', () => {
    expect(jobsFindBody({ site: 2, day: '2026-11-22', search: '', page: 3, pageSize: 20 })).toEqual({
      col: 'jobs',
      query: { date: ['2026-11-22', '2026-11-22'], unit: 2 },
      sort: { date: 1 },
      count: true,
      skip: 40,
      limit: 20,
    });
  });

  it('leaves the site out for all sites and searches names and phone literally', () => {
    const body = jobsFindBody({ site: null, day: '2026-11-22', search: ' o.brien ', page: 1, pageSize: 100 });
    const pattern = { $regex: 'o\\.brien', $options: 'i' };
    expect(body.query).toEqual({
      date: ['2026-11-22', '2026-11-22'],
      $or: [{ lastName: pattern }, { firstName: pattern }, { phone: pattern }],
    });
  });
});
