import { z } from 'zod';
import { DISTANCE_UNITS, DRIVER_STATUSES, PER_AREA_MATCH_MAX, USER_STATUSES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  notes,
  optionalNumber,
  optionalPhone,
  optionalPlace,
  optionalRef,
  optionalText,
  personName,
  refIds,
  requiredEmail,
  requiredPhone,
  siteId,
  suspension,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

/** Spec section 9: 0 = not considered, 1..999998 extra score, 999999 = only trips inside the driver's areas; at most 6 digits. */
const perAreaMatch = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .number({ error: vk('number') })
    .int(vk('integer'))
    .min(0, vk('notNegative'))
    .max(PER_AREA_MATCH_MAX, vk('perAreaMatch'))
    .optional(),
);

export const drivers: ResourceDef = resource({
  key: 'drivers',
  actions: ['signInPassword'],
  collection: 'drivers',
  entity: 'Driver',
  schema: z.looseObject({
    unit: siteId(),
    firstName: personName(),
    lastName: personName(),
    displayName: optionalText(),
    phone: requiredPhone(),
    email: requiredEmail(),
    driverStatus: z.enum(DRIVER_STATUSES).optional(),
    car: optionalRef(),
    assignedCar: optionalRef(),
    currentCar: optionalRef(),
    startAddress: optionalPlace(),
    firstTripDistance: optionalNumber().pipe(z.number().min(0, vk('notNegative')).optional()),
    firstTripDistanceUnit: z.enum(DISTANCE_UNITS).optional(),
    services: refIds(),
    areas: refIds(),
    externalId: optionalText(),
    perAreaMatch,
    suppliers: refIds(),
    attributes: refIds(),
    additionalPhone: optionalPhone(),
    status: z.enum(USER_STATUSES).optional(),
    suspended: z.boolean().optional(),
    suspension: suspension(),
    notes: notes(),
  }),
  defaults: {
    driverStatus: 'offline',
    firstTripDistanceUnit: 'miles',
    services: [],
    areas: [],
    suppliers: [],
    attributes: [],
  },
  columns: [
    { field: '_id', filter: 'none', hidden: true },
    { field: 'firstName', link: true },
    { field: 'lastName', link: true },
    { field: 'displayName', hidden: true },
    { field: 'phone' },
    { field: 'email' },
    { field: 'driverStatus', format: 'enum', filter: 'enum', options: DRIVER_STATUSES, optionsKey: 'driverStatus' },
    { field: 'car', format: 'ref', ref: { col: 'cars', label: ['name'] }, filter: 'none', sortable: false },
    { field: 'externalId' },
    { field: 'perAreaMatch', filter: 'numberRange', hidden: true },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'personal',
      fields: [
        SITE_FIELD,
        { name: 'firstName', input: 'text', required: true },
        { name: 'lastName', input: 'text', required: true },
        { name: 'displayName', input: 'text' },
        { name: 'phone', input: 'phone', required: true },
        { name: 'email', input: 'email', required: true },
        { name: 'externalId', input: 'text' },
        { name: 'driverStatus', input: 'select', options: DRIVER_STATUSES, optionsKey: 'driverStatus' },
      ],
    },
    {
      key: 'work',
      fields: [
        { name: 'assignedCar', input: 'ref', ref: { col: 'cars', label: ['name'] } },
        { name: 'currentCar', input: 'ref', ref: { col: 'cars', label: ['name'] } },
        { name: 'services', input: 'refs', ref: { col: 'services', label: ['name'] } },
        { name: 'areas', input: 'refs', ref: { col: 'areas', label: ['name'] } },
        { name: 'suppliers', input: 'refs', ref: { col: 'suppliers', label: ['name'] } },
        { name: 'attributes', input: 'refs', ref: { col: 'attributes', label: ['name'] } },
        { name: 'perAreaMatch', input: 'number' },
        { name: 'firstTripDistance', input: 'number' },
        { name: 'firstTripDistanceUnit', input: 'select', options: DISTANCE_UNITS, optionsKey: 'distanceUnit' },
        { name: 'startAddress', input: 'place' },
      ],
    },
  ],
  search: ['firstName', 'lastName', 'email', 'phone', 'externalId'],
  duplicateKey: ['firstName', 'lastName', 'phone'],
  savedFilters: { driverStatus: DRIVER_STATUSES, car: 'number' },
  tabs: ['notes', 'history'],
  suspend: true,
  unique: [{ fields: ['email'], message: 'Passenger/student/driver/area already exists' }],
});
