/**
 * A valid record of each resource, the i-th of a series on a site: the table-driven resource test
 * writes them through the protocol. A site's references are the harness's records of that site. A resource without a sample fails that test.
 */
export type Sample = (i: number, unit: number) => Record<string, unknown>;

const letters = (i: number) => String.fromCharCode(65 + (i % 26)) + String.fromCharCode(97 + ((i * 7) % 26));
const phone = (i: number) => `514-555-${String(1000 + i).slice(-4)}`;
const name = (prefix: string) => (i: number) => `${prefix} ${letters(i)}`;

const rider = (role: string) => (i: number, unit: number) => ({
  role,
  unit,
  firstName: `First${letters(i)}`,
  lastName: `Last${letters(i)}`,
  email: `${role}${i}.${unit}@test.local`,
  phone: phone(i),
  profiles: [unit],
});

const ring = [
  [-73.56, 45.5],
  [-73.55, 45.5],
  [-73.55, 45.51],
  [-73.56, 45.5],
];

/**
 * Dated samples fall in December 2031, years from the days the tests run on: a test that counts
 * today's or a near day's records (the dashboard, routing a day) must not find a sample there too
 * (in December 2026 they did, and CI failed on the 2nd).
 */
export const SAMPLES: Record<string, Sample> = {
  jobs: (i, unit) => ({
    unit,
    date: `2031-12-${String(1 + (i % 28)).padStart(2, '0')} 08:00`,
    firstName: `Rider${letters(i)}`,
    lastName: `Last${letters(i)}`,
    phone: phone(i),
    profile: unit,
    from: { address: `${100 + i} Rue Test, Montréal`, lat: 45.5, lon: -73.56 },
    to: { address: 'Montréal-Trudeau', lat: 45.47, lon: -73.74 },
    seats: 1,
    paymentType: 'cash',
  }),
  trips: (i, unit) => ({
    unit,
    status: 'new',
    date: `2031-12-${String(1 + (i % 28)).padStart(2, '0')} 07:30`,
    seats: 0,
    line: `L${letters(i)}`,
  }),
  passengers: rider('passenger'),
  students: rider('student'),
  employees: rider('employee'),
  parents: (i, unit) => ({ ...rider('parent')(i, unit), profiles: undefined, status: 'Active' }),
  drivers: (i, unit) => ({
    unit,
    firstName: `Driver${letters(i)}`,
    lastName: `Last${letters(i)}`,
    email: `driver${i}.${unit}@test.local`,
    phone: phone(i),
  }),
  vehicles: (i, unit) => ({
    unit,
    name: name('Van')(i),
    year: 2022,
    model: 'Transit',
    color: 'White',
    licenseExpiry: '2027-06-30',
    pax: 8,
    minSeats: 1,
    services: [1],
  }),
  users: (i, unit) => ({
    unit,
    firstName: `Staff${letters(i)}`,
    lastName: `Last${letters(i)}`,
    email: `staff${i}.${unit}@test.local`,
    phone: phone(i),
    role: 'agent',
  }),
  profiles: (i, unit) => ({ unit, name: name('Profile')(i), status: 'active', profileType: 'retail' }),
  suppliers: (i, unit) => ({ unit, name: name('Supplier')(i) }),
  services: (i) => ({ name: name('Service')(i) }),
  locations: (i, unit) => ({
    unit,
    name: name('Terminal')(i),
    address: `${100 + i} Rue Test, Montréal`,
    lat: 45.5,
    lon: -73.56,
  }),
  areas: (i, unit) => ({
    unit,
    name: name('Zone')(i),
    type: 'zone-pricing',
    map: { type: 'Polygon', coordinates: [ring] },
  }),
  rates: (i, unit) => ({
    unit,
    code: `RATE-${letters(i)}`,
    from: { type: 'location', id: unit },
    to: { type: 'area', id: unit },
    service: 1,
    price: 10 + i,
  }),
  ratetypes: (i) => ({ name: name('Type')(i), code: `T${i}` }),
  fares: (i, unit) => ({ unit, code: `FARE-${letters(i)}`, price: 0, rateType: 'free 6-11' }),
  extraservices: (i, unit) => ({ unit, name: name('Extra')(i), basePrice: 5 }),
  shifts: (i, unit) => ({
    unit,
    name: name('Shift')(i),
    start: '06:00',
    end: '10:00',
    year: '2026',
    direction: 'both',
    weekDays: [1, 2],
  }),
  driverShifts: (i, unit) => ({ unit, driver: unit, start: `2031-12-01 0${i % 10}:00`, end: '2031-12-01 20:00' }),
  holidays: (i, unit) => ({ unit, name: name('Holiday')(i), date: `2031-12-${String(10 + i).padStart(2, '0')}` }),
  sites: (i) => ({ name: name('Site')(i), type: 'Default' }),
  attributes: (i, unit) => ({ unit, name: name('Attribute')(i), parameters: { required: false } }),
  assignPriority: (i, unit) => ({ unit, name: name('Group')(i), attributes: [unit], assignPriority: i + 1 }),
  blacklist: (i, unit) => ({
    unit,
    number: ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117'][i % 4],
    reason: name('Reason')(i),
  }),
  systemsettings: (i, unit) => ({ unit, name: name('setting')(i), category: 'Misc', type: 'Integer', value: i + 1 }),
  shuttles: (i, unit) => ({ unit, code: `SH-${letters(i)}`, name: name('Shuttle')(i), pax: 20 }),
  // inactive: the routing scheduler leaves them alone
  routingSchedules: (i, unit) => ({
    unit,
    name: name('Schedule')(i),
    status: 'inactive',
    repeat: 'daily',
    time: '18:00',
    daysAhead: 1,
  }),
};
