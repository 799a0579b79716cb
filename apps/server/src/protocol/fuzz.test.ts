import {
  ACT_CATALOGUE,
  COLLECTIONS,
  can,
  collectionDef,
  type ModuleKey,
  type PermissionEntry,
  resourceByKey,
  USERS_MODULES,
} from '@tc/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, type Harness, PASSWORD, startHarness } from '../test/app-harness.ts';
import { SAMPLES } from '../test/resource-samples.ts';

/**
 * Issue 15, the fuzzer: 20,000 bodies (seeded, so a failure replays) built from the act
 * catalogue, the collections' field names and the filter language, sent by four site-held roles
 * of site 1, by nobody and with a forged token. No answer is a 5xx or shows a stack trace or SQL;
 * every refusal has a catalogue code (the harness checks it); the other site and the records of
 * all sites are unchanged; every write in the history is a caller's, on its site, in a module its
 * role has rights on.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const ROLES = ['agent', 'dispatcher', 'supplier', 'accountant'] as const;

let h: Harness;
const tokens = new Map<string, string>();
beforeAll(async () => {
  h = await startHarness();
  for (const role of ROLES) tokens.set(role, await h.tokenOf(role));
  // some of everything on both sites, for the fuzz to find, change and delete
  const admin = await h.tokenOf('admin');
  for (const [key, sample] of Object.entries(SAMPLES)) {
    for (const unit of [1, 2]) {
      for (let i = 0; i < 3; i++) await h.call({ act: 'insert', col: key, token: admin, data: sample(100 + i, unit) });
    }
  }
});
afterAll(() => h.close());

const ACTS = [...Object.keys(ACT_CATALOGUE), 'nope', '__proto__'];
const COLS = [...COLLECTIONS.keys(), 'history', 'nope', '__proto__'];
const FIELDS = [
  ...new Set([...COLLECTIONS.values()].flatMap((d) => Object.keys(d.fields))),
  '_id',
  'unit',
  '_version',
  'createdAt',
  'a.b',
  'evil',
  '__proto__',
  "x'--",
];
const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$regex', '$exists', '$where', '$bad'];

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 300 }),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc
    .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('2026-12-01', '2026-12-01 08:00', '+275760-09-13', 'Assigned', 'New', '(a+)+$', '\u0000'),
);
const value = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 4 }),
  fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 2 }),
);
const condition = fc.oneof(value, fc.dictionary(fc.constantFrom(...OPERATORS), value, { minKeys: 1, maxKeys: 2 }));
const leaf = fc.dictionary(fc.constantFrom(...FIELDS), condition, { maxKeys: 3 });
const query = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.record({ $or: fc.array(leaf, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ $and: fc.array(leaf, { maxLength: 3 }) }) },
  { weight: 1, arbitrary: value },
);
const sampleData = fc
  .tuple(fc.constantFrom(...Object.keys(SAMPLES)), fc.integer({ min: 1, max: 999 }), fc.constantFrom(1, 2))
  .map(([key, i, unit]) => (SAMPLES[key] as (i: number, unit: number) => Record<string, unknown>)(i, unit));
const data = fc.oneof(
  leaf,
  sampleData,
  fc.tuple(sampleData, leaf).map(([a, b]) => ({ ...a, ...b })),
  value,
);

/** Writes shaped as the console sends them (a sample record, a record by id with a version), so that many pass validation. */
const realistic = fc
  .tuple(
    fc.constantFrom(...Object.keys(SAMPLES)),
    fc.integer({ min: 1, max: 999 }),
    fc.constantFrom(1, 2),
    fc.constantFrom('insert', 'update', 'delete'),
    fc.integer({ min: 1, max: 40 }),
  )
  .map(([key, i, unit, act, id]) => {
    const col = resourceByKey(key)?.collection ?? key;
    const sample = (SAMPLES[key] as (i: number, unit: number) => Record<string, unknown>)(i, unit);
    if (act === 'insert') return { act, col, data: sample };
    if (act === 'update') return { act, col, query: { _id: id }, data: { ...sample, _version: 1 } };
    return { act, col, query: { _id: id } };
  });

const generated = fc.record(
  {
    act: fc.constantFrom(...ACTS),
    col: fc.constantFrom(...COLS),
    caller: fc.constantFrom(...ROLES, 'nobody', 'forged'),
    query,
    data,
    sort: fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), fc.constantFrom(1, -1, 0, 'x')), value),
    limit: fc.oneof(fc.integer({ min: -2, max: 2000 }), scalar),
    skip: fc.oneof(fc.integer({ min: -2, max: 50 }), scalar),
    count: fc.oneof(fc.boolean(), fc.constantFrom(1, 2)),
    id: fc.oneof(fc.integer({ min: 0, max: 40 }), scalar),
    _version: fc.oneof(fc.integer({ min: 0, max: 5 }), scalar),
    action: fc.oneof(fc.constantFrom('send', 'approve', 'start', 'cancel', 'note', 'online', 'offline'), scalar),
    fields: fc.oneof(fc.array(fc.constantFrom(...FIELDS), { maxLength: 3 }), value),
    queries: fc.array(fc.record({ col: fc.constantFrom(...COLS), query, limit: fc.integer({ min: 0, max: 3000 }) }), {
      maxLength: 4,
    }),
    email: fc.oneof(fc.emailAddress(), scalar),
    password: fc.oneof(fc.string({ maxLength: 20 }), scalar),
    unit: fc.oneof(fc.constantFrom(1, 2), scalar),
    resource: fc.oneof(fc.constantFrom('jobs', 'drivers', 'driverShifts', 'vehicles', 'nope'), scalar),
  },
  { requiredKeys: ['act', 'caller'] },
);
const body = fc.oneof(
  { weight: 4, arbitrary: generated },
  {
    weight: 1,
    arbitrary: fc
      .tuple(realistic, fc.constantFrom(...ROLES))
      .map(([b, caller]) => ({ ...b, caller }) as typeof b & { caller: string }),
  },
);

/** A snapshot of what no site-1 caller may change: every record of site 2 and of all sites. */
async function untouchable(): Promise<string> {
  const parts: string[] = [];
  for (const d of COLLECTIONS.values()) {
    if (!d.siteScoped) continue;
    const r = await h.services.db.query<{ s: string | null }>(
      `SELECT md5(string_agg(_id || ':' || version || ':' || md5(doc::text), ',' ORDER BY _id)) AS s
       FROM "${d.name}" WHERE unit IS DISTINCT FROM 1`,
    );
    parts.push(`${d.name}=${r.rows[0]?.s ?? ''}`);
  }
  return parts.join(' ');
}

/** The modules whose rights let a role's acts write a collection (a trip's actions write its riders). */
function writingModules(col: string): ModuleKey[] | undefined {
  if (col === 'jobs') return ['jobs', 'trips'];
  if (col === 'trans') return ['accounting', 'jobs'];
  // people are users guarded by their role's module (passengers, students, ...)
  if (col === 'users') return [...USERS_MODULES];
  const module = collectionDef(col)?.module;
  return module ? [module] : undefined;
}

function clean(a: Answer): string | undefined {
  const text = JSON.stringify(a.body);
  if (a.status >= 500) return `${a.status} ${text.slice(0, 300)}`;
  if (/\n\s+at |node_modules|\.ts:\d+|SELECT .*FROM|syntax error|relation "|column "|::jsonb/.test(text)) {
    return `leaks: ${text.slice(0, 300)}`;
  }
  return undefined;
}

describe('the fuzzer', () => {
  it(`sends ${RUNS} generated bodies: no 5xx, nothing shown, nothing changed beyond the callers' rights`, async () => {
    const before = await untouchable();
    const historyStart = (
      await h.services.db.query<{ n: number }>('SELECT coalesce(max(_id), 0)::int AS n FROM history')
    ).rows[0]?.n as number;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const bodies = fc.sample(body, { seed: SEED, numRuns: RUNS });
    for (const [n, b] of bodies.entries()) {
      const { caller, ...rest } = b;
      const token =
        caller === 'nobody' ? undefined : caller === 'forged' ? 'eyJhbGciOiJub25lIn0.e30.' : tokens.get(caller);
      // sign-in acts from addresses of their own: the fuzz does not slow the callers' own sign-ins
      const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      let a: Answer;
      try {
        a = await h.call({ ...rest, ...(token ? { token } : {}) }, ip);
      } catch (err) {
        // the harness refuses an error answer without a catalogue code
        failures.push(`#${n} ${JSON.stringify(b).slice(0, 300)}: ${(err as Error).message.slice(0, 200)}`);
        continue;
      }
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const bad = clean(a);
      if (bad) failures.push(`#${n} ${JSON.stringify(b).slice(0, 300)}: ${bad}`);
      // a caller the fuzz logged out or whose password it changed signs in again
      if (a.status === 401 && token && caller !== 'forged') {
        const again = await h.call({ act: 'login', email: `${caller}@test.local`, password: PASSWORD });
        if (again.status === 200) tokens.set(caller, again.body.token as string);
      }
      if (failures.length >= 10) break;
    }
    expect(failures).toEqual([]);
    // the fuzz reached past validation: reads and writes succeeded, refusals of every kind came
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 50);
    for (const s of [400, 401, 403]) expect(statuses.get(s) ?? 0, `answers ${s}`).toBeGreaterThan(0);
    expect(await untouchable()).toBe(before);
    const users = await h.services.db.query<{ _id: number; role: string; permissions: PermissionEntry[] }>(
      `SELECT u._id, u.doc->>'role' AS role, r.doc->'permissions' AS permissions
       FROM "users" u JOIN "roles" r ON r.doc->>'roleCode' = u.doc->>'role' WHERE u.doc->>'email' LIKE '%@test.local'`,
    );
    const byId = new Map(users.rows.map((u) => [u._id, u]));
    const written = await h.services.db.query<{
      collection: string;
      unit: number | null;
      user_id: number | null;
      operation: string;
    }>('SELECT collection, unit, user_id, operation FROM history WHERE _id > $1', [historyStart]);
    for (const w of written.rows) {
      const label = JSON.stringify(w);
      // public acts write mail (a reset link) as nobody; everything else is one of the callers'
      if (w.user_id === null) {
        expect(w.collection, label).toBe('outbox');
        continue;
      }
      const user = byId.get(w.user_id);
      expect(user && ROLES.includes(user.role as (typeof ROLES)[number]), label).toBe(true);
      expect(w.unit, label).toBe(1);
      const modules = writingModules(w.collection);
      if (modules && user) {
        const rights = user.permissions ?? [];
        expect(
          modules.some((m) => rights.some((p) => can(rights, m, p.action))),
          label,
        ).toBe(true);
      }
    }
  }, 600_000);
});
