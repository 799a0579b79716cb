import { z } from 'zod';
import { LOCATION_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import { latitude, longitude, optionalNumber, requiredText, siteId } from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

export const AREA_TYPES = ['zone-pricing', 'routing-zone'] as const;

const point = z.looseObject({ name: requiredText(), lat: latitude().optional(), lon: longitude().optional() });
const wait = z.looseObject({
  name: requiredText(),
  minutes: z
    .number({ error: vk('number') })
    .int()
    .min(0, vk('notNegative')),
});

/** A location: address with coordinates, terminals (sub-locations), waits in minutes. */
export const locations: ResourceDef = resource({
  key: 'locations',
  collection: 'locations',
  entity: 'Location',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    type: z.enum(LOCATION_TYPES).optional(),
    address: requiredText(),
    lat: latitude(),
    lon: longitude(),
    radius: optionalNumber(),
    waitTime: optionalNumber(),
    subLocations: z.array(point).optional(),
    waits: z.array(wait).optional(),
  }),
  defaults: { type: 'location', subLocations: [], waits: [] },
  columns: [
    { field: 'name', link: true },
    { field: 'type', format: 'enum', filter: 'enum', options: LOCATION_TYPES, optionsKey: 'locationType' },
    { field: 'address', tooltipOver: 20, wide: true },
    { field: 'waitTime', filter: 'numberRange' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'location',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'type', input: 'select', options: LOCATION_TYPES, optionsKey: 'locationType' },
        { name: 'address', input: 'text', required: true },
        { name: 'position', input: 'point', coords: { lat: 'lat', lon: 'lon' }, required: true },
        { name: 'radius', input: 'number' },
        { name: 'waitTime', input: 'number' },
      ],
    },
    {
      key: 'terminals',
      fields: [
        {
          name: 'subLocations',
          input: 'list',
          item: [
            { name: 'name', input: 'text', required: true },
            { name: 'lat', input: 'number' },
            { name: 'lon', input: 'number' },
          ],
        },
        {
          name: 'waits',
          input: 'list',
          item: [
            { name: 'name', input: 'text', required: true },
            { name: 'minutes', input: 'number', required: true },
          ],
        },
      ],
    },
  ],
  search: ['name', 'address'],
  duplicateKey: ['name'],
  savedFilters: { type: ['', 'airport'] },
  tabs: ['history'],
});

/** A polygon as GeoJSON: one closed ring of at least 3 distinct points. */
const polygon = z
  .looseObject(
    { type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()).min(2))).min(1) },
    { error: vk('polygon') },
  )
  .refine((p) => (p.coordinates[0]?.length ?? 0) >= 4, vk('polygon'));

/** Areas: name and type required; the polygon of the zone. */
export const areas: ResourceDef = resource({
  key: 'areas',
  collection: 'areas',
  entity: 'Area',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    type: z.enum(AREA_TYPES, { error: vk('required') }),
    color: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .regex(/^#[0-9a-f]{6}$/i, vk('colorInvalid'))
        .optional(),
    ),
    map: polygon,
  }),
  defaults: { type: 'zone-pricing' },
  columns: [
    { field: 'name', link: true },
    { field: 'type', format: 'enum', filter: 'enum', options: AREA_TYPES, optionsKey: 'areaType' },
    { field: 'color' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'area',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'type', input: 'select', options: AREA_TYPES, optionsKey: 'areaType', required: true },
        { name: 'color', input: 'color' },
        { name: 'map', input: 'polygon', required: true },
      ],
    },
  ],
  search: ['name'],
  duplicateKey: ['name'],
  savedFilters: { type: AREA_TYPES },
  tabs: ['history'],
  unique: [{ fields: ['name'], message: 'Passenger/student/driver/area already exists' }],
});
