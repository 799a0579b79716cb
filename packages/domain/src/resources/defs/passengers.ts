import { z } from 'zod';
import { PAYMENT_TYPES, USER_STATUSES } from '../../constants.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  caregiver,
  notes,
  optionalDay,
  optionalPhone,
  optionalPlace,
  optionalText,
  opusCard,
  personName,
  requiredEmail,
  requiredRefIds,
  siteId,
  suspension,
} from '../schema.parts.ts';
import { CAREGIVER_SECTION, CREATED_COLUMN, SITE_FIELD } from './common.ts';

/** Spec section 5: first name, last name, profiles and site required; email required and valid; OPUS card 12 characters. */
export const riderSchema = z.looseObject({
  unit: siteId(),
  firstName: personName(),
  lastName: personName(),
  email: requiredEmail(),
  phone: optionalPhone(),
  additionalPhone: optionalPhone(),
  code: optionalText(),
  ada: z.boolean().optional(),
  profiles: requiredRefIds(),
  home: optionalPlace(),
  home2: optionalPlace(),
  office: optionalPlace(),
  work: optionalPlace(),
  paymentTypes: z.array(z.enum(PAYMENT_TYPES)).optional(),
  opusCard: opusCard(),
  health: z
    .looseObject({
      certificationDate: optionalDay(),
      expirationDate: optionalDay(),
      disabilityAidTools: z.array(z.string()).optional(),
    })
    .optional(),
  caregiver: caregiver(),
  status: z.enum(USER_STATUSES).optional(),
  suspended: z.boolean().optional(),
  suspension: suspension(),
  notes: notes(),
});

export const passengers: ResourceDef = resource({
  key: 'passengers',
  collection: 'users',
  module: 'passengers',
  fixed: { role: 'passenger' },
  entity: 'Passenger',
  schema: riderSchema,
  defaults: { status: 'active', ada: false, profiles: [], paymentTypes: [] },
  columns: [
    { field: '_id', filter: 'none', hidden: true },
    { field: 'firstName', link: true },
    { field: 'lastName', link: true },
    { field: 'email' },
    { field: 'phone' },
    { field: 'code' },
    { field: 'home.address', format: 'place', tooltipOver: 20, sortable: false },
    { field: 'profiles', format: 'refs', ref: { col: 'profiles', label: ['name'] }, filter: 'none', sortable: false },
    { field: 'ada', format: 'bool', filter: 'enum', options: ['true', 'false'], optionsKey: 'yesNo' },
    { field: 'status', format: 'enum', filter: 'enum', options: USER_STATUSES, optionsKey: 'userStatus' },
    { field: 'lastReservation', format: 'date', filter: 'dateRange', hidden: true },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'personal',
      fields: [
        SITE_FIELD,
        { name: 'firstName', input: 'text', required: true },
        { name: 'lastName', input: 'text', required: true },
        { name: 'email', input: 'email', required: true },
        { name: 'phone', input: 'phone' },
        { name: 'additionalPhone', input: 'phone' },
        { name: 'code', input: 'text' },
        { name: 'ada', input: 'switch' },
        { name: 'profiles', input: 'refs', ref: { col: 'profiles', label: ['name'] }, required: true },
      ],
    },
    {
      key: 'addresses',
      fields: [
        { name: 'home', input: 'place' },
        { name: 'home2', input: 'place' },
        { name: 'office', input: 'place' },
        { name: 'work', input: 'place' },
      ],
    },
    {
      key: 'payment',
      fields: [
        { name: 'paymentTypes', input: 'multiselect', options: PAYMENT_TYPES, optionsKey: 'paymentType' },
        { name: 'opusCard', input: 'text' },
      ],
    },
    {
      key: 'health',
      fields: [
        { name: 'health.certificationDate', input: 'date' },
        { name: 'health.expirationDate', input: 'date' },
        { name: 'health.disabilityAidTools', input: 'tags' },
      ],
    },
    CAREGIVER_SECTION,
  ],
  search: ['firstName', 'lastName', 'email', 'phone', 'code'],
  duplicateKey: ['firstName', 'lastName', 'phone'],
  savedFilters: { status: USER_STATUSES, firstName: 'text', lastName: 'text', email: 'text', createdAt: 'date' },
  tabs: ['notes', 'history', 'payments'],
  suspend: true,
  unique: [{ fields: ['email'], message: 'Passenger email already in use', global: true }],
});
