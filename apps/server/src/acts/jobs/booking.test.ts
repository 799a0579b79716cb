import { addDays, DEFAULT_GRANTS, DEFAULT_TIME_ZONE, expandGrant, localDateTime, localDay } from '@tc/domain';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPaymentProvider } from '../../payments/provider.ts';
import { type Harness, startHarness } from '../../test/app-harness.ts';
import { SAMPLES } from '../../test/resource-samples.ts';
import { extendSeries } from './booking.ts';

let h: Harness;
let agent: string;
let passenger: number;
let other: number;
const payments = new TestPaymentProvider();
const system = { id: null, name: 'fixtures' };
/** A day well ahead (no limitation, no past), as the site's zone counts days (the harness's sites have none: New York). */
const ahead = (days: number) => addDays(localDay(DEFAULT_TIME_ZONE), days);

beforeAll(async () => {
  h = await startHarness({ app: { payments } });
  agent = await h.tokenOf('agent');
  passenger = (await h.services.store.insert('users', SAMPLES.passengers?.(1, 1) ?? {}, system))._id;
  other = (await h.services.store.insert('users', SAMPLES.passengers?.(2, 1) ?? {}, system))._id;
});
afterAll(() => h.close());

const job = (over: Record<string, unknown> = {}) => ({
  ...SAMPLES.jobs?.(0, 1),
  passenger: other,
  date: `${ahead(10)} 08:00`,
  ...over,
});
const book = (data: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  h.call({ act: 'insert', col: 'jobs', token: agent, data, ...more });
const get = async (id: number) =>
  (await h.call({ act: 'find', col: 'jobs', token: agent, query: { _id: id } })).body.data as Record<string, unknown>[];
/** Changes as a super agent (who may also cancel; an agent may not). */
const change = async (id: number, version: number, data: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  h.call({
    act: 'update',
    col: 'jobs',
    token: await h.tokenOf('superagent'),
    query: { _id: id },
    data: { ...data, _version: version },
    ...more,
  });

describe('booking a reservation', () => {
  it('books what the form sends, and refuses a status or a field only routing and trips set', async () => {
    const r = await book(job());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'new', unit: 1, createdBy: 'agent Site1' });
    const routed = await book(job({ status: 'routed', date: `${ahead(11)} 08:00` }));
    expect(routed).toMatchObject({ status: 409, body: { error: 'A reservation that is new cannot become routed.' } });
    expect(routed.code).toBe('jobStatusChange');
    const trip = await book(job({ trip: 4, date: `${ahead(12)} 08:00` }));
    expect(trip.body).toEqual({ error: 'Only routing and trip actions set this field.', field: 'trip' });
  });

  it('books a round trip: leg B from where A goes, both linked, and a return before the pickup is refused', async () => {
    const bad = await book(job({ date: `${ahead(20)} 08:00`, return: { date: `${ahead(20)} 07:00` } }));
    expect(bad.body).toEqual({ error: 'The return must be after the pickup', field: 'return.date' });
    const r = await book(job({ date: `${ahead(20)} 08:00`, return: { date: `${ahead(20)} 17:30` } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const a = r.body as Record<string, unknown> & { _id: number; legB: Record<string, unknown> & { _id: number } };
    const [stored] = await get(a._id);
    const [legB] = await get(a.legB._id);
    expect(stored?.legs).toEqual({ A: a._id, B: a.legB._id });
    expect(legB?.legs).toEqual({ A: a._id, B: a.legB._id });
    expect(legB?.from).toEqual(stored?.to);
    expect(legB?.to).toEqual(stored?.from);
    expect(legB?.date).toBe(`${ahead(20)} 17:30`);
    expect(stored).not.toHaveProperty('return');
  });

  it('asks before booking a likely duplicate, and books it once told to', async () => {
    const first = await book(job({ passenger, date: `${ahead(30)} 09:00` }));
    expect(first.status).toBe(200);
    const again = job({ passenger, date: `${ahead(30)} 09:20` });
    const asked = await book(again);
    expect(asked.status).toBe(409);
    expect(asked.code).toBe('confirmDuplicate');
    expect(asked.body).toMatchObject({ confirm: 'duplicate', duplicates: [first.body._id] });
    // 31 minutes apart, or to another place: not a duplicate
    expect((await book(job({ passenger, date: `${ahead(30)} 09:31` }))).status).toBe(200);
    expect((await book(again, { allowDuplicate: true })).status).toBe(200);
  });

  it('books the same passenger’s same ride once when two agents send it together', async () => {
    const same = job({ passenger, date: `${ahead(31)} 10:00` });
    const answers = await Promise.all([book(same), book(same)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });

  it('asks before booking inside the suppliers’ booking limitation', async () => {
    const supplier = (await h.services.store.find('suppliers', { query: { unit: 1 } })).data[0] as {
      _id: number;
      _version: number;
    };
    const limited = await h.services.store.update(
      'suppliers',
      supplier._id,
      { bookingLimitMinutes: 120 },
      supplier._version,
      system,
    );
    try {
      const soon = dayjs(localDateTime(DEFAULT_TIME_ZONE).replace(' ', 'T'))
        .add(60, 'minute')
        .format('YYYY-MM-DD HH:mm');
      const asked = await book(job({ date: soon }));
      expect(asked.status).toBe(409);
      expect(asked.body).toMatchObject({ confirm: 'limitation', minutes: 120 });
      expect((await book(job({ date: soon }), { allowLimitation: true })).status).toBe(200);
      // three hours ahead is outside it
      const later = dayjs(soon.replace(' ', 'T')).add(2, 'hour').format('YYYY-MM-DD HH:mm');
      expect((await book(job({ date: later }))).status).toBe(200);
    } finally {
      await h.services.store.update('suppliers', supplier._id, { bookingLimitMinutes: null }, limited._version, system);
    }
  });
});

describe('paying by card', () => {
  const card = { number: '4111111111111111', expiry: '12/30', cvv: '123' };
  let day = 60;
  /** A reservation paid by card, each on its own day (no likely duplicate of another). */
  const paid = (over: Record<string, unknown> = {}) =>
    job({ paymentType: 'card', price: 40, card, date: `${ahead(day++)} 08:00`, ...over });

  it('needs a card, charges it once for both legs, and keeps only its brand and last four digits', async () => {
    expect((await book(paid({ card: undefined }))).body).toEqual({
      error: 'This field is required',
      field: 'card.number',
    });
    const r = await book(paid({ date: `${ahead(40)} 08:00`, return: { date: `${ahead(40)} 18:00` } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body._id as number;
    const [stored] = await get(id);
    expect(stored?.payment).toMatchObject({ brand: 'visa', last4: '1111', amount: 40 });
    const reference = (stored?.payment as { reference: string } | undefined)?.reference as string;
    expect(payments.charges.get(reference)).toMatchObject({ amount: 80, refunded: false });
    const trans = await h.call({ act: 'find', col: 'trans', token: await h.tokenOf('admin'), query: { reference } });
    expect((trans.body.data as { amount: number }[]).map((t) => t.amount)).toEqual([40, 40]);
    // the number and the CVV are nowhere: not in the reservations, their payments nor their history
    for (const table of ['jobs', 'trans', 'history']) {
      const found = await h.services.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${table}" t WHERE t::text LIKE '%4111111111111111%' OR t::text LIKE '%cvv%'`,
      );
      expect(found.rows[0]?.n, table).toBe(0);
    }
  });

  it('refuses a declined card with the spec’s text and books nothing', async () => {
    const before = (await h.services.store.count('jobs', {})) as number;
    const r = await book(paid({ card: { ...card, number: '4000000000000002' } }));
    expect(r).toMatchObject({ status: 402, body: { error: 'Payment Failed, Please Try Again' } });
    expect(await h.services.store.count('jobs', {})).toBe(before);
  });

  it('refuses a blacklisted card as invalid, and a card for a repeating reservation', async () => {
    const admin = await h.tokenOf('admin');
    const listed = { unit: 1, number: '5555555555554444', reason: 'stolen' };
    expect((await h.call({ act: 'insert', col: 'blacklist', token: admin, data: listed })).status).toBe(200);
    const r = await book(paid({ card: { ...card, number: '5555555555554444' } }));
    expect(r.body).toEqual({ error: 'The card number that was entered is invalid', field: 'card.number' });
    const series = await book(paid({ recurring: { every: 1, unit: 'day', ends: { after: 3 } } }));
    expect(series.body).toEqual({
      error: 'A repeating reservation cannot be paid by card; choose another payment type',
      field: 'paymentType',
    });
  });

  it('refunds a paid reservation that is canceled', async () => {
    const r = await book(paid());
    const [stored] = await get(r.body._id as number);
    const reference = (stored?.payment as { reference: string } | undefined)?.reference as string;
    const canceled = await change(r.body._id as number, stored?._version as number, { status: 'canceled' });
    expect(canceled.status).toBe(200);
    expect(payments.charges.get(reference)?.refunded).toBe(true);
    const admin = await h.tokenOf('admin');
    const trans = await h.call({ act: 'find', col: 'trans', token: admin, query: { reference, type: 'refund' } });
    expect((trans.body.data as { amount: number }[]).map((t) => t.amount)).toEqual([-40]);
  });
});

describe('repeating reservations', () => {
  /** The next Monday at least two weeks ahead. */
  const monday = () => {
    let d = ahead(14);
    while (dayjs(d).day() !== 1) d = addDays(d, 1);
    return d;
  };

  it('books each date of the rule, skipping the site’s holidays, as one series', async () => {
    const start = monday();
    await h.services.store.insert('holidays', { unit: 1, name: 'Closed', date: addDays(start, 2) }, system);
    const recurring = { every: 1, unit: 'week', weekDays: [1, 3], ends: { after: 4 }, skipHolidays: true };
    const r = await book(job({ date: `${start} 07:15`, recurring, return: { date: `${start} 16:00` } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = r.body.series as number[];
    const legs = await h.call({
      act: 'find',
      col: 'jobs',
      token: agent,
      query: { series: (await get(ids[0] as number))[0]?.series },
      sort: { date: 1 },
      limit: 100,
    });
    const dates = (legs.body.data as { date: string; legs: { A: number } }[]).map((j) => j.date);
    // Monday, (Wednesday a holiday), next Monday, Wednesday, the Monday after: four pickups and their returns
    expect(dates.filter((d) => d.endsWith('07:15'))).toEqual([
      `${start} 07:15`,
      `${addDays(start, 7)} 07:15`,
      `${addDays(start, 9)} 07:15`,
      `${addDays(start, 14)} 07:15`,
    ]);
    expect(dates.filter((d) => d.endsWith('16:00'))).toHaveLength(4);
  });

  it('changes this and the following reservations of a series, and not the earlier ones', async () => {
    const start = addDays(monday(), 21);
    const r = await book(job({ date: `${start} 06:00`, recurring: { every: 1, unit: 'day', ends: { after: 3 } } }));
    const [first, second, third] = r.body.series as number[];
    const [middle] = await get(second as number);
    const moved = await change(
      second as number,
      middle?._version as number,
      { date: `${addDays(start, 1)} 06:45` },
      { series: 'following' },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.series).toBe(1);
    expect((await get(first as number))[0]?.date).toBe(`${start} 06:00`);
    expect((await get(third as number))[0]?.date).toBe(`${addDays(start, 2)} 06:45`);
  });

  it('moves the same legs of a series of round trips, and cancels every leg', async () => {
    const start = addDays(monday(), 35);
    const r = await book(
      job({
        date: `${start} 07:00`,
        return: { date: `${start} 17:00` },
        recurring: { every: 1, unit: 'day', ends: { after: 3 } },
      }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [first] = await get((r.body.series as number[])[0] as number);
    const seriesId = first?.series as number;
    const legs = async () =>
      (await h.services.store.find('jobs', { query: { series: seriesId }, limit: 100, sort: { _id: 1 } })).data;
    const moved = await change(
      first?._id as number,
      first?._version as number,
      { date: `${start} 07:30` },
      { series: 'all' },
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await legs();
    const times = (leg: 'A' | 'B') =>
      after
        .filter((j) => ((j.legs as { A: number }).A === j._id) === (leg === 'A'))
        .map((j) => String(j.date).slice(11));
    expect(times('A')).toEqual(['07:30', '07:30', '07:30']);
    expect(times('B')).toEqual(['17:00', '17:00', '17:00']);
    // an agent does not cancel; a super agent cancels the whole series, both ways
    const again = await h.services.store.getById('jobs', first?._id as number);
    const byAgent = await h.call({
      act: 'update',
      col: 'jobs',
      token: agent,
      query: { _id: first?._id },
      data: { status: 'canceled', _version: again?._version },
    });
    expect(byAgent.status).toBe(403);
    const all = await change(
      first?._id as number,
      again?._version as number,
      { status: 'canceled' },
      { series: 'all' },
    );
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect((await legs()).map((j) => j.status)).toEqual(Array(6).fill('canceled'));
    expect((await h.services.store.getById('jobseries', seriesId))?.more).toBe(false);
  });

  it('keeps an open series booked 90 days ahead as days pass', async () => {
    const start = ahead(1);
    const r = await book(job({ date: `${start} 05:00`, recurring: { every: 1, unit: 'day', ends: { never: true } } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [head] = await get((r.body.series as number[])[0] as number);
    const seriesId = head?.series as number;
    const series = await h.services.store.getById('jobseries', seriesId);
    expect(series).toMatchObject({ more: true, through: addDays(start, 90) });
    // as if five days had passed: the last five dates not yet booked
    const cut = addDays(start, 85);
    await h.services.store.delete('jobs', { series: seriesId, date: { $gt: `${cut} 23:59` } }, system);
    await h.services.store.update('jobseries', seriesId, { through: cut }, series?._version as number, system);
    expect(await extendSeries(h.services)).toBe(5);
    expect(await h.services.store.count('jobs', { series: seriesId })).toBe(91);
    expect(await extendSeries(h.services)).toBe(0);
  });
});

describe('changing a reservation', () => {
  it('follows the status table and locks a reservation that is no longer editable', async () => {
    const r = await book(job({ date: `${ahead(50)} 08:00` }));
    const id = r.body._id as number;
    const refused = await change(id, 1, { status: 'picked' });
    expect(refused).toMatchObject({ status: 409, body: { error: 'A reservation that is new cannot become picked.' } });
    expect(refused.body).toMatchObject({ from: 'new', to: 'picked' });
    expect((await change(id, 1, { status: 'canceled' })).status).toBe(200);
    const locked = await change(id, 2, { date: `${ahead(50)} 09:00` });
    expect(locked.body).toMatchObject({
      error: 'A reservation that is canceled cannot be edited; only draft, new, on hold and waiting ones can.',
      status: 'canceled',
    });
    const note = { type: 'general', text: 'Called back: not needed' };
    expect((await change(id, 2, { notes: [note] })).status).toBe(200);
    expect((await change(id, 3, { status: 'new' })).body.error).toBe(
      'A reservation that is canceled cannot become new.',
    );
  });

  it('refuses a change of a field routing sets, and a stale version', async () => {
    const r = await book(job({ date: `${ahead(51)} 08:00` }));
    const id = r.body._id as number;
    expect((await change(id, 1, { driver: 1 })).body).toEqual({
      error: 'Only routing and trip actions set this field.',
      field: 'driver',
    });
    expect((await change(id, 1, { seats: 2 })).status).toBe(200);
    expect((await change(id, 1, { seats: 3 })).status).toBe(409);
  });
});

describe('the price of a quote', () => {
  it('keeps the quote beside the price, and lets only changeProfile or edit charge another price', async () => {
    const quote = { service: 1, code: 'YUL-SED', total: 60 };
    const quoted = await book(job({ date: `${ahead(60)} 08:00`, price: 60, quote }));
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expect(quoted.body.quote).toEqual(quote);
    const su = await h.tokenOf('superadmin');
    // an agent who may book but neither edit nor change a profile
    const grant = expandGrant({ ...DEFAULT_GRANTS.agent, jobs: ['view', 'create'] });
    expect(
      (await h.call({ act: 'saveroles', token: su, roles: [{ roleCode: 'agent', permissions: grant }] })).status,
    ).toBe(200);
    const lowered = await book(job({ date: `${ahead(61)} 08:00`, price: 40, quote }));
    expect(lowered.status).toBe(403);
    expect((await book(job({ date: `${ahead(62)} 08:00`, price: 60, quote }))).status).toBe(200);
    const restore = expandGrant(DEFAULT_GRANTS.agent);
    await h.call({ act: 'saveroles', token: su, roles: [{ roleCode: 'agent', permissions: restore }] });
    expect((await book(job({ date: `${ahead(63)} 08:00`, price: 40, quote }))).status).toBe(200);
  });
});
