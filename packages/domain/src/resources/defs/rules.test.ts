import { describe, expect, it } from 'vitest';
import { validationText } from '../messages.ts';
import type { ResourceDef } from '../resource.ts';
import { RESOURCES, resourceByKey } from './index.ts';

/** A valid record of each resource; each rule below breaks one field of it. */
const VALID: Record<string, Record<string, unknown>> = {
  trips: { unit: 1, status: 'new', date: '2026-05-01 07:30', stops: [4, 5], seats: 2 },
  routingSchedules: { unit: 1, name: 'Tomorrow at six', repeat: 'daily', time: '18:00', daysAhead: 1 },
  jobs: {
    unit: 1,
    date: '2026-05-01 08:00',
    passenger: 5,
    firstName: 'Rémi',
    lastName: 'Côté',
    profile: 2,
    from: { address: '1 Main St', lat: 45.5, lon: -73.6 },
    to: { address: 'Airport', lat: 45.47, lon: -73.74 },
    seats: 1,
    paymentType: 'cash',
  },
  drivers: {
    unit: 1,
    firstName: 'Rémi',
    lastName: 'Côté',
    phone: '514-555-0101',
    email: 'remi@example.com',
    perAreaMatch: 999999,
  },
  vehicles: {
    unit: 1,
    name: 'Van 1',
    year: 2022,
    model: 'Transit',
    color: 'White',
    licenseExpiry: '2027-06-30',
    pax: 8,
    minSeats: 1,
    services: [1],
  },
  parents: {
    unit: 1,
    firstName: 'Paul',
    lastName: 'Roy',
    phone: '514-555-0101',
    email: 'paul@example.com',
    children: [3],
  },
  users: {
    unit: 1,
    firstName: 'Ann',
    lastName: 'Bell',
    phone: '514-555-0101',
    email: 'ann@example.com',
    role: 'agent',
  },
  rates: {
    unit: 1,
    code: 'R1',
    from: { type: 'location', id: 1 },
    to: { type: 'area', id: 2 },
    service: 1,
    additions: [
      {
        name: 'Night',
        valueType: 'percent',
        value: 10,
        times: ['22:00-05:00'],
        dates: ['2026-12-25'],
        weekDays: [0, 6],
      },
    ],
  },
  fares: { unit: 1, code: 'F1', additions: [] },
  shifts: { unit: 1, name: 'Morning', start: '06:00', end: '10:00', year: '2026', direction: 'both', weekDays: [1] },
  driverShifts: { unit: 1, driver: 1, start: '2026-12-01 06:00', end: '2026-12-01 14:00', breaks: [] },
  attributes: { unit: 1, name: 'Bilingual', parameters: {} },
  areas: {
    unit: 1,
    name: 'Zone',
    type: 'zone-pricing',
    map: {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  },
  shuttles: {
    unit: 1,
    code: 'S1',
    name: 'Loop',
    pax: 20,
    times: [{ hour: '07:00', limit: 20 }],
    stops: [{ name: 'A', lat: 45.5, lon: -73.5 }],
  },
  blacklist: { unit: 1, number: '4111 1111 1111 1111' },
  systemsettings: { name: 'map center', category: 'Misc', type: 'String', value: '45.5017, -73.5673' },
  holidays: { name: 'Christmas', date: '2026-12-25' },
  profiles: { unit: 1, name: 'Retail', status: 'active', profileType: 'retail' },
  sites: { name: 'Laval', type: 'School' },
  suppliers: {
    unit: 1,
    name: 'Taxi Co',
    contact: { email: 'a@example.com' },
    offPeak: { start: '22:00', end: '05:00', commission: 12 },
  },
  services: { name: 'Sedan', profileType: 'retail' },
  locations: {
    unit: 1,
    name: 'YUL',
    address: '975 Boul. Roméo-Vachon',
    lat: 45.47,
    lon: -73.74,
    waits: [{ name: 'Arrivals', minutes: 30 }],
  },
  ratetypes: { name: 'ordinary' },
  extraservices: { unit: 1, name: 'Child seat', basePrice: 10 },
  assignPriority: { unit: 1, attributes: [1], assignPriority: 1 },
};

/** resource, change, field, exact message (spec section 5 and 8 texts where the spec gives them). */
const RULES: [string, Record<string, unknown>, string, string][] = [
  ['trips', { status: 'parked' }, 'status', 'Choose one of the listed values'],
  ['trips', { date: undefined }, 'date', 'This field is required'],
  ['jobs', { profile: undefined }, 'profile', 'This field is required'],
  ['jobs', { from: undefined }, 'from', 'This field is required'],
  ['jobs', { seats: undefined }, 'seats', 'This field is required'],
  ['jobs', { seats: 0 }, 'seats', 'Must be greater than zero'],
  ['jobs', { paymentType: undefined }, 'paymentType', 'This field is required'],
  ['jobs', { firstName: 'R' }, 'firstName', 'Must be 2 to 30 characters'],
  ['jobs', { phone: '12' }, 'phone', 'Phone number is not valid'],
  ['jobs', { price: -1 }, 'price', 'Must be 0 or higher'],
  [
    'jobs',
    { card: { number: '4242424242424241', expiry: '12/39', cvv: '123' } },
    'card.number',
    'The card number that was entered is invalid',
  ],
  ['drivers', { perAreaMatch: 1000000 }, 'perAreaMatch', 'cannot enter more than 6 digits'],
  ['drivers', { perAreaMatch: -1 }, 'perAreaMatch', 'Must be 0 or higher'],
  ['drivers', { phone: '12' }, 'phone', 'Phone number is not valid'],
  ['drivers', { firstName: 'R' }, 'firstName', 'Must be 2 to 30 characters'],
  ['vehicles', { pax: undefined }, 'pax', 'This field is required'],
  ['vehicles', { year: undefined }, 'year', 'This field is required'],
  ['vehicles', { year: 'two thousand' }, 'year', 'Must be a number'],
  ['vehicles', { minSeats: 9 }, 'minSeats', 'Min seats must not be higher than pax'],
  ['vehicles', { color: '' }, 'color', 'This field is required'],
  ['vehicles', { model: undefined }, 'model', 'This field is required'],
  ['vehicles', { services: [] }, 'services', 'This field is required'],
  ['vehicles', { licenseExpiry: undefined }, 'licenseExpiry', 'This field is required'],
  ['parents', { phone: '' }, 'phone', 'This field is required'],
  ['parents', { email: 'x' }, 'email', 'Enter a valid email'],
  ['parents', { unit: undefined }, 'unit', 'This field is required'],
  ['users', { role: 'supplier' }, 'supplier', 'A supplier is required for the supplier role'],
  ['users', { phone: undefined }, 'phone', 'This field is required'],
  ['users', { role: undefined }, 'role', 'This field is required'],
  ['rates', { code: '' }, 'code', 'This field is required'],
  ['rates', { from: undefined }, 'from', 'This field is required'],
  ['rates', { service: undefined }, 'service', 'This field is required'],
  ['rates', { additions: [{ name: 'Night', value: 10 }] }, 'additions.0.valueType', 'This field is required'],
  [
    'rates',
    { additions: [{ name: 'Night', valueType: 'percent', value: 10, times: ['22:00-05:00', '9-17'] }] },
    'additions.0.times.1',
    'Enter each period as HH:mm-HH:mm',
  ],
  [
    'rates',
    { additions: [{ name: 'Xmas', valueType: 'price', value: 5, dates: ['2026-12-25', '2026-13-01'] }] },
    'additions.0.dates.1',
    'Enter a valid date',
  ],
  ['suppliers', { offPeak: { start: '22:00', end: '5h' } }, 'offPeak.end', 'Enter a time as HH:mm'],
  ['fares', { code: undefined }, 'code', 'This field is required'],
  ['fares', { additions: [{ valueType: 'price', value: 1 }] }, 'additions.0.name', 'This field is required'],
  ['shifts', { weekDays: [] }, 'weekDays', 'You must select at least one day'],
  ['routingSchedules', { time: undefined }, 'time', 'This field is required'],
  ['routingSchedules', { time: '6pm' }, 'time', 'Enter a time as HH:mm'],
  ['routingSchedules', { repeat: 'interval' }, 'minutes', 'This field is required'],
  ['routingSchedules', { repeat: 'interval', minutes: 2 }, 'minutes', 'Must be between 5 and 1440'],
  ['routingSchedules', { daysAhead: 15 }, 'daysAhead', 'Must be between 0 and 14'],
  ['routingSchedules', { repeat: 'interval', minutes: 15, hoursAhead: 0 }, 'hoursAhead', 'Must be between 1 and 24'],
  ['routingSchedules', { seconds: 61 }, 'seconds', 'Must be between 1 and 60'],
  ['routingSchedules', { repeat: 'weekly' }, 'repeat', 'Choose one of the listed values'],
  ['shifts', { direction: undefined }, 'direction', 'This field is required'],
  ['shifts', { start: '25:00' }, 'start', 'Enter a time as HH:mm'],
  ['driverShifts', { end: '2026-12-01 05:00' }, 'end', 'The end must not be before the start'],
  ['attributes', { parameters: undefined }, 'parameters', 'This field is required'],
  ['areas', { type: undefined }, 'type', 'This field is required'],
  ['areas', { color: 'red' }, 'color', 'Enter a colour as #rrggbb'],
  [
    'areas',
    {
      map: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
    },
    'map',
    'Draw an area of at least 3 points',
  ],
  ['shuttles', { pax: undefined }, 'pax', 'This field is required'],
  ['shuttles', { times: [{ hour: '07:00' }] }, 'times.0.limit', 'This field is required'],
  ['shuttles', { stops: [{ name: 'A', lat: 45.5 }] }, 'stops.0.lon', 'This field is required'],
  ['blacklist', { number: '4111 1111 1111 1112' }, 'number', 'The card number that was entered is invalid'],
  ['systemsettings', { value: '45.5' }, 'value', 'Enter the map centre as "lat, lng", for example 45.5017, -73.5673'],
  ['systemsettings', { name: 'x', type: 'Integer', value: '1.5' }, 'value', 'The value must be a whole number'],
  ['systemsettings', { name: 'x', type: 'Boolean', value: 'yes' }, 'value', 'The value must be true or false'],
  [
    'systemsettings',
    { name: 'x', type: 'Range', value: '5-2' },
    'value',
    'The value must be a range "min-max" with min not above max',
  ],
  ['systemsettings', { name: 'x', type: 'Object', value: '[1]' }, 'value', 'The value must be a JSON object'],
  ['systemsettings', { name: 'x', type: 'Array', value: '{}' }, 'value', 'The value must be a JSON list'],
  ['systemsettings', { name: 'x', type: 'Float', value: 'abc' }, 'value', 'The value must be a number'],
  ['holidays', { date: undefined }, 'date', 'This field is required'],
  [
    'holidays',
    { date: undefined, start: '2026-12-24', end: '2026-12-20' },
    'end',
    'The end must not be before the start',
  ],
  ['profiles', { status: 'archived' }, 'status', 'This field is required'],
  ['sites', { type: 'Office' }, 'type', 'This field is required'],
  ['suppliers', { contact: { email: 'nope' } }, 'contact.email', 'Enter a valid email'],
  ['services', { name: ' ' }, 'name', 'This field is required'],
  ['locations', { lat: 91 }, 'lat', 'Latitude must be between -90 and 90'],
  ['locations', { waits: [{ name: 'Arrivals', minutes: -5 }] }, 'waits.0.minutes', 'Must be 0 or higher'],
  ['ratetypes', { name: undefined }, 'name', 'This field is required'],
  ['extraservices', { basePrice: -1 }, 'basePrice', 'Must be 0 or higher'],
  ['assignPriority', { attributes: [] }, 'attributes', 'This field is required'],
];

function messageOn(def: ResourceDef, data: Record<string, unknown>, field: string): string | undefined {
  const r = def.schema.safeParse(data);
  if (r.success) return undefined;
  const issue = r.error.issues.find((i) => i.path.join('.') === field);
  return issue ? validationText(issue.message) : `no issue on ${field}: ${JSON.stringify(r.error.issues)}`;
}

describe('validation rules of spec section 5', () => {
  it.each(Object.keys(VALID))('a valid %s passes', (key) => {
    const def = resourceByKey(key) as ResourceDef;
    const r = def.schema.safeParse(VALID[key]);
    expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  });
  it.each(RULES)('%s %j -> %s: %s', (key, change, field, message) => {
    expect(messageOn(resourceByKey(key) as ResourceDef, { ...VALID[key], ...change }, field)).toBe(message);
  });
  it('every resource schema has a test here or in its own file', () => {
    const covered = new Set([...Object.keys(VALID), 'passengers', 'students', 'employees']);
    const uncovered = RESOURCES.map((r) => r.key).filter((k) => !covered.has(k));
    expect(uncovered).toEqual([]);
  });
});
