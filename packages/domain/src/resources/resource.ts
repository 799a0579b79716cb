import type { z } from 'zod';
import type { ModuleKey } from '../permissions/modules.ts';
import type { ActName } from '../protocol/catalogue.ts';
import type { Template } from '../templates/index.ts';
import { collectionDef } from './registry.ts';

/**
 * A screen's resource: what the generic table, the generic form and the server's write validation
 * need to know of one kind of record. Passengers, students, employees, parents and staff users
 * are resources over the same `users` collection, told apart by `fixed` (their role).
 *
 * Labels come from i18n: `resources.<key>.title|entity|fields.<field>|sections.<section>` and
 * option values from `values.<optionsKey>.<value>`.
 */
/**
 * A resource as a definition file writes it: its module is its collection's (registry.ts), written
 * once there, unless the resource is guarded by another (the people over `users`).
 */
export type ResourceDecl = Omit<ResourceDef, 'module'> & { module?: ModuleKey };

export function resource(decl: ResourceDecl): ResourceDef {
  const module = decl.module ?? collectionDef(decl.collection)?.module;
  if (!module) throw new Error(`resource ${decl.key}: its collection ${decl.collection} has no module`);
  return { ...decl, module };
}

export interface ResourceDef {
  /** Screen key and route (`/passengers`), and the i18n prefix `resources.<key>`. */
  key: string;
  collection: string;
  /** Module whose actions guard the screen: its collection's, or its own for the people over `users` (`resource()`). */
  module: ModuleKey;
  /** Values every record of the resource carries: added to each query and to each insert. */
  fixed?: Record<string, string>;
  /** Extra condition of every list query (staff users: their roles). */
  listQuery?: Record<string, unknown>;
  /** English entity name for server error texts: "Could Not Create Passenger". */
  entity: string;
  /** Create and edit schema, on the web and on the server (messages are `validation.*` keys). */
  schema: z.ZodObject;
  /** Values a new record starts with in the form. */
  defaults?: Record<string, unknown>;
  columns: ColumnSpec[];
  form: FormSection[];
  /** Fields the search box looks in (a case-insensitive `$or`). */
  search: string[];
  /** Fields two records share when they are duplicates ("Show Duplicates"). */
  duplicateKey: string[];
  /** Field the date navigator filters on; absent: no date navigator (parents). */
  dateField?: string;
  /** Saved-filter rules of spec section 5: field -> allowed values (strings) or 'date' or 'number'. */
  savedFilters?: Record<string, readonly string[] | 'date' | 'number' | 'ids' | 'text'>;
  /** Tabs of the edit page besides information. */
  tabs?: readonly ('summary' | 'notes' | 'history' | 'payments' | 'parents' | 'passengers')[];
  /** Suspend / unsuspend with a reason (passengers, students, drivers, vehicles, users). */
  suspend?: boolean;
  /** Activate / deactivate through a confirmation modal: the status field and its two values. */
  toggle?: { field: string; on: string; off: string };
  /** Fields no two records of a site may share, with the message a clash answers. */
  unique?: readonly { fields: readonly string[]; message: string; global?: boolean }[];
  /** Form fields the server turns into other fields and never stores (the blacklist's card number). */
  writeOnly?: readonly string[];
  /** A created record is a login: send it the create-password mail in this mode (spec section 7, user create batch). */
  inviteOnCreate?: 'parent' | 'customer';
  /** Create and edit in a side form instead of a page. */
  sideForm?: boolean;
  /**
   * Extra actions of the screen: `multiCreate` (the list links to a page that creates many records,
   * driver shifts), `duplicate` (an edit page copies its record, shuttles), `signInPassword` (an edit
   * page sets the record's sign-in password, drivers), `quickCreate` (a compact create page for a
   * call, reservations), `shiftBooking` (reservations made from shifts, school or work hours) and
   * `shuttleBooking` (a seat on a shuttle's departure), `detailPage` (a record opens on its own
   * page `<path>/<id>` instead of the form: a trip's breakdown), `routeDay` (a page routes a day's
   * reservations into these records: trips), `favorites` (the list shows only the user's favourite
   * records when asked: trips, the user's favoriteTrips), `routeChosen` (the rows chosen go to the
   * page that routes a day: reservations), `scheduledRuns` (a page lists the runs of the records: the
   * routing schedules).
   */
  actions?: readonly (
    | 'multiCreate'
    | 'duplicate'
    | 'signInPassword'
    | 'quickCreate'
    | 'shiftBooking'
    | 'shuttleBooking'
    | 'detailPage'
    | 'routeDay'
    | 'favorites'
    | 'routeChosen'
    | 'scheduledRuns'
  )[];
  /**
   * A list of ids the form edits but acts write, one call per item (spec section 7: addparent /
   * delparent, one query per child): `{[owner]: record id, [item]: id}`. Insert and update leave it out.
   */
  links?: { field: string; add: ActName; remove: ActName; owner: string; item: string };
  /** References a write carries besides the form's ref fields (the server checks both). */
  references?: readonly Reference[];
}

/** A field (dotted path) holding the id, or list of ids, of a record of `ref.col`. */
export interface Reference {
  field: string;
  ref: RefSpec;
}

/** `ref`: the records the column refers to, chosen by name (its `ref`), any of them. */
export type ColumnFilter = 'text' | 'enum' | 'dateRange' | 'numberRange' | 'ref' | 'none';
export type ColumnFormat =
  | 'text'
  | 'date'
  | 'datetime'
  | 'place'
  | 'bool'
  | 'list'
  | 'ref'
  | 'refs'
  /** `{type, id}`: a record of the collection `ref.colBy.cols[type]` (a rate's from and to). */
  | 'typedRef'
  | 'enum'
  | 'money'
  /** A list of ids that flags the record when not empty (a trip's late stops): shown as their count, in red. */
  | 'alert';

export interface ColumnSpec {
  /** Dotted path in the record; also the i18n key `resources.<key>.fields.<field>`. */
  field: string;
  filter?: ColumnFilter;
  format?: ColumnFormat;
  /** Enum values (filter options and labels under `values.<optionsKey>`). */
  options?: readonly string[];
  optionsKey?: string;
  /** Collection a ref column points at and the fields shown for it. */
  ref?: RefSpec;
  /** Links to the edit page. */
  link?: boolean;
  /** Hidden until shown through the column menu. */
  hidden?: boolean;
  /** Text longer than this shows in a tooltip (addresses: 20). */
  tooltipOver?: number;
  /** May be wider than 200 px (up to 1000). */
  wide?: boolean;
  sortable?: boolean;
}

export interface RefSpec {
  col: string;
  /** Fields joined by a space to label a record. */
  label: readonly string[];
  /** Fields a search among the choices looks in (the label's when absent): a reservation's rider by phone or code. */
  search?: readonly string[];
  /** Narrows the choices (for example users with role supplier). */
  query?: Record<string, unknown>;
  /** The collection follows another field of the form: its value names it (a rate's from: location or area). */
  colBy?: { field: string; cols: Readonly<Record<string, string>> };
  /** Only records of the site chosen in this field of the form (none until one is chosen). */
  sameSiteAs?: string;
  /** Fields each choice carries besides its label (a known place's address and coordinates, filled in when chosen). */
  carry?: readonly string[];
}

export type InputKind =
  | 'text'
  | 'email'
  | 'phone'
  | 'textarea'
  | 'number'
  | 'date'
  | 'time'
  | 'datetime'
  | 'select'
  | 'multiselect'
  | 'switch'
  | 'weekdays'
  | 'ref'
  | 'refs'
  | 'place'
  | 'tags'
  | 'json'
  /** A `#rrggbb` colour, picked or typed. */
  | 'color'
  | 'list'
  /** A GeoJSON Polygon drawn and edited on a map. */
  | 'polygon'
  /** A place picked on a map; the latitude and longitude are kept at the paths of `coords`. */
  | 'point';

export interface FormField {
  /** Dotted path in the record (`caregiver.firstName`); the label is `resources.<key>.fields.<name>`. */
  name: string;
  input: InputKind;
  options?: readonly string[];
  optionsKey?: string;
  ref?: RefSpec;
  /** Marks the label; the schema decides. */
  required?: boolean;
  /** Only when creating or only when editing. */
  on?: 'create' | 'edit';
  /** Sub-fields of each item of a `list` input (additions, stops, terminals, breaks, contacts). */
  item?: readonly FormField[];
  /** Paths of the latitude and longitude a `point` input sets. */
  coords?: { lat: string; lon: string };
  /** Shown only when another field has one of these values. */
  when?: { field: string; in: readonly unknown[] };
}

export interface FormSection {
  key: string;
  fields: readonly FormField[];
  /** Shown only under this system template (a vehicle's trailer dimensions: trailers). */
  template?: Template;
}
