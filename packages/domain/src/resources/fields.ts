/**
 * Field kinds a collection declares. The store's filter translator accepts a field only when its
 * collection declares it, and compares values by its kind.
 * - text: a string (names, codes, statuses)
 * - date: a string in a sortable form ('YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or ISO); a two-value array is a range
 * - number / id: a JSON number (id points at another collection's `_id`)
 * - bool: true or false
 * - ids / texts: an array of numbers or strings; equality means "contains"
 * - json: a nested object or list; dotted paths below it are allowed
 */
export type FieldKind = 'text' | 'date' | 'number' | 'id' | 'bool' | 'ids' | 'texts' | 'json';

export type Fields = Record<string, FieldKind>;

/** Fields every stored record carries. */
export const SYSTEM_FIELDS: Fields = {
  _id: 'id',
  _version: 'number',
  unit: 'id',
  createdAt: 'date',
  updatedAt: 'date',
  createdBy: 'text',
};

/** A postal address with its coordinates, as stored on people, jobs and places. */
export const PLACE = 'json' satisfies FieldKind;
