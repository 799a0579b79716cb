import { containsText } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/fresh-db.ts';
import { CollectionStore, prefixSearchOnSortField } from './collection.store.ts';
import type { Database } from './db.ts';
import { RecordNotFound, VersionConflict } from './errors.ts';
import { findHistory } from './history.store.ts';

let db: Database;
let drop: () => Promise<void>;
let store: CollectionStore;
const actor = { id: 1, name: 'Ada Admin' };

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  store = new CollectionStore(db);
  const people = [
    {
      lastName: 'Tremblay',
      status: 'new',
      date: '2026-11-20 08:00',
      seats: 1,
      unit: 1,
      from: { address: 'Rue Sherbrooke' },
    },
    { lastName: 'Gagnon', status: 'routed', date: '2026-11-21 09:30', seats: 3, unit: 1, wheelchair: true },
    { lastName: 'Roy', status: 'canceled', date: '2026-11-22 10:00', seats: 2, unit: 2 },
    { lastName: 'Côté', status: 'new', date: '2026-11-22 23:59', seats: 4, unit: 1 },
    { lastName: 'tremblay-roy', status: 'dropped', date: '2026-11-23 00:00', seats: 1, unit: 2 },
  ];
  for (const p of people) await store.insert('jobs', p, actor);
});
afterAll(() => drop());

const lastNames = (r: { data: Record<string, unknown>[] }) => r.data.map((d) => d.lastName);

describe('prefix search on the sort field (filtered first, then sorted)', () => {
  it('is recognised at the top level and in $and, only when anchored and on the first sort field', () => {
    expect(prefixSearchOnSortField({ lastName: { $regex: '^Tre', $options: 'i' } }, { lastName: 1 })).toBe(true);
    expect(prefixSearchOnSortField({ $and: [{ unit: 1 }, { lastName: { $regex: '^T' } }] }, { lastName: -1 })).toBe(
      true,
    );
    expect(prefixSearchOnSortField({ lastName: { $regex: 'Tre' } }, { lastName: 1 })).toBe(false);
    expect(prefixSearchOnSortField({ lastName: { $regex: '^Tre' } }, { date: 1, lastName: 1 })).toBe(false);
    expect(prefixSearchOnSortField({ lastName: { $regex: '^Tre' } }, undefined)).toBe(false);
  });

  it('answers the same records in the same order, paged and counted', async () => {
    const q = { lastName: { $regex: '^tre', $options: 'i' } };
    const r = await store.find('jobs', { query: q, sort: { lastName: -1 }, count: true });
    expect(lastNames(r)).toEqual(['tremblay-roy', 'Tremblay']);
    expect(r.count).toBe(2);
    const page2 = await store.find('jobs', {
      query: { $and: [q, { seats: { $gte: 1 } }] },
      sort: { lastName: -1 },
      skip: 1,
      limit: 1,
    });
    expect(lastNames(page2)).toEqual(['Tremblay']);
  });
});

describe('a typed search (containsText) in PostgreSQL', () => {
  it('matches hyphens, accents and regex characters literally, in any case', async () => {
    const names = async (text: string) =>
      lastNames(await store.find('jobs', { query: { lastName: containsText(text) }, sort: { lastName: 1 } }));
    expect(await names('Tremblay-R')).toEqual(['tremblay-roy']);
    expect(await names('CÔTÉ')).toEqual(['Côté']);
    // "." is no wildcard, "(" no group
    expect(await names('tremblay.roy')).toEqual([]);
    expect(await names('roy(')).toEqual([]);
    // a hyphen before a hex digit: a `\x2d` escape would read as one longer character here
    await store.insert('users', { lastName: 'Dubé-Aubin', role: 'passenger', unit: 1 }, actor);
    const users = await store.find('users', { query: { lastName: containsText('dubé-a') } });
    expect(lastNames(users)).toEqual(['Dubé-Aubin']);
  });
});

describe('findEvery', () => {
  it('reads every record a query selects, past one page, once each and in order', async () => {
    const actor = { id: null, name: 'fixtures' };
    const made = await db.tx((tx) =>
      store.insertMany(
        'ratetypes',
        Array.from({ length: 2_345 }, (_, i) => ({ name: `Every ${String(i).padStart(4, '0')}`, code: 'EV' })),
        actor,
        {},
        tx,
      ),
    );
    const all = await store.findEvery('ratetypes', { query: { code: 'EV' }, sort: { name: -1 } });
    expect(all).toHaveLength(2_345);
    expect(new Set(all.map((r) => r._id))).toEqual(new Set(made));
    expect(all[0]?.name).toBe('Every 2344');
    expect(all.at(-1)?.name).toBe('Every 0000');
    // by their ids, more than an $in takes at once, an id twice and one unknown
    const some = await store.findByIds('ratetypes', [...made, made[0] as number, 999_999_999], { code: 'EV' });
    expect(some.map((r) => r._id).sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
  });
});

describe('find', () => {
  it('filters, sorts, pages and counts', async () => {
    const r = await store.find('jobs', {
      query: { status: { $in: ['new', 'routed'] } },
      sort: { date: -1 },
      limit: 2,
      count: true,
    });
    expect(lastNames(r)).toEqual(['Côté', 'Gagnon']);
    expect(r.count).toBe(3);
    const page2 = await store.find('jobs', {
      query: { status: { $in: ['new', 'routed'] } },
      sort: { date: -1 },
      skip: 2,
      limit: 2,
    });
    expect(lastNames(page2)).toEqual(['Tremblay']);
  });

  it('treats a two-value array on a date field as a range, a bare end day as the whole day', async () => {
    const r = await store.find('jobs', { query: { date: ['2026-11-21', '2026-11-22'] }, sort: { date: 1 } });
    expect(lastNames(r)).toEqual(['Gagnon', 'Roy', 'Côté']);
  });

  it('matches case-insensitive regex, $ne, $nin, comparisons, $or, $exists and dotted paths', async () => {
    expect(
      lastNames(
        await store.find('jobs', { query: { lastName: { $regex: '^trem', $options: 'i' } }, sort: { _id: 1 } }),
      ),
    ).toEqual(['Tremblay', 'tremblay-roy']);
    expect(lastNames(await store.find('jobs', { query: { lastName: { $regex: '^trem' } } }))).toEqual(['tremblay-roy']);
    expect((await store.find('jobs', { query: { status: { $ne: 'new' } }, count: true })).count).toBe(3);
    expect((await store.find('jobs', { query: { status: { $nin: ['new', 'canceled'] } }, count: true })).count).toBe(2);
    expect(lastNames(await store.find('jobs', { query: { seats: { $gte: 3 } }, sort: { seats: 1 } }))).toEqual([
      'Gagnon',
      'Côté',
    ]);
    expect(
      lastNames(await store.find('jobs', { query: { $or: [{ seats: 4 }, { status: 'canceled' }] }, sort: { _id: 1 } })),
    ).toEqual(['Roy', 'Côté']);
    expect(lastNames(await store.find('jobs', { query: { wheelchair: { $exists: true } } }))).toEqual(['Gagnon']);
    expect(
      lastNames(await store.find('jobs', { query: { 'from.address': { $regex: 'sherbrooke', $options: 'i' } } })),
    ).toEqual(['Tremblay']);
    expect(
      (await store.find('jobs', { query: { $and: [{ unit: 2 }, { seats: { $lt: 2 } }] }, count: true })).count,
    ).toBe(1);
  });

  it('holds a scoped caller to their site whatever the query asks', async () => {
    const r = await store.find('jobs', { query: { unit: 2 }, count: true }, { unit: 1 });
    expect(r.count).toBe(0);
    const mine = await store.find('jobs', { query: {}, count: true }, { unit: 2 });
    expect(mine.count).toBe(2);
  });

  it('projects only the asked fields', async () => {
    const r = await store.find('jobs', { query: { lastName: 'Roy' }, project: { lastName: 1 } });
    expect(r.data).toEqual([{ _id: 3, unit: 2, _version: 1, lastName: 'Roy' }]);
  });

  it('rejects unknown collections, fields and operators, and bad values', async () => {
    await expect(store.find('pg_user', {})).rejects.toThrow('Unknown collection: pg_user');
    await expect(store.find('jobs', { query: { password: 'x' } })).rejects.toThrow('Unknown field: password');
    await expect(store.find('jobs', { query: { seats: { $where: '1=1' } } })).rejects.toThrow(
      'Unknown operator: $where',
    );
    await expect(store.find('jobs', { query: { $where: 'sleep(1)' } })).rejects.toThrow('Unknown operator: $where');
    await expect(store.find('jobs', { query: { _id: 'DROP TABLE jobs' } })).rejects.toThrow(
      '_id must be a whole number',
    );
    await expect(store.find('jobs', { limit: -1 })).rejects.toThrow('limit must be a number of at least 0');
    await expect(store.find('jobs', { sort: { "lastName'; --": 1 } })).rejects.toThrow('Unknown field');
  });
});

describe('writes', () => {
  it('records history in the same transaction and bumps the version', async () => {
    const rec = await store.insert('drivers', { firstName: 'Léa', lastName: 'Morin', unit: 1 }, actor);
    expect(rec._version).toBe(1);
    const upd = await store.update('drivers', rec._id, { lastName: 'Morin-Roy' }, 1, actor);
    expect(upd._version).toBe(2);
    expect(upd.lastName).toBe('Morin-Roy');
    const h = await findHistory(db, { query: { collection: 'drivers', id: rec._id } }, {});
    expect(h.data.map((e) => e.operation)).toEqual(['insert', 'update']);
    expect(h.data[1]?.data).toEqual({ changes: { lastName: { from: 'Morin', to: 'Morin-Roy' } } });
    expect(h.data[1]?.user).toBe('Ada Admin');
  });

  it('refuses a stale version with a conflict and keeps the newer change', async () => {
    const rec = await store.insert('drivers', { firstName: 'Max', lastName: 'Ouellet', unit: 1 }, actor);
    await store.update('drivers', rec._id, { phone: '514-555-0101' }, 1, actor);
    await expect(store.update('drivers', rec._id, { phone: '514-555-0199' }, 1, actor)).rejects.toBeInstanceOf(
      VersionConflict,
    );
    expect((await store.getById('drivers', rec._id))?.phone).toBe('514-555-0101');
  });

  it('keeps a scoped caller off other sites', async () => {
    const rec = await store.insert('drivers', { firstName: 'Zoé', lastName: 'Fortin', unit: 2 }, actor);
    await expect(store.update('drivers', rec._id, { phone: '1' }, 1, actor, { unit: 1 })).rejects.toBeInstanceOf(
      RecordNotFound,
    );
    expect(await store.delete('drivers', { _id: rec._id }, actor, { unit: 1 })).toBe(0);
    const forced = await store.insert('drivers', { firstName: 'Ann', lastName: 'Lee', unit: 2 }, actor, { unit: 1 });
    expect(forced.unit).toBe(1);
  });

  it('rejects undeclared fields and wrong kinds, and rolls back a failed write entirely', async () => {
    await expect(store.insert('drivers', { firstName: 'A', salary: 3, unit: 1 }, actor)).rejects.toThrow(
      'Unknown field: salary',
    );
    await expect(store.insert('drivers', { firstName: 5, unit: 1 }, actor)).rejects.toThrow(
      'Invalid value for firstName',
    );
    const before = await findHistory(db, { query: { collection: 'users' }, count: true }, {});
    await store.insert('users', { email: 'dup@demo.local', role: 'agent', unit: 1 }, actor);
    await expect(store.insert('users', { email: 'DUP@demo.local', role: 'agent', unit: 1 }, actor)).rejects.toThrow(
      'Email already exists. Please try a different email.',
    );
    const after = await findHistory(db, { query: { collection: 'users' }, count: true }, {});
    expect(after.count).toBe((before.count ?? 0) + 1);
  });

  it('deletes what the filter selects and records each deletion', async () => {
    const a = await store.insert('holidays', { name: 'Noël', date: '2026-12-25' }, actor);
    const n = await store.delete('holidays', { _id: { $in: [a._id] } }, actor);
    expect(n).toBe(1);
    const h = await findHistory(db, { query: { collection: 'holidays', id: a._id, operation: 'delete' } }, {});
    expect(h.data[0]?.data).toMatchObject({ name: 'Noël' });
  });
});
