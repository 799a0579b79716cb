import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let admin: string;
let parent: number;
let child: number;
let otherSiteChild: number;

async function user(data: Record<string, unknown>): Promise<number> {
  const r = await h.call({ act: 'insert', col: 'users', token: admin, data });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as number;
}
const rider = (unit: number, email: string) => ({
  role: 'passenger',
  unit,
  firstName: 'Léa',
  lastName: 'Gagnon',
  email,
  profiles: [1],
});

beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
  parent = await user({
    role: 'parent',
    unit: 1,
    firstName: 'Paul',
    lastName: 'Gagnon',
    email: 'paul@test.local',
    phone: '514-555-0100',
    status: 'Active',
  });
  child = await user(rider(1, 'lea@test.local'));
  otherSiteChild = await user(rider(2, 'lea2@test.local'));
});
afterAll(() => h.close());

const children = async () =>
  (
    (await h.call({ act: 'find', col: 'users', token: admin, query: { _id: parent } })).body.data as {
      children?: number[];
    }[]
  )[0]?.children;

describe('addparent / delparent', () => {
  it('links and unlinks one child, recording history', async () => {
    expect((await h.call({ act: 'addparent', token: admin, parent, child })).status).toBe(200);
    expect(await children()).toEqual([child]);
    // linking twice keeps one link
    expect((await h.call({ act: 'addparent', token: admin, parent, child })).status).toBe(200);
    expect(await children()).toEqual([child]);
    const history = await h.call({
      act: 'find',
      col: 'history',
      token: admin,
      query: { collection: 'users', id: parent },
      sort: { time: 1 },
    });
    expect((history.body.data as { operation: string }[]).map((e) => e.operation)).toEqual(['insert', 'update']);
    expect((await h.call({ act: 'delparent', token: admin, parent, child })).status).toBe(200);
    expect(await children()).toEqual([]);
  });

  it('refuses a child of another site, a parent that is not a parent, and bad ids', async () => {
    expect((await h.call({ act: 'addparent', token: admin, parent, child: otherSiteChild })).body).toEqual({
      error: 'child must be on the parent’s site',
    });
    expect((await h.call({ act: 'addparent', token: admin, parent: child, child })).body).toEqual({
      error: 'parent must be a user with the parent role',
    });
    expect((await h.call({ act: 'addparent', token: admin, parent: 'x', child })).status).toBe(400);
  });

  it('holds a site-bound user to their own site and needs the parents edit action', async () => {
    const dispatchadmin2 = await h.tokenOf('dispatchadmin', 2);
    // site 2's dispatch admin may edit parents, but not site 1's
    expect(await h.call({ act: 'addparent', token: dispatchadmin2, parent, child })).toEqual({
      status: 404,
      body: { error: 'Not found' },
    });
    const agent = await h.tokenOf('agent');
    expect((await h.call({ act: 'addparent', token: agent, parent, child })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });
});
