import { JOB_STATUSES, type JobStatus } from '../constants.ts';

/**
 * Who changes a reservation's status: the booking desk's forms (`form`), routing (`routing`:
 * routed into a trip, released from it) or a trip's actions (`trip`: picked up, dropped off, no
 * show; removed from a trip). Spec section 4 lists the statuses; the rules are ours (docs/reservations.md).
 */
export type StatusSource = 'form' | 'routing' | 'trip';

/** Statuses a booking form may edit and cancel: the reservation is not yet in a trip. */
export const EDITABLE_JOB_STATUSES: readonly JobStatus[] = ['draft', 'new', 'onhold', 'waiting'];

/** Statuses a new reservation may start with (a form's choice); `new` unless said. */
export const INITIAL_JOB_STATUSES: readonly JobStatus[] = ['draft', 'new', 'onhold', 'waiting'];

const form = (...to: JobStatus[]) =>
  Object.fromEntries(to.map((s) => [s, 'form'])) as Partial<Record<JobStatus, StatusSource>>;

/**
 * The one transition table: from a status, the statuses it may become and who may make that
 * change. A canceled, dropped-off or no-show reservation is final.
 */
export const JOB_TRANSITIONS: Readonly<Record<JobStatus, Partial<Record<JobStatus, StatusSource>>>> = {
  draft: form('new', 'onhold', 'waiting', 'canceled'),
  new: { ...form('draft', 'onhold', 'waiting', 'canceled'), routing: 'routing', routed: 'routing' },
  onhold: form('draft', 'new', 'waiting', 'canceled'),
  waiting: { ...form('draft', 'new', 'onhold', 'canceled'), routing: 'routing', routed: 'routing' },
  routing: { routed: 'routing', new: 'routing', waiting: 'routing' },
  // released from routing or removed from its trip, it waits to be routed again
  routed: { new: 'trip', waiting: 'routing', picked: 'trip', noshow: 'trip' },
  picked: { dropped: 'trip', routed: 'trip' },
  dropped: {},
  noshow: {},
  canceled: {},
};

/** May `source` change a reservation from `from` to `to`? Staying is always allowed. */
export function mayChangeJobStatus(from: JobStatus, to: JobStatus, source: StatusSource): boolean {
  if (from === to) return true;
  const by = JOB_TRANSITIONS[from]?.[to];
  // routing and trip actions may also make the form's changes (a trip's cancel frees its reservations)
  return by === source || (by === 'form' && source !== 'form');
}

export function isJobStatus(v: unknown): v is JobStatus {
  return typeof v === 'string' && (JOB_STATUSES as readonly string[]).includes(v);
}

/**
 * The English of a reservation's refused change (errors.ts STATUS_CODES), with `{{from}}`, `{{to}}`
 * and `{{status}}` for the statuses the answer names; the console translates the same templates.
 */
export const JOB_REFUSAL_TEXTS = {
  jobStatusChange: 'A reservation that is {{from}} cannot become {{to}}.',
  jobLocked: 'A reservation that is {{status}} cannot be edited; only draft, new, on hold and waiting ones can.',
  jobServerField: 'Only routing and trip actions set this field.',
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** The sentence a refused change answers, naming both statuses. */
export function jobStatusRefusal(from: JobStatus, to: JobStatus): string {
  return fill(JOB_REFUSAL_TEXTS.jobStatusChange, { from, to });
}

/** The sentence an edit of a reservation that is no longer editable answers. */
export function jobLockedRefusal(status: JobStatus): string {
  return fill(JOB_REFUSAL_TEXTS.jobLocked, { status });
}

/** Fields of a reservation only the server's acts set (booking, routing, trips): a form's write may not change them. */
export const SERVER_OWNED_JOB_FIELDS = [
  'trip',
  'driver',
  'car',
  'shuttle',
  'series',
  'legs',
  'payment',
  'shift',
  'shiftKey',
  'pickedAt',
  'droppedAt',
] as const;
