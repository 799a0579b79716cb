import { DEFAULT_GRANTS, expandGrant } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';

/** One scope for every operation (access.scopeOf, applied by the store): the holes of the seams issue. */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('personal records are personal on every operation', () => {
  it('keeps a view of the admin out of another user’s export, duplicates, update and delete', async () => {
    const admin = await h.tokenOf('admin');
    const mine = await h.call({ act: 'insert', col: 'views', token: admin, data: { col: 'profiles', id: 1 } });
    await h.call({ act: 'insert', col: 'views', token: admin, data: { col: 'profiles', id: 1 } });
    expect(mine.status).toBe(200);
    const id = mine.body._id as number;
    const other = await h.tokenOf('agent');
    expect((await h.call({ act: 'export', col: 'views', token: other })).body).toEqual({ data: [] });
    const dup = await h.call({ act: 'duplicates', col: 'views', token: other, fields: ['col', 'id'] });
    expect(dup.body).toEqual({ data: [], count: 0 });
    const upd = await h.call({
      act: 'update',
      col: 'views',
      token: other,
      query: { _id: id },
      data: { col: 'trips', _version: 1 },
    });
    expect(upd).toEqual({ status: 404, body: { error: 'Not found' } });
    expect((await h.call({ act: 'delete', col: 'views', token: other, query: { _id: id } })).body).toEqual({
      deleted: 0,
    });
    // the admin's own are still there, and theirs to see
    const own = await h.call({ act: 'duplicates', col: 'views', token: admin, fields: ['col', 'id'] });
    expect(own.body.count).toBe(2);
  });
});

describe('all-sites records', () => {
  it('are read by a site-bound user but neither changed nor deleted by one', async () => {
    const su = await h.tokenOf('superadmin');
    const grant = expandGrant({ ...DEFAULT_GRANTS.dispatchadmin, parameters: ['view', 'create', 'edit'] });
    const saved = await h.call({
      act: 'saveroles',
      token: su,
      roles: [{ roleCode: 'dispatchadmin', permissions: grant }],
    });
    expect(saved.status).toBe(200);
    const holiday = await h.call({
      act: 'insert',
      col: 'holidays',
      token: su,
      data: { ...SAMPLES.holidays?.(1, 1), unit: null },
    });
    expect(holiday.body.unit).toBeNull();
    const id = holiday.body._id as number;
    const bound = await h.tokenOf('dispatchadmin');
    const seen = await h.call({ act: 'find', col: 'holidays', token: bound, query: { _id: id } });
    expect((seen.body.data as unknown[]).length).toBe(1);
    const upd = await h.call({
      act: 'update',
      col: 'holidays',
      token: bound,
      query: { _id: id },
      data: { name: 'Mine now', _version: 1 },
    });
    expect(upd.status).toBe(404);
    expect((await h.call({ act: 'delete', col: 'holidays', token: bound, query: { _id: id } })).body).toEqual({
      deleted: 0,
    });
    expect(await h.services.store.count('holidays', { _id: id })).toBe(1);
  });
});
