import { z } from 'zod';
import { vk } from './messages.ts';
import { COLLECTIONS } from './registry.ts';
import type { Reference, RefSpec, ResourceDef } from './resource.ts';
import { latitude, longitude, oneOf, optionalText, requiredDateTime, requiredText, siteId } from './schema.parts.ts';

/**
 * What the server needs to accept a write to a collection: the schema every written record must
 * pass, with only its fields (an unknown field is refused), and the records it refers to. Every
 * resource of a screen is one; the collections whose screens come later (payments, road
 * blocks, views) get one of the spec's fields, statuses and ranges below. A
 * collection with none is not writable through the generic acts.
 */
export type WriteDef = Pick<
  ResourceDef,
  'collection' | 'entity' | 'schema' | 'fixed' | 'unique' | 'writeOnly' | 'references'
> &
  Partial<Pick<ResourceDef, 'form' | 'links'>>;

/** Every reference a write of this kind may carry: the form's ref fields (not its linked list) and the declared ones. */
export function referencesOf(def: WriteDef): Reference[] {
  const fromForm = (def.form ?? []).flatMap((s) =>
    s.fields
      .filter((f) => (f.input === 'ref' || f.input === 'refs') && f.ref && f.name !== def.links?.field)
      .map((f) => ({ field: f.name, ref: f.ref as RefSpec })),
  );
  return [...fromForm, ...(def.references ?? [])];
}

/**
 * The reference of a screen's resource into `col` (a form field, its linked list included, a column or a declared reference,
 * directly or as one of the collections its type picks): what its choices and labels read.
 */
export function referenceInto(def: ResourceDef, col: string): RefSpec | undefined {
  const refs = [
    ...def.form.flatMap((s) => s.fields.flatMap((f) => (f.ref ? [f.ref] : []))),
    ...(def.references ?? []).map((r) => r.ref),
    ...def.columns.flatMap((c) => (c.ref ? [c.ref] : [])),
  ];
  return refs.find((r) => r.col === col || Object.values(r.colBy?.cols ?? {}).includes(col));
}

/** The top-level fields a write of this kind may carry. */
export function writableFields(def: WriteDef): Set<string> {
  return new Set([...Object.keys(def.schema.shape), ...Object.keys(def.fixed ?? {}), ...(def.writeOnly ?? [])]);
}

const _amount = () => z.number({ error: vk('number') }).min(0, vk('notNegative'));
const ref = (col: string): RefSpec => ({ col, label: ['name'] });

export const TRANSACTION_TYPES = ['payment', 'refund', 'authorization', 'capture', 'void'] as const;
export const TRANSACTION_STATUSES = ['pending', 'approved', 'declined', 'canceled'] as const;

/** A payment of a reservation (`trans`): never a card number, at most its last 4 digits. */
const trans: WriteDef = {
  collection: 'trans',
  entity: 'Transaction',
  schema: z.looseObject({
    unit: siteId(),
    job: z
      .number({ error: vk('required') })
      .int()
      .positive(vk('required')),
    amount: z.number({ error: vk('number') }),
    type: oneOf(TRANSACTION_TYPES),
    status: oneOf(TRANSACTION_STATUSES),
    reference: optionalText(),
    last4: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
    ),
    date: requiredDateTime(),
  }),
  references: [
    { field: 'unit', ref: ref('units') },
    { field: 'job', ref: { col: 'jobs', label: ['lastName'], sameSiteAs: 'unit' } },
  ],
};

/** Spec section 3, Road block: a point on a road, named by its address. */
const roadblocks: WriteDef = {
  collection: 'roadblocks',
  entity: 'Road block',
  schema: z.looseObject({ unit: siteId(), name: requiredText(), lat: latitude(), lon: longitude() }),
  references: [{ field: 'unit', ref: ref('units') }],
};

/** Spec section 3, View record: a record the user opened (the insert act fills user and time). */
const views: WriteDef = {
  collection: 'views',
  entity: 'View',
  schema: z.looseObject({
    col: oneOf([...COLLECTIONS.keys()] as [string, ...string[]]),
    id: z
      .number({ error: vk('required') })
      .int()
      .positive(vk('required')),
    user: z.number().int().positive(),
    time: z.string(),
  }),
  // the record viewed, in the collection the view names
  references: [
    {
      field: 'id',
      ref: {
        col: 'views',
        label: [],
        colBy: { field: 'col', cols: Object.fromEntries([...COLLECTIONS.keys()].map((c) => [c, c])) },
      },
    },
  ],
};

/** The collections written before their own resources exist. */
export const OPERATIONAL_WRITES: readonly WriteDef[] = [trans, roadblocks, views];
