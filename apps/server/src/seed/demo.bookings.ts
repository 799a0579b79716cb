import { addDays, localDay } from '@tc/domain';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './demo.load.ts';

type Doc = Record<string, unknown>;
type Place = { address: string; lat: number; lon: number };

/** The test provider's card (docs/reservations.md): charged, and only its brand and last four kept. */
const DEMO_CARD = { number: '4242424242424242', expiry: '12/30', cvv: '123' };

/**
 * Reservations the demo agent books through the protocol once the demo is loaded, so the booking
 * desk's kinds show up as a newcomer would make them (docs/demo-data.md): a round trip to the
 * airport paid by card, a repeating round trip to work three days a week, a weekly ride that
 * never ends, and a round trip paid in cash. Each goes through the booking rules; none is faked.
 */
export async function bookDemoReservations(app: FastifyInstance): Promise<number[]> {
  const call = async (body: Doc): Promise<Doc> => {
    const r = await app.inject({ method: 'POST', url: '/', payload: body });
    const answer = r.json() as Doc;
    if (r.statusCode !== 200) throw new Error(`demo booking ${String(body.act)}: ${JSON.stringify(answer)}`);
    return answer;
  };
  const login = await call({ act: 'login', email: 'agent@demo.local', password: DEMO_PASSWORD });
  const token = login.token as string;
  const user = login.user as { unit: number; timeZone: string };
  // the agent books; the places and riders are looked up as the site's admin would (an agent reads no locations)
  const admin = await call({ act: 'login', email: 'admin@demo.local', password: DEMO_PASSWORD });
  const find = async (col: string, query: Doc, limit: number) =>
    ((await call({ act: 'find', col, token: admin.token, query, limit, sort: { _id: 1 } })).data as Doc[]) ?? [];
  const riders = (await find('users', { role: 'passenger', unit: user.unit }, 40)).filter(
    (p) => typeof (p.home as Place | undefined)?.lat === 'number' && Array.isArray(p.profiles) && p.profiles.length,
  );
  const places = await find('locations', { unit: user.unit }, 50);
  const airport = places.find((l) => l.type === 'airport');
  const work = places.find((l) => l.type !== 'airport');
  if (riders.length < 4 || !airport || !work) return [];
  const placeOf = (l: Doc): Place => ({ address: String(l.address), lat: Number(l.lat), lon: Number(l.lon) });
  const today = localDay(user.timeZone);
  const day = (n: number, time: string) => `${addDays(today, n)} ${time}`;
  const riderOf = (p: Doc) => ({
    unit: user.unit,
    passenger: p._id,
    firstName: p.firstName,
    lastName: p.lastName,
    phone: p.phone,
    email: p.email,
    profile: (p.profiles as number[])[0],
    from: p.home,
    seats: 1,
  });
  const [a, b, c, d] = riders as [Doc, Doc, Doc, Doc];
  const bookings: Doc[] = [
    {
      ...riderOf(a),
      to: placeOf(airport),
      date: day(3, '05:30'),
      checkedBags: 2,
      flight: { date: day(3, '08:10'), type: 'international', airline: 'Air Canada', number: '870' },
      price: 58.5,
      paymentType: 'card',
      card: DEMO_CARD,
      return: { date: day(10, '17:45') },
    },
    {
      ...riderOf(b),
      to: placeOf(work),
      date: day(1, '07:45'),
      paymentType: 'cash',
      price: 24,
      return: { date: day(1, '16:30') },
      recurring: { every: 1, unit: 'week', weekDays: [1, 3, 5], ends: { after: 24 }, skipHolidays: true },
    },
    {
      ...riderOf(c),
      to: placeOf(work),
      date: day(2, '09:00'),
      paymentType: 'cash',
      price: 19,
      recurring: { every: 1, unit: 'week', weekDays: [2], ends: { never: true } },
    },
    {
      ...riderOf(d),
      to: placeOf(airport),
      date: day(1, '18:00'),
      paymentType: 'cash',
      price: 52,
      return: { date: day(5, '21:15') },
    },
  ];
  const ids: number[] = [];
  for (const data of bookings) {
    const booked = await call({ act: 'insert', col: 'jobs', token, data, allowDuplicate: true, allowLimitation: true });
    ids.push(booked._id as number);
  }
  // the agent opened two of them again since: the agent home's "my recent views"
  for (const id of ids.slice(0, 2).reverse())
    await call({ act: 'insert', col: 'views', token, data: { col: 'jobs', id } });
  await bookDemoShuttleSeats(async (body) => call({ ...body, token }), riders.slice(4, 10), today);
  await bookDemoShifts(find, async (body) => call({ ...body, token: admin.token }), today);
  for (const t of [token, admin.token]) await call({ act: 'logout', token: t });
  return ids;
}

type Find = (col: string, query: Doc, limit: number) => Promise<Doc[]>;

/** Seats on tomorrow's shuttle departures of the agent's site, from the first stop to the last, as /jobs/shuttle books them. */
async function bookDemoShuttleSeats(call: (body: Doc) => Promise<Doc>, riders: Doc[], today: string): Promise<void> {
  const { data } = (await call({ act: 'shuttledepartures', day: addDays(today, 1) })) as {
    data: { shuttle: { _id: number; stops: unknown[] }; date: string; closed: boolean }[];
  };
  const open = data.filter((d) => !d.closed);
  for (const [i, rider] of riders.entries()) {
    const departure = open[i % Math.max(1, Math.min(open.length, 3))];
    if (!departure) return;
    await call({
      act: 'bookshuttle',
      shuttle: departure.shuttle._id,
      date: departure.date,
      on: 0,
      off: departure.shuttle.stops.length - 1,
      seats: 1 + (i % 2),
      passenger: rider._id,
      firstName: rider.firstName,
      lastName: rider.lastName,
      phone: rider.phone,
      allowDuplicate: true,
    });
  }
}

/**
 * The next week of the Laval schools' hours for their students (to school in the morning, home in
 * the afternoon) and of the Longueuil plant's day shift for its employees, made as an admin makes
 * them on /jobs/setSchoolShifts and /jobs/setWorkShifts.
 */
async function bookDemoShifts(find: Find, call: (body: Doc) => Promise<Doc>, today: string): Promise<void> {
  const week = { from: addDays(today, 1), to: addDays(today, 7), weekDays: [1, 2, 3, 4, 5] };
  const plan = async (unit: number, riders: string, shiftName: string, place: Doc, people: Doc[]) => {
    const [shift] = await find('shifts', { unit, name: shiftName }, 1);
    if (!shift || people.length === 0) return;
    const ids = people.map((p) => p._id);
    await call({ act: 'setshifts', unit, riders, ids, shift: shift._id, place: place._id, ...week });
  };
  const students = await find('users', { role: 'student', unit: 2 }, 1000);
  for (const school of await find('locations', { unit: 2, type: 'school' }, 10)) {
    const pupils = students.filter((s) => s.school === school.name);
    for (const shift of ['Morning school run', 'Afternoon school run'])
      await plan(2, 'students', shift, school, pupils);
  }
  const [plant] = await find('locations', { unit: 3, type: 'work' }, 1);
  if (!plant) return;
  const staff = (await find('users', { role: 'employee', unit: 3, status: 'active' }, 1000)).filter(
    (e) => (e.work as Place | undefined)?.address === plant.address,
  );
  await plan(3, 'employees', 'Day shift', plant, staff);
}
