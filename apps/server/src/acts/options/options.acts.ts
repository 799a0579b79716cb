import { referenceInto, resourceByKey } from '@tc/domain';
import { fillsForms, optionsQuery, scopeOf } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { MAX_LIMIT } from '../../store/collection.store.ts';

/**
 * The choices of a reference (spec: selects of the forms, labels of the lists): id and label (and the
 * fields the reference carries) of the records of `col` the resource refers to, narrowed as the reference says (its query, the record's
 * site), within the caller's scope. Only the label's fields are read.
 */
const options: Act = {
  permission: { kind: 'resource' },
  rows: () => MAX_LIMIT,
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const { resource, col, unit, ids } = requestOf(ctx, 'options');
    const def = resourceByKey(resource);
    const ref = def ? referenceInto(def, col) : undefined;
    if (!ref) throw new BadRequest(`${resource} refers to no ${col}`);
    const query = optionsQuery(p, col, {
      ...(ref.query ?? {}),
      ...(ids ? { _id: { $in: ids } } : {}),
      ...(ref.sameSiteAs && unit !== undefined ? { unit } : {}),
    });
    // what a choice fills in goes only to whoever fills the resource's forms
    const carried = def && fillsForms(p, def) ? (ref.carry ?? []) : [];
    const project = Object.fromEntries([...ref.label, ...carried].map((f) => [f, 1]));
    const sort = { [ref.label[0] ?? '_id']: 1 };
    const limit = ids ? ids.length : MAX_LIMIT;
    const found = await ctx.services.store.find(col, { query, project, sort, limit }, scopeOf(p));
    return {
      data: found.data.map((d) => ({
        _id: d._id,
        label:
          ref.label
            .map((f) => (typeof d[f] === 'string' || typeof d[f] === 'number' ? String(d[f]) : ''))
            .join(' ')
            .trim() || `#${d._id}`,
        ...(carried.length ? { carry: Object.fromEntries(carried.map((f) => [f, d[f]])) } : {}),
      })),
    };
  },
};

export const optionActs = { options };
