import { duplicateKeyOf, type ImportProblem, type ResourceDef, resourceByKey } from '@tc/domain';
import { requireImportOf, requireSiteOfCall, scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import { StoreError } from '../../store/errors.ts';
import { dropStage, stagedRows, stageRows } from '../../store/imports.store.ts';
import { assertReferences, validatedInsert } from '../collections/validate.ts';

/** Upload data (/import; docs/import.md): the rows of a file, held in chunks, then checked and written at once. */

/** Refused and duplicate rows listed in an answer (the counts are whole). */
const LISTED = 500;
/** How often the caller's sockets hear the import's progress. */
const PROGRESS_ROWS = 500;

const importrows: Act = {
  permission: { kind: 'module', module: 'uploadData', action: 'upload' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { run, offset, rows } = requestOf(ctx, 'importrows');
    return { held: await stageRows(ctx.services.db, p.id, run, offset, rows) };
  },
};

function problemOf(row: number, err: unknown): ImportProblem {
  if (err instanceof HttpError) {
    const field = typeof err.extra.field === 'string' ? err.extra.field : undefined;
    return { row, ...(field ? { field } : {}), message: err.message, code: err.code };
  }
  if (err instanceof StoreError) return { row, message: err.message };
  throw err;
}

const importAct: Act = {
  permission: { kind: 'module', module: 'uploadData', action: 'upload' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const r = requestOf(ctx, 'import');
    const def = resourceByKey(r.resource) as ResourceDef;
    // the records are written as the resource's create would write them; the rows stay held until written
    requireImportOf(p, def);
    const unit = requireSiteOfCall(p, r.unit);
    const scope = scopeOf(p);
    const { services } = ctx;
    const { store, db } = services;
    const rows = await stagedRows(db, p.id, r.run);
    if (rows.length === 0) throw new BadRequest('Nothing to import: send the file’s rows first');
    const progress = (phase: 'check' | 'write', done: number) =>
      services.live.toUser(p.id, { type: 'import', run: r.run, phase, done, total: rows.length });

    const refused: ImportProblem[] = [];
    const duplicates: ImportProblem[] = [];
    const valid: { row: number; data: Record<string, unknown> }[] = [];
    const keyFields = def.duplicateKey ?? [];
    const known = keyFields.length
      ? await store.keysOf(def.collection, keyFields, def.fixed ?? {}, { ...scope, unit })
      : new Set<string>();
    for (const [i, raw] of rows.entries()) {
      const row = i + 1;
      if (i % PROGRESS_ROWS === 0) progress('check', i);
      try {
        const checked = validatedInsert(def.collection, { ...raw, ...(def.fixed ?? {}), unit }, scope);
        await assertReferences(store, checked.def, checked.data, undefined, scope, db);
        if (keyFields.length) {
          const key = duplicateKeyOf(checked.data, keyFields);
          if (known.has(key)) {
            duplicates.push({ row, message: 'Already exists' });
            continue;
          }
          known.add(key);
        }
        valid.push({ row, data: checked.data });
      } catch (err) {
        refused.push(problemOf(row, err));
      }
    }
    const written = !r.dryRun && valid.length > 0 && (refused.length === 0 || r.skipRefused);
    if (written) {
      await store.withUniqueLock(def.collection, true, async (tx) => {
        const chunk = 1000;
        for (let i = 0; i < valid.length; i += chunk) {
          progress('write', i);
          const part = valid.slice(i, i + chunk).map((v) => v.data);
          await store.insertMany(def.collection, part, { id: p.id, name: p.name }, { ...scope, unit }, tx);
        }
        await dropStage(tx, p.id, r.run);
      });
      progress('write', valid.length);
    }
    return {
      total: rows.length,
      created: written ? valid.length : 0,
      refused: refused.slice(0, LISTED),
      refusedCount: refused.length,
      duplicates: duplicates.slice(0, LISTED),
      duplicateCount: duplicates.length,
      written,
    };
  },
};

export const importActs = { importrows, import: importAct };
