import { describe, expect, it } from 'vitest';
import { hasAction } from '../permissions/modules.ts';
import { COLLECTIONS } from './registry.ts';

describe('collection registry', () => {
  it('guards every operation of every writable collection with an action its module has', () => {
    for (const def of COLLECTIONS.values()) {
      if (!def.module) continue;
      const ops = def.readOnly ? (['find'] as const) : (['find', 'insert', 'update', 'delete'] as const);
      for (const op of ops) {
        const usual = {
          find: 'view',
          insert: 'create',
          update: 'edit',
          delete: hasAction(def.module, 'delete') ? 'delete' : 'edit',
        }[op];
        const action = def.actions?.[op] ?? usual;
        expect(hasAction(def.module, action), `${def.name} ${op} -> ${def.module}.${action}`).toBe(true);
      }
    }
  });

  it('declares hot, indexed and trigram fields among the text fields', () => {
    for (const def of COLLECTIONS.values()) {
      for (const f of [...(def.hot ?? []), ...(def.trigram ?? [])]) {
        expect(['text', 'date'], `${def.name}.${f}`).toContain(def.fields[f]);
      }
      for (const cols of def.indexes ?? [])
        for (const c of cols) expect(c === 'unit' || def.hot?.includes(c), `${def.name} index ${c}`).toBe(true);
    }
  });
});
