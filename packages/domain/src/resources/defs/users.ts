import { z } from 'zod';
import { USER_STATUSES } from '../../constants.ts';
import { STAFF_ROLES } from '../../permissions/roles.ts';
import { vk } from '../messages.ts';
import { type ResourceDef, resource } from '../resource.ts';
import { optionalRef, personName, requiredEmail, requiredPhone, siteId, suspension } from '../schema.parts.ts';
import { CREATED_COLUMN, SITE_FIELD } from './common.ts';

/** Roles the users screen keeps: staff and drivers' logins (riders and parents have their own screens). */
export const USER_SCREEN_ROLES = ['driver', ...STAFF_ROLES] as [string, ...string[]];

/** Spec section 5, User: first name, last name, phone, email, role and site required; a supplier for the supplier role. */
export const users: ResourceDef = resource({
  key: 'users',
  collection: 'users',
  entity: 'User',
  listQuery: { role: { $in: USER_SCREEN_ROLES } },
  schema: z
    .looseObject({
      unit: siteId(),
      firstName: personName(),
      lastName: personName(),
      phone: requiredPhone(),
      email: requiredEmail(),
      role: z.enum(USER_SCREEN_ROLES, { error: vk('required') }),
      supplier: optionalRef(),
      status: z.enum(USER_STATUSES).optional(),
      suspended: z.boolean().optional(),
      suspension: suspension(),
    })
    .refine((u) => u.role !== 'supplier' || typeof u.supplier === 'number', {
      path: ['supplier'],
      message: vk('supplierRequired'),
    }),
  defaults: { status: 'active' },
  columns: [
    { field: '_id', filter: 'none', hidden: true },
    { field: 'firstName', link: true },
    { field: 'lastName', link: true },
    { field: 'email' },
    { field: 'phone' },
    { field: 'role', format: 'enum', filter: 'enum', options: USER_SCREEN_ROLES, optionsKey: 'role' },
    { field: 'unit', format: 'ref', ref: { col: 'units', label: ['name'] }, filter: 'none' },
    { field: 'status', format: 'enum', filter: 'enum', options: USER_STATUSES, optionsKey: 'userStatus' },
    CREATED_COLUMN,
  ],
  form: [
    {
      key: 'user',
      fields: [
        SITE_FIELD,
        { name: 'firstName', input: 'text', required: true },
        { name: 'lastName', input: 'text', required: true },
        { name: 'email', input: 'email', required: true },
        { name: 'phone', input: 'phone', required: true },
        { name: 'role', input: 'select', options: USER_SCREEN_ROLES, optionsKey: 'role', required: true },
        {
          name: 'supplier',
          input: 'ref',
          ref: { col: 'suppliers', label: ['name'] },
          when: { field: 'role', in: ['supplier'] },
        },
        { name: 'status', input: 'select', options: USER_STATUSES, optionsKey: 'userStatus' },
      ],
    },
  ],
  search: ['firstName', 'lastName', 'email', 'phone'],
  duplicateKey: ['email'],
  savedFilters: { role: USER_SCREEN_ROLES, status: USER_STATUSES },
  tabs: ['history'],
  suspend: true,
});
