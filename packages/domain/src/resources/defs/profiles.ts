import { z } from 'zod';
import { DISCOUNT_TYPES, PAYMENT_TYPES, PROFILE_STATUSES, PROFILE_TYPES, RATE_TYPES } from '../../constants.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  notes,
  optionalDay,
  optionalEmail,
  optionalNumber,
  optionalPhone,
  optionalRef,
  optionalText,
  refIds,
  requiredText,
  siteId,
} from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

/** Payment terms of a profile's invoices. */
export const BILLING_TERMS = ['On receipt', 'Net 15', 'Net 30', 'Net 60'] as const;

/**
 * Profiles (customer accounts, spec section 4): type, rate type, status, discount and markup rules,
 * contacts, a billing block and the job preferences that new reservations of the profile start from.
 * The spec names the billing block and the job preferences without their fields; the choice is in
 * docs/resources.md. Its passengers are listed on a tab (users whose profiles hold it).
 */
const rule = z.looseObject({ type: z.enum(DISCOUNT_TYPES).default('none'), value: optionalNumber() }).optional();

export const profiles: ResourceDef = resource({
  key: 'profiles',
  collection: 'profiles',
  entity: 'Profile',
  schema: z.looseObject({
    unit: siteId(),
    name: requiredText(),
    status: z.enum(PROFILE_STATUSES, { error: vk('required') }),
    profileType: z.enum(PROFILE_TYPES, { error: vk('required') }),
    rateType: z.enum(RATE_TYPES).optional(),
    email: optionalEmail(),
    phone: optionalPhone(),
    fax: optionalText(),
    startDate: optionalDay(),
    sharedWith: refIds(),
    notes: notes(),
    rules: z.looseObject({ discount: rule, markup: rule }).optional(),
    billing: z
      .looseObject({
        name: optionalText(),
        email: optionalEmail(),
        phone: optionalPhone(),
        address: optionalText(),
        state: optionalText(),
        country: optionalText(),
        terms: z.enum(BILLING_TERMS).optional(),
      })
      .optional(),
    jobPreferences: z
      .looseObject({
        defaultService: optionalRef(),
        defaultPaymentType: z.enum(PAYMENT_TYPES).optional(),
        attributes: refIds(),
        driverNote: optionalText(),
      })
      .optional(),
    contacts: z
      .array(
        z.looseObject({
          firstName: optionalText(),
          lastName: optionalText(),
          email: optionalEmail(),
          phone: optionalPhone(),
        }),
      )
      .optional(),
  }),
  defaults: { status: 'active', profileType: 'retail', rateType: 'ordinary', sharedWith: [], contacts: [] },
  columns: [
    { field: 'name', link: true },
    { field: 'status', format: 'enum', filter: 'enum', options: PROFILE_STATUSES, optionsKey: 'profileStatus' },
    { field: 'profileType', format: 'enum', filter: 'enum', options: PROFILE_TYPES, optionsKey: 'profileType' },
    { field: 'rateType', format: 'enum', filter: 'enum', options: RATE_TYPES, optionsKey: 'rateType' },
    { field: 'email' },
    { field: 'phone' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'profile',
      fields: [
        SITE_FIELD,
        { name: 'name', input: 'text', required: true },
        { name: 'status', input: 'select', options: PROFILE_STATUSES, optionsKey: 'profileStatus', required: true },
        { name: 'profileType', input: 'select', options: PROFILE_TYPES, optionsKey: 'profileType', required: true },
        { name: 'rateType', input: 'select', options: RATE_TYPES, optionsKey: 'rateType' },
        { name: 'email', input: 'email' },
        { name: 'phone', input: 'phone' },
        { name: 'fax', input: 'text' },
        { name: 'startDate', input: 'date' },
        { name: 'sharedWith', input: 'refs', ref: { col: 'units', label: ['name'] } },
      ],
    },
    {
      key: 'rules',
      fields: [
        { name: 'rules.discount.type', input: 'select', options: DISCOUNT_TYPES, optionsKey: 'discountType' },
        { name: 'rules.discount.value', input: 'number' },
        { name: 'rules.markup.type', input: 'select', options: DISCOUNT_TYPES, optionsKey: 'discountType' },
        { name: 'rules.markup.value', input: 'number' },
      ],
    },
    {
      key: 'billing',
      fields: [
        { name: 'billing.name', input: 'text' },
        { name: 'billing.email', input: 'email' },
        { name: 'billing.phone', input: 'phone' },
        { name: 'billing.terms', input: 'select', options: BILLING_TERMS, optionsKey: 'billingTerms' },
        { name: 'billing.address', input: 'text' },
        { name: 'billing.state', input: 'text' },
        { name: 'billing.country', input: 'text' },
      ],
    },
    {
      key: 'jobPreferences',
      fields: [
        { name: 'jobPreferences.defaultService', input: 'ref', ref: { col: 'services', label: ['name'] } },
        {
          name: 'jobPreferences.defaultPaymentType',
          input: 'select',
          options: PAYMENT_TYPES,
          optionsKey: 'paymentType',
        },
        { name: 'jobPreferences.attributes', input: 'refs', ref: { col: 'attributes', label: ['name'] } },
        { name: 'jobPreferences.driverNote', input: 'textarea' },
      ],
    },
    {
      key: 'contacts',
      fields: [
        {
          name: 'contacts',
          input: 'list',
          item: [
            { name: 'firstName', input: 'text' },
            { name: 'lastName', input: 'text' },
            { name: 'email', input: 'email' },
            { name: 'phone', input: 'phone' },
          ],
        },
      ],
    },
  ],
  search: ['name', 'email'],
  duplicateKey: ['name'],
  savedFilters: { status: PROFILE_STATUSES, profileType: PROFILE_TYPES, rateType: RATE_TYPES },
  tabs: ['notes', 'history', 'passengers'],
});
