import { z } from 'zod';
import { RATE_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ColumnSpec, type FormField, type ResourceDef, resource } from '../resource.ts';
import {
  notes,
  optionalDay,
  optionalNumber,
  optionalText,
  optionalTime,
  refId,
  requiredDay,
  requiredNumber,
  requiredText,
  siteId,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

export const ADDITION_VALUE_TYPES = ['price', 'total', 'percent'] as const;
export const RATE_PLACE_TYPES = ['location', 'area'] as const;

/** Where a rate starts or ends: a location (within its radius) or an area (its polygon). */
const ratePlace = z.looseObject(
  {
    type: z.enum(RATE_PLACE_TYPES, { error: vk('required') }),
    id: z
      .number({ error: vk('required') })
      .int()
      .positive(vk('required')),
  },
  { error: vk('required') },
);

/** A daily period of an addition, `HH:mm-HH:mm` (it may cross midnight: `22:00-05:00`). */
const TIME_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;

/** Additions need a name, a value and a value type (spec section 5, Fare); times, dates and weekdays narrow them. */
export const addition = z.looseObject({
  name: requiredText(),
  valueType: z.enum(ADDITION_VALUE_TYPES, { error: vk('required') }),
  value: requiredNumber(),
  priority: optionalNumber(),
  times: z
    .array(
      // {start, end} (as the fare engine also reads) is kept as its `HH:mm-HH:mm` text
      z.preprocess(
        (v) => (v && typeof v === 'object' && 'start' in v && 'end' in v ? `${v.start}-${v.end}` : v),
        z.string().trim().regex(TIME_WINDOW, vk('timeWindowInvalid')),
      ),
    )
    .optional(),
  dates: z.array(requiredDay()).optional(),
  weekDays: z.array(z.number().int().min(0).max(6)).optional(),
});

export const additionsField: FormField = {
  name: 'additions',
  input: 'list',
  item: [
    { name: 'name', input: 'text', required: true },
    {
      name: 'valueType',
      input: 'select',
      options: ADDITION_VALUE_TYPES,
      optionsKey: 'additionValueType',
      required: true,
    },
    { name: 'value', input: 'number', required: true },
    { name: 'priority', input: 'number' },
    { name: 'times', input: 'tags' },
    { name: 'dates', input: 'tags' },
    { name: 'weekDays', input: 'weekdays' },
  ],
};

/** The fields rates and fares share (the fare engine reads both, packages/domain/src/fares). */
export const rateShape = {
  code: requiredText(),
  biDir: z.boolean().optional(),
  price: optionalNumber().pipe(z.number().min(0, vk('notNegative')).optional()),
  rateType: z.enum(RATE_TYPES).optional(),
  priority: optionalNumber(),
  startDate: optionalDay(),
  endDate: optionalDay(),
  startTime: optionalTime(),
  endTime: optionalTime(),
  distanceFrom: optionalNumber(),
  distanceTo: optionalNumber(),
  weekDays: z.array(z.number().int().min(0).max(6)).optional(),
  tag: optionalText(),
  parentTag: optionalText(),
  parentCode: optionalText(),
  additions: z.array(addition).optional(),
};

const PLACE_COLS = { location: 'locations', area: 'areas' } as const;

/** The location or area a rate starts or ends at, picked by name from the collection its type names. */
const placeRef = (side: 'from' | 'to'): FormField => ({
  name: `${side}.id`,
  input: 'ref',
  ref: { col: 'locations', label: ['name'], colBy: { field: `${side}.type`, cols: PLACE_COLS } },
});

/** The from and to columns of rates and fares: the place's name. */
export const placeColumns: ColumnSpec[] = (['from', 'to'] as const).map((field) => ({
  field,
  format: 'typedRef',
  ref: { col: 'locations', label: ['name'], colBy: { field: 'type', cols: PLACE_COLS } },
  filter: 'none',
  sortable: false,
  tooltipOver: 20,
}));

export const rateFormFields: FormField[] = [
  { name: 'from.type', input: 'select', options: RATE_PLACE_TYPES, optionsKey: 'ratePlaceType' },
  placeRef('from'),
  { name: 'to.type', input: 'select', options: RATE_PLACE_TYPES, optionsKey: 'ratePlaceType' },
  placeRef('to'),
  { name: 'biDir', input: 'switch' },
  { name: 'service', input: 'ref', ref: { col: 'services', label: ['name'] } },
  { name: 'price', input: 'number' },
  { name: 'rateType', input: 'select', options: RATE_TYPES, optionsKey: 'rateType' },
  { name: 'priority', input: 'number' },
  { name: 'startDate', input: 'date' },
  { name: 'endDate', input: 'date' },
  { name: 'startTime', input: 'time' },
  { name: 'endTime', input: 'time' },
  { name: 'distanceFrom', input: 'number' },
  { name: 'distanceTo', input: 'number' },
  { name: 'weekDays', input: 'weekdays' },
];

/** Spec section 5, Rate: site, code, from, to and service required. */
export const rates: ResourceDef = resource({
  key: 'rates',
  collection: 'rates',
  entity: 'Rate',
  schema: z.looseObject({
    unit: siteId(),
    ...rateShape,
    from: ratePlace,
    to: ratePlace,
    service: refId(),
    notes: notes(),
  }),
  defaults: { biDir: false, rateType: 'ordinary', priority: 10, weekDays: [0, 1, 2, 3, 4, 5, 6], additions: [] },
  columns: [
    { field: '_id', filter: 'none', hidden: true },
    { field: 'code', link: true },
    ...placeColumns,
    { field: 'service', format: 'ref', ref: { col: 'services', label: ['name'] }, filter: 'none' },
    { field: 'price', format: 'money', filter: 'numberRange' },
    { field: 'rateType', format: 'enum', filter: 'enum', options: RATE_TYPES, optionsKey: 'rateType' },
    { field: 'priority', filter: 'numberRange' },
    { field: 'biDir', format: 'bool', filter: 'enum', options: ['true', 'false'], optionsKey: 'yesNo' },
    { field: 'startDate', format: 'date', filter: 'dateRange' },
    { field: 'endDate', format: 'date', filter: 'dateRange' },
    { field: 'tag', hidden: true },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'rate',
      fields: [
        SITE_FIELD,
        { name: 'code', input: 'text', required: true },
        ...rateFormFields.map((f) =>
          ['from.type', 'from.id', 'to.type', 'to.id', 'service'].includes(f.name) ? { ...f, required: true } : f,
        ),
        { name: 'tag', input: 'text' },
      ],
    },
    { key: 'additions', fields: [additionsField] },
  ],
  search: ['code', 'tag'],
  duplicateKey: ['code'],
  savedFilters: {},
  tabs: ['notes', 'history'],
});
