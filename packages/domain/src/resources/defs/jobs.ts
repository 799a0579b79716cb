import { z } from 'zod';
import { FLIGHT_TYPES, JOB_STATUSES, PAYMENT_TYPES } from '../../constants.ts';
import { cardSchema, returnSchema } from '../../jobs/booking.ts';
import { recurringSchema } from '../../jobs/recurrence.ts';
import { vk } from '../messages.ts';
import { type RefSpec, type ResourceDef, resource } from '../resource.ts';
import {
  caregiver,
  count,
  notes,
  optionalDateTime,
  optionalEmail,
  optionalPhone,
  optionalRef,
  optionalText,
  refIds,
  requiredDateTime,
  requiredPlace,
  siteId,
} from '../schema.parts.ts';
import { CAREGIVER_SECTION, SITE_FIELD } from './common.ts';

/** First and last name of a reservation's rider: 2 to 30 characters when given (spec section 5). */
const riderName = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().min(2, vk('nameLength')).max(30, vk('nameLength')).optional(),
  );

/** The riders a reservation is for: passengers, students and employees of the reservation's site. */
export const RIDER_REF: RefSpec = {
  col: 'users',
  label: ['firstName', 'lastName'],
  search: ['firstName', 'lastName', 'phone', 'email', 'code'],
  query: { role: { $in: ['passenger', 'student', 'employee'] } },
  sameSiteAs: 'unit',
  // what a chosen rider fills in the reservation (an agent reads riders through their choices only)
  carry: ['firstName', 'lastName', 'phone', 'email', 'profiles', 'home', 'role'],
};

/** The shift (school or work hours) a reservation was made from; its hours and days are what a plan books. */
export const SHIFT_REF: RefSpec = {
  col: 'shifts',
  label: ['name'],
  sameSiteAs: 'unit',
  carry: ['start', 'end', 'direction', 'weekDays', 'status'],
};

/** The site's known places a reservation goes from or to: choosing one fills its address and coordinates. */
export const LOCATION_REF: RefSpec = {
  col: 'locations',
  label: ['name'],
  // a location's terminals (sub-locations): the booking form offers them
  carry: ['address', 'lat', 'lon', 'subLocations'],
  sameSiteAs: 'unit',
};

const PROFILE_REF: RefSpec = { col: 'profiles', label: ['name'], sameSiteAs: 'unit' };
const SERVICE_REF: RefSpec = { col: 'services', label: ['name'] };

/** Statuses a form may choose; the others come from routing and trip actions (jobs/status.ts). */
const FORM_STATUSES = ['draft', 'new', 'onhold', 'waiting', 'canceled'] as const;

/**
 * Spec section 3, Reservation/job, with the rules of section 5: site, passenger's profile, from,
 * to, date, seats and payment type required; names 2 to 30 characters; phone and email valid;
 * a price is not negative. `return`, `recurring` and `card` are the booking's instructions
 * (protocol: a round trip, a series, a card charge): the server acts on them and stores none.
 */
export const jobs: ResourceDef = resource({
  key: 'jobs',
  actions: ['quickCreate', 'shiftBooking', 'shuttleBooking', 'routeChosen'],
  collection: 'jobs',
  entity: 'Reservation',
  schema: z.looseObject({
    unit: siteId(),
    status: z.enum(JOB_STATUSES, { error: vk('oneOf') }).default('new'),
    date: requiredDateTime(),
    passenger: optionalRef(),
    firstName: riderName(),
    lastName: riderName(),
    phone: optionalPhone(),
    email: optionalEmail(),
    from: requiredPlace(),
    to: requiredPlace(),
    terminal: optionalText(),
    seats: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .number({ error: (i) => vk(i.input === undefined ? 'required' : 'number') })
        .int(vk('integer'))
        .min(1, vk('positive'))
        .max(99),
    ),
    adults: count(99),
    infants: count(99),
    checkedBags: count(99),
    carryon: count(99),
    ada: z.boolean().optional(),
    wheelchair: z.boolean().optional(),
    flight: z
      .strictObject({
        date: optionalDateTime(),
        type: z.enum(FLIGHT_TYPES).optional(),
        airline: optionalText(),
        number: optionalText(),
        terminal: optionalText(),
      })
      .optional(),
    caregiver: caregiver(),
    service: optionalRef(),
    extraServices: refIds(),
    profile: z
      .number({ error: vk('required') })
      .int()
      .positive(vk('required')),
    price: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .number({ error: vk('number') })
        .min(0, vk('notNegative'))
        .optional(),
    ),
    /** The fare quoted when the service was chosen: kept beside the price charged. */
    quote: z
      .strictObject({ service: z.number().int().positive(), code: optionalText(), total: z.number().min(0) })
      .optional(),
    paymentType: z.enum(PAYMENT_TYPES, { error: (i) => vk(i.input === undefined ? 'required' : 'oneOf') }),
    billing: z.strictObject({ country: optionalText(), state: optionalText(), zip: optionalText() }).optional(),
    externalId: optionalText(),
    notes: notes(),
    waitMinutes: count(24 * 60),
    forceJoin: z.enum(['AUTO', '']).optional(),
    direction: z.enum(['to', 'from']).optional(),
    // set by the server's own acts (booking, routing, trips), never by a form: jobs/status.ts
    trip: optionalRef(),
    driver: optionalRef(),
    car: optionalRef(),
    shuttle: optionalRef(),
    series: optionalRef(),
    shift: optionalRef(),
    shiftKey: optionalText(),
    legs: z.strictObject({ A: z.number().int().positive(), B: z.number().int().positive() }).optional(),
    payment: z
      .strictObject({
        brand: z.string(),
        last4: z.string().regex(/^\d{4}$/),
        reference: z.string(),
        amount: z.number(),
      })
      .optional(),
    return: returnSchema.optional(),
    recurring: recurringSchema.optional(),
    card: cardSchema.optional(),
  }),
  writeOnly: ['return', 'recurring', 'card'],
  defaults: {
    status: 'new',
    seats: 1,
    adults: 1,
    infants: 0,
    checkedBags: 0,
    carryon: 0,
    ada: false,
    wheelchair: false,
    extraServices: [],
    paymentType: 'cash',
  },
  columns: [
    { field: '_id', link: true, filter: 'none' },
    { field: 'date', format: 'datetime', filter: 'dateRange' },
    { field: 'passenger', format: 'ref', ref: RIDER_REF, filter: 'none', sortable: false, link: true },
    { field: 'lastName', hidden: true },
    { field: 'status', format: 'enum', filter: 'enum', options: JOB_STATUSES, optionsKey: 'jobStatus' },
    { field: 'from.address', format: 'place', tooltipOver: 20, sortable: false },
    { field: 'to.address', format: 'place', tooltipOver: 20, sortable: false },
    { field: 'seats', filter: 'numberRange' },
    { field: 'service', format: 'ref', ref: SERVICE_REF, filter: 'none', sortable: false },
    { field: 'profile', format: 'ref', ref: PROFILE_REF, filter: 'none', sortable: false },
    {
      field: 'driver',
      format: 'ref',
      ref: { col: 'drivers', label: ['firstName', 'lastName'] },
      filter: 'none',
      sortable: false,
    },
    { field: 'trip', filter: 'none' },
    { field: 'createdBy' },
  ],
  form: [
    {
      key: 'passenger',
      fields: [
        SITE_FIELD,
        { name: 'passenger', input: 'ref', ref: RIDER_REF },
        { name: 'firstName', input: 'text' },
        { name: 'lastName', input: 'text' },
        { name: 'phone', input: 'phone' },
        { name: 'email', input: 'email' },
        { name: 'profile', input: 'ref', ref: PROFILE_REF, required: true },
        { name: 'status', input: 'select', options: FORM_STATUSES, optionsKey: 'jobStatus', required: true },
      ],
    },
    {
      key: 'ride',
      fields: [
        { name: 'date', input: 'datetime', required: true },
        { name: 'from', input: 'place', required: true, ref: LOCATION_REF },
        { name: 'to', input: 'place', required: true, ref: LOCATION_REF },
        { name: 'terminal', input: 'text' },
        { name: 'seats', input: 'number', required: true },
        { name: 'adults', input: 'number' },
        { name: 'infants', input: 'number' },
        { name: 'checkedBags', input: 'number' },
        { name: 'carryon', input: 'number' },
        { name: 'ada', input: 'switch' },
        { name: 'wheelchair', input: 'switch' },
        { name: 'service', input: 'ref', ref: SERVICE_REF },
        { name: 'extraServices', input: 'refs', ref: { col: 'extraservices', label: ['name'] } },
        { name: 'waitMinutes', input: 'number' },
        // routing groups reservations marked AUTO together; empty leaves it to the router
        { name: 'forceJoin', input: 'select', options: ['AUTO'], optionsKey: 'forceJoin' },
      ],
    },
    {
      key: 'flight',
      fields: [
        { name: 'flight.date', input: 'datetime' },
        { name: 'flight.type', input: 'select', options: FLIGHT_TYPES, optionsKey: 'flightType' },
        { name: 'flight.airline', input: 'text' },
        { name: 'flight.number', input: 'text' },
        { name: 'flight.terminal', input: 'text' },
      ],
    },
    CAREGIVER_SECTION,
    {
      key: 'billing',
      fields: [
        { name: 'price', input: 'number' },
        { name: 'paymentType', input: 'select', options: PAYMENT_TYPES, optionsKey: 'paymentType', required: true },
        { name: 'billing.country', input: 'text' },
        { name: 'billing.state', input: 'text' },
        { name: 'billing.zip', input: 'text' },
        { name: 'externalId', input: 'text' },
      ],
    },
  ],
  search: ['firstName', 'lastName', 'phone', 'email', 'externalId'],
  duplicateKey: ['passenger', 'date', 'from.address', 'to.address'],
  dateField: 'date',
  savedFilters: { status: JOB_STATUSES, date: 'date', _id: 'number' },
  tabs: ['summary', 'notes', 'payments', 'history'],
  references: [
    { field: 'trip', ref: { col: 'trips', label: ['_id'], sameSiteAs: 'unit' } },
    { field: 'driver', ref: { col: 'drivers', label: ['lastName'], sameSiteAs: 'unit' } },
    { field: 'car', ref: { col: 'cars', label: ['name'], sameSiteAs: 'unit' } },
    { field: 'shuttle', ref: { col: 'shuttles', label: ['name'], sameSiteAs: 'unit' } },
    { field: 'shift', ref: SHIFT_REF },
    // a known place chosen in the form: a location of the reservation's site
    { field: 'from.location', ref: LOCATION_REF },
    { field: 'to.location', ref: LOCATION_REF },
  ],
});
