import type { ColumnSpec, FormField } from '../resource.ts';

/** The site a record belongs to, chosen among the sites. */
export const SITE_FIELD: FormField = {
  name: 'unit',
  input: 'ref',
  ref: { col: 'units', label: ['name'] },
  required: true,
};

/** When the record was created: hidden until shown, filtered by date range. */
export const CREATED_COLUMN: ColumnSpec = { field: 'createdAt', format: 'datetime', filter: 'dateRange', hidden: true };
