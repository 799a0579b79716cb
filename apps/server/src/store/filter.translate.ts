import type { FieldKind, Fields } from '@tc/domain';
import { InvalidInput, UnknownField } from './errors.ts';
import { hotColumn, isIdentifier } from './names.ts';

/**
 * The one translator from the protocol's Mongo-style filters to parameterised SQL. Only fields the
 * collection declares and the operators below get through; every value travels as a parameter.
 */

export const LIMITS = {
  depth: 6,
  branches: 50,
  inValues: 1000,
  regexLength: 200,
  pathSegments: 6,
  /** PostgreSQL takes at most 65,535 parameters a statement; a filter keeps well below. */
  parameters: 10_000,
} as const;

/** Collects parameter values and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    if (this.values.length >= LIMITS.parameters) throw new InvalidInput('The query is too large: ask for fewer values');
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** How a field is compared: as text, as jsonb, as an integer column, as a contained-in array, or a timestamp. */
type Mode = 'text' | 'json' | 'int' | 'array' | 'ts';

/** A field as SQL sees it. */
export interface Column {
  mode: Mode;
  /** SQL expression of the value. */
  expr: string;
  /** For text-like dotted paths in json: the jsonb expression of the same path (for numbers, booleans). */
  jsonExpr?: string;
  isDate?: boolean;
}

/** Resolves a (possibly dotted) field name to its column, or rejects it. */
export type Resolver = (path: string, params: Params) => Column;

/** Resolver for a document collection: system columns, hot columns, then `doc`. */
export function docResolver(fields: Fields, hot: readonly string[] = []): Resolver {
  const hotSet = new Set(hot);
  return (path, params) => {
    if (path === '_id') return { mode: 'int', expr: '_id' };
    if (path === 'unit') return { mode: 'int', expr: 'unit' };
    if (path === '_version') return { mode: 'int', expr: 'version' };
    const segments = path.split('.');
    const [head, ...rest] = segments;
    const kind: FieldKind | undefined = head !== undefined && Object.hasOwn(fields, head) ? fields[head] : undefined;
    if (!head || !kind || !isIdentifier(head)) throw new UnknownField(path);
    if (rest.length > 0) {
      if (kind !== 'json') throw new UnknownField(path);
      if (segments.length > LIMITS.pathSegments || !rest.every((s) => isIdentifier(s) || /^\d{1,4}$/.test(s))) {
        throw new UnknownField(path);
      }
      const p = params.add(segments);
      return { mode: 'text', expr: `(doc #>> ${p}::text[])`, jsonExpr: `(doc #> ${p}::text[])` };
    }
    switch (kind) {
      case 'text':
      case 'date':
        return {
          mode: 'text',
          expr: hotSet.has(head) ? hotColumn(head) : `(doc->>'${head}')`,
          jsonExpr: `(doc->'${head}')`,
          isDate: kind === 'date',
        };
      case 'number':
      case 'id':
      case 'bool':
      case 'json':
        return { mode: 'json', expr: `(doc->'${head}')` };
      case 'ids':
      case 'texts':
        return { mode: 'array', expr: `(doc->'${head}')` };
    }
  };
}

/** Resolver over real columns (the history log): `columns` maps a protocol field to its column and mode. */
export function columnResolver(columns: Record<string, Column>): Resolver {
  return (path) => {
    const col = Object.hasOwn(columns, path) ? columns[path] : undefined;
    if (!col) throw new UnknownField(path);
    return col;
  };
}

const COMPARE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const OPERATORS = new Set(['$eq', '$ne', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$regex', '$options', '$exists']);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Translates `query` into a SQL boolean expression ('TRUE' for an empty filter). */
export function translateFilter(query: unknown, resolve: Resolver, params: Params, depth = 0): string {
  if (query === undefined || query === null) return 'TRUE';
  if (!isPlainObject(query)) throw new InvalidInput('The query must be an object');
  if (depth > LIMITS.depth) throw new InvalidInput('The query is nested too deeply');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0 || value.length > LIMITS.branches) {
        throw new InvalidInput(`${key} needs a list of 1 to ${LIMITS.branches} conditions`);
      }
      const branches = value.map((v) => `(${translateFilter(v, resolve, params, depth + 1)})`);
      parts.push(`(${branches.join(key === '$or' ? ' OR ' : ' AND ')})`);
    } else if (key.startsWith('$')) {
      throw new InvalidInput(`Unknown operator: ${key}`);
    } else {
      parts.push(fieldCondition(key, value, resolve, params));
    }
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

function fieldCondition(path: string, value: unknown, resolve: Resolver, params: Params): string {
  const col = resolve(path, params);
  if (Array.isArray(value)) {
    if (col.isDate && value.length === 2) return dateRange(col, value, params);
    throw new InvalidInput(`Use $in to match ${path} against a list`);
  }
  if (!isPlainObject(value)) return equals(col, path, value, params);
  const ops = Object.keys(value);
  if (ops.length === 0) throw new InvalidInput(`Empty condition for ${path}`);
  const parts: string[] = [];
  for (const op of ops) {
    if (!OPERATORS.has(op))
      throw op.startsWith('$') ? new InvalidInput(`Unknown operator: ${op}`) : new UnknownField(`${path}.${op}`);
    const v = value[op];
    switch (op) {
      case '$eq':
        parts.push(equals(col, path, v, params));
        break;
      case '$ne':
        parts.push(`NOT coalesce(${equals(col, path, v, params)}, false)`);
        break;
      case '$in':
        parts.push(inList(col, path, v, params));
        break;
      case '$nin':
        parts.push(`NOT coalesce(${inList(col, path, v, params)}, false)`);
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        parts.push(compare(col, path, COMPARE[op], v, params));
        break;
      case '$regex':
        parts.push(regex(col, path, v, value.$options, params));
        break;
      case '$options':
        if (!('$regex' in value)) throw new InvalidInput(`$options needs $regex on ${path}`);
        break;
      case '$exists':
        if (typeof v !== 'boolean') throw new InvalidInput(`$exists on ${path} must be true or false`);
        parts.push(`${col.jsonExpr ?? col.expr} IS ${v ? 'NOT ' : ''}NULL`);
        break;
    }
  }
  return parts.join(' AND ');
}

/** Checks a scalar against the field's mode and gives its parameter placeholder with a cast. */
function scalar(col: Column, path: string, v: unknown, params: Params): { expr: string; param: string } {
  switch (col.mode) {
    case 'int': {
      const n = typeof v === 'string' && /^-?\d{1,10}$/.test(v) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new InvalidInput(`${path} must be a whole number`);
      return { expr: col.expr, param: `${params.add(n)}::bigint` };
    }
    case 'ts': {
      if (!isDate(v)) throw new InvalidInput(`${path} must be a date`);
      return { expr: col.expr, param: `${params.add(v)}::timestamptz` };
    }
    case 'text':
      if (typeof v === 'string') {
        if (col.isDate && !isDate(v)) throw new InvalidInput(`${path} must be a date`);
        return { expr: col.expr, param: params.add(v) };
      }
      if (col.jsonExpr && (typeof v === 'number' || typeof v === 'boolean') && !col.isDate) {
        return { expr: col.jsonExpr, param: `${params.add(JSON.stringify(v))}::jsonb` };
      }
      throw new InvalidInput(`${path} must be text`);
    case 'json':
    case 'array':
      if (typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))) {
        return { expr: col.expr, param: `${params.add(JSON.stringify(v))}::jsonb` };
      }
      throw new InvalidInput(`${path} must be a number, text or true/false`);
  }
}

/** A date of the calendar PostgreSQL and the console share: a four-digit year, then what Date reads. */
function isDate(v: unknown): v is string {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v.replace(' ', 'T')));
}

function equals(col: Column, path: string, v: unknown, params: Params): string {
  if (v === null) {
    const e = col.jsonExpr ?? col.expr;
    return col.mode === 'json' || col.mode === 'array' || col.jsonExpr
      ? `(${e} IS NULL OR ${e} = 'null'::jsonb)`
      : `${e} IS NULL`;
  }
  if (col.mode === 'array') {
    if (typeof v !== 'string' && typeof v !== 'number') throw new InvalidInput(`${path} must be a number or text`);
    return `${col.expr} @> ${params.add(JSON.stringify([v]))}::jsonb`;
  }
  const s = scalar(col, path, v, params);
  return `${s.expr} = ${s.param}`;
}

function inList(col: Column, path: string, v: unknown, params: Params): string {
  if (!Array.isArray(v) || v.length > LIMITS.inValues) {
    throw new InvalidInput(`$in on ${path} needs a list of at most ${LIMITS.inValues} values`);
  }
  if (v.length === 0) return 'FALSE';
  if (col.mode === 'array') return `(${v.map((x) => equals(col, path, x, params)).join(' OR ')})`;
  // IN (...) becomes one index condition (= ANY), where a chain of ORs would not
  const values = v.filter((x) => x !== null);
  const parts: string[] = [];
  if (values.length > 0) {
    const first = scalar(col, path, values[0], params);
    const rest = values.slice(1).map((x) => {
      const s = scalar(col, path, x, params);
      if (s.expr !== first.expr) throw new InvalidInput(`$in on ${path} mixes kinds of values`);
      return s.param;
    });
    parts.push(`${first.expr} IN (${[first.param, ...rest].join(', ')})`);
  }
  if (values.length < v.length) parts.push(equals(col, path, null, params));
  return parts.length === 1 ? (parts[0] as string) : `(${parts.join(' OR ')})`;
}

function compare(col: Column, path: string, op: string, v: unknown, params: Params): string {
  if (col.mode === 'array') throw new InvalidInput(`${path} is a list and cannot be compared`);
  const s = scalar(col, path, v, params);
  return `${s.expr} ${op} ${s.param}`;
}

/**
 * `$regex` is a text search, not a regular expression: the pattern may hold only literal text
 * (metacharacters escaped with a backslash) between an optional `^` and `$`. It becomes a LIKE
 * (ILIKE with option i) built here, so no pattern can make the database backtrack for minutes.
 */
function regex(col: Column, path: string, v: unknown, options: unknown, params: Params): string {
  if (col.mode !== 'text') throw new InvalidInput(`$regex needs a text field, not ${path}`);
  if (typeof v !== 'string' || v.length > LIMITS.regexLength) {
    throw new InvalidInput(`$regex on ${path} must be text of at most ${LIMITS.regexLength} characters`);
  }
  if (options !== undefined && options !== 'i' && options !== '') throw new InvalidInput(`$options may only be "i"`);
  const search = literalSearch(v);
  if (!search)
    throw new InvalidInput(`Search on ${path} takes plain text (optionally starting with ^ or ending with $)`);
  const like = `${search.start ? '' : '%'}${escapeLike(search.text)}${search.end ? '' : '%'}`;
  return `${col.expr} ${options === 'i' ? 'ILIKE' : 'LIKE'} ${params.add(like)}`;
}

const META = new Set([...'.*+?()[]{}|^$']);

/** The literal text of a search pattern and its anchors, or undefined when it is a real regular expression. */
export function literalSearch(pattern: string): { text: string; start: boolean; end: boolean } | undefined {
  let body = pattern;
  const start = body.startsWith('^');
  if (start) body = body.slice(1);
  let text = '';
  let end = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === '\\') {
      const next = body[i + 1];
      // an escaped character is itself; \d, \w, \x2d and the like are classes or codes, not text
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return undefined;
      text += next;
      i++;
    } else if (c === '$' && i === body.length - 1) {
      end = true;
    } else if (META.has(c)) {
      return undefined;
    } else {
      text += c;
    }
  }
  return { text, start, end };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A two-value array on a date field: from the first value to the second (a bare day runs to its end). */
function dateRange(col: Column, value: unknown[], params: Params): string {
  const [from, to] = value;
  const parts: string[] = [];
  if (from !== null && from !== '') {
    const s = scalar(col, 'date', from, params);
    parts.push(`${s.expr} >= ${s.param}`);
  }
  if (to !== null && to !== '') {
    if (typeof to === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(to) && col.mode === 'text') {
      // '2026-11-22' as an end means the whole day: everything before the next day.
      const next = new Date(`${to}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      parts.push(`${col.expr} < ${params.add(next.toISOString().slice(0, 10))}`);
    } else {
      const s = scalar(col, 'date', to, params);
      parts.push(`${s.expr} <= ${s.param}`);
    }
  }
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/** ORDER BY for `{field: 1 | -1}`; always ends with `_id` so pages are stable. */
export function translateSort(sort: unknown, resolve: Resolver, params: Params): string {
  if (sort === undefined || sort === null) return '_id ASC';
  if (!isPlainObject(sort)) throw new InvalidInput('sort must be an object of field: 1 or -1');
  const keys = Object.keys(sort);
  if (keys.length > 5) throw new InvalidInput('sort takes at most 5 fields');
  const parts: string[] = [];
  for (const key of keys) {
    const dir = sort[key];
    if (dir !== 1 && dir !== -1 && dir !== 'asc' && dir !== 'desc')
      throw new InvalidInput(`sort ${key} must be 1 or -1`);
    const col = resolve(key, params);
    const asc = dir === 1 || dir === 'asc';
    parts.push(`${col.expr} ${asc ? 'ASC' : 'DESC'}`);
  }
  if (!keys.includes('_id')) parts.push('_id ASC');
  return parts.join(', ');
}
