import { collectionDef } from '@tc/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/fresh-db.ts';
import type { Database } from './db.ts';
import { InvalidInput } from './errors.ts';
import { docResolver, LIMITS, Params, translateFilter, translateSort } from './filter.translate.ts';

const jobs = collectionDef('jobs');
if (!jobs) throw new Error('jobs is registered');
const resolve = docResolver(jobs.fields, jobs.hot);

function sql(query: unknown) {
  const params = new Params();
  return { where: translateFilter(query, resolve, params), params: params.values };
}

describe('translateFilter', () => {
  it('puts every value in a parameter', () => {
    const r = sql({ lastName: "O'Brien", status: { $in: ['new', 'routed'] }, seats: { $gt: 2 } });
    expect(r.where).toBe(`"h_lastName" = $1 AND "h_status" IN ($2, $3) AND (doc->'seats') > $4::jsonb`);
    expect(r.params).toEqual(["O'Brien", 'new', 'routed', '2']);
  });

  it('passes dotted path segments as a parameter too', () => {
    const r = sql({ 'from.address': 'Rue Peel' });
    expect(r.where).toBe('(doc #>> $1::text[]) = $2');
    expect(r.params).toEqual([['from', 'address'], 'Rue Peel']);
  });

  it.each([
    [{ $where: 'x' }, 'Unknown operator: $where'],
    [{ lastName: { $function: 'x' } }, 'Unknown operator: $function'],
    [{ 'lastName.x': 1 }, 'Unknown field: lastName.x'],
    [{ 'from.a-b': 1 }, 'Unknown field: from.a-b'],
    [{ nope: 1 }, 'Unknown field: nope'],
    [{ constructor: 1 }, 'Unknown field: constructor'],
    [{ seats: { $gt: [1] } }, 'seats must be a number, text or true/false'],
    [{ date: 'not a date' }, 'date must be a date'],
    [{ lastName: ['a', 'b'] }, 'Use $in to match lastName against a list'],
    [{ $or: [] }, '$or needs a list of 1 to 50 conditions'],
    [
      { lastName: { $regex: '(' } },
      'Search on lastName takes plain text (optionally starting with ^ or ending with $)',
    ],
    // a pattern that backtracks for minutes in PostgreSQL's regex engine is not a text search
    [
      { lastName: { $regex: '(.{0,100}){1,100}z' } },
      'Search on lastName takes plain text (optionally starting with ^ or ending with $)',
    ],
    [
      { lastName: { $regex: 'a\\d+' } },
      'Search on lastName takes plain text (optionally starting with ^ or ending with $)',
    ],
    [{ lastName: { $regex: 'a', $options: 'x' } }, '$options may only be "i"'],
    [{ seats: { $regex: 'a' } }, '$regex needs a text field, not seats'],
    [{ lastName: { $exists: 'yes' } }, '$exists on lastName must be true or false'],
    [{ status: { $in: Array(LIMITS.inValues + 1).fill('new') } }, '$in on status needs a list of at most 1000 values'],
    ['status', 'The query must be an object'],
  ])('rejects bad filter %#', (query, message) => {
    expect(() => sql(query)).toThrow(message);
  });

  it('rejects nesting deeper than the limit', () => {
    let q: unknown = { status: 'new' };
    for (let i = 0; i <= LIMITS.depth + 1; i++) q = { $and: [q] };
    expect(() => sql(q)).toThrow('The query is nested too deeply');
  });

  it('sorts by declared fields only and always ends on _id', () => {
    const params = new Params();
    expect(translateSort({ date: -1 }, resolve, params)).toBe('"h_date" DESC, _id ASC');
    expect(() => translateSort({ 'date; DROP': 1 }, resolve, params)).toThrow('Unknown field');
    expect(() => translateSort({ date: 2 }, resolve, params)).toThrow('sort date must be 1 or -1');
  });
});

describe('random filters (fuzz)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDatabase());
  });
  afterAll(() => drop());

  const fieldNames = [
    ...Object.keys(jobs.fields),
    '_id',
    'unit',
    'from.address',
    'flight.number',
    'x',
    '$where',
    'a.b',
    'constructor',
    '__proto__',
    'toString',
  ];
  const scalar = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom("'; DROP TABLE jobs; --", '2026-11-22', '2026-11-22 10:00', '(', '.*'),
  );
  const operator = fc.constantFrom(
    '$eq',
    '$ne',
    '$in',
    '$nin',
    '$gt',
    '$gte',
    '$lt',
    '$lte',
    '$regex',
    '$options',
    '$exists',
    '$where',
    '$expr',
    'bogus',
  );
  const condition = fc.oneof(
    scalar,
    fc.array(scalar, { maxLength: 3 }),
    fc.dictionary(operator, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 2 }),
  );
  const filter = fc.letrec((tie) => ({
    leaf: fc.dictionary(fc.constantFrom(...fieldNames), condition, { maxKeys: 3 }),
    node: fc.oneof(
      { depthSize: 'small' },
      tie('leaf'),
      fc.record({ $or: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ $and: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    ),
  })).node;

  it('either rejects with a 400 or runs as valid SQL with no value inlined', async () => {
    await fc.assert(
      fc.asyncProperty(filter, async (query) => {
        let r: { where: string; params: unknown[] };
        try {
          r = sql(query);
        } catch (err) {
          expect(err).toBeInstanceOf(InvalidInput);
          return;
        }
        expect(r.where).not.toMatch(/DROP|;|--/);
        await db.query(`SELECT count(*) FROM "jobs" WHERE ${r.where}`, r.params);
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });
});
