import { expandShiftPlan, multiShiftsSchema, validationText } from '@tc/domain';
import { onCallerScope, scopeOf } from '../../access/access.ts';
import { type Act, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import { validatedInsert } from '../collections/validate.ts';

/** /driverShifts/multi: every shift of a plan (drivers × chosen weekdays), in one transaction. */
const createdrivershifts: Act = {
  permission: { kind: 'module', module: 'driversShifts', action: 'create' },
  run: async (ctx) => {
    const p = requirePrincipal(ctx);
    const scope = scopeOf(p);
    const plan =
      typeof ctx.body.plan === 'object' && ctx.body.plan !== null ? (ctx.body.plan as Record<string, unknown>) : {};
    const parsed = multiShiftsSchema.safeParse(onCallerScope(scope, plan));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BadRequest(validationText(issue?.message ?? 'Invalid plan'), { field: issue?.path.join('.') ?? '' });
    }
    let shifts: ReturnType<typeof expandShiftPlan>;
    try {
      shifts = expandShiftPlan(parsed.data);
    } catch (err) {
      throw new BadRequest((err as Error).message);
    }
    if (shifts.length === 0)
      throw new BadRequest('No day of the range falls on the chosen weekdays', { field: 'weekDays' });
    const { store, db } = ctx.services;
    const drivers = await store.count('drivers', { _id: { $in: parsed.data.drivers }, unit: parsed.data.unit }, scope);
    if (drivers !== new Set(parsed.data.drivers).size)
      throw new BadRequest('Unknown driver for this site', { field: 'drivers' });
    const actor = { id: p.id, name: p.name };
    const data = await db.tx(async (tx) => {
      const out = [];
      for (const s of shifts)
        out.push(
          await store.insert('driverShifts', validatedInsert('driverShifts', { ...s }, scope).data, actor, scope, tx),
        );
      return out;
    });
    return { data, count: data.length };
  },
};

export const shiftActs = { createdrivershifts };
