import { Readable } from 'node:stream';
import { JOB_REFUSAL_TEXTS, TRIP_ACTION_FIELDS, type WriteDef } from '@tc/domain';
import {
  assertMayGrantRole,
  historyVisibility,
  scopeOf,
  userWriteFilter,
  userWriteGuard,
} from '../../access/access.ts';
import { type Act, type ActContext, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import { type Doc, type FindOptions, MAX_LIMIT } from '../../store/collection.store.ts';
import { findHistory } from '../../store/history.store.ts';
import { bookReservation, changeReservation } from '../jobs/booking.ts';
import { protectCard } from './card.protect.ts';
import { assertReferences, assertUnique, validatedInsert, validatedPatch } from './validate.ts';

function colOf(ctx: ActContext): string {
  const col = ctx.body.col;
  if (typeof col !== 'string' || col.length === 0) throw new BadRequest('col is required');
  return col;
}

function objectOf(v: unknown, name: string): Doc {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new BadRequest(`${name} must be an object`);
  return v as Doc;
}

function findOptions(body: Doc): FindOptions {
  return {
    query: body.query,
    sort: body.sort,
    skip: body.skip,
    limit: body.limit,
    project: body.project,
    count: body.count === true || body.count === 1 || body.count === 2,
  };
}

/** Rows a find may return: its limit (100 when absent, at most MAX_LIMIT), none for a count only. */
function rowsOf(body: Doc): number {
  if (body.count === 2) return 0;
  const limit = typeof body.limit === 'number' && body.limit >= 0 ? body.limit : 100;
  return Math.min(limit, MAX_LIMIT);
}

/** Most rows one batch may ask for, all its queries together. */
export const BATCH_ROWS = 5000;

const find: Act = {
  permission: { kind: 'collection', op: 'find' },
  rows: rowsOf,
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    const opts = findOptions(ctx.body);
    if (col === 'history') return findHistory(ctx.services.db, opts, scopeOf(p), historyVisibility(p));
    return ctx.services.store.findRaw(col, opts, scopeOf(p));
  },
};

const MAX_BATCH = 25;

function batchQueries(body: Doc): unknown[] {
  const queries = body.queries;
  if (!Array.isArray(queries) || queries.length === 0 || queries.length > MAX_BATCH) {
    throw new BadRequest(`queries must be a list of 1 to ${MAX_BATCH} queries`);
  }
  return queries;
}

const batch: Act = {
  permission: { kind: 'delegated', acts: ['find', 'countroles'] },
  rows: (body) => {
    const rows = batchQueries(body).reduce<number>(
      (n, q) => n + (typeof q === 'object' && q ? rowsOf(q as Doc) : 0),
      0,
    );
    if (rows > BATCH_ROWS) throw new BadRequest(`A batch may ask for at most ${BATCH_ROWS} rows in all`);
    return rows;
  },
  run: async (ctx) => {
    const queries = batchQueries(ctx.body);
    const results = [];
    for (const q of queries) {
      const body = objectOf(q, 'each query');
      const act = body.act ?? 'find';
      if (act !== 'find' && act !== 'countroles') throw new BadRequest(`batch cannot run ${String(act)}`);
      // count: 2 asks for the number only (statistics tiles)
      if (act === 'find' && body.count === 2) {
        const r = (await ctx.dispatch({ ...body, act, limit: 0 })) as { count?: number };
        results.push({ count: r.count ?? 0 });
      } else {
        results.push(await ctx.dispatch({ ...body, act }));
      }
    }
    return { results };
  },
};

const insert: Act = {
  permission: { kind: 'collection', op: 'insert' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    let data = objectOf(ctx.body.data, 'data');
    if (col === 'views') {
      if (typeof data.col !== 'string' || typeof data.id !== 'number') throw new BadRequest('a view needs col and id');
      data = { col: data.col, id: data.id, user: p.id, time: new Date().toISOString() };
    }
    if (col === 'users') assertMayGrantRole(p, data.role);
    if (col === 'jobs') {
      const { allowDuplicate, allowLimitation } = ctx.body as { allowDuplicate?: boolean; allowLimitation?: boolean };
      return bookReservation(ctx.services, p, data, { allowDuplicate, allowLimitation });
    }
    const scope = scopeOf(p);
    const valid = validatedInsert(col, data, scope);
    const { store } = ctx.services;
    return store.withUniqueLock(col, hasUniqueRules(col, valid.def), async (tx) => {
      await assertReferences(store, valid.def, valid.data, undefined, scope, tx);
      await assertUnique(store, valid.def, valid.data, unitIn(valid.data), undefined, tx);
      const stored =
        col === 'blacklist'
          ? await protectCard(store, ctx.services.keys.cardKeys, valid.data, unitIn(valid.data), undefined, tx)
          : valid.data;
      return store.insert(col, stored, { id: p.id, name: p.name }, scope, tx);
    });
  },
};

/** Writes checked for uniqueness (the resource's rules, a blacklisted card) run under the uniqueness lock. */
function hasUniqueRules(col: string, def: WriteDef): boolean {
  return col === 'blacklist' || (def.unique?.length ?? 0) > 0;
}

function unitIn(data: Doc): number | null {
  return typeof data.unit === 'number' ? data.unit : null;
}

/** A trip's status, riders and assignment change only through its actions (`tripaction`, docs/dispatch.md). */
function assertNoTripActionFields(patch: Record<string, unknown>, current: Record<string, unknown>): void {
  for (const field of TRIP_ACTION_FIELDS) {
    if (!(field in patch) || JSON.stringify(patch[field] ?? null) === JSON.stringify(current[field] ?? null)) continue;
    throw new HttpError(400, JOB_REFUSAL_TEXTS.jobServerField, { field }, 'jobServerField');
  }
}

/** The record an update or delete by id names. */
export function idOf(query: unknown): number {
  const q = objectOf(query, 'query');
  const id = typeof q._id === 'string' && /^\d+$/.test(q._id) ? Number(q._id) : q._id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new BadRequest('query must name a record by _id');
  return id;
}

const update: Act = {
  permission: { kind: 'collection', op: 'update' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    const id = idOf(ctx.body.query);
    const { _version, ...patch } = objectOf(ctx.body.data, 'data');
    if (typeof _version !== 'number') throw new BadRequest('_version is required: send the version you read');
    if (col === 'users' && 'role' in patch) assertMayGrantRole(p, patch.role);
    if (col === 'jobs') {
      const series = ctx.body.series as 'one' | 'following' | 'all' | undefined;
      return changeReservation(ctx.services, p, id, _version, patch, series);
    }
    const scope = scopeOf(p);
    const { store } = ctx.services;
    const current = await store.getInScope(col, id, scope, 'write');
    if (col === 'trips') assertNoTripActionFields(patch, current);
    const valid = validatedPatch(col, current, patch);
    const record = await store.withUniqueLock(col, hasUniqueRules(col, valid.def), async (tx) => {
      const next = { ...current, ...valid.patch };
      await assertReferences(store, valid.def, next, Object.keys(valid.patch), scope, tx);
      await assertUnique(store, valid.def, next, current.unit, id, tx);
      const stored =
        col === 'blacklist'
          ? await protectCard(store, ctx.services.keys.cardKeys, valid.patch, current.unit, id, tx)
          : valid.patch;
      return store.update(col, id, stored, _version, { id: p.id, name: p.name }, scope, tx);
    });
    // this server stops trusting the cached caller at once; others hear it from the change feed
    if (col === 'users') ctx.services.principals.forgetUser(id);
    return record;
  },
};

const del: Act = {
  permission: { kind: 'collection', op: 'delete' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    const query = objectOf(ctx.body.query, 'query');
    if (Object.keys(query).length === 0) throw new BadRequest('Select the records to delete');
    // users: the write guard is part of the delete's own WHERE, not only of the check before it
    const where = col === 'users' ? { $and: [query, userWriteFilter(userWriteGuard(p, 'delete'))] } : query;
    const deleted = await ctx.services.store.delete(col, where, { id: p.id, name: p.name }, scopeOf(p));
    if (col === 'users' || col === 'units') ctx.services.principals.clear();
    return { deleted };
  },
};

/** "Show Duplicates": records of the query sharing their values of `fields` with another one. */
const duplicates: Act = {
  permission: { kind: 'collection', op: 'find' },
  rows: rowsOf,
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    const fields = ctx.body.fields;
    if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) {
      throw new BadRequest('fields must be a list of field names');
    }
    return ctx.services.store.findDuplicates(col, fields, findOptions(ctx.body), scopeOf(p));
  },
};

/** Most records one export returns: a CSV bigger than this is a job for the reports. */
export const EXPORT_CAP = 50_000;

/**
 * Every record the filters select, for a CSV export (the module's export action), streamed as
 * `{"data": [...]}` a page at a time: an export of 50,000 records never sits whole in memory. The
 * first page is read before answering, so a bad filter is still a 400.
 */
const exportAct: Act = {
  permission: { kind: 'collection', op: 'export' },
  rows: () => MAX_LIMIT,
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const col = colOf(ctx);
    const { query, sort, project } = findOptions(ctx.body);
    const { store } = ctx.services;
    const page = (skip: number) => store.find(col, { query, sort, project, skip, limit: MAX_LIMIT }, scopeOf(p));
    const first = await page(0);
    async function* json() {
      yield '{"data":[';
      let rows = first.data;
      for (let skip = 0; ; ) {
        yield rows.map((r) => JSON.stringify(r)).join(',');
        skip += MAX_LIMIT;
        if (rows.length < MAX_LIMIT || skip >= EXPORT_CAP) break;
        rows = (await page(skip)).data;
        if (rows.length > 0) yield ',';
      }
      yield ']}';
    }
    return Readable.from(json());
  },
};

export const collectionActs = { find, batch, insert, update, delete: del, duplicates, export: exportAct };
