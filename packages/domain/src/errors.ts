import { FORBIDDEN_MESSAGE } from './permissions/access.ts';
import { VALIDATION_TEXTS, type ValidationKey, validationText } from './resources/messages.ts';

/**
 * The server's refusals by stable code, with the English text it answers beside the code (the
 * spec's texts of section 8 where it has one). An error answer is `{error, code}` (and `field`
 * where a field is to blame); clients translate the code (`serverErrors.<code>`, or the
 * `validation.*` key a validation code is), never the English sentence.
 */
export const ERROR_TEXTS = {
  loginInvalid: 'Email or password is invalid',
  wrongOldPassword: 'Wrong old password',
  notActive: 'Your account is not active. Please contact an administrator.',
  forbidden: FORBIDDEN_MESSAGE,
  notFound: 'Not found',
  conflict: 'This record was changed by someone else. Reload and try again.',
  recordExists: 'This record already exists.',
  tooManyAttempts: 'Too many attempts. Try again later.',
  busy: 'Too many requests at once. Wait for the ones running and try again.',
  tooLong: 'The request took too long and was stopped. Narrow it and try again.',
  tooLarge: 'The request is too large',
  emailExists: 'Email already exists. Please try a different email.',
  passengerEmailInUse: 'Passenger email already in use',
  somethingWrong: 'Something was wrong',
  serverError: 'Something went wrong',
  selectSite: 'Select a site first',
  cardExists: 'Card already exists',
  paymentFailed: 'Payment Failed, Please Try Again',
  deleteShifts: 'Error deleting shifts',
  driverNeedsEmail: 'The driver needs an email to sign in',
  childOtherSite: 'child must be on the parent’s site',
  missingParameters: 'Please navigate to system settings and fill in missing parameters',
  reservationSave: 'An error occured while creating or updating the reservation',
  confirmDuplicate:
    'This passenger already has a reservation from and to the same places within 30 minutes of this pickup. Book it anyway?',
  confirmLimitation: 'This pickup is inside the suppliers’ booking limitation. Book it anyway?',
  shuttlesNotFound: 'Could not find shuttles',
  shuttleFull: 'Not enough seats are left on this departure',
  shuttleClosed: 'This departure takes no more bookings',
  tripAssigned: 'All selected trips were already assigned; clear the assignment first',
  tripUnassigned: 'Assign a driver and a vehicle to the trip first',
  tripRider: 'This reservation is not on this trip',
  tripOther: 'Choose another trip of the same site and day that has not started',
  tripNoDriver: 'The trip has no driver to message',
  runChanged: 'This run changed since it was written (a trip or a reservation of it); it can no longer be undone',
  notQueued: 'This reservation is not waiting in the queue of this trip’s site and day',
  positionAhead: 'The position’s time is ahead of the server’s clock',
  replyEmpty: 'Write the message first',
  notDriver: 'Only drivers sign in to the driver app',
  driverAppOff: 'The driver app is not active for your site',
  schedulerOff: 'The routing scheduler is not active for this site',
  routingBusy: 'A routing run of this site is under way; try again when it ends',
  resetInvalid: 'This link is invalid or has expired. Ask for a new one.',
  badToken: 'bad token',
  invalidToken: 'invalid token',
} as const;

/**
 * Codes whose text names what is wrong: `unknownField` (a field the collection or resource does
 * not have), `unknownReference` (a reference to a record that does not exist or is not the
 * caller's to see), both with `field`; `badRequest` for any other malformed call (its English text
 * says what), `invalidValue` for a value the database cannot take.
 */
export type ErrorCode =
  | keyof typeof ERROR_TEXTS
  | (typeof FIELD_CODES)[number]
  | (typeof STATUS_CODES)[number]
  | 'badRequest'
  | 'invalidValue'
  | `validation.${ValidationKey}`;

/** Texts to codes; a validation text is found with its values filled in (`at least 8 characters`). */
const BY_TEXT: ReadonlyMap<string, ErrorCode> = new Map<string, ErrorCode>([
  ...Object.entries(ERROR_TEXTS).map(([code, text]) => [text, code as ErrorCode] as const),
  ...Object.keys(VALIDATION_TEXTS).map(
    (key) => [validationText(`validation.${key}`), `validation.${key}` as ErrorCode] as const,
  ),
]);

/** The code of a catalogue text. */
export function errorCodeOfText(text: string): ErrorCode | undefined {
  return BY_TEXT.get(text);
}

/** Codes whose text a client translates though the server writes it with a name in it (the field goes beside). */
export const FIELD_CODES = ['unknownField', 'unknownReference'] as const;
/** Codes of a malformed call: the server's English says what, and is shown as written. */
const OWN_TEXT_CODES = ['badRequest', 'invalidValue'] as const;
/**
 * Codes of a reservation's refused change, whose text names statuses or a field; the answer carries
 * them (`from`, `to`, `status`, `field`) for a client to translate: `jobStatusChange` (from one
 * status to another), `jobLocked` (a reservation no longer editable), `jobServerField` (a field
 * only routing and trip actions set), `tripAction` (a trip action its status does not take: `tripStatus`,
 * `action`), `tripNotDone` (a trip ended before every rider is dropped off: `count`), `driverStatus`
 * (a driver action its status does not take: `driverStatus`, `action`).
 */
export const STATUS_CODES = [
  'jobStatusChange',
  'jobLocked',
  'jobServerField',
  'tripAction',
  'tripNotDone',
  'driverStatus',
] as const;
const OPEN_CODES: readonly string[] = [...FIELD_CODES, ...STATUS_CODES, ...OWN_TEXT_CODES];

/** Is this a code of the catalogue (what a client may translate)? */
export function isErrorCode(code: unknown): code is ErrorCode {
  if (typeof code !== 'string') return false;
  if (code.startsWith('validation.')) return Object.hasOwn(VALIDATION_TEXTS, code.slice('validation.'.length));
  return Object.hasOwn(ERROR_TEXTS, code) || OPEN_CODES.includes(code);
}
