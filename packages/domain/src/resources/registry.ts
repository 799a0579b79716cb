import type { ModuleKey } from '../permissions/modules.ts';
import type { Fields } from './fields.ts';
import { PLACE } from './fields.ts';

/**
 * What the store and the access rules need to know of a collection. Screens (columns, forms) are
 * added per resource on top of this (issue 3); the name is the table, the protocol's `col`, the
 * i18n prefix and the permission's resource.
 */
export interface CollectionDef {
  name: string;
  /** Module whose actions guard the collection; `null` when an act-specific rule applies. */
  module: ModuleKey | null;
  /** Records carry `unit` and users below admin only see their own site's. */
  siteScoped: boolean;
  /** Site-scoped, but a record without a site applies to every site (settings, holidays); scoped users read those too. */
  unitOptional?: boolean;
  fields: Fields;
  /** Text fields kept in real columns (generated from the document) so filters, sorts and counts use indexes. */
  hot?: readonly string[];
  /** Column lists to index, by field name (hot fields or `unit`). */
  indexes?: readonly (readonly string[])[];
  /** Hot fields no two records share where set (a unique index that skips records without one). */
  uniqueHot?: readonly string[];
  /** Hot text fields searched with case-insensitive regex: trigram-indexed. */
  trigram?: readonly string[];
  /** Default sort of lists. */
  defaultSort?: Record<string, 1 | -1>;
  /**
   * The module action each generic operation needs, where it is not the usual view/create/edit
   * (modules whose catalog has no create or edit, spec section 6).
   */
  actions?: Partial<Record<'find' | 'insert' | 'update' | 'delete' | 'export', string>>;
  /** Written only by the server's own acts, never by `insert`/`update`/`delete`. */
  readOnly?: boolean;
  /** Personal records: each belongs to the user whose id this field holds; everyone reads and writes only their own. */
  ownerField?: string;
  /** Whose a record is for a user held to one supplier (the supplier role): see SupplierScope. */
  supplierScope?: SupplierScope;
}

/**
 * How a record belongs to a supplier, for users held to one (issue 15; docs/permissions.md): its
 * own field naming the supplier (an id, or ids of which one is enough; `_id` for the supplier
 * itself); the record its field `via` refers to in `col` belonging to the supplier (a reservation
 * through its trip, a shift through its driver); or `none`, nobody's (a supplier's user sees none).
 * A collection without one is reference data every user of the site reads.
 */
export type SupplierScope = { field: string } | { via: string; col: string } | { none: true };

const person: Fields = {
  firstName: 'text',
  lastName: 'text',
  name: 'text',
  email: 'text',
  phone: 'text',
  additionalPhone: 'text',
  status: 'text',
  suspended: 'bool',
  suspension: 'json',
  notes: 'json',
  attributes: 'ids',
};

/** What rates and fares both hold: the fare engine reads them alike (packages/domain/src/fares). */
const RATE_FIELDS: Fields = {
  code: 'text',
  from: 'json',
  to: 'json',
  biDir: 'bool',
  service: 'id',
  price: 'number',
  rateType: 'text',
  priority: 'number',
  startDate: 'date',
  endDate: 'date',
  startTime: 'text',
  endTime: 'text',
  distanceFrom: 'number',
  distanceTo: 'number',
  weekDays: 'ids',
  tag: 'text',
  parentTag: 'text',
  parentCode: 'text',
  additions: 'json',
  holiday: 'bool',
  perPassenger: 'bool',
  type: 'text',
};

const collections: CollectionDef[] = [
  {
    name: 'units',
    module: 'editSites',
    siteScoped: false,
    fields: { name: 'text', type: 'text', address: PLACE, timeZone: 'text' },
  },
  {
    name: 'users',
    module: 'users',
    siteScoped: true,
    fields: {
      ...person,
      role: 'text',
      language: 'text',
      supplier: 'id',
      /** A driver's login: the drivers record it signs in as. */
      driver: 'id',
      favoriteTrips: 'ids',
      code: 'text',
      ada: 'bool',
      profiles: 'ids',
      profile: 'id',
      home: PLACE,
      home2: PLACE,
      office: PLACE,
      work: PLACE,
      address: PLACE,
      mainAddress: PLACE,
      alternateAddress: PLACE,
      paymentTypes: 'json',
      opusCard: 'text',
      health: 'json',
      caregiver: 'json',
      children: 'ids',
      registerWith: 'text',
      registerDate: 'date',
      dateOfBirth: 'date',
      gender: 'text',
      school: 'text',
      academicYear: 'text',
      level: 'text',
      class: 'text',
      firstReservation: 'date',
      lastReservation: 'date',
    },
    hot: ['role', 'lastName', 'email', 'status'],
    indexes: [['role', 'unit'], ['lastName'], ['email']],
    trigram: ['lastName'],
    defaultSort: { lastName: 1 },
  },
  {
    name: 'jobs',
    supplierScope: { via: 'trip', col: 'trips' },
    module: 'jobs',
    siteScoped: true,
    fields: {
      status: 'text',
      date: 'date',
      passenger: 'id',
      firstName: 'text',
      lastName: 'text',
      phone: 'text',
      email: 'text',
      from: PLACE,
      to: PLACE,
      terminal: 'text',
      seats: 'number',
      adults: 'number',
      infants: 'number',
      checkedBags: 'number',
      carryon: 'number',
      ada: 'bool',
      wheelchair: 'bool',
      flight: 'json',
      caregiver: 'json',
      service: 'id',
      profile: 'id',
      recurring: 'json',
      roundTrip: 'bool',
      price: 'number',
      paymentType: 'text',
      payment: 'json',
      billing: 'json',
      externalId: 'text',
      legs: 'json',
      notes: 'json',
      trip: 'id',
      driver: 'id',
      car: 'id',
      waitMinutes: 'number',
      forceJoin: 'text',
      extraServices: 'json',
      direction: 'text',
      shuttle: 'id',
      quote: 'json',
      series: 'id',
      // a reservation made from a shift: its shift, rider, day and direction (jobs/shifts.ts)
      shift: 'id',
      shiftKey: 'text',
      // when its trip's driver picked it up and dropped it off (site time)
      pickedAt: 'date',
      droppedAt: 'date',
    },
    hot: ['status', 'date', 'lastName', 'shiftKey'],
    uniqueHot: ['shiftKey'],
    // (unit, date, status): a day's page by an index-only scan whatever the status set; (unit, status, date): counts
    indexes: [['unit', 'date', 'status'], ['unit', 'status', 'date'], ['date']],
    trigram: ['lastName'],
    defaultSort: { date: -1 },
  },
  {
    // a recurring reservation, stored once: its rule, its first date, the reservation it repeats
    // and the last date booked so far (the server books further as days pass)
    name: 'jobseries',
    // a rule of reservations to come: assigned to no one yet
    supplierScope: { none: true },
    module: 'jobs',
    siteScoped: true,
    readOnly: true,
    fields: { start: 'date', recurring: 'json', template: 'json', through: 'date', more: 'bool' },
    hot: ['through'],
    indexes: [['through']],
    defaultSort: { _id: -1 },
  },
  {
    name: 'trips',
    supplierScope: { field: 'supplier' },
    module: 'trips',
    siteScoped: true,
    // trips are made by routing and assignment; a manual one is an assignment, a change a status change
    actions: { insert: 'assign', update: 'changeStatus', delete: 'changeStatus' },
    fields: {
      status: 'text',
      date: 'date',
      from: PLACE,
      to: PLACE,
      seats: 'number',
      profile: 'id',
      stops: 'ids',
      distance: 'number',
      duration: 'number',
      service: 'id',
      supplier: 'id',
      driver: 'id',
      car: 'id',
      attribute: 'id',
      externalId: 'text',
      waitUntil: 'date',
      line: 'text',
      notes: 'json',
      assignLog: 'json',
      messages: 'json',
      plan: 'json',
      rules: 'json',
      /** The road blocks its way passes (rebuildroadblocks). */
      blocked: 'ids',
      /** The reservations whose stop its ETA reaches past the stop's time window (the late sweep). */
      late: 'ids',
    },
    hot: ['status', 'date'],
    indexes: [
      ['unit', 'date', 'status'],
      ['unit', 'status', 'date'],
    ],
    defaultSort: { date: -1 },
  },
  {
    name: 'drivers',
    supplierScope: { field: 'suppliers' },
    module: 'drivers',
    siteScoped: true,
    fields: {
      ...person,
      displayName: 'text',
      driverStatus: 'text',
      car: 'id',
      assignedCar: 'id',
      currentCar: 'id',
      startAddress: PLACE,
      firstTripDistance: 'number',
      firstTripDistanceUnit: 'text',
      services: 'ids',
      areas: 'ids',
      externalId: 'text',
      perAreaMatch: 'number',
      suppliers: 'ids',
      location: PLACE,
    },
    hot: ['lastName', 'driverStatus'],
    indexes: [['unit', 'lastName']],
    trigram: ['lastName'],
    defaultSort: { lastName: 1 },
  },
  {
    name: 'cars',
    supplierScope: { field: 'suppliers' },
    module: 'vehicles',
    siteScoped: true,
    fields: {
      name: 'text',
      year: 'number',
      make: 'text',
      model: 'text',
      color: 'text',
      code: 'text',
      location: PLACE,
      productID: 'text',
      licensePlate: 'text',
      mileage: 'number',
      mileageAtLastInspection: 'number',
      lastInspection: 'date',
      nextInspection: 'date',
      licenseExpiry: 'date',
      pax: 'number',
      minSeats: 'number',
      wheelchair: 'number',
      services: 'ids',
      suppliers: 'ids',
      insurances: 'json',
      trailer: 'json',
      attributes: 'ids',
      status: 'text',
      suspended: 'bool',
      suspension: 'json',
      notes: 'json',
    },
    hot: ['name', 'code'],
    defaultSort: { name: 1 },
  },
  {
    name: 'shuttles',
    supplierScope: { field: 'supplier' },
    module: 'shuttles',
    siteScoped: true,
    fields: {
      code: 'text',
      name: 'text',
      line: 'text',
      area: 'id',
      direction: 'text',
      supplier: 'id',
      profile: 'id',
      drivers: 'ids',
      pax: 'number',
      paymentType: 'text',
      routingType: 'text',
      timing: 'text',
      times: 'json',
      stops: 'json',
    },
    defaultSort: { code: 1 },
  },
  {
    name: 'driverShifts',
    supplierScope: { via: 'driver', col: 'drivers' },
    module: 'driversShifts',
    siteScoped: true,
    fields: {
      driver: 'id',
      start: 'date',
      end: 'date',
      supplier: 'id',
      address: PLACE,
      firstTripDistance: 'number',
      areas: 'ids',
      breaks: 'json',
    },
    hot: ['start'],
    indexes: [['unit', 'start']],
    defaultSort: { start: -1 },
  },
  {
    name: 'shifts',
    module: 'shifts',
    siteScoped: true,
    fields: {
      name: 'text',
      status: 'text',
      start: 'text',
      end: 'text',
      year: 'text',
      direction: 'text',
      weekDays: 'ids',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'services',
    module: 'services',
    siteScoped: false,
    fields: { name: 'text', type: 'text', profileType: 'text', maxPassengers: 'number', sharedWith: 'ids' },
    defaultSort: { name: 1 },
  },
  {
    name: 'holidays',
    module: 'parameters',
    siteScoped: true,
    unitOptional: true,
    fields: { name: 'text', code: 'text', date: 'date', start: 'date', end: 'date' },
    defaultSort: { start: 1 },
  },
  {
    name: 'rates',
    module: 'rates',
    siteScoped: true,
    fields: { ...RATE_FIELDS, notes: 'json' },
    defaultSort: { code: 1 },
  },
  {
    name: 'fares',
    module: 'fares',
    siteScoped: true,
    fields: RATE_FIELDS,
    defaultSort: { code: 1 },
  },
  {
    name: 'locations',
    module: 'locations',
    siteScoped: true,
    fields: {
      name: 'text',
      type: 'text',
      address: 'text',
      lat: 'number',
      lon: 'number',
      radius: 'number',
      waitTime: 'number',
      subLocations: 'json',
      waits: 'json',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'suppliers',
    supplierScope: { field: '_id' },
    module: 'suppliers',
    siteScoped: true,
    fields: {
      name: 'text',
      status: 'text',
      areas: 'ids',
      offPeak: 'json',
      defaultCommission: 'number',
      priorityScoring: 'number',
      bookingLimitMinutes: 'number',
      multiplePassengerDetails: 'bool',
      maxPassengers: 'number',
      contact: 'json',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'extraservices',
    module: 'extraServices',
    siteScoped: true,
    fields: {
      name: 'text',
      profileType: 'text',
      description: 'text',
      basePrice: 'number',
      extraPrice: 'number',
      baseUpTo: 'number',
      surcharge: 'number',
      type: 'text',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'profiles',
    module: 'profiles',
    siteScoped: true,
    fields: {
      name: 'text',
      status: 'text',
      profileType: 'text',
      type: 'text',
      rateType: 'text',
      sharedWith: 'ids',
      email: 'text',
      phone: 'text',
      fax: 'text',
      startDate: 'date',
      billing: 'json',
      notes: 'json',
      contacts: 'json',
      jobPreferences: 'json',
      rules: 'json',
      passengers: 'ids',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'areas',
    module: 'areasZonePricing',
    siteScoped: true,
    fields: { name: 'text', type: 'text', map: 'json', color: 'text' },
    defaultSort: { name: 1 },
  },
  {
    name: 'attributes',
    module: 'attributes',
    siteScoped: true,
    fields: { name: 'text', assignPriority: 'number', parameters: 'json' },
    defaultSort: { name: 1 },
  },
  {
    name: 'assignPriorityGroups',
    module: 'driverAssignment',
    siteScoped: true,
    fields: { name: 'text', attributes: 'ids', assignPriority: 'number' },
    defaultSort: { assignPriority: 1 },
  },
  {
    name: 'ratetypes',
    module: 'rateTypes',
    siteScoped: false,
    fields: { name: 'text', code: 'text', minAge: 'number', maxAge: 'number' },
    defaultSort: { name: 1 },
  },
  {
    name: 'settings',
    module: 'parameters',
    siteScoped: true,
    unitOptional: true,
    fields: {
      name: 'text',
      label: 'text',
      description: 'text',
      category: 'text',
      profiles: 'ids',
      type: 'text',
      value: 'json',
    },
    defaultSort: { name: 1 },
  },
  {
    name: 'blacklist',
    module: 'blacklist',
    siteScoped: true,
    fields: { last4: 'text', fingerprint: 'text', reason: 'text' },
    defaultSort: { _id: -1 },
  },
  {
    name: 'roadblocks',
    module: 'liveMap',
    siteScoped: true,
    // spec section 2: the road blocks screen needs LiveMap, whose only action is view
    actions: { insert: 'view', update: 'view', delete: 'view' },
    fields: { name: 'text', lat: 'number', lon: 'number' },
  },
  {
    // the routing scheduler (add-on 550, docs/routing.md): kept by those who route
    name: 'routingSchedules',
    supplierScope: { none: true },
    module: 'jobs',
    siteScoped: true,
    actions: { find: 'route', insert: 'route', update: 'route', delete: 'route', export: 'route' },
    fields: {
      name: 'text',
      status: 'text',
      assign: 'bool',
      repeat: 'text',
      time: 'text',
      daysAhead: 'number',
      minutes: 'number',
      hoursAhead: 'number',
      seconds: 'number',
    },
    defaultSort: { name: 1 },
  },
  {
    // a schedule's runs, written by the scheduler only
    name: 'routingRuns',
    supplierScope: { none: true },
    module: 'jobs',
    siteScoped: true,
    actions: { find: 'route', export: 'route' },
    readOnly: true,
    fields: {
      schedule: 'id',
      name: 'text',
      outcome: 'text',
      dueAt: 'date',
      startedAt: 'date',
      endedAt: 'date',
      assign: 'bool',
      days: 'texts',
      trips: 'ids',
      routed: 'number',
      queued: 'number',
      missed: 'number',
      vehicles: 'number',
      km: 'number',
      log: 'json',
      unassigned: 'json',
      run: 'json',
    },
    defaultSort: { _id: -1 },
  },
  {
    name: 'trans',
    supplierScope: { via: 'job', col: 'jobs' },
    module: 'accounting',
    siteScoped: true,
    fields: {
      job: 'id',
      amount: 'number',
      type: 'text',
      status: 'text',
      reference: 'text',
      last4: 'text',
      date: 'date',
    },
    defaultSort: { date: -1 },
  },
  {
    name: 'roles',
    module: 'users',
    siteScoped: false,
    fields: { roleId: 'number', roleCode: 'text', roleName: 'text', startDate: 'date', permissions: 'json' },
    defaultSort: { roleId: 1 },
    readOnly: true,
  },
  {
    name: 'modules',
    module: 'users',
    siteScoped: false,
    fields: { moduleCode: 'text', moduleName: 'text', moduleKey: 'text', actions: 'texts' },
    defaultSort: { moduleCode: 1 },
    readOnly: true,
  },
  {
    name: 'views',
    module: null,
    ownerField: 'user',
    siteScoped: false,
    fields: { col: 'text', id: 'id', user: 'id', time: 'date' },
    defaultSort: { time: -1 },
  },
  {
    name: 'outbox',
    module: 'messages',
    // the recipient's site: staff read the mail of their own site (and mail to no site)
    siteScoped: true,
    unitOptional: true,
    fields: { to: 'text', subject: 'text', text: 'text', html: 'text', time: 'date', kind: 'text', hasLink: 'bool' },
    defaultSort: { time: -1 },
    readOnly: true,
  },
];

export const COLLECTIONS: ReadonlyMap<string, CollectionDef> = new Map(collections.map((c) => [c.name, c]));

/** The history collection is a log, not a table of documents: the store reads it its own way. */
export const HISTORY_FIELDS: Fields = {
  _id: 'id',
  collection: 'text',
  id: 'id',
  time: 'date',
  user: 'text',
  userId: 'id',
  operation: 'text',
  data: 'json',
  unit: 'id',
};

export function collectionDef(name: string): CollectionDef | undefined {
  return COLLECTIONS.get(name);
}
