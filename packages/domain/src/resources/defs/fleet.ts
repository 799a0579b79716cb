import { z } from 'zod';
import { DIRECTIONS, PAYMENT_TYPES, RATE_TYPES, ROUTING_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  cardNumber,
  latitude,
  longitude,
  optionalRef,
  optionalText,
  refIds,
  requiredInt,
  requiredText,
  requiredTime,
  siteId,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';
import { additionsField, placeColumns, rateFormFields, rateShape } from './rates.ts';

const farePlace = z.looseObject({ type: z.enum(['location', 'area']), id: z.number().int().positive() }).optional();

/** School fares (create and edit in the schoolShuttles template): code required; additions need name, value and value type. */
export const fares: ResourceDef = resource({
  key: 'fares',
  collection: 'fares',
  entity: 'Fare',
  schema: z.looseObject({ unit: siteId(), ...rateShape, from: farePlace, to: farePlace, service: optionalRef() }),
  defaults: { biDir: true, rateType: 'ordinary', priority: 10, weekDays: [1, 2, 3, 4, 5], additions: [] },
  columns: [
    { field: 'code', link: true },
    { field: 'tag' },
    { field: 'parentTag' },
    { field: 'parentCode' },
    ...placeColumns,
    { field: 'price', format: 'money', filter: 'numberRange' },
    { field: 'rateType', format: 'enum', filter: 'enum', options: RATE_TYPES, optionsKey: 'rateType' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'fare',
      fields: [
        SITE_FIELD,
        { name: 'code', input: 'text', required: true },
        { name: 'tag', input: 'text' },
        { name: 'parentTag', input: 'text' },
        { name: 'parentCode', input: 'text' },
        ...rateFormFields,
      ],
    },
    { key: 'additions', fields: [additionsField] },
  ],
  search: ['code', 'tag', 'parentTag', 'parentCode'],
  duplicateKey: ['code'],
  tabs: ['history'],
});

/**
 * A blacklisted card. The form sends the full `number` (checked by Luhn); the server keeps only its
 * last four digits and a keyed fingerprint, so a stored record has `fingerprint` and no number.
 */
export const blacklist: ResourceDef = resource({
  key: 'blacklist',
  collection: 'blacklist',
  entity: 'Card',
  writeOnly: ['number'],
  schema: z
    .looseObject({
      unit: siteId(),
      number: cardNumber().optional(),
      fingerprint: z.string().optional(),
      reason: optionalText(),
    })
    .refine((c) => !!c.number || !!c.fingerprint, { path: ['number'], message: vk('cardInvalid') }),
  columns: [
    { field: 'last4' },
    { field: 'reason' },
    { field: 'createdBy' },
    { field: 'createdAt', format: 'datetime', filter: 'dateRange' },
  ],
  form: [
    {
      key: 'card',
      fields: [
        SITE_FIELD,
        { name: 'number', input: 'text', required: true, on: 'create' },
        { name: 'reason', input: 'text' },
      ],
    },
  ],
  search: ['last4', 'reason'],
  duplicateKey: ['fingerprint'],
  tabs: ['history'],
});

export const SHUTTLE_TIMINGS = ['flexible', 'fixed'] as const;

const shuttleTime = z.looseObject({
  hour: requiredTime(),
  limit: requiredInt().min(0, vk('notNegative')),
  weekDays: z.array(z.number().int().min(0).max(6)).optional(),
  busses: z.number().int().min(0).optional(),
});
const stop = z.looseObject({
  address: optionalText(),
  name: requiredText(),
  zone: optionalText(),
  lat: latitude(),
  lon: longitude(),
});

/** Spec section 5, Shuttle: site, code, name, pax, hour, limit, lat and lon required. */
export const shuttles: ResourceDef = resource({
  key: 'shuttles',
  actions: ['duplicate'],
  collection: 'shuttles',
  entity: 'Shuttle',
  schema: z.looseObject({
    unit: siteId(),
    code: requiredText(),
    name: requiredText(),
    line: optionalText(),
    area: optionalRef(),
    direction: z.enum(DIRECTIONS).optional(),
    supplier: optionalRef(),
    profile: optionalRef(),
    drivers: refIds(),
    pax: requiredInt().min(1, vk('positive')),
    paymentType: z.enum(PAYMENT_TYPES).optional(),
    routingType: z.enum(ROUTING_TYPES).optional(),
    timing: z.enum(SHUTTLE_TIMINGS).optional(),
    times: z.array(shuttleTime).optional(),
    stops: z.array(stop).optional(),
  }),
  defaults: { timing: 'fixed', routingType: 'bus', drivers: [], times: [], stops: [] },
  columns: [
    { field: 'code', link: true },
    { field: 'name', link: true },
    { field: 'line' },
    { field: 'direction', format: 'enum', filter: 'enum', options: DIRECTIONS, optionsKey: 'direction' },
    { field: 'pax', filter: 'numberRange' },
    { field: 'timing', format: 'enum', filter: 'enum', options: SHUTTLE_TIMINGS, optionsKey: 'shuttleTiming' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'shuttle',
      fields: [
        SITE_FIELD,
        { name: 'code', input: 'text', required: true },
        { name: 'name', input: 'text', required: true },
        { name: 'line', input: 'text' },
        { name: 'area', input: 'ref', ref: { col: 'areas', label: ['name'] } },
        { name: 'direction', input: 'select', options: DIRECTIONS, optionsKey: 'direction' },
        { name: 'supplier', input: 'ref', ref: { col: 'suppliers', label: ['name'] } },
        { name: 'profile', input: 'ref', ref: { col: 'profiles', label: ['name'] } },
        { name: 'drivers', input: 'refs', ref: { col: 'drivers', label: ['firstName', 'lastName'] } },
        { name: 'pax', input: 'number', required: true },
        { name: 'paymentType', input: 'select', options: PAYMENT_TYPES, optionsKey: 'paymentType' },
        { name: 'routingType', input: 'select', options: ROUTING_TYPES, optionsKey: 'routingType' },
        { name: 'timing', input: 'select', options: SHUTTLE_TIMINGS, optionsKey: 'shuttleTiming' },
      ],
    },
    {
      key: 'times',
      fields: [
        {
          name: 'times',
          input: 'list',
          item: [
            { name: 'hour', input: 'time', required: true },
            { name: 'limit', input: 'number', required: true },
            { name: 'busses', input: 'number' },
          ],
        },
      ],
    },
    {
      key: 'stops',
      fields: [
        {
          name: 'stops',
          input: 'list',
          item: [
            { name: 'name', input: 'text', required: true },
            { name: 'address', input: 'text' },
            { name: 'zone', input: 'text' },
            { name: 'lat', input: 'number', required: true },
            { name: 'lon', input: 'number', required: true },
          ],
        },
      ],
    },
  ],
  search: ['code', 'name', 'line'],
  duplicateKey: ['code'],
  tabs: ['history'],
});
