import { validationText, vk } from '@tc/domain';
import { scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { validatedInsert } from '../collections/validate.ts';

const SYSTEM = new Set(['_id', '_version', 'createdAt', 'updatedAt', 'createdBy']);

/** A copy of a shuttle (times, stops, drivers) under a new code of the same site. */
const duplicateshuttle: Act = {
  permission: { kind: 'module', module: 'shuttles', action: 'create' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { id, code } = requestOf(ctx, 'duplicateshuttle');
    const scope = scopeOf(p);
    const { store } = ctx.services;
    const source = await store.getInScope('shuttles', id, scope);
    const taken = await store.count('shuttles', {
      unit: source.unit,
      code: { $regex: `^${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, $options: 'i' },
    });
    if (taken > 0) throw new BadRequest(validationText(vk('newCode')), { field: 'code' });
    const copy = Object.fromEntries(Object.entries(source).filter(([k]) => !SYSTEM.has(k)));
    const data = validatedInsert('shuttles', { ...copy, code }, scope).data;
    return store.insert('shuttles', data, { id: p.id, name: p.name }, scope);
  },
};

export const shuttleActs = { duplicateshuttle };
