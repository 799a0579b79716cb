import { z } from 'zod';
import { TRIP_STATUSES } from '../../constants.ts';
import { plannedStopSchema, routeRulesSchema } from '../../trips/route.ts';
import { vk } from '../messages.ts';
import { type RefSpec, type ResourceDef, resource } from '../resource.ts';
import {
  count,
  notes,
  oneOf,
  optionalDateTime,
  optionalPlace,
  optionalRef,
  optionalText,
  refIds,
  requiredDateTime,
  siteId,
} from '../schema.parts.ts';

const amount = () => z.number({ error: vk('number') }).min(0, vk('notNegative'));
const onSite = (col: string, label: string[] = ['name']): RefSpec => ({ col, label, sameSiteAs: 'unit' });
export const DRIVER_REF: RefSpec = onSite('drivers', ['firstName', 'lastName']);
export const CAR_REF: RefSpec = onSite('cars');
const SERVICE_REF: RefSpec = { col: 'services', label: ['name'] };
const SUPPLIER_REF: RefSpec = onSite('suppliers');

/**
 * Spec section 3, Trip: a shared ride of reservations (its `stops`), made by routing, assigned to a
 * driver and a car, and run through the actions of trips/status.ts (act `tripaction`). The list is
 * the generic table with the spec's trip filters (date, status, service, supplier, driver); a trip
 * opens on its own page (/trips/{id}: its riders in order, actions, notes, assign log), not a form.
 */
export const trips: ResourceDef = resource({
  key: 'trips',
  actions: ['detailPage', 'routeDay', 'favorites'],
  collection: 'trips',
  entity: 'Trip',
  schema: z.looseObject({
    unit: siteId(),
    status: oneOf(TRIP_STATUSES),
    date: requiredDateTime(),
    from: optionalPlace(),
    to: optionalPlace(),
    seats: count(999),
    profile: optionalRef(),
    stops: refIds(),
    distance: amount().optional(),
    duration: amount().optional(),
    service: optionalRef(),
    supplier: optionalRef(),
    driver: optionalRef(),
    car: optionalRef(),
    attribute: optionalRef(),
    externalId: optionalText(),
    waitUntil: optionalDateTime(),
    line: optionalText(),
    notes: notes(),
    // set by routing and kept by the trip actions (TRIP_ACTION_FIELDS)
    plan: z.array(plannedStopSchema).optional(),
    rules: routeRulesSchema.optional(),
  }),
  columns: [
    { field: '_id', link: true, filter: 'none' },
    { field: 'date', format: 'datetime', filter: 'dateRange' },
    { field: 'status', format: 'enum', filter: 'enum', options: TRIP_STATUSES, optionsKey: 'tripStatus' },
    { field: 'from.address', format: 'place', tooltipOver: 20, sortable: false },
    { field: 'to.address', format: 'place', tooltipOver: 20, sortable: false },
    { field: 'seats', filter: 'numberRange' },
    { field: 'service', format: 'ref', ref: SERVICE_REF, filter: 'ref', sortable: false },
    { field: 'supplier', format: 'ref', ref: SUPPLIER_REF, filter: 'ref', sortable: false },
    { field: 'driver', format: 'ref', ref: DRIVER_REF, filter: 'ref', sortable: false },
    { field: 'car', format: 'ref', ref: CAR_REF, filter: 'none', sortable: false },
    { field: 'line' },
    { field: 'late', format: 'alert', filter: 'none', sortable: false },
    { field: 'blocked', format: 'alert', filter: 'none', sortable: false },
    { field: 'externalId', hidden: true },
  ],
  form: [],
  search: ['line', 'externalId'],
  duplicateKey: ['driver', 'date'],
  dateField: 'date',
  savedFilters: { status: TRIP_STATUSES, date: 'date', service: 'ids', supplier: 'ids', driver: 'ids' },
  references: [
    { field: 'unit', ref: { col: 'units', label: ['name'] } },
    { field: 'profile', ref: onSite('profiles') },
    { field: 'stops', ref: { col: 'jobs', label: ['lastName'], sameSiteAs: 'unit' } },
    { field: 'service', ref: SERVICE_REF },
    { field: 'supplier', ref: SUPPLIER_REF },
    { field: 'driver', ref: DRIVER_REF },
    { field: 'car', ref: CAR_REF },
    { field: 'attribute', ref: onSite('attributes') },
  ],
});
