import { type JobStatus, TRIP_STATUSES } from '../constants.ts';

/**
 * A trip's life (spec section 4, trip statuses and actions), in one table: which action a trip of
 * each status takes, the status it leaves it in, and the trips module's action that allows it.
 * A trip is made `new` by routing (with or without a driver); assigned, it is sent to its driver,
 * who approves it; started, it is `in route`; while some of its riders wait to be picked up it is
 * `picking up`; once every rider is dropped off (or a no-show) it ends `done`. It may be canceled
 * until it starts. docs/dispatch.md.
 */
export type TripStatus = (typeof TRIP_STATUSES)[number];

export const TRIP_ACTIONS = [
  'assign',
  'clear',
  'send',
  'approve',
  'start',
  'pickup',
  'dropoff',
  'noshow',
  'end',
  'cancel',
  'remove',
  'add',
  'move',
  'merge',
  'group',
  'ungroup',
  'release',
  'note',
  'message',
] as const;
export type TripAction = (typeof TRIP_ACTIONS)[number];

/** Statuses of a trip on the road: its riders are picked up, dropped off or missed. */
export const RUNNING_TRIP_STATUSES: readonly TripStatus[] = ['in route', 'picking up'];
/** Statuses of a trip not yet started: it may be assigned, cleared, canceled, and lose a rider. */
export const PLANNED_TRIP_STATUSES: readonly TripStatus[] = ['new', 'sent', 'approved'];

/** Statuses of a trip whose driver still hears from dispatch. */
export const OPEN_TRIP_STATUSES: readonly TripStatus[] = [...PLANNED_TRIP_STATUSES, ...RUNNING_TRIP_STATUSES];

/** A trip's fields only its actions change (a generic update may not). */
export const TRIP_ACTION_FIELDS = [
  'status',
  'driver',
  'car',
  'stops',
  'seats',
  'assignLog',
  'notes',
  'messages',
  'plan',
  'rules',
] as const;

/** Each action: the statuses that take it, and the trips module action it needs (spec section 6). */
export const TRIP_ACTION_RULES: Readonly<Record<TripAction, { from: readonly TripStatus[]; permission: string }>> = {
  assign: { from: PLANNED_TRIP_STATUSES, permission: 'assign' },
  clear: { from: PLANNED_TRIP_STATUSES, permission: 'assign' },
  send: { from: ['new'], permission: 'sendTrip' },
  approve: { from: ['sent'], permission: 'changeStatus' },
  start: { from: ['approved'], permission: 'changeStatus' },
  pickup: { from: RUNNING_TRIP_STATUSES, permission: 'changeStatus' },
  dropoff: { from: RUNNING_TRIP_STATUSES, permission: 'changeStatus' },
  noshow: { from: RUNNING_TRIP_STATUSES, permission: 'changeStatus' },
  end: { from: RUNNING_TRIP_STATUSES, permission: 'changeStatus' },
  cancel: { from: PLANNED_TRIP_STATUSES, permission: 'changeStatus' },
  remove: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  add: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  move: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  merge: { from: PLANNED_TRIP_STATUSES, permission: 'combineTrip' },
  group: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  ungroup: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  release: { from: PLANNED_TRIP_STATUSES, permission: 'editQueue' },
  note: { from: TRIP_STATUSES, permission: 'addNote' },
  message: { from: OPEN_TRIP_STATUSES, permission: 'sendMessage' },
};

/** The reservation status each rider action makes, from the statuses it may come from. */
export const RIDER_ACTIONS: Readonly<
  Record<'pickup' | 'dropoff' | 'noshow', { to: JobStatus; from: readonly JobStatus[] }>
> = {
  pickup: { to: 'picked', from: ['routed'] },
  dropoff: { to: 'dropped', from: ['picked'] },
  noshow: { to: 'noshow', from: ['routed'] },
};

export function isTripStatus(v: unknown): v is TripStatus {
  return typeof v === 'string' && (TRIP_STATUSES as readonly string[]).includes(v);
}

/** May a trip of `status` take `action`? */
export function mayTakeTripAction(status: TripStatus, action: TripAction): boolean {
  return TRIP_ACTION_RULES[action].from.includes(status);
}

/**
 * The status of a running trip from its riders' statuses: `picking up` while some wait to be
 * picked up and others are aboard or done, `in route` otherwise; none waiting nor aboard: ready to end.
 */
export function runningTripStatus(riders: readonly JobStatus[]): TripStatus {
  const waiting = riders.some((s) => s === 'routed');
  const started = riders.some((s) => s !== 'routed');
  return waiting && started ? 'picking up' : 'in route';
}

/** Riders still aboard or waiting: the trip cannot end before they are dropped off (or missed). */
export function ridersNotDone(riders: readonly JobStatus[]): number {
  return riders.filter((s) => s === 'routed' || s === 'picked').length;
}

/** The status an action leaves a trip in (rider actions and end: from its riders' statuses). */
export function tripStatusAfter(action: TripAction, status: TripStatus, riders: readonly JobStatus[]): TripStatus {
  switch (action) {
    case 'send':
      return 'sent';
    case 'approve':
      return 'approved';
    case 'start':
      return 'in route';
    case 'clear':
      return 'new';
    case 'cancel':
    case 'release':
      return 'canceled';
    case 'end':
      return 'done';
    case 'pickup':
    case 'dropoff':
    case 'noshow':
      return runningTripStatus(riders);
    case 'assign':
    case 'remove':
    case 'add':
    case 'move':
    case 'merge':
    case 'group':
    case 'ungroup':
    case 'note':
    case 'message':
      return status;
  }
}

/** Reservations waiting in the queue (spec: queue panel): to be routed, in no trip. */
export const QUEUED_JOB_STATUSES: readonly JobStatus[] = ['new', 'waiting'];

/** Texts of a refused trip action (errors.ts STATUS_CODES), with the values the answer carries. */
export const TRIP_REFUSAL_TEXTS = {
  tripAction: 'A trip that is {{tripStatus}} cannot be {{action}}.',
  tripNotDone: '{{count}} passengers are not dropped off yet. Mark them all as dropped off to end the trip?',
} as const;

/** How each action reads in a refusal ("cannot be started"). */
export const TRIP_ACTION_PAST: Readonly<Record<TripAction, string>> = {
  assign: 'assigned',
  clear: 'cleared',
  send: 'sent',
  approve: 'approved',
  start: 'started',
  pickup: 'picked up from',
  dropoff: 'dropped off from',
  noshow: 'marked no-show on',
  end: 'ended',
  cancel: 'canceled',
  remove: 'changed',
  add: 'changed',
  move: 'changed',
  merge: 'merged',
  group: 'grouped',
  ungroup: 'ungrouped',
  release: 'released',
  note: 'noted',
  message: 'messaged',
};

/** The sentence of a refused action, naming the trip's status and the action. */
export function tripActionRefusal(status: TripStatus, action: TripAction): string {
  return TRIP_REFUSAL_TEXTS.tripAction
    .replace('{{tripStatus}}', status)
    .replace('{{action}}', TRIP_ACTION_PAST[action]);
}

/** The warning of an end before every rider is dropped off (or missed). */
export function tripNotDoneRefusal(count: number): string {
  return TRIP_REFUSAL_TEXTS.tripNotDone.replace('{{count}}', String(count));
}

/**
 * The supplier a driver works for, which a trip assigned to the driver takes (the trips list's
 * supplier; a supplier's users see those trips): the driver's first supplier, none for a driver
 * of the operator itself.
 */
export function supplierOfDriver(driver: Readonly<Record<string, unknown>>): number | undefined {
  const [first] = Array.isArray(driver.suppliers) ? driver.suppliers : [];
  return typeof first === 'number' ? first : undefined;
}
