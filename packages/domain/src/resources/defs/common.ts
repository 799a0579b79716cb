import type { ColumnSpec, FormField, FormSection } from '../resource.ts';

/** The site a record belongs to, chosen among the sites. */
export const SITE_FIELD: FormField = {
  name: 'unit',
  input: 'ref',
  ref: { col: 'units', label: ['name'] },
  required: true,
};

/** When the record was created: hidden until shown, filtered by date range. */
export const CREATED_COLUMN: ColumnSpec = { field: 'createdAt', format: 'datetime', filter: 'dateRange', hidden: true };

/** A rider's caregiver, the same section on a passenger and on a reservation. */
export const CAREGIVER_SECTION: FormSection = {
  key: 'caregiver',
  fields: [
    { name: 'caregiver.firstName', input: 'text' },
    { name: 'caregiver.lastName', input: 'text' },
    { name: 'caregiver.email', input: 'email' },
    { name: 'caregiver.phone', input: 'phone' },
  ],
};
