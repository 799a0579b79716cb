import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('cached callers', () => {
  it('take a role change into account on the very next call', async () => {
    const token = await h.tokenOf('accountant');
    expect((await h.call({ act: 'find', col: 'rates', token })).status).toBe(200);
    const su = await h.tokenOf('superadmin');
    const r = await h.call({ act: 'saveroles', token: su, roles: [{ roleCode: 'accountant', permissions: [] }] });
    expect(r.status).toBe(200);
    expect((await h.call({ act: 'find', col: 'rates', token })).status).toBe(403);
  });

  it('refuse a revoked session at once', async () => {
    const token = await h.tokenOf('dispatchadmin');
    expect((await h.call({ act: 'find', col: 'jobs', token })).status).toBe(200);
    await h.call({ act: 'logout', token });
    expect((await h.call({ act: 'find', col: 'jobs', token })).body).toEqual({ error: 'invalid token' });
  });

  it('hear of a change made directly in the store through the change feed', async () => {
    const token = await h.tokenOf('superagent');
    expect((await h.call({ act: 'find', col: 'jobs', token })).status).toBe(200);
    const me = (await h.services.store.find('users', { query: { email: 'superagent@test.local' } })).data[0] as {
      _id: number;
      _version: number;
    };
    await h.services.store.update('users', me._id, { status: 'suspended' }, me._version, { id: null, name: 'test' });
    let status = 200;
    for (let i = 0; i < 50 && status === 200; i++) {
      status = (await h.call({ act: 'find', col: 'jobs', token })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
