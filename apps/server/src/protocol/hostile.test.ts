import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../test/app-harness.ts';

/**
 * Issue 15, hostile bodies: a table of crafted calls (operators, field, collection and act
 * names, types, sizes, nesting, prototype keys, tokens), each with the refusal it must get: a
 * clear 4xx with a catalogue code (the harness checks the code), never a stack trace or SQL text,
 * and nothing written.
 */

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.tokenOf('admin');
});
afterAll(() => h.close());

type Body = Record<string, unknown>;
interface Case {
  name: string;
  /** The call; `token: true` stands for the admin's token. */
  body: Body;
  status: number;
}

const T = true;
const find = (query: unknown, more: Body = {}): Body => ({ act: 'find', col: 'locations', token: T, query, ...more });

const OPERATORS = [
  '$where',
  '$function',
  '$expr',
  '$jsonSchema',
  '$text',
  '$accumulator',
  '$eval',
  '$$root',
  '$x',
  '$',
];
const FIELD_NAMES = [
  "name'; DROP TABLE users; --",
  'name"',
  'doc->>name',
  'name)',
  '__proto__',
  'constructor',
  'prototype',
  '',
  'a..b',
  'name\u0000',
  'a.b.c.d.e.f.g.h',
  '$name',
];
const COLLECTIONS = ['users; --', '../etc/passwd', 'pg_catalog.pg_user', 'information_schema.tables', '__proto__'];
const MORE_COLLECTIONS = ['constructor', 'toString', '', 'USERS', 'jobs"', 'history2', 'auth_credentials', 'meta'];
const ACTS = ['drop', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'FIND', ' find', 'find;', 'eval'];

function nested(depth: number): unknown {
  let q: unknown = { name: 'x' };
  for (let i = 0; i < depth; i++) q = { $and: [q] };
  return q;
}

const CASES: Case[] = [
  // operators: unknown or server-side code, in each place a filter goes
  ...OPERATORS.flatMap((op): Case[] => [
    { name: `find with ${op}`, body: find({ name: { [op]: 'x' } }), status: 400 },
    { name: `top-level ${op}`, body: find({ [op]: 'return true' }), status: 400 },
    {
      name: `delete with ${op}`,
      body: { act: 'delete', col: 'locations', token: T, query: { name: { [op]: 1 } } },
      status: 400,
    },
    { name: `export with ${op}`, body: { act: 'export', col: 'locations', token: T, query: { [op]: 1 } }, status: 400 },
  ]),
  // names: injected field names in filters, sorts and duplicate checks
  ...FIELD_NAMES.flatMap((f): Case[] => [
    { name: `filter on field ${JSON.stringify(f)}`, body: find({ [f]: 'x' }), status: 400 },
    { name: `sort on field ${JSON.stringify(f)}`, body: find({}, { sort: { [f]: 1 } }), status: 400 },
    {
      name: `duplicates on field ${JSON.stringify(f)}`,
      body: { act: 'duplicates', col: 'locations', token: T, fields: [f] },
      status: 400,
    },
  ]),
  ...[...COLLECTIONS, ...MORE_COLLECTIONS].map(
    (col): Case => ({ name: `collection ${JSON.stringify(col)}`, body: { act: 'find', col, token: T }, status: 400 }),
  ),
  ...COLLECTIONS.map(
    (col): Case => ({
      name: `insert into ${JSON.stringify(col)}`,
      body: { act: 'insert', col, token: T, data: { name: 'x' } },
      status: 400,
    }),
  ),
  ...ACTS.map((act): Case => ({ name: `act ${JSON.stringify(act)}`, body: { act, token: T }, status: 400 })),
  { name: 'no act', body: { col: 'locations', token: T }, status: 400 },
  { name: 'act as a number', body: { act: 7, token: T }, status: 400 },
  { name: 'act as a list', body: { act: ['find'], col: 'locations', token: T }, status: 400 },
  // types
  { name: 'query as a list', body: find([{ name: 'x' }]), status: 400 },
  { name: 'query as text', body: find("name = 'x' OR 1=1"), status: 400 },
  { name: 'query as a number', body: find(1), status: 400 },
  { name: 'value as an object without operator', body: find({ name: { x: 1 } }), status: 400 },
  { name: '$in not a list', body: find({ name: { $in: 'x' } }), status: 400 },
  { name: '$or not a list', body: find({ $or: { name: 'x' } }), status: 400 },
  { name: '$or empty', body: find({ $or: [] }), status: 400 },
  { name: '$regex not text', body: find({ name: { $regex: { $gt: '' } } }), status: 400 },
  { name: 'backtracking $regex', body: find({ name: { $regex: '(a+)+$' } }), status: 400 },
  { name: '$regex too long', body: find({ name: { $regex: 'a'.repeat(500) } }), status: 400 },
  { name: '$exists not a boolean', body: find({ name: { $exists: 'yes' } }), status: 400 },
  { name: '$gt on an object', body: find({ lat: { $gt: { $gt: 1 } } }), status: 400 },
  { name: 'a date past the calendar', body: find({ createdAt: { $gte: '+275760-09-13T00:00:00Z' } }), status: 400 },
  { name: 'limit negative', body: find({}, { limit: -1 }), status: 400 },
  { name: 'limit text', body: find({}, { limit: '10; DROP TABLE users' }), status: 400 },
  { name: 'limit fractional', body: find({}, { limit: 1.5 }), status: 400 },
  { name: 'skip negative', body: find({}, { skip: -5 }), status: 400 },
  { name: 'skip text', body: find({}, { skip: 'x' }), status: 400 },
  { name: 'sort as text', body: find({}, { sort: 'name; DROP TABLE users' }), status: 400 },
  { name: 'sort direction text', body: find({}, { sort: { name: 'asc; --' } }), status: 400 },
  { name: 'sort direction 2', body: find({}, { sort: { name: 2 } }), status: 400 },
  { name: 'project as text', body: find({}, { project: 'doc' }), status: 400 },
  { name: 'insert data a list', body: { act: 'insert', col: 'locations', token: T, data: [] }, status: 400 },
  { name: 'insert data text', body: { act: 'insert', col: 'locations', token: T, data: 'x' }, status: 400 },
  { name: 'insert data null', body: { act: 'insert', col: 'locations', token: T, data: null }, status: 400 },
  {
    name: 'insert with an unknown field',
    body: {
      act: 'insert',
      col: 'locations',
      token: T,
      data: { unit: 1, name: 'x', address: 'x', lat: 1, lon: 1, evil: 1 },
    },
    status: 400,
  },
  {
    name: 'insert with a system field',
    body: { act: 'insert', col: 'locations', token: T, data: { unit: 1, name: 'x', address: 'x', _version: 'x' } },
    status: 400,
  },
  {
    name: 'update without a version',
    body: { act: 'update', col: 'locations', token: T, query: { _id: 1 }, data: { name: 'x' } },
    status: 400,
  },
  {
    name: 'update with a text version',
    body: { act: 'update', col: 'locations', token: T, query: { _id: 1 }, data: { name: 'x', _version: '1' } },
    status: 400,
  },
  {
    name: 'update naming records by a filter',
    body: { act: 'update', col: 'locations', token: T, query: { _id: { $gt: 0 } }, data: { _version: 1 } },
    status: 400,
  },
  {
    name: 'update of no record',
    body: { act: 'update', col: 'locations', token: T, query: {}, data: { _version: 1 } },
    status: 400,
  },
  { name: 'delete of everything', body: { act: 'delete', col: 'locations', token: T, query: {} }, status: 400 },
  { name: 'delete without a query', body: { act: 'delete', col: 'locations', token: T }, status: 400 },
  { name: 'batch of 26', body: { act: 'batch', token: T, queries: Array(26).fill({ col: 'locations' }) }, status: 400 },
  {
    name: 'batch running delete',
    body: { act: 'batch', token: T, queries: [{ act: 'delete', col: 'x' }] },
    status: 400,
  },
  {
    name: 'batch past its rows',
    body: { act: 'batch', token: T, queries: Array(10).fill({ col: 'locations', limit: 1000 }) },
    status: 400,
  },
  {
    name: 'tripaction unknown action',
    body: { act: 'tripaction', token: T, id: 1, _version: 1, action: 'explode' },
    status: 400,
  },
  {
    name: 'tripaction id as a filter',
    body: { act: 'tripaction', token: T, id: { $gt: 0 }, _version: 1, action: 'send' },
    status: 400,
  },
  {
    name: 'saveroles by a non-owner',
    body: { act: 'saveroles', token: T, roles: [{ roleCode: 'agent', permissions: [] }] },
    status: 403,
  },
  {
    name: 'routeplan of a year',
    body: { act: 'routeplan', token: T, unit: 1, from: '2026-01-01', to: '2027-01-01' },
    status: 400,
  },
  // sizes and nesting
  {
    name: '$in of 20,000 values',
    body: find({ name: { $in: Array.from({ length: 20_000 }, (_, i) => `v${i}`) } }),
    status: 400,
  },
  {
    name: '$or of 51 branches',
    body: find({ $or: Array.from({ length: 51 }, (_, i) => ({ name: `v${i}` })) }),
    status: 400,
  },
  { name: 'nested 7 deep', body: find(nested(7)), status: 400 },
  { name: 'nested 200 deep', body: find(nested(200)), status: 400 },
  { name: 'a path of 8 segments', body: find({ 'a.b.c.d.e.f.g.h': 1 }), status: 400 },
  // the protocol answers an oversized body 400 "The request is too large" (docs/protocol.md)
  { name: 'a text of 1 MB', body: find({ name: 'x'.repeat(1_100_000) }), status: 400 },
  // prototype keys
  { name: '__proto__ in a filter', body: find(JSON.parse('{"__proto__": {"name": "x"}}')), status: 400 },
  {
    name: '__proto__ in data',
    body: { act: 'insert', col: 'users', token: T, data: JSON.parse('{"__proto__": {"role": "superadmin"}}') },
    status: 400,
  },
  {
    name: 'constructor.prototype in data',
    body: { act: 'insert', col: 'locations', token: T, data: { constructor: { prototype: { admin: true } } } },
    status: 400,
  },
  {
    name: 'role named constructor',
    body: { act: 'insert', col: 'users', token: T, data: { role: 'constructor' } },
    status: 400,
  },
  {
    name: 'toString as an act option',
    body: { act: 'find', col: 'locations', token: T, toString: 'x', valueOf: 1, query: {} },
    status: 200,
  },
];

/** Tokens a caller may forge. */
function jwt(header: Body, payload: Body, secret = 'guess'): string {
  const part = (o: Body) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part(header)}.${part(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const TOKEN_CASES: Case[] = [
  { name: 'no token', body: { act: 'find', col: 'locations' }, status: 401 },
  { name: 'empty token', body: { act: 'find', col: 'locations', token: '' }, status: 401 },
  { name: 'garbage token', body: { act: 'find', col: 'locations', token: 'abc.def.ghi' }, status: 401 },
  { name: 'token as a number', body: { act: 'find', col: 'locations', token: 42 }, status: 401 },
  { name: 'token as an object', body: { act: 'find', col: 'locations', token: { $ne: null } }, status: 401 },
  { name: 'token as a list', body: { act: 'find', col: 'locations', token: ['x'] }, status: 401 },
  {
    name: 'alg none',
    body: {
      act: 'find',
      col: 'locations',
      token: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"userId":1,"sessionId":"x"}').toString('base64url')}.`,
    },
    status: 401,
  },
  {
    name: 'forged signature',
    body: { act: 'find', col: 'locations', token: jwt({ alg: 'HS256', typ: 'JWT' }, { userId: 1, sessionId: 'x' }) },
    status: 401,
  },
  {
    name: 'far expiry, forged',
    body: {
      act: 'find',
      col: 'locations',
      token: jwt({ alg: 'HS256', typ: 'JWT' }, { userId: 1, sessionId: 'x', exp: 4_000_000_000 }),
    },
    status: 401,
  },
  { name: 'SQL in the token', body: { act: 'find', col: 'locations', token: "' OR 1=1 --" }, status: 401 },
];

/** No answer may show the server's insides. */
function assertClean(name: string, body: unknown): void {
  const text = JSON.stringify(body);
  expect(text, name).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  expect(text, name).not.toMatch(/SELECT .*FROM|syntax error|relation "|column "|::jsonb/);
}

describe('hostile bodies', () => {
  it(`holds a table of ${CASES.length + TOKEN_CASES.length + 2} crafted calls`, () => {
    expect(CASES.length + TOKEN_CASES.length + 2).toBeGreaterThanOrEqual(100);
  });

  it('answers each crafted call with its refusal, cleanly, and writes nothing', async () => {
    const before = await h.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM history');
    const wrong: string[] = [];
    for (const c of [...CASES, ...TOKEN_CASES]) {
      const body = { ...c.body, ...(c.body.token === T ? { token: admin } : {}) };
      const r = await h.app.inject({
        method: 'POST',
        url: '/',
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      if (r.statusCode !== c.status) wrong.push(`${c.name}: ${r.statusCode} ${r.body.slice(0, 200)}`);
      assertClean(c.name, r.body);
      if (c.status >= 400) expect(JSON.parse(r.body).code, c.name).toEqual(expect.any(String));
    }
    expect(wrong).toEqual([]);
    const after = await h.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM history');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('refuses a body that is no JSON, and one of 12 MB', async () => {
    const bad = await h.app.inject({
      method: 'POST',
      url: '/',
      payload: '{"act": "find",',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    assertClean('bad JSON', bad.body);
    const huge = await h.app.inject({
      method: 'POST',
      url: '/',
      payload: JSON.stringify({ act: 'find', col: 'locations', token: admin, query: { name: 'x'.repeat(12_000_000) } }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.json()).toEqual({ error: 'The request is too large', code: 'tooLarge' });
    assertClean('12 MB', huge.body);
  });
});
