import { z } from 'zod';
import { ADDRESS_TOOLTIP_CHARS } from '../../constants.ts';
import { type ResourceDef, resource } from '../resource.ts';
import {
  optionalPhone,
  optionalPlace,
  optionalRef,
  personName,
  refIds,
  requiredEmail,
  requiredPhone,
  siteId,
} from '../schema.parts.ts';
import { SITE_FIELD } from './common.ts';

export const PARENT_STATUSES = ['Active', 'Inactive'] as const;

/**
 * Spec section 5, Parent: site, first and last name, phone required; email required and valid;
 * additional phone, address and students optional. Stored as a user with the parent role; the
 * students are `children` (users with the passenger role, spec section 7).
 */
export const parents: ResourceDef = resource({
  key: 'parents',
  collection: 'users',
  module: 'parents',
  fixed: { role: 'parent' },
  entity: 'Parent',
  schema: z.looseObject({
    unit: siteId(),
    firstName: personName(),
    lastName: personName(),
    email: requiredEmail(),
    phone: requiredPhone(),
    additionalPhone: optionalPhone(),
    address: optionalPlace(),
    children: refIds(),
    profile: optionalRef(),
    status: z.enum(PARENT_STATUSES).default('Active'),
  }),
  defaults: { status: 'Active', children: [] },
  links: { field: 'children', add: 'addparent', remove: 'delparent', owner: 'parent', item: 'child' },
  columns: [
    { field: 'firstName', link: true },
    { field: 'lastName', link: true },
    { field: 'email' },
    { field: 'phone' },
    { field: 'address', format: 'place', tooltipOver: ADDRESS_TOOLTIP_CHARS, sortable: false },
    { field: 'status', format: 'enum', filter: 'enum', options: PARENT_STATUSES, optionsKey: 'parentStatus' },
    { field: 'createdBy' },
    { field: 'createdAt', format: 'datetime', filter: 'dateRange' },
  ],
  form: [
    {
      key: 'groups',
      fields: [SITE_FIELD, { name: 'profile', input: 'ref', ref: { col: 'profiles', label: ['name'] } }],
    },
    {
      key: 'personalDetails',
      fields: [
        { name: 'firstName', input: 'text', required: true },
        { name: 'lastName', input: 'text', required: true },
        { name: 'email', input: 'email', required: true },
        { name: 'phone', input: 'phone', required: true },
        { name: 'additionalPhone', input: 'phone' },
        { name: 'address', input: 'place' },
      ],
    },
    {
      key: 'linkStudents',
      fields: [
        {
          name: 'children',
          input: 'refs',
          // the riders of the parent's site; the spec says role passenger, the school template's students count too
          ref: {
            col: 'users',
            label: ['firstName', 'lastName', 'email'],
            query: { role: { $in: ['passenger', 'student'] } },
            sameSiteAs: 'unit',
          },
        },
      ],
    },
  ],
  search: ['firstName', 'lastName', 'email', 'phone'],
  duplicateKey: ['email'],
  savedFilters: { status: PARENT_STATUSES },
  tabs: ['history'],
  toggle: { field: 'status', on: 'Active', off: 'Inactive' },
  sideForm: true,
  inviteOnCreate: 'parent',
});
