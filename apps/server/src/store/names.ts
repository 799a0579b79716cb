import { COLLECTIONS } from '@tc/domain';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Quoted table name of a registered collection; anything else is a programming error. */
export function tableName(col: string): string {
  if (!COLLECTIONS.has(col) || !IDENT.test(col)) throw new Error(`not a collection: ${col}`);
  return `"${col}"`;
}

/** The real column that holds a hot field. */
export function hotColumn(field: string): string {
  if (!IDENT.test(field)) throw new Error(`not a field name: ${field}`);
  return `"h_${field}"`;
}

export function isIdentifier(s: string): boolean {
  return IDENT.test(s);
}
