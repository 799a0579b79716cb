import { z } from 'zod';
import { USER_STATUSES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  notes,
  optionalDay,
  optionalNumber,
  optionalPlace,
  optionalText,
  refIds,
  requiredDay,
  requiredInt,
  requiredRefIds,
  requiredText,
  siteId,
  suspension,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

const insurance = z.looseObject({ type: optionalText(), start: optionalDay(), end: optionalDay() });

/** Spec section 5: name, pax, min seats, year, color, model, service, license expiry required; pax, year, min seats numeric. */
export const vehicles: ResourceDef = resource({
  key: 'vehicles',
  collection: 'cars',
  entity: 'Vehicle',
  schema: z
    .looseObject({
      unit: siteId(),
      name: requiredText(),
      year: requiredInt().min(1950, vk('number')).max(2100, vk('number')),
      make: optionalText(),
      model: requiredText(),
      color: requiredText(),
      code: optionalText(),
      location: optionalPlace(),
      productID: optionalText(),
      licensePlate: optionalText(),
      licenseExpiry: requiredDay(),
      mileage: optionalNumber(),
      mileageAtLastInspection: optionalNumber(),
      lastInspection: optionalDay(),
      nextInspection: optionalDay(),
      pax: requiredInt().min(1, vk('positive')),
      minSeats: requiredInt().min(0, vk('notNegative')),
      wheelchair: optionalNumber(),
      services: requiredRefIds(),
      suppliers: refIds(),
      attributes: refIds(),
      insurances: z.array(insurance).max(2).optional(),
      trailer: z
        .looseObject({
          length: optionalNumber(),
          width: optionalNumber(),
          height: optionalNumber(),
          maxWeight: optionalNumber(),
        })
        .optional(),
      status: z.enum(USER_STATUSES).optional(),
      suspended: z.boolean().optional(),
      suspension: suspension(),
      notes: notes(),
    })
    .refine((v) => typeof v.minSeats !== 'number' || typeof v.pax !== 'number' || v.minSeats <= v.pax, {
      path: ['minSeats'],
      message: vk('minSeatsAbovePax'),
    }),
  defaults: { status: 'active', services: [], suppliers: [], attributes: [], insurances: [] },
  columns: [
    { field: '_id', filter: 'none', hidden: true },
    { field: 'name', link: true },
    { field: 'code' },
    { field: 'productID', hidden: true },
    { field: 'licensePlate' },
    { field: 'make', hidden: true },
    { field: 'model' },
    { field: 'year', filter: 'numberRange' },
    { field: 'color' },
    { field: 'pax', filter: 'numberRange' },
    { field: 'minSeats', filter: 'numberRange', hidden: true },
    { field: 'licenseExpiry', format: 'date', filter: 'dateRange' },
    { field: 'status', format: 'enum', filter: 'enum', options: USER_STATUSES, optionsKey: 'userStatus' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'vehicle',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'code', input: 'text' },
        { name: 'make', input: 'text' },
        { name: 'model', input: 'text', required: true },
        { name: 'year', input: 'number', required: true },
        { name: 'color', input: 'text', required: true },
        { name: 'licensePlate', input: 'text' },
        { name: 'licenseExpiry', input: 'date', required: true },
        { name: 'productID', input: 'text' },
        { name: 'pax', input: 'number', required: true },
        { name: 'minSeats', input: 'number', required: true },
        { name: 'wheelchair', input: 'number' },
        { name: 'services', input: 'refs', ref: { col: 'services', label: ['name'] }, required: true },
        { name: 'suppliers', input: 'refs', ref: { col: 'suppliers', label: ['name'] } },
        { name: 'attributes', input: 'refs', ref: { col: 'attributes', label: ['name'] } },
      ],
    },
    {
      key: 'maintenance',
      fields: [
        { name: 'mileage', input: 'number' },
        { name: 'mileageAtLastInspection', input: 'number' },
        { name: 'lastInspection', input: 'date' },
        { name: 'nextInspection', input: 'date' },
        { name: 'location', input: 'place' },
        {
          name: 'insurances',
          input: 'list',
          item: [
            { name: 'type', input: 'text' },
            { name: 'start', input: 'date' },
            { name: 'end', input: 'date' },
          ],
        },
      ],
    },
    {
      key: 'trailer',
      template: 'trailers',
      fields: [
        { name: 'trailer.length', input: 'number' },
        { name: 'trailer.width', input: 'number' },
        { name: 'trailer.height', input: 'number' },
        { name: 'trailer.maxWeight', input: 'number' },
      ],
    },
  ],
  search: ['name', 'code', 'licensePlate', 'model', 'productID'],
  duplicateKey: ['licensePlate'],
  savedFilters: { productID: 'text', code: 'text' },
  tabs: ['notes', 'history'],
  suspend: true,
});
