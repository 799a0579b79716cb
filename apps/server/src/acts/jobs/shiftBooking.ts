import {
  SHIFT_RIDER_KINDS,
  type ShiftBookingAnswer,
  type ShiftRider,
  shiftReservations,
  validationText,
  vk,
} from '@tc/domain';
import { scopeOf, siteOfCall } from '../../access/access.ts';
import { type Act, requestOf, requirePrincipal } from '../../protocol/act.ts';
import { BadRequest } from '../../protocol/errors.ts';
import type { Doc } from '../../store/collection.store.ts';
import { validatedInsert } from '../collections/validate.ts';
import { holidayDays } from './booking.ts';

const nameOf = (r: Doc) => [r.firstName, r.lastName].filter(Boolean).join(' ');

/**
 * Reservations from shifts (/jobs/setShifts, setSchoolShifts, setWorkShifts): each chosen rider
 * from home to the shift's place and back on each day the plan and the shift share, the site's
 * holidays skipped (jobs/shifts.ts). A preview only counts. Creating is one transaction; a
 * reservation already made by an earlier run (the same `shiftKey`) is not made again.
 */
const setshifts: Act = {
  // school hours are the school template's own action (spec section 6)
  permission: {
    kind: 'moduleAction',
    module: 'jobs',
    actionOf: (body) => (body.riders === 'students' ? 'setSchoolShifts' : 'setShifts'),
  },
  run: async (ctx): Promise<ShiftBookingAnswer> => {
    const p = requirePrincipal(ctx);
    const plan = requestOf(ctx, 'setshifts');
    const unit = siteOfCall(p, plan.unit) as number;
    const scope = scopeOf(p);
    const { store } = ctx.services;
    const shift = await store.getInScope('shifts', plan.shift, scope);
    if (shift.unit !== unit)
      throw new BadRequest(`Unknown shift: ${plan.shift}`, { field: 'shift' }, 'unknownReference');
    if (shift.status === 'not active') throw new BadRequest(validationText(vk('shiftInactive')), { field: 'shift' });
    const place = await store.getInScope('locations', plan.place, scope);
    if (place.unit !== unit)
      throw new BadRequest(`Unknown place: ${plan.place}`, { field: 'place' }, 'unknownReference');
    const kind = SHIFT_RIDER_KINDS[plan.riders];
    const ids = [...new Set(plan.ids)];
    const { data: found } = await store.find(
      'users',
      { query: { _id: { $in: ids }, role: kind.role, unit }, limit: ids.length },
      scope,
    );
    const unknown = ids.filter((id) => !found.some((r) => r._id === id));
    if (unknown.length > 0)
      throw new BadRequest(`Unknown ${plan.riders}: ${unknown.join(', ')}`, { field: 'ids' }, 'unknownReference');
    const riders: ShiftRider[] = found.map((r) => ({
      _id: r._id,
      firstName: r.firstName as string | undefined,
      lastName: r.lastName as string | undefined,
      phone: r.phone as string | undefined,
      email: r.email as string | undefined,
      profile: Array.isArray(r.profiles) ? (r.profiles[0] as number | undefined) : undefined,
      home: r[kind.home] as ShiftRider['home'],
    }));
    const direction = shift.direction === 'both' && plan.direction ? plan.direction : shift.direction;
    const actor = { id: p.id, name: p.name };
    return store.withUniqueLock('jobs', false, async (tx) => {
      // one plan of a site at a time: two runs of the same plan cannot both find a key missing
      await store.lock(tx, `shiftbooking:${unit}`);
      const { bookings, missing } = shiftReservations({
        unit,
        from: plan.from,
        to: plan.to,
        weekDays: plan.weekDays,
        shift: {
          _id: shift._id,
          start: String(shift.start),
          end: String(shift.end),
          direction: direction as 'to' | 'from' | 'both',
          weekDays: (shift.weekDays as number[] | undefined) ?? [],
        },
        place: {
          address: String(place.address),
          lat: place.lat as number,
          lon: place.lon as number,
          location: place._id,
        },
        riders,
        holidays: await holidayDays(ctx.services, unit, plan.from, plan.to, tx),
        paymentType: plan.paymentType,
      });
      const made = await store.presentValues(
        'jobs',
        'shiftKey',
        bookings.map((b) => b.shiftKey),
        tx,
      );
      const fresh = bookings.filter((b) => !made.has(b.shiftKey));
      const answer = {
        created: fresh.length,
        alreadyBooked: bookings.length - fresh.length,
        missing: missing.map((m) => ({ ...m, name: nameOf(found.find((r) => r._id === m._id) ?? {}) })),
      };
      if (plan.preview || fresh.length === 0) return answer;
      const docs = fresh.map((b) => validatedInsert('jobs', { ...b.job, shiftKey: b.shiftKey }, scope).data);
      await store.insertMany('jobs', docs, actor, scope, tx);
      return answer;
    });
  },
};

export const shiftBookingActs = { setshifts };
