import { addDays, DEFAULT_TIME_ZONE, localDay, weekDayOf } from '@tc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../test/app-harness.ts';

let h: Harness;
let agent: string;
let shuttle: number;
const system = { id: null, name: 'fixtures' };
const today = localDay(DEFAULT_TIME_ZONE);
/** The first day of the given weekday at least a week ahead. */
function next(weekday: number): string {
  let day = addDays(today, 7);
  while (weekDayOf(day) !== weekday) day = addDays(day, 1);
  return day;
}
const monday = next(1);
const sunday = next(0);
const stops = [
  { name: 'Gare Centrale', address: '895 Rue De La Gauchetière', lat: 45.4999, lon: -73.5664 },
  { name: 'Peel', lat: 45.5005, lon: -73.5735 },
  { name: 'YUL departures', address: 'Montréal-Trudeau', lat: 45.4706, lon: -73.7408 },
];

beforeAll(async () => {
  h = await startHarness();
  agent = await h.tokenOf('agent');
  shuttle = (
    await h.services.store.insert(
      'shuttles',
      {
        unit: 1,
        code: 'YUL-747',
        name: 'YUL Express',
        pax: 2,
        profile: 1,
        paymentType: 'opus passage',
        direction: 'to',
        times: [
          { hour: '08:00', weekDays: [1, 2, 3, 4, 5], busses: 2, limit: 30 },
          { hour: '17:00', limit: 0 },
        ],
        stops,
      },
      system,
    )
  )._id;
  await h.services.store.insert('holidays', { name: 'Closed', date: addDays(monday, 7) }, system);
});
afterAll(() => h.close());

const departures = (day: string, token = agent) => h.call({ act: 'shuttledepartures', token, day });
const book = (over: Record<string, unknown> = {}, token = agent) =>
  h.call({
    act: 'bookshuttle',
    token,
    shuttle,
    date: `${monday} 08:00`,
    on: 0,
    off: 2,
    seats: 1,
    firstName: 'Ana',
    lastName: 'Roy',
    phone: '514-555-0101',
    ...over,
  });

describe('shuttle booking', () => {
  it('lists a day’s departures with their capacity (buses × pax), none on a day it does not run', async () => {
    const r = await departures(monday);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data as Record<string, unknown>[]).map((d) => [d.date, d.capacity, d.left, d.closed])).toEqual([
      [`${monday} 08:00`, 4, 4, false],
      [`${monday} 17:00`, 2, 2, false],
    ]);
    expect((r.body.data as { shuttle: unknown }[])[0]?.shuttle).toMatchObject({
      _id: shuttle,
      code: 'YUL-747',
      stops: [{ name: 'Gare Centrale' }, { name: 'Peel' }, { name: 'YUL departures' }],
    });
    // on Sunday only the 17:00, which names no weekdays; on a holiday nothing
    const sun = await departures(sunday);
    expect((sun.body.data as { hour: string }[]).map((d) => d.hour)).toEqual(['17:00']);
    const holiday = await departures(addDays(monday, 7));
    expect(holiday).toMatchObject({ status: 404, body: { error: 'Could not find shuttles' } });
    expect(holiday.code).toBe('shuttlesNotFound');
  });

  it('books a seat from one stop to a later one on the shuttle, with its profile and payment type', async () => {
    const r = await book({ seats: 3 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      shuttle,
      date: `${monday} 08:00`,
      from: { address: '895 Rue De La Gauchetière', lat: 45.4999 },
      to: { address: 'Montréal-Trudeau' },
      seats: 3,
      profile: 1,
      paymentType: 'opus passage',
      direction: 'to',
      status: 'new',
    });
    const after = await departures(monday);
    expect((after.body.data as Record<string, unknown>[])[0]).toMatchObject({ booked: 3, left: 1 });
  });

  it('refuses more seats than are left, a stop order backwards, and a departure that does not run', async () => {
    const full = await book({ seats: 2, lastName: 'Full' });
    expect(full).toMatchObject({
      status: 409,
      body: { error: 'Not enough seats are left on this departure', left: 1 },
    });
    const backwards = await book({ on: 2, off: 1 });
    expect(backwards.body).toEqual({ error: 'Get off at a stop after the one you get on at', field: 'off' });
    const noStop = await book({ off: 7 });
    expect(noStop.body).toMatchObject({ field: 'off' });
    const noRun = await book({ date: `${monday} 09:00` });
    expect(noRun).toMatchObject({ status: 404, body: { error: 'Could not find shuttles' } });
    // a form may not set the shuttle of a reservation itself
    const forged = await h.call({
      act: 'insert',
      col: 'jobs',
      token: agent,
      data: { unit: 1, shuttle, date: `${monday} 08:00`, from: stops[0], to: stops[2], profile: 1, seats: 1 },
    });
    expect(forged.body).toMatchObject({ field: 'shuttle' });
  });

  it('gives the last seat to one of two agents booking it at once', async () => {
    const date = `${monday} 17:00`;
    const [a, b] = await Promise.all([
      book({ date, seats: 2, lastName: 'First' }),
      book({ date, seats: 2, lastName: 'Second' }, await h.tokenOf('superagent')),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('closes a departure that has left, and keeps another site’s shuttles out of reach', async () => {
    const past = await departures(addDays(today, -1));
    expect((past.body.data as { closed: boolean }[]).every((d) => d.closed)).toBe(true);
    const late = await book({ date: `${addDays(today, -1)} 17:00` });
    expect(late).toMatchObject({ status: 409, body: { error: 'This departure takes no more bookings' } });
    const elsewhere = await h.tokenOf('agent', 2);
    expect((await departures(monday, elsewhere)).status).toBe(404);
    expect((await book({}, elsewhere)).status).toBe(404);
    expect((await h.call({ act: 'shuttledepartures', token: elsewhere, unit: 1, day: monday })).status).toBe(403);
    // a supplier views reservations but books none
    expect((await departures(monday, await h.tokenOf('supplier'))).status).toBe(403);
  });
});
