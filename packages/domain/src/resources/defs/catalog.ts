import { z } from 'zod';
import { DIRECTIONS, PROFILE_TYPES, RATE_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  optionalDay,
  optionalEmail,
  optionalNumber,
  optionalPhone,
  optionalPlace,
  optionalSite,
  optionalText,
  optionalTime,
  refIds,
  requiredNumber,
  requiredText,
  requiredTime,
  siteId,
  weekDays,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

export const ACTIVE_INACTIVE = ['active', 'inactive'] as const;
/** Spec section 4: a shift is active or not active. */
export const SHIFT_STATUSES = ['active', 'not active'] as const;

export const suppliers: ResourceDef = resource({
  key: 'suppliers',
  collection: 'suppliers',
  entity: 'Supplier',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    status: z.enum(ACTIVE_INACTIVE).default('active'),
    areas: refIds(),
    defaultCommission: optionalNumber(),
    priorityScoring: optionalNumber(),
    bookingLimitMinutes: optionalNumber(),
    multiplePassengerDetails: z.boolean().optional(),
    maxPassengers: optionalNumber(),
    /** Off-peak hours (a daily window) and the commission that applies in them. */
    offPeak: z.looseObject({ start: optionalTime(), end: optionalTime(), commission: optionalNumber() }).optional(),
    contact: z
      .looseObject({
        firstName: optionalText(),
        lastName: optionalText(),
        phone: optionalPhone(),
        email: optionalEmail(),
      })
      .optional(),
  }),
  defaults: { status: 'active', areas: [] },
  columns: [
    { field: 'name', link: true },
    { field: 'status', format: 'enum', filter: 'enum', options: ACTIVE_INACTIVE, optionsKey: 'activeStatus' },
    { field: 'defaultCommission', filter: 'numberRange' },
    { field: 'maxPassengers', filter: 'numberRange' },
    { field: 'contact.email' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'supplier',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'status', input: 'select', options: ACTIVE_INACTIVE, optionsKey: 'activeStatus' },
        { name: 'areas', input: 'refs', ref: { col: 'areas', label: ['name'] } },
        { name: 'defaultCommission', input: 'number' },
        { name: 'priorityScoring', input: 'number' },
        { name: 'bookingLimitMinutes', input: 'number' },
        { name: 'maxPassengers', input: 'number' },
        { name: 'multiplePassengerDetails', input: 'switch' },
      ],
    },
    {
      key: 'offPeak',
      fields: [
        { name: 'offPeak.start', input: 'time' },
        { name: 'offPeak.end', input: 'time' },
        { name: 'offPeak.commission', input: 'number' },
      ],
    },
    {
      key: 'contact',
      fields: [
        { name: 'contact.firstName', input: 'text' },
        { name: 'contact.lastName', input: 'text' },
        { name: 'contact.phone', input: 'phone' },
        { name: 'contact.email', input: 'email' },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name'],
  savedFilters: { name: 'text', status: ACTIVE_INACTIVE },
  tabs: ['history'],
});

export const services: ResourceDef = resource({
  key: 'services',
  collection: 'services',
  entity: 'Service',
  schema: z.looseObject({
    name: requiredText(),
    type: optionalText(),
    profileType: z.enum(PROFILE_TYPES).optional(),
    maxPassengers: optionalNumber(),
    sharedWith: refIds(),
  }),
  defaults: { sharedWith: [] },
  columns: [
    { field: 'name', link: true },
    { field: 'type' },
    { field: 'profileType', format: 'enum', filter: 'enum', options: PROFILE_TYPES, optionsKey: 'profileType' },
    { field: 'maxPassengers', filter: 'numberRange' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'service',
      fields: [
        { name: 'name', input: 'text', required: true },
        { name: 'type', input: 'text' },
        { name: 'profileType', input: 'select', options: PROFILE_TYPES, optionsKey: 'profileType' },
        { name: 'maxPassengers', input: 'number' },
        { name: 'sharedWith', input: 'refs', ref: { col: 'services', label: ['name'] } },
      ],
    },
  ],
  search: ['name', 'type'],
  duplicateKey: ['name'],
  savedFilters: { profileType: PROFILE_TYPES.filter((p) => p !== 'receptive operator') },
  tabs: ['history'],
});

export const ratetypes: ResourceDef = resource({
  key: 'ratetypes',
  collection: 'ratetypes',
  entity: 'Rate Type',
  schema: z.looseObject({
    name: requiredText(),
    code: optionalText(),
    minAge: optionalNumber(),
    maxAge: optionalNumber(),
  }),
  columns: [{ field: 'name', link: true }, { field: 'code' }, { field: 'minAge' }, { field: 'maxAge' }, CREATED_COLUMN],
  form: [
    {
      key: 'rateType',
      fields: [
        { name: 'name', input: 'select', options: RATE_TYPES, optionsKey: 'rateType', required: true },
        { name: 'code', input: 'text' },
        { name: 'minAge', input: 'number' },
        { name: 'maxAge', input: 'number' },
      ],
    },
  ],
  search: ['name', 'code'],
  duplicateKey: ['name'],
  tabs: ['history'],
});

export const extraservices: ResourceDef = resource({
  key: 'extraservices',
  collection: 'extraservices',
  entity: 'Extra Service',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    profileType: z.enum(PROFILE_TYPES).optional(),
    description: optionalText(),
    basePrice: requiredNumber().min(0, vk('notNegative')),
    extraPrice: optionalNumber(),
    baseUpTo: optionalNumber(),
    surcharge: optionalNumber(),
  }),
  columns: [
    { field: 'name', link: true },
    { field: 'profileType', format: 'enum', filter: 'enum', options: PROFILE_TYPES, optionsKey: 'profileType' },
    { field: 'basePrice', format: 'money', filter: 'numberRange' },
    { field: 'extraPrice', format: 'money' },
    { field: 'baseUpTo' },
    { field: 'surcharge', format: 'money' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'extraService',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'profileType', input: 'select', options: PROFILE_TYPES, optionsKey: 'profileType' },
        { name: 'basePrice', input: 'number', required: true },
        { name: 'baseUpTo', input: 'number' },
        { name: 'extraPrice', input: 'number' },
        { name: 'surcharge', input: 'number' },
        { name: 'description', input: 'textarea' },
      ],
    },
  ],
  search: ['name', 'description'],
  duplicateKey: ['name'],
  savedFilters: { profileType: PROFILE_TYPES },
  tabs: ['history'],
});

/** Spec section 5, Shift: name, start, end, year and direction required; at least one weekday. */
export const shifts: ResourceDef = resource({
  key: 'shifts',
  collection: 'shifts',
  entity: 'Shift',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    status: z.enum(SHIFT_STATUSES).default('active'),
    start: requiredTime(),
    end: requiredTime(),
    year: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), requiredText()),
    direction: z.enum(DIRECTIONS, { error: vk('required') }),
    weekDays: weekDays(),
  }),
  defaults: { status: 'active', direction: 'both', weekDays: [1, 2, 3, 4, 5] },
  columns: [
    { field: 'name', link: true },
    { field: 'status', format: 'enum', filter: 'enum', options: SHIFT_STATUSES, optionsKey: 'shiftStatus' },
    { field: 'start' },
    { field: 'end' },
    { field: 'year' },
    { field: 'direction', format: 'enum', filter: 'enum', options: DIRECTIONS, optionsKey: 'direction' },
    { field: 'weekDays', format: 'list', filter: 'none', sortable: false },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'shift',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'status', input: 'select', options: SHIFT_STATUSES, optionsKey: 'shiftStatus' },
        { name: 'start', input: 'time', required: true },
        { name: 'end', input: 'time', required: true },
        { name: 'year', input: 'text', required: true },
        { name: 'direction', input: 'select', options: DIRECTIONS, optionsKey: 'direction', required: true },
        { name: 'weekDays', input: 'weekdays', required: true },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name', 'start', 'end'],
  savedFilters: { status: SHIFT_STATUSES, direction: DIRECTIONS },
  tabs: ['history'],
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/;
const dateTime = () => requiredText().regex(DATE_TIME, vk('dateInvalid'));
const period = z.looseObject({ start: dateTime(), end: dateTime() });

export const driverShifts: ResourceDef = resource({
  key: 'driverShifts',
  actions: ['multiCreate'],
  collection: 'driverShifts',
  entity: 'Driver Shift',
  schema: z
    .looseObject({
      unit: siteId(),
      driver: z
        .number({ error: vk('required') })
        .int()
        .positive(vk('required')),
      start: dateTime(),
      end: dateTime(),
      supplier: z.number().int().positive().optional(),
      firstTripDistance: optionalNumber(),
      address: optionalPlace(),
      areas: refIds(),
      breaks: z.array(period).optional(),
    })
    .refine((s) => s.end > s.start, { path: ['end'], message: vk('endBeforeStart') }),
  defaults: { areas: [], breaks: [] },
  columns: [
    {
      field: 'driver',
      format: 'ref',
      ref: { col: 'drivers', label: ['firstName', 'lastName'] },
      filter: 'none',
      link: true,
    },
    { field: 'start', filter: 'dateRange' },
    { field: 'end', filter: 'dateRange' },
    { field: 'supplier', format: 'ref', ref: { col: 'suppliers', label: ['name'] }, filter: 'none' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'driverShift',
      fields: [
        SITE_FIELD,
        { name: 'driver', input: 'ref', ref: { col: 'drivers', label: ['firstName', 'lastName'] }, required: true },
        { name: 'start', input: 'datetime', required: true },
        { name: 'end', input: 'datetime', required: true },
        { name: 'supplier', input: 'ref', ref: { col: 'suppliers', label: ['name'] } },
        { name: 'firstTripDistance', input: 'number' },
        { name: 'areas', input: 'refs', ref: { col: 'areas', label: ['name'] } },
        { name: 'address', input: 'place' },
        {
          name: 'breaks',
          input: 'list',
          item: [
            { name: 'start', input: 'datetime', required: true },
            { name: 'end', input: 'datetime', required: true },
          ],
        },
      ],
    },
  ],
  search: ['start', 'end'],
  duplicateKey: ['driver', 'start'],
  dateField: 'start',
  savedFilters: { start: 'date' },
  tabs: ['history'],
});

/** A holiday: one date, or a start and an end; for every site or one. */
export const holidays: ResourceDef = resource({
  key: 'holidays',
  collection: 'holidays',
  entity: 'Holiday',
  schema: z
    .looseObject({
      unit: optionalSite(),
      name: requiredText(),
      code: optionalText(),
      date: optionalDay(),
      start: optionalDay(),
      end: optionalDay(),
    })
    .refine((h) => !!h.date || (!!h.start && !!h.end), { path: ['date'], message: vk('required') })
    .refine((h) => !h.start || !h.end || h.end >= h.start, { path: ['end'], message: vk('endBeforeStart') }),
  columns: [
    { field: 'name', link: true },
    { field: 'code' },
    { field: 'date', format: 'date', filter: 'dateRange' },
    { field: 'start', format: 'date', filter: 'dateRange' },
    { field: 'end', format: 'date', filter: 'dateRange' },
    { field: 'unit', format: 'ref', ref: { col: 'units', label: ['name'] }, filter: 'none' },
  ],
  form: [
    {
      key: 'holiday',
      fields: [
        { name: 'name', input: 'text', required: true },
        { name: 'code', input: 'text' },
        { name: 'date', input: 'date' },
        { name: 'start', input: 'date' },
        { name: 'end', input: 'date' },
        { name: 'unit', input: 'ref', ref: { col: 'units', label: ['name'] } },
      ],
    },
  ],
  search: ['name', 'code'],
  duplicateKey: ['name', 'date'],
  tabs: ['history'],
});

export const UNIT_TYPES = ['Default', 'School', 'Employees'] as const;

export const sites: ResourceDef = resource({
  key: 'sites',
  collection: 'units',
  entity: 'Site',
  schema: z.looseObject({
    name: requiredText(),
    type: z.enum(UNIT_TYPES, { error: vk('required') }),
    timeZone: optionalText(),
    address: optionalPlace(),
  }),
  defaults: { type: 'Default', timeZone: 'America/Toronto' },
  columns: [
    { field: 'name', link: true },
    { field: 'type', format: 'enum', filter: 'enum', options: UNIT_TYPES, optionsKey: 'unitType' },
    { field: 'timeZone' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'site',
      fields: [
        { name: 'name', input: 'text', required: true },
        { name: 'type', input: 'select', options: UNIT_TYPES, optionsKey: 'unitType', required: true },
        { name: 'timeZone', input: 'text' },
        { name: 'address', input: 'place' },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name'],
  savedFilters: { type: UNIT_TYPES },
  tabs: ['history'],
});

export const attributes: ResourceDef = resource({
  key: 'attributes',
  collection: 'attributes',
  entity: 'Attribute',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    assignPriority: optionalNumber(),
    parameters: z.record(z.string(), z.unknown(), { error: vk('required') }),
  }),
  defaults: { parameters: {} },
  columns: [{ field: 'name', link: true }, { field: 'assignPriority', filter: 'numberRange' }, CREATED_COLUMN],
  form: [
    {
      key: 'attribute',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'assignPriority', input: 'number' },
        { name: 'parameters', input: 'json', required: true },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name'],
  tabs: ['history'],
});

export const assignPriority: ResourceDef = resource({
  key: 'assignPriority',
  collection: 'assignPriorityGroups',
  entity: 'Assign Priority',
  schema: z.looseObject({
    unit: siteId(),
    name: optionalText(),
    attributes: z.array(z.number().int().positive(), { error: vk('required') }).min(1, vk('required')),
    assignPriority: requiredNumber(),
  }),
  defaults: { attributes: [] },
  columns: [
    { field: 'name', link: true },
    {
      field: 'attributes',
      format: 'refs',
      ref: { col: 'attributes', label: ['name'] },
      filter: 'none',
      sortable: false,
    },
    { field: 'assignPriority', filter: 'numberRange' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'assignPriority',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text' },
        { name: 'attributes', input: 'refs', ref: { col: 'attributes', label: ['name'] }, required: true },
        { name: 'assignPriority', input: 'number', required: true },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['assignPriority'],
  tabs: ['history'],
});
