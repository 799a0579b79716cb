import { scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';

/** Students a parent may be linked to: riders of the parent's own site (spec: users with role passenger). */
const CHILD_ROLES = new Set(['passenger', 'student']);

/** Adds or removes one child of a parent's `children`, with history, on the parent's current version. */
function linkAct(add: boolean): Act {
  return {
    permission: { kind: 'module', module: 'parents', action: 'edit' },
    run: async (ctx) => {
      const p = requirePrincipal(ctx);
      const { parent, child } = requestOf(ctx, add ? 'addparent' : 'delparent');
      const scope = scopeOf(p);
      const { store } = ctx.services;
      const parentRecord = await store.getInScope('users', parent, scope, 'write');
      if (parentRecord.role !== 'parent') throw new BadRequest('parent must be a user with the parent role');
      const childRecord = await store.getInScope('users', child, scope);
      if (add && !CHILD_ROLES.has(String(childRecord.role))) throw new BadRequest('child must be a student');
      if (add && childRecord.unit !== parentRecord.unit) throw new BadRequest('child must be on the parent’s site');
      const children = Array.isArray(parentRecord.children) ? (parentRecord.children as number[]) : [];
      const next = add ? [...new Set([...children, child])] : children.filter((c) => c !== child);
      if (next.length === children.length && next.every((c, i) => c === children[i])) return parentRecord;
      return store.update(
        'users',
        parent,
        { children: next },
        parentRecord._version,
        { id: p.id, name: p.name },
        scope,
      );
    },
  };
}

export const parentActs = { addparent: linkAct(true), delparent: linkAct(false) };
