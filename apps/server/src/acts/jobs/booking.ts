import {
  addDays,
  type Card,
  EDITABLE_JOB_STATUSES,
  ERROR_TEXTS,
  expandSeries,
  INITIAL_JOB_STATUSES,
  insideLimitation,
  isJobStatus,
  isLikelyDuplicate,
  jobLockedRefusal,
  jobStatusRefusal,
  localDateTime,
  localDay,
  mayChangeJobStatus,
  minutesBetween,
  type Recurring,
  returnLeg,
  SERIES_HORIZON_DAYS,
  SERVER_OWNED_JOB_FIELDS,
  type StoredDoc,
  siteTimeZone,
  validationText,
  vk,
} from '@tc/domain';
import dayjs from 'dayjs';
import { requireReservationRights, scopeOf } from '../../access/access.ts';
import type { Principal } from '../../auth/principal.ts';
import { PaymentRefused } from '../../payments/provider.ts';
import type { Services } from '../../protocol/act.ts';
import { BadRequest, HttpError } from '../../protocol/errors.ts';
import type { Doc, Scope, StoredRecord } from '../../store/collection.store.ts';
import type { Queryable } from '../../store/db.ts';
import { cardFingerprint } from '../collections/card.protect.ts';
import { assertReferences, validatedInsert, validatedPatch } from '../collections/validate.ts';

/** What a booking may be told besides the reservation (protocol: insert of `jobs`). */
export interface BookingOptions {
  allowDuplicate?: boolean;
  allowLimitation?: boolean;
}

type Actor = { id: number | null; name: string };
const actorOf = (p: Principal): Actor => ({ id: p.id, name: p.name });

const invalid = (
  key: 'required' | 'cardInvalid' | 'cardNoSeries' | 'returnBeforePickup' | 'seriesEmpty',
  field: string,
) => new BadRequest(validationText(vk(key)), { field }, `validation.${key}`);

/** A field only routing and trip actions set, sent by a form: refused by name. */
function assertNoServerFields(data: Doc, current?: Doc): void {
  for (const field of SERVER_OWNED_JOB_FIELDS) {
    if (!(field in data)) continue;
    if (current && JSON.stringify(data[field] ?? null) === JSON.stringify(current[field] ?? null)) continue;
    throw new HttpError(400, 'Only routing and trip actions set this field.', { field }, 'jobServerField');
  }
}

/** The site's time zone: every date of a reservation is a wall-clock time there. */
export async function zoneOf(services: Services, unit: unknown, q: Queryable): Promise<string> {
  const site = typeof unit === 'number' ? await services.store.getById('units', unit, q) : undefined;
  return siteTimeZone(site as { timeZone?: unknown } | undefined);
}

/** The days a series skips: the site's holidays (and the holidays of every site) up to `through`. */
export async function holidayDays(services: Services, unit: number, from: string, through: string, q: Queryable) {
  const { data } = await services.store.find(
    'holidays',
    { query: { unit: { $in: [unit, null] } }, limit: 1000 },
    {},
    q,
  );
  const days = new Set<string>();
  for (const h of data) {
    const start = typeof h.date === 'string' ? h.date : typeof h.start === 'string' ? h.start : undefined;
    if (!start) continue;
    const end = typeof h.end === 'string' ? h.end : start;
    for (let d = start.slice(0, 10); d <= end.slice(0, 10) && d <= through; d = addDays(d, 1)) {
      if (d >= from) days.add(d);
    }
  }
  return days;
}

/** The horizon a series is booked through: 90 days from today, or from its first date when that is later. */
function horizonOf(zone: string, first: string): string {
  const today = localDay(zone);
  const from = [first.slice(0, 10), today].sort()[1] ?? today; // the later day
  return addDays(from, SERIES_HORIZON_DAYS);
}

/** Another reservation of the passenger that the new ones likely repeat (spec section 8): their ids. */
async function likelyDuplicates(services: Services, legs: Doc[], zone: string, q: Queryable): Promise<number[]> {
  const passenger = legs[0]?.passenger;
  if (typeof passenger !== 'number') return [];
  const dates = legs.map((l) => String(l.date)).sort();
  const { data } = await services.store.find(
    'jobs',
    {
      query: {
        passenger,
        date: [addDays((dates[0] as string).slice(0, 10), -1), addDays((dates.at(-1) as string).slice(0, 10), 1)],
      },
      limit: 1000,
    },
    {},
    q,
  );
  return data.filter((other) => legs.some((leg) => isLikelyDuplicate(leg, other, zone))).map((d) => d._id);
}

/**
 * The smallest booking limitation of the site's active suppliers (minutes before the pickup a
 * booking should not be made without a confirmation); 0 when none has one.
 */
async function limitationOf(services: Services, unit: number, q: Queryable): Promise<number> {
  const { data } = await services.store.find(
    'suppliers',
    { query: { unit, status: { $ne: 'inactive' }, bookingLimitMinutes: { $gt: 0 } }, limit: 1000 },
    {},
    q,
  );
  const minutes = data.map((s) => Number(s.bookingLimitMinutes)).filter((m) => m > 0);
  return minutes.length ? Math.min(...minutes) : 0;
}

/** A blacklisted card (any key of a rotation fingerprinted it) is "The card number that was entered is invalid". */
async function assertCardAllowed(services: Services, card: Card, unit: number, q: Queryable): Promise<void> {
  const prints = services.keys.cardKeys.map((k) => cardFingerprint(k, card.number));
  const n = await services.store.count(
    'blacklist',
    { fingerprint: { $in: prints }, unit: { $in: [unit, null] } },
    {},
    q,
  );
  if (n > 0) throw invalid('cardInvalid', 'card.number');
}

/**
 * Books a reservation (insert of `jobs`): checks it, asks for the confirmations of spec section 8
 * (a likely duplicate, a pickup inside the suppliers' limitation: 409 `{confirm}` until allowed),
 * charges a card through the payment provider, and writes the reservation, its return leg, the
 * dates of its series and its payment in one transaction. docs/reservations.md.
 */
export async function bookReservation(
  services: Services,
  p: Principal,
  data: Doc,
  options: BookingOptions,
  /** A server act's own booking (a shuttle seat): fields only it sets, and its check inside the transaction. */
  server?: { fields: Doc; check: (tx: Queryable) => Promise<void> },
): Promise<StoredDoc & { legB?: StoredDoc; series?: number[] }> {
  assertNoServerFields(data);
  const scope = scopeOf(p);
  const { def, data: valid } = validatedInsert('jobs', { ...data, ...server?.fields }, scope);
  const {
    return: back,
    recurring,
    card,
    ...job
  } = valid as Doc & {
    return?: { date: string };
    recurring?: Recurring;
    card?: Card;
  };
  const status = job.status;
  if (!isJobStatus(status) || !INITIAL_JOB_STATUSES.includes(status)) {
    throw new HttpError(409, jobStatusRefusal('new', status as never), { from: 'new', to: status }, 'jobStatusChange');
  }
  const price = typeof job.price === 'number' ? job.price : 0;
  // a price other than the quoted fare is a change of price: the changeProfile or edit action (issue 11)
  const quote = job.quote as { total: number } | undefined;
  requireReservationRights(p, { repricesQuote: quote !== undefined && quote.total !== price });
  const byCard = job.paymentType === 'card' && price > 0;
  if (byCard && !card) throw invalid('required', 'card.number');
  if (byCard && recurring) throw invalid('cardNoSeries', 'paymentType');
  const unit = job.unit as number;
  const { store, payments } = services;
  let charged: string | undefined;
  try {
    return await store.withUniqueLock('jobs', false, async (tx) => {
      const zone = await zoneOf(services, unit, tx);
      // one passenger's bookings one at a time: two agents cannot both pass the duplicate check
      if (typeof job.passenger === 'number') await store.lock(tx, `booking:${job.passenger}`);
      await server?.check(tx);
      const first = String(job.date);
      const returnMinutes = back ? minutesBetween(zone, first, back.date) : undefined;
      if (returnMinutes !== undefined && returnMinutes <= 0) throw invalid('returnBeforePickup', 'return.date');
      let dates = [first];
      let through: string | undefined;
      let more = false;
      if (recurring) {
        through = horizonOf(zone, first);
        const skip = recurring.skipHolidays ? await holidayDays(services, unit, first, through, tx) : undefined;
        ({ dates, more } = expandSeries(first, recurring, through, skip));
        if (dates.length === 0) throw invalid('seriesEmpty', 'recurring');
      }
      const plan = dates.map((date) => {
        const a = { ...job, date };
        return { a, b: returnMinutes === undefined ? undefined : returnLeg(a, later(date, returnMinutes)) };
      });
      const legs = plan.flatMap(({ a, b }) => (b ? [a, b] : [a]));
      if (!options.allowDuplicate) {
        const duplicates = await likelyDuplicates(services, legs, zone, tx);
        if (duplicates.length > 0) {
          throw new HttpError(
            409,
            ERROR_TEXTS.confirmDuplicate,
            { confirm: 'duplicate', duplicates },
            'confirmDuplicate',
          );
        }
      }
      if (!options.allowLimitation) {
        const minutes = await limitationOf(services, unit, tx);
        if (insideLimitation(first, localDateTime(zone), minutes, zone)) {
          throw new HttpError(
            409,
            ERROR_TEXTS.confirmLimitation,
            { confirm: 'limitation', minutes },
            'confirmLimitation',
          );
        }
      }
      await assertReferences(store, def, job, undefined, scope, tx);
      let payment: Doc | undefined;
      if (byCard && card) {
        await assertCardAllowed(services, card, unit, tx);
        const total = Math.round(price * legs.length * 100) / 100;
        const charge = await payments.charge(card, total, `Reservation of ${first}`);
        charged = charge.reference;
        payment = { brand: charge.brand, last4: charge.last4, reference: charge.reference, amount: price };
      }
      const actor = actorOf(p);
      let series: number | undefined;
      if (recurring) {
        const template = { ...job, ...(returnMinutes === undefined ? {} : { returnMinutes }) };
        const made = await store.insert(
          'jobseries',
          { unit, start: first, recurring, template, through, more },
          actor,
          scope,
          tx,
        );
        series = made._id;
      }
      const own = { ...(series ? { series } : {}), ...(payment ? { payment } : {}) };
      const booked: Booked[] = [];
      for (const { a, b } of plan) {
        booked.push(await bookLegs(services, { ...a, ...own }, b && { ...b, ...own }, actor, scope, tx));
      }
      if (payment) {
        for (const leg of booked.flatMap(({ a, b }) => (b ? [a, b] : [a]))) {
          const trans = {
            unit,
            job: leg._id,
            amount: price,
            type: 'payment',
            status: 'approved',
            reference: payment.reference,
            last4: payment.last4,
            date: localDateTime(zone),
          };
          await store.insert('trans', trans, actor, scope, tx);
        }
      }
      const [head] = booked as [(typeof booked)[number]];
      return {
        ...head.a,
        ...(head.b ? { legB: head.b } : {}),
        ...(series ? { series: booked.map(({ a }) => a._id) } : {}),
      } as StoredDoc & { legB?: StoredDoc; series?: number[] };
    });
  } catch (err) {
    // nothing was booked: give the charge back
    if (charged) await payments.refund(charged);
    if (err instanceof PaymentRefused)
      throw new HttpError(402, ERROR_TEXTS.paymentFailed, { field: 'card.number' }, 'paymentFailed');
    throw err;
  }
}

/** A site-local `YYYY-MM-DD HH:mm` moved by `minutes` on the wall clock (a round trip's return on each date of a series). */
function later(date: string, minutes: number): string {
  return dayjs(date.replace(' ', 'T')).add(minutes, 'minute').format('YYYY-MM-DD HH:mm');
}

type Booked = { a: StoredRecord; b?: StoredRecord };

/** Books leg A and, for a round trip, leg B, each linked to the other (`legs: {A, B}`), in the caller's transaction. */
async function bookLegs(
  services: Services,
  a: Doc,
  b: Doc | undefined,
  actor: Actor,
  scope: Scope,
  tx: Queryable,
): Promise<Booked> {
  const { store } = services;
  const legA = await store.insert('jobs', a, actor, scope, tx);
  if (!b) return { a: legA };
  const legB = await store.insert('jobs', { ...b, legs: { A: legA._id } }, actor, scope, tx);
  const links = { legs: { A: legA._id, B: legB._id } };
  return {
    a: await store.update('jobs', legA._id, links, legA._version, actor, scope, tx),
    b: await store.update('jobs', legB._id, links, legB._version, actor, scope, tx),
  };
}

/** Fields a reservation that is no longer editable may still change. */
const ALWAYS_EDITABLE = new Set(['notes', 'status']);

/**
 * Changes a reservation (update of `jobs`): its status only as the transition table allows a
 * form, a reservation in a trip or finished only in its notes (and cancel where allowed), never a
 * field of routing and trips; `series` applies the change to the following or all reservations
 * of its series that are still editable. Canceling a paid reservation refunds it.
 */
export async function changeReservation(
  services: Services,
  p: Principal,
  id: number,
  version: number,
  patch: Doc,
  scopeOfSeries: 'one' | 'following' | 'all' = 'one',
): Promise<StoredDoc & { series?: number }> {
  const scope = scopeOf(p);
  const { store, payments } = services;
  const current = await store.getInScope('jobs', id, scope, 'write');
  assertNoServerFields(patch, current);
  const from = isJobStatus(current.status) ? current.status : 'new';
  const to = patch.status ?? from;
  if (!isJobStatus(to) || !mayChangeJobStatus(from, to, 'form')) {
    throw new HttpError(409, jobStatusRefusal(from, to as never), { from, to }, 'jobStatusChange');
  }
  // canceling is its own action of the reservations module (an agent edits but does not cancel)
  requireReservationRights(p, { cancels: to === 'canceled' && from !== 'canceled' });
  const changed = Object.keys(patch).filter(
    (k) => JSON.stringify(patch[k] ?? null) !== JSON.stringify(current[k] ?? null),
  );
  if (!EDITABLE_JOB_STATUSES.includes(from) && changed.some((k) => !ALWAYS_EDITABLE.has(k))) {
    throw new HttpError(409, jobLockedRefusal(from), { status: from }, 'jobLocked');
  }
  const valid = validatedPatch('jobs', current, patch);
  const actor = actorOf(p);
  const refunds: string[] = [];
  const result = await store.withUniqueLock('jobs', false, async (tx) => {
    const next = { ...current, ...valid.patch };
    await assertReferences(store, valid.def, next, Object.keys(valid.patch), scope, tx);
    const record = await store.update('jobs', id, valid.patch, version, actor, scope, tx);
    const canceled = (job: Doc) => to === 'canceled' && from !== 'canceled' && job.payment;
    if (canceled(current)) refunds.push(await refund(services, current, actor, tx));
    const seriesId = current.series;
    if (scopeOfSeries === 'one' || typeof seriesId !== 'number') return record;
    // the others of the series still editable: the same change, a new time kept on each one's own day
    const query: Doc = { series: seriesId, _id: { $ne: id }, status: { $in: [...EDITABLE_JOB_STATUSES] } };
    if (scopeOfSeries === 'following') query.date = { $gt: String(current.date) };
    // a change of the ride (a time, a place) is for the same legs of the round trips; a cancel or a note for every leg
    const everyLeg = Object.keys(valid.patch).every((k) => ALWAYS_EDITABLE.has(k));
    const found = await store.find('jobs', { query, limit: 1000 }, scope, tx);
    const others = everyLeg ? found.data : found.data.filter((o) => legOf(o) === legOf(current));
    const time = typeof valid.patch.date === 'string' ? valid.patch.date.slice(11) : undefined;
    for (const other of others) {
      const own = { ...valid.patch, ...(time ? { date: `${String(other.date).slice(0, 10)} ${time}` } : {}) };
      await store.update('jobs', other._id, own, other._version, actor, scope, tx);
      if (canceled(other)) refunds.push(await refund(services, other, actor, tx));
    }
    // what the series books from now on follows the change too
    const s = await store.getById('jobseries', seriesId, tx);
    if (s && (everyLeg || legOf(current) === 'A')) {
      const template = { ...(s.template as Doc), ...valid.patch };
      if (time) template.date = `${String((s.template as Doc).date ?? s.start).slice(0, 10)} ${time}`;
      const stop = to === 'canceled' ? { more: false } : {};
      await store.update('jobseries', seriesId, { template, ...stop }, s._version, actor, {}, tx);
    }
    return { ...record, series: others.length };
  });
  for (const reference of refunds) await payments.refund(reference);
  return result;
}

/** Which leg of its round trip a reservation is (a one-way one is its own leg A). */
function legOf(job: Doc): 'A' | 'B' {
  const legs = job.legs as { A?: number } | undefined;
  return !legs || legs.A === job._id ? 'A' : 'B';
}

/** The refund record of a canceled paid reservation; the provider is called once the transaction commits. */
async function refund(services: Services, job: Doc, actor: Actor, tx: Queryable): Promise<string> {
  const payment = job.payment as { reference: string; last4: string; amount: number };
  const zone = await zoneOf(services, job.unit, tx);
  await services.store.insert(
    'trans',
    {
      unit: job.unit,
      job: job._id,
      amount: -payment.amount,
      type: 'refund',
      status: 'approved',
      reference: payment.reference,
      last4: payment.last4,
      date: localDateTime(zone),
    },
    actor,
    {},
    tx,
  );
  return payment.reference;
}

/**
 * Books the further dates of open series as days pass (at start and every hour): each series is
 * kept booked 90 days ahead, with its template as last changed. The system books them.
 */
export async function extendSeries(services: Services): Promise<number> {
  const { store } = services;
  const actor = { id: null, name: 'system' };
  let booked = 0;
  const { data } = await store.find('jobseries', { query: { more: true }, limit: 1000 });
  for (const s of data) {
    booked += await store.withUniqueLock('jobseries', false, async (tx) => {
      const fresh = await store.getById('jobseries', s._id, tx);
      if (fresh?.more !== true) return 0;
      const template = fresh.template as Doc & { returnMinutes?: number };
      const zone = await zoneOf(services, fresh.unit, tx);
      const through = horizonOf(zone, String(fresh.start));
      if (String(fresh.through) >= through) return 0;
      const rule = fresh.recurring as Recurring;
      const skip = rule.skipHolidays
        ? await holidayDays(services, fresh.unit as number, String(fresh.through), through, tx)
        : undefined;
      const { dates, more } = expandSeries(String(fresh.start), rule, through, skip, `${String(fresh.through)} 23:59`);
      const { returnMinutes, ...job } = template;
      for (const date of dates) {
        const a = { ...job, date, series: fresh._id };
        const b = returnMinutes === undefined ? undefined : returnLeg(a, later(date, returnMinutes));
        await bookLegs(services, a, b, actor, {}, tx);
      }
      await store.update('jobseries', fresh._id, { through, more }, fresh._version, actor, {}, tx);
      return dates.length;
    });
  }
  return booked;
}
