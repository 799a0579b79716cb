import { COLLECTIONS, isSiteFree, STAFF_ROLES } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';

/**
 * One table over every collection, every staff role and every operation: a record of another
 * site is never read, exported, changed or deleted by a site-held user; a record of all sites is
 * read but not changed or deleted by one; another user's personal record by no one. Each answer
 * is the operation's refusal (403 without the permission) or the same as for no record at all.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const actor = { id: null, name: 'fixtures' };
const siteScoped = [...COLLECTIONS.values()].filter((d) => d.siteScoped && !d.ownerField);

/** A record of `unit` (the store checks kinds only: a bare record of each collection will do). */
let made = 0;
async function recordOn(col: string, unit: number | null): Promise<number> {
  const data: Record<string, unknown> = { unit };
  made++;
  if (col === 'users') Object.assign(data, { role: 'passenger', lastName: 'Elsewhere', email: `x${made}@t.local` });
  return (await h.services.store.insert(col, data, actor))._id;
}

type Outcome = 'seen' | 'hidden' | 'refused';

async function reach(token: string, col: string, id: number): Promise<Record<string, Outcome>> {
  const find = await h.call({ act: 'find', col, token, query: { _id: id }, count: true });
  const exp = await h.call({ act: 'export', col, token, query: { _id: id } });
  const upd = await h.call({ act: 'update', col, token, query: { _id: id }, data: { _version: 1 } });
  const del = await h.call({ act: 'delete', col, token, query: { _id: id } });
  const rows = (r: { body: Record<string, unknown> }) => ((r.body.data as unknown[]) ?? []).length;
  const read = (r: { status: number; body: Record<string, unknown> }): Outcome =>
    r.status === 403 ? 'refused' : rows(r) > 0 ? 'seen' : 'hidden';
  return {
    find: read(find),
    export: read(exp),
    // an update of no fields sent with the right version answers the record when it may write it
    update: upd.status === 403 ? 'refused' : upd.status === 404 ? 'hidden' : 'seen',
    delete: del.status === 403 ? 'refused' : del.body.deleted === 1 ? 'seen' : 'hidden',
  };
}

describe('every operation × role × site, for every collection', () => {
  it.each(siteScoped.map((d) => [d.name] as const))(
    '%s of another site is out of reach of a site-held user',
    async (col) => {
      const failures: string[] = [];
      for (const role of STAFF_ROLES.filter((r) => !isSiteFree(r))) {
        const id = await recordOn(col, 2);
        const outcome = await reach(await h.tokenOf(role, 1), col, id);
        for (const [op, o] of Object.entries(outcome)) if (o === 'seen') failures.push(`${role} ${op}`);
      }
      expect(failures).toEqual([]);
    },
  );

  it.each(siteScoped.filter((d) => d.unitOptional).map((d) => [d.name] as const))(
    '%s of all sites is read but neither changed nor deleted by a site-held user',
    async (col) => {
      const failures: string[] = [];
      for (const role of STAFF_ROLES.filter((r) => !isSiteFree(r))) {
        const id = await recordOn(col, null);
        const { update, delete: del } = await reach(await h.tokenOf(role, 1), col, id);
        if (update === 'seen') failures.push(`${role} update`);
        if (del === 'seen') failures.push(`${role} delete`);
      }
      expect(failures).toEqual([]);
    },
  );

  it('a site-free role reaches both sites where its permissions let it', async () => {
    const token = await h.tokenOf('superadmin');
    const id = await recordOn('drivers', 2);
    expect(await reach(token, 'drivers', id)).toEqual({
      find: 'seen',
      export: 'seen',
      update: 'seen',
      delete: 'seen',
    });
  });

  it('personal records are no one else’s, whatever the role', async () => {
    const owner = await h.tokenOf('agent', 2);
    const view = await h.call({ act: 'insert', col: 'views', token: owner, data: { col: 'profiles', id: 2 } });
    expect(view.status).toBe(200);
    const failures: string[] = [];
    for (const role of STAFF_ROLES) {
      const outcome = await reach(await h.tokenOf(role, 1), 'views', view.body._id as number);
      for (const [op, o] of Object.entries(outcome)) if (o === 'seen') failures.push(`${role} ${op}`);
    }
    expect(failures).toEqual([]);
  });
});
