import { type CollectionDef, collectionDef, type FieldKind, SYSTEM_FIELDS } from '@tc/domain';
import type { Database, Queryable } from './db.ts';
import { AlreadyExists, InvalidInput, RecordNotFound, StoreError, UnknownField, VersionConflict } from './errors.ts';
import { docResolver, Params, type Resolver, translateFilter, translateSort } from './filter.translate.ts';
import { recordHistory } from './history.store.ts';
import { hotColumn, tableName } from './names.ts';
import { assertStaysWithSupplier, suppliersOf, supplierWhere, union } from './supplierScope.ts';

export type Doc = Record<string, unknown>;
/** A stored record as the protocol returns it. */
export type StoredRecord = Doc & { _id: number; _version: number; unit: number | null };

/** Who writes: recorded in history and on the record. */
export interface Actor {
  id: number | null;
  name: string;
}

/**
 * The rows a caller may touch (access.scopeOf): `unit` set means "only this site's records";
 * `user` set means "only their own" in personal collections; `supplier` set means "only this
 * supplier's" in collections with a supplier scope (a user of the supplier role).
 */
export interface Scope {
  unit?: number;
  user?: number;
  supplier?: number;
}

/**
 * Reads admit records of every site (`unit` null, in collections where that means "all sites") to
 * a site-bound caller; writes and deletes do not.
 */
export type ScopeMode = 'read' | 'write';

export interface FindOptions {
  query?: unknown;
  sort?: unknown;
  skip?: unknown;
  limit?: unknown;
  project?: unknown;
  count?: boolean;
}

export const MAX_LIMIT = 1000;
export const CHANGE_CHANNEL = 'changes';
/** The `col` of change events saying a user's sessions ended (no collection: nobody hears it but the caches and the hub). */
export const SESSIONS_EVENT = 'auth_sessions';

export interface ChangeEvent {
  col: string;
  op: 'insert' | 'update' | 'delete';
  id: number | null;
  unit: number | null;
  /** In collections with a supplier scope: the suppliers the record belonged to before or after the change. */
  suppliers?: number[];
  /** In collections with a `driver` (trips, reservations): the drivers it was given to before or after the change (the driver app hears its own). */
  drivers?: number[];
}

/** The driver a record is given to, for its change event (`drivers`); undefined where records have no driver. */
function driversOf(d: CollectionDef, ...docs: Doc[]): number[] | undefined {
  if (d.fields.driver !== 'id') return undefined;
  return [...new Set(docs.map((doc) => doc.driver).filter((v): v is number => typeof v === 'number'))];
}

function def(col: string): CollectionDef {
  const d = typeof col === 'string' ? collectionDef(col) : undefined;
  if (!d) throw new InvalidInput(`Unknown collection: ${String(col)}`);
  return d;
}

/** A collection's fields as queries name them: its own, and those every record carries (who made it, when). */
function resolverFor(d: CollectionDef): Resolver {
  return docResolver({ ...SYSTEM_FIELDS, ...d.fields }, d.hot);
}

function whereWithScope(
  d: CollectionDef,
  query: unknown,
  scope: Scope,
  params: Params,
  mode: ScopeMode = 'read',
): string {
  let where = translateFilter(query, resolverFor(d), params);
  if (d.siteScoped && scope.unit !== undefined) {
    const unit = `${params.add(scope.unit)}::int`;
    where =
      d.unitOptional && mode === 'read'
        ? `(${where}) AND (unit = ${unit} OR unit IS NULL)`
        : `(${where}) AND unit = ${unit}`;
  }
  if (d.ownerField && scope.user !== undefined) {
    where = `(${where}) AND (doc->'${d.ownerField}') = ${params.add(JSON.stringify(scope.user))}::jsonb`;
  }
  const own = scope.supplier === undefined ? undefined : supplierWhere(d, scope.supplier, params);
  return own ? `(${where}) AND ${own}` : where;
}

/**
 * Is this stored record within the site and owner scope, for reading or for writing? The same rule
 * as the SQL above (the supplier rule, which may need other tables, is SQL only: getInScope).
 */
export function inScope(
  d: CollectionDef,
  record: { unit: number | null } & Doc,
  scope: Scope,
  mode: ScopeMode = 'read',
): boolean {
  if (d.siteScoped && scope.unit !== undefined && record.unit !== scope.unit) {
    if (!(d.unitOptional && mode === 'read' && record.unit === null)) return false;
  }
  return !(d.ownerField && scope.user !== undefined && record[d.ownerField] !== scope.user);
}

function toRecord(row: { _id: number; unit: number | null; version: number; doc: Doc }): StoredRecord {
  return { ...row.doc, _id: row._id, unit: row.unit, _version: row.version };
}

function nonNegativeInt(v: unknown, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (v === undefined || v === null) return fallback;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new InvalidInput(`${name} must be a number of at least 0`);
  return Math.min(n, max);
}

/** The fields a projection keeps (besides _id, _version and unit), or undefined for all. */
function projectedFields(d: CollectionDef, project: unknown): string[] | undefined {
  if (project === undefined || project === null) return undefined;
  const fields = Array.isArray(project)
    ? project
    : typeof project === 'object'
      ? Object.entries(project as Doc)
          .filter(([, v]) => v === 1 || v === true)
          .map(([k]) => k)
      : undefined;
  if (!fields || fields.some((f) => typeof f !== 'string')) throw new InvalidInput('project must list fields');
  for (const f of fields as string[]) {
    if (
      !Object.hasOwn(d.fields, f) &&
      !['_id', '_version', 'unit', 'createdAt', 'updatedAt', 'createdBy'].includes(f)
    ) {
      throw new UnknownField(f);
    }
  }
  return fields as string[];
}

/** JSON text produced by the database, passed to the client without parsing it here. */
export class RawJson {
  constructor(readonly text: string) {}
}

const KIND_CHECK: Record<FieldKind, (v: unknown) => boolean> = {
  text: (v) => typeof v === 'string',
  date: (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v.replace(' ', 'T'))),
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v),
  bool: (v) => typeof v === 'boolean',
  ids: (v) => Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isSafeInteger(x)),
  texts: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string'),
  json: () => true,
};

const SYSTEM_WRITE = new Set(['_id', '_version', 'unit', 'createdAt', 'updatedAt', 'createdBy']);

/** Checks every written field is declared and of its kind (the resource schemas add the business rules). */
export function checkFields(d: CollectionDef, data: Doc): void {
  for (const [key, value] of Object.entries(data)) {
    if (SYSTEM_WRITE.has(key)) continue;
    const kind = Object.hasOwn(d.fields, key) ? d.fields[key] : undefined;
    if (!kind) throw new UnknownField(key, true);
    if (value !== null && !KIND_CHECK[kind](value)) throw new InvalidInput(`Invalid value for ${key}`, key);
  }
}

function stripSystem(data: Doc): Doc {
  return Object.fromEntries(Object.entries(data).filter(([k]) => !SYSTEM_WRITE.has(k)));
}

/** The generic collection store: finds, counts and writes with history, versions and site scope. */
export class CollectionStore {
  constructor(readonly db: Database) {}

  /**
   * One page of records as JSON text built by the database (the hot path of every list: no parse
   * and no stringify of the rows in the server), with the count when asked.
   */
  async findRaw(
    col: string,
    opts: FindOptions,
    scope: Scope = {},
    q: Queryable = this.db,
  ): Promise<{ data: RawJson; count?: number }> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, opts.query, scope, params);
    const sort = opts.sort ?? d.defaultSort;
    const order = translateSort(sort, resolverFor(d), params);
    const limit = nonNegativeInt(opts.limit, 'limit', 100, MAX_LIMIT);
    const skip = nonNegativeInt(opts.skip, 'skip', 0);
    const keep = projectedFields(d, opts.project);
    const system = `jsonb_build_object('_id', _id, 'unit', unit, '_version', version)`;
    const row = keep
      ? `(SELECT coalesce(jsonb_object_agg(key, value), '{}'::jsonb) FROM jsonb_each(doc) WHERE key = ANY(${params.add(keep)}::text[])) || ${system}`
      : `doc || ${system}`;
    const t = tableName(d.name);
    // The page's ids first (often an index-only scan), then its documents by primary key, in page order:
    // filtering in the heap while walking a date index costs hundreds of ms on a million rows.
    // A prefix search on the sort field ("last names starting with Qui") has all its matches together
    // at one place of that field's index, which the planner does not know: walking the index from the
    // start filters away most of the table. Filtering first (the trigram index) then sorting the few
    // matches is bounded; OFFSET 0 keeps the planner from merging the two steps.
    const source = prefixSearchOnSortField(opts.query, sort)
      ? `(SELECT * FROM ${t} WHERE ${where} OFFSET 0) AS ${t}`
      : t;
    const filter = source === t ? where : 'TRUE';
    const ids = `SELECT _id FROM ${source} WHERE ${filter} ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`;
    // the count rides in the same statement: one round trip and one plan per list fetch
    const counted = opts.count ? `, (SELECT count(*)::int FROM ${t} WHERE ${where}) AS n` : '';
    const sql = `SELECT coalesce(array_to_json(array(
      SELECT ${row} FROM unnest(array(${ids})) WITH ORDINALITY AS page(id, n) JOIN ${t} ON ${t}._id = page.id ORDER BY page.n
    )), '[]')::text AS data${counted}`;
    const rows = await q.query<{ data: string; n?: number }>(sql, params.values);
    const data = new RawJson(rows.rows[0]?.data ?? '[]');
    return opts.count ? { data, count: rows.rows[0]?.n ?? 0 } : { data };
  }

  async find(
    col: string,
    opts: FindOptions,
    scope: Scope = {},
    q: Queryable = this.db,
  ): Promise<{ data: StoredRecord[]; count?: number }> {
    const r = await this.findRaw(col, opts, scope, q);
    return { ...r, data: JSON.parse(r.data.text) as StoredRecord[] };
  }

  /**
   * Every record a query selects, read MAX_LIMIT at a time: for the server's own work on a whole
   * set (a day's reservations to route, a plan's riders), never a client's page.
   */
  async findEvery(
    col: string,
    opts: Omit<FindOptions, 'limit' | 'skip' | 'count'>,
    scope: Scope = {},
    q: Queryable = this.db,
  ): Promise<StoredRecord[]> {
    const out: StoredRecord[] = [];
    // pages of one order: every sort ends on _id (translateSort)
    for (let skip = 0; ; skip += MAX_LIMIT) {
      const { data } = await this.find(col, { ...opts, limit: MAX_LIMIT, skip }, scope, q);
      out.push(...data);
      if (data.length < MAX_LIMIT) return out;
    }
  }

  /**
   * The records of these ids that the query (and scope) also select, however many ids: asked
   * MAX_LIMIT ids at a time (an `$in` takes at most that many). For the server's own work.
   */
  async findByIds(
    col: string,
    ids: readonly number[],
    query: Record<string, unknown> = {},
    scope: Scope = {},
    q: Queryable = this.db,
  ): Promise<StoredRecord[]> {
    const out: StoredRecord[] = [];
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += MAX_LIMIT) {
      const chunk = unique.slice(i, i + MAX_LIMIT);
      const { data } = await this.find(col, { query: { ...query, _id: { $in: chunk } }, limit: MAX_LIMIT }, scope, q);
      out.push(...data);
    }
    return out;
  }

  async count(col: string, query: unknown, scope: Scope = {}, q: Queryable = this.db): Promise<number> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params);
    const r = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${tableName(d.name)} WHERE ${where}`,
      params.values,
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * The ids of the records of the query that a write refers to, held until the write's transaction
   * `q` ends: a record referred to cannot be deleted between the check and the commit.
   */
  async referredIds(col: string, query: unknown, scope: Scope, q: Queryable): Promise<number[]> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params);
    const r = await q.query<{ _id: number }>(
      `SELECT _id FROM ${tableName(d.name)} WHERE ${where} FOR KEY SHARE`,
      params.values,
    );
    return r.rows.map((row) => Number(row._id));
  }

  /** Which of `values` a hot field of `col` already holds (keys of records made before). */
  async presentValues(col: string, field: string, values: string[], q: Queryable = this.db): Promise<Set<string>> {
    const d = def(col);
    if (!d.hot?.includes(field)) throw new Error(`${field} is not a hot field of ${col}`);
    const r = await q.query<{ v: string }>(
      `SELECT ${hotColumn(field)} AS v FROM ${tableName(d.name)} WHERE ${hotColumn(field)} = ANY($1::text[])`,
      [values],
    );
    return new Set(r.rows.map((row) => row.v));
  }

  /**
   * The sum of a number field over the records of the query, by the values of the `by` fields
   * (the seats booked on each departure): `{key: by's values joined with '|', sum}` rows.
   */
  async sumBy(
    col: string,
    query: unknown,
    by: readonly string[],
    field: string,
    scope: Scope,
    q: Queryable = this.db,
  ): Promise<Map<string, number>> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params);
    const resolve = resolverFor(d);
    const keys = by.map((f) => `coalesce(${resolve(f, params).expr}::text, '')`).join(` || '|' || `);
    const value = resolve(field, params);
    const r = await q.query<{ k: string; n: string | number }>(
      `SELECT ${keys} AS k, sum((${value.expr})::numeric) AS n FROM ${tableName(d.name)} WHERE ${where} GROUP BY 1`,
      params.values,
    );
    return new Map(r.rows.map((row) => [row.k, Number(row.n)]));
  }

  /**
   * The duplicate keys of the records of the query: their values of `fields`, each trimmed and in
   * lower case, joined by "|" (as `duplicateKeyOf` in the domain writes a new record's).
   */
  async keysOf(col: string, fields: readonly string[], query: unknown, scope: Scope = {}, q: Queryable = this.db) {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params);
    const resolve = resolverFor(d);
    const key = fields.map((f) => `coalesce(lower(btrim((${resolve(f, params).expr})::text)), '')`).join(` || '|' || `);
    const r = await q.query<{ k: string }>(
      `SELECT DISTINCT ${key} AS k FROM ${tableName(d.name)} WHERE ${where}`,
      params.values,
    );
    return new Set(r.rows.map((row) => row.k));
  }

  /** The distinct values of one field among the records of the query (at most 100). */
  async distinctValues(col: string, field: string, query: unknown, scope: Scope = {}): Promise<unknown[]> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params);
    const c = resolverFor(d)(field, params);
    const r = await this.db.query<{ v: unknown }>(
      `SELECT DISTINCT ${c.expr} AS v FROM ${tableName(d.name)} WHERE ${where} LIMIT 100`,
      params.values,
    );
    return r.rows.map((row) => row.v);
  }

  /**
   * The records of the query whose values of `fields` are shared by at least one other record of
   * the query ("Show Duplicates"): text compared trimmed and case-insensitively, blanks never match.
   */
  async findDuplicates(
    col: string,
    fields: readonly string[],
    opts: FindOptions,
    scope: Scope = {},
  ): Promise<{ data: StoredRecord[]; count: number }> {
    const d = def(col);
    if (fields.length === 0 || fields.length > 5) throw new InvalidInput('fields must name 1 to 5 fields');
    const params = new Params();
    const where = whereWithScope(d, opts.query, scope, params);
    const resolve = resolverFor(d);
    const keys = fields.map((f) => {
      const c = resolve(String(f), params);
      return c.mode === 'text' ? `nullif(lower(btrim(${c.expr})), '')` : `(${c.expr})::text`;
    });
    // duplicates of one another side by side unless a sort is asked for
    const order = opts.sort ? translateSort(opts.sort, resolve, params) : [...keys, '_id'].join(', ');
    const limit = nonNegativeInt(opts.limit, 'limit', 100, MAX_LIMIT);
    const skip = nonNegativeInt(opts.skip, 'skip', 0);
    const t = tableName(d.name);
    const dup = `SELECT _id FROM (
      SELECT _id, count(*) OVER (PARTITION BY ${keys.join(', ')}) AS n FROM ${t}
      WHERE (${where}) AND ${keys.map((k) => `${k} IS NOT NULL`).join(' AND ')}
    ) AS k WHERE n > 1`;
    const r = await this.db.query<{ _id: number; unit: number | null; version: number; doc: Doc; total: number }>(
      `SELECT _id, unit, version, doc, count(*) OVER ()::int AS total FROM ${t}
       WHERE _id IN (${dup}) ORDER BY ${order} LIMIT ${limit} OFFSET ${skip}`,
      params.values,
    );
    const total = r.rows[0]?.total ?? (skip > 0 ? await this.countDuplicatesOnly(t, dup, params) : 0);
    return { data: r.rows.map(toRecord), count: total };
  }

  private async countDuplicatesOnly(t: string, dup: string, params: Params): Promise<number> {
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${t} WHERE _id IN (${dup})`,
      params.values,
    );
    return r.rows[0]?.n ?? 0;
  }

  /**
   * The record `id` as the caller's scope allows it (`mode`: to read, or to change); none, or one
   * outside the scope, is the same RecordNotFound (404: a row you may not see does not exist).
   */
  async getInScope(
    col: string,
    id: number,
    scope: Scope,
    mode: ScopeMode = 'read',
    q?: Queryable,
  ): Promise<StoredRecord> {
    const d = def(col);
    const params = new Params();
    const idParam = params.add(id);
    const where = whereWithScope(d, undefined, scope, params, mode);
    const r = await (q ?? this.db).query<{ _id: number; unit: number | null; version: number; doc: Doc }>(
      `SELECT _id, unit, version, doc FROM ${tableName(d.name)} WHERE _id = ${idParam}::int AND ${where}`,
      params.values,
    );
    if (!r.rows[0]) throw new RecordNotFound();
    return toRecord(r.rows[0]);
  }

  async getById(col: string, id: number, q: Queryable = this.db): Promise<StoredRecord | undefined> {
    const d = def(col);
    const r = await q.query<{ _id: number; unit: number | null; version: number; doc: Doc }>(
      `SELECT _id, unit, version, doc FROM ${tableName(d.name)} WHERE _id = $1`,
      [id],
    );
    return r.rows[0] ? toRecord(r.rows[0]) : undefined;
  }

  /** Inserts one record; `unit` comes from the data unless the scope fixes it. */
  async insert(col: string, data: Doc, actor: Actor, scope: Scope = {}, q?: Queryable): Promise<StoredRecord> {
    const d = def(col);
    checkFields(d, data);
    const unit = d.siteScoped ? (scope.unit ?? unitOf(data)) : null;
    if (d.siteScoped && !d.unitOptional && unit === null) throw new InvalidInput('site is required', 'unit');
    const now = new Date().toISOString();
    const doc = { ...stripSystem(data), createdAt: now, updatedAt: now, createdBy: actor.name };
    const run = async (tx: Queryable) => {
      const r = await tx.query<{ _id: number }>(
        `INSERT INTO ${tableName(d.name)} (unit, doc) VALUES ($1, $2::jsonb) RETURNING _id`,
        [unit, JSON.stringify(doc)],
      );
      const id = r.rows[0]?._id as number;
      await assertStaysWithSupplier(d, [id], scope, tx);
      await recordHistory(tx, { collection: d.name, id, unit, actor, operation: 'insert', data: doc });
      await notify(tx, {
        col: d.name,
        op: 'insert',
        id,
        unit,
        suppliers: await suppliersOf(d, doc, id, tx),
        drivers: driversOf(d, doc),
      });
      return { ...doc, _id: id, unit, _version: 1 } as StoredRecord;
    };
    return mapUniqueViolation(d, q ? run(q) : this.db.tx(run));
  }

  /**
   * Inserts many new records of one site in the caller's transaction (reservations from shifts):
   * a few statements a chunk instead of three a record, each record's history written with it,
   * and one change event a chunk (`id` null: "several of this site's records"). Answers the ids in
   * the order of `docs`.
   */
  async insertMany(col: string, docs: Doc[], actor: Actor, scope: Scope, tx: Queryable): Promise<number[]> {
    const d = def(col);
    const ids: number[] = [];
    const now = new Date().toISOString();
    const chunk = 1000;
    for (let i = 0; i < docs.length; i += chunk) {
      const part = docs.slice(i, i + chunk).map((data) => {
        checkFields(d, data);
        const unit = d.siteScoped ? (scope.unit ?? unitOf(data)) : null;
        if (d.siteScoped && !d.unitOptional && unit === null) throw new InvalidInput('site is required', 'unit');
        return { unit, doc: { ...stripSystem(data), createdAt: now, updatedAt: now, createdBy: actor.name } };
      });
      const r = await mapUniqueViolation(
        d,
        tx.query<{ _id: number; unit: number | null; doc: Doc }>(
          `INSERT INTO ${tableName(d.name)} (unit, doc)
           SELECT (r->>'unit')::int, r->'doc' FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(r, n) ORDER BY n
           RETURNING _id, unit, doc`,
          [JSON.stringify(part)],
        ),
      );
      await tx.query(
        `INSERT INTO history (collection, record_id, unit, user_id, user_name, operation, data)
         SELECT $1, (r->>'_id')::int, (r->>'unit')::int, $2, $3, 'insert', r->'doc' FROM jsonb_array_elements($4::jsonb) AS r`,
        [d.name, actor.id, actor.name, JSON.stringify(r.rows)],
      );
      // RETURNING gives no order: the rows' ids follow the identity sequence, hence the input's order
      const made = r.rows.map((row) => row._id).sort((a, b) => a - b);
      await assertStaysWithSupplier(d, made, scope, tx);
      ids.push(...made);
      let suppliers: number[] | undefined;
      for (const row of r.rows) suppliers = union(suppliers, await suppliersOf(d, row.doc, row._id, tx));
      const drivers = driversOf(d, ...r.rows.map((row) => row.doc));
      for (const unit of new Set(part.map((p) => p.unit)))
        await notify(tx, { col: d.name, op: 'insert', id: null, unit, suppliers, drivers });
    }
    return ids;
  }

  /**
   * Updates one record by id with the fields of `patch`, only when `version` is still the stored
   * one (else a 409): a stale editor never overwrites someone else's change.
   */
  async update(
    col: string,
    id: number,
    patch: Doc,
    version: number,
    actor: Actor,
    scope: Scope = {},
    q?: Queryable,
  ): Promise<StoredRecord> {
    const d = def(col);
    checkFields(d, patch);
    const newUnit = d.siteScoped && 'unit' in patch ? unitOf(patch) : undefined;
    const inTx = (run: (tx: Queryable) => Promise<StoredRecord>) => (q ? run(q) : this.db.tx(run));
    return mapUniqueViolation(
      d,
      inTx(async (tx) => {
        const params = new Params();
        const idParam = params.add(id);
        const where = whereWithScope(d, undefined, scope, params, 'write');
        const current = await tx.query<{ unit: number | null; version: number; doc: Doc }>(
          `SELECT unit, version, doc FROM ${tableName(d.name)} WHERE _id = ${idParam}::int AND ${where} FOR UPDATE`,
          params.values,
        );
        const row = current.rows[0];
        if (!row) throw new RecordNotFound();
        if (row.version !== version) throw new VersionConflict();
        if (newUnit !== undefined && scope.unit !== undefined && newUnit !== scope.unit) throw new RecordNotFound();
        const unit = newUnit ?? row.unit;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const [k, v] of Object.entries(stripSystem(patch))) {
          if (JSON.stringify(row.doc[k]) !== JSON.stringify(v)) changes[k] = { from: row.doc[k] ?? null, to: v };
        }
        if (unit !== row.unit) changes.unit = { from: row.unit, to: unit };
        const doc = { ...row.doc, ...stripSystem(patch), updatedAt: new Date().toISOString() };
        await tx.query(
          `UPDATE ${tableName(d.name)} SET doc = $1::jsonb, unit = $2, version = version + 1, updated_at = now() WHERE _id = $3`,
          [JSON.stringify(doc), unit, id],
        );
        await assertStaysWithSupplier(d, [id], scope, tx);
        await recordHistory(tx, { collection: d.name, id, unit, actor, operation: 'update', data: { changes } });
        const suppliers = union(await suppliersOf(d, row.doc, id, tx), await suppliersOf(d, doc, id, tx));
        await notify(tx, { col: d.name, op: 'update', id, unit, suppliers, drivers: driversOf(d, row.doc, doc) });
        return { ...doc, _id: id, unit, _version: row.version + 1 } as StoredRecord;
      }),
    );
  }

  /**
   * Runs a write and the uniqueness checks before it in one transaction that holds (when `lock`,
   * for collections with uniqueness rules) the collection's uniqueness lock: two writers of the same email cannot both pass the check (PostgreSQL runs
   * them side by side; PGlite runs one at a time anyway).
   */
  withUniqueLock<T>(col: string, lock: boolean, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const d = def(col);
    return this.db.tx(async (tx) => {
      if (lock) await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`unique:${d.name}`]);
      return fn(tx);
    });
  }

  /**
   * Holds the lock named `key` until the transaction `q` ends: writers of the same thing (one
   * passenger's bookings) wait for each other, others do not.
   */
  async lock(q: Queryable, key: string): Promise<void> {
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
  }

  /** Deletes the records the filter selects (within the scope; in `q`'s transaction when given); each deletion is recorded. */
  async delete(col: string, query: unknown, actor: Actor, scope: Scope = {}, q?: Queryable): Promise<number> {
    const d = def(col);
    const params = new Params();
    const where = whereWithScope(d, query, scope, params, 'write');
    const run = async (tx: Queryable) => {
      const rows = await tx.query<{ _id: number; unit: number | null; doc: Doc }>(
        `DELETE FROM ${tableName(d.name)} WHERE ${where} RETURNING _id, unit, doc`,
        params.values,
      );
      for (const r of rows.rows) {
        await recordHistory(tx, {
          collection: d.name,
          id: r._id,
          unit: r.unit,
          actor,
          operation: 'delete',
          data: r.doc,
        });
        const suppliers = await suppliersOf(d, r.doc, r._id, tx);
        await notify(tx, {
          col: d.name,
          op: 'delete',
          id: r._id,
          unit: r.unit,
          suppliers,
          drivers: driversOf(d, r.doc),
        });
      }
      return rows.rows.length;
    };
    return q ? run(q) : this.db.tx(run);
  }

  /**
   * Loads records with their own `_id`s (demo data, imports of a whole operator), then moves the id
   * sequence past them. History gets one entry per record unless `history` is false (benchmarks).
   */
  async bulkLoad(col: string, docs: Doc[], actor: Actor, history = true): Promise<void> {
    const d = def(col);
    if (docs.length === 0) return;
    await this.db.tx(async (tx) => {
      await tx.query('SET LOCAL statement_timeout = 0'); // a whole operator's data may take a while
      const chunk = 500;
      for (let i = 0; i < docs.length; i += chunk) {
        const part = docs.slice(i, i + chunk).map((doc) => ({
          _id: doc._id,
          unit: d.siteScoped ? unitOf(doc) : null,
          doc: stripSystem({ ...doc }),
          createdAt: doc.createdAt,
          updatedAt: doc.updatedAt,
          createdBy: doc.createdBy,
        }));
        await tx.query(
          `INSERT INTO ${tableName(d.name)} (_id, unit, doc)
           SELECT (r->>'_id')::int, (r->>'unit')::int, (r->'doc') || jsonb_strip_nulls(jsonb_build_object('createdAt', r->'createdAt', 'updatedAt', r->'updatedAt', 'createdBy', r->'createdBy'))
           FROM jsonb_array_elements($1::jsonb) AS r`,
          [JSON.stringify(part)],
        );
        if (history) {
          await tx.query(
            `INSERT INTO history (collection, record_id, unit, user_id, user_name, operation, data)
             SELECT $2, (r->>'_id')::int, (r->>'unit')::int, $3, $4, 'insert', r->'doc' FROM jsonb_array_elements($1::jsonb) AS r`,
            [JSON.stringify(part), d.name, actor.id, actor.name],
          );
        }
      }
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${tableName(d.name)}', '_id'), (SELECT max(_id) FROM ${tableName(d.name)}))`,
      );
    });
  }

  /** Subscribes to committed changes of every instance on this database. */
  onChange(listener: (e: ChangeEvent) => void): Promise<() => Promise<void>> {
    return this.db.listen(CHANGE_CHANNEL, (payload) => {
      try {
        listener(JSON.parse(payload) as ChangeEvent);
      } catch {
        // a malformed notification is not ours; ignore it
      }
    });
  }
}

/** Does the query hold a left-anchored `$regex` on the first sort field (top level or in `$and`)? */
export function prefixSearchOnSortField(query: unknown, sort: unknown): boolean {
  const first = sort && typeof sort === 'object' ? Object.keys(sort)[0] : undefined;
  if (!first || !query || typeof query !== 'object') return false;
  const q = query as Record<string, unknown>;
  const cond = q[first] as { $regex?: unknown } | undefined;
  if (cond && typeof cond === 'object' && typeof cond.$regex === 'string' && cond.$regex.startsWith('^')) return true;
  return Array.isArray(q.$and) && q.$and.some((part) => prefixSearchOnSortField(part, sort));
}

function unitOf(data: Doc): number | null {
  const u = data.unit;
  if (u === undefined || u === null || u === '') return null;
  const n = typeof u === 'string' && /^\d+$/.test(u) ? Number(u) : u;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new InvalidInput('site must be a site id', 'unit');
  return n;
}

async function notify(tx: Queryable, e: ChangeEvent): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [CHANGE_CHANNEL, JSON.stringify(e)]);
}

/** The unique email index speaks the spec's duplicate texts. */
async function mapUniqueViolation<T>(d: CollectionDef, p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof StoreError) throw err;
    if ((err as { code?: string }).code === '23505') {
      if (d.name === 'users') throw new AlreadyExists('Email already exists. Please try a different email.');
      throw new AlreadyExists('This record already exists.');
    }
    throw err;
  }
}
