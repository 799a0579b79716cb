import {
  can,
  collectionDef,
  containsText,
  DEFAULT_GRANTS,
  expandGrant,
  FORBIDDEN_MESSAGE,
  isSiteFree,
  RESOURCES,
  type ResourceDef,
  STAFF_ROLES,
} from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';

/**
 * The generic behaviour every resource of the registry shares, through the real protocol: create,
 * list with count, filter, sort, page, update (with its version), history, delete, permission and
 * site scope.
 */
let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

type Body = Record<string, unknown>;
const call = async (body: Body) => h.call({ token: admin, ...body });

/** A text field the resource searches and its sample fills, to filter, sort and update by. */
function textField(def: ResourceDef): string {
  const sample = SAMPLES[def.key]?.(0, 1) ?? {};
  const f = def.search.find((s) => !s.includes('.') && typeof sample[s] === 'string');
  if (!f) throw new Error(`${def.key}: no top-level search field`);
  return f;
}

/** A staff role bound to one site that may view the resource's module. */
function siteBoundViewer(def: ResourceDef): string | undefined {
  // the supplier role sees only its supplier's records of a site (supplier.scope.test.ts)
  return STAFF_ROLES.find(
    (r) => !isSiteFree(r) && r !== 'supplier' && can(expandGrant(DEFAULT_GRANTS[r]), def.module, 'view'),
  );
}

/** A staff role that may not view the module. */
function outsider(def: ResourceDef): string | undefined {
  return STAFF_ROLES.find((r) => !can(expandGrant(DEFAULT_GRANTS[r]), def.module, 'view'));
}

describe.each(RESOURCES.map((r) => [r.key, r] as const))('%s', (key, def) => {
  const sample = SAMPLES[key];
  const scoped = collectionDef(def.collection)?.siteScoped === true;
  const mine = { ...(def.fixed ?? {}) };
  const ids: number[] = [];

  it('has a sample record for this test', () => {
    expect(sample, `add a sample of ${key} to apps/server/src/test/resource-samples.ts`).toBeDefined();
  });

  it('creates records and lists them with their count, filtered, sorted and paged', async () => {
    if (!sample) return;
    for (const i of [0, 1, 2]) {
      const r = await call({ act: 'insert', col: def.collection, data: sample(i, 1) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(typeof r.body._id).toBe('number');
      ids.push(r.body._id as number);
    }
    if (scoped) expect((await call({ act: 'insert', col: def.collection, data: sample(3, 2) })).status).toBe(200);
    const query = { ...mine, _id: { $in: ids } };
    const all = await call({ act: 'find', col: def.collection, query, count: true });
    expect(all.body.count).toBe(3);
    const field = textField(def);
    const first = (all.body.data as Body[]).find((d) => d._id === ids[0]) as Body;
    const one = await call({
      act: 'find',
      col: def.collection,
      query: { ...query, [field]: containsText(String(first[field])) },
      count: true,
    });
    expect(one.body.count).toBeGreaterThanOrEqual(1);
    expect((one.body.data as Body[]).map((d) => d._id)).toContain(ids[0]);
    const asc = await call({ act: 'find', col: def.collection, query, sort: { [field]: 1 } });
    const desc = await call({ act: 'find', col: def.collection, query, sort: { [field]: -1 } });
    const values = (r: { body: Body }) => (r.body.data as Body[]).map((d) => String(d[field]));
    expect(values(asc)).toEqual([...values(asc)].sort());
    expect(values(desc)).toEqual([...values(asc)].reverse());
    const page = await call({
      act: 'find',
      col: def.collection,
      query,
      sort: { _id: 1 },
      skip: 2,
      limit: 2,
      count: true,
    });
    expect((page.body.data as Body[]).map((d) => d._id)).toEqual([ids[2]]);
    expect(page.body.count).toBe(3);
  });

  it('updates with the version read, refuses a stale version, records history, deletes', async () => {
    if (!sample) return;
    const id = ids[0] as number;
    const field = textField(def);
    const changed = sample(10, 1)[field];
    const ok = await call({
      act: 'update',
      col: def.collection,
      query: { _id: id },
      data: { [field]: changed, _version: 1 },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body[field]).toBe(changed);
    const stale = await call({
      act: 'update',
      col: def.collection,
      query: { _id: id },
      data: { [field]: changed, _version: 1 },
    });
    expect(stale.status).toBe(409);
    const del = await call({ act: 'delete', col: def.collection, query: { _id: id } });
    expect(del.body).toEqual({ deleted: 1 });
    const history = await call({
      act: 'find',
      col: 'history',
      query: { collection: def.collection, id },
      sort: { time: 1 },
    });
    expect((history.body.data as Body[]).map((e) => e.operation)).toEqual(['insert', 'update', 'delete']);
  });

  const stranger = outsider(def);
  it.runIf(stranger)(`refuses a role without the module’s view (${stranger})`, async () => {
    const role = stranger as string;
    const token = await h.tokenOf(role);
    expect((await h.call({ act: 'find', col: def.collection, token, query: mine })).body).toEqual({
      error: FORBIDDEN_MESSAGE,
    });
  });

  const viewer = scoped ? siteBoundViewer(def) : undefined;
  it.runIf(viewer)(`shows a site-bound user (${viewer}) only their own site’s records`, async () => {
    const role = viewer as string;
    const token = await h.tokenOf(role, 2);
    const r = await h.call({ act: 'find', col: def.collection, token, query: { ...mine, unit: 1 }, count: true });
    expect(r.body.count).toBe(0);
    const own = await h.call({ act: 'find', col: def.collection, token, query: mine, count: true });
    expect(own.body.count).toBeGreaterThan(0);
    expect((own.body.data as Body[]).every((d) => d.unit === 2)).toBe(true);
  });
});
