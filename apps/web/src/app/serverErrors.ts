import { BUSY_MESSAGE, FORBIDDEN_MESSAGE, TOO_LONG_MESSAGE, VALIDATION_TEXTS } from '@tc/domain';
import { NETWORK_MESSAGE, TIMEOUT_MESSAGE } from '../api/client.ts';
import { i18n } from './i18n.ts';

/** The server speaks the spec's English texts (section 8); they are shown through these keys. */
const SERVER_ERRORS: Record<string, string> = {
  'Email or password is invalid': 'serverErrors.loginInvalid',
  'Wrong old password': 'serverErrors.wrongOldPassword',
  [FORBIDDEN_MESSAGE]: 'serverErrors.forbidden',
  'Not found': 'serverErrors.notFound',
  'This record was changed by someone else. Reload and try again.': 'serverErrors.conflict',
  'Too many attempts. Try again later.': 'serverErrors.tooManyAttempts',
  [BUSY_MESSAGE]: 'serverErrors.busy',
  [TOO_LONG_MESSAGE]: 'serverErrors.tooLong',
  'Email already exists. Please try a different email.': 'serverErrors.emailExists',
  'Passenger email already in use': 'serverErrors.passengerEmailInUse',
  'Something was wrong': 'serverErrors.somethingWrong',
  'Select a site first': 'serverErrors.selectSite',
  'Card already exists': 'serverErrors.cardExists',
  'The card number that was entered is invalid': 'serverErrors.cardInvalid',
  'Payment Failed, Please Try Again': 'serverErrors.paymentFailed',
  'Error deleting shifts': 'serverErrors.deleteShifts',
  'The driver needs an email to sign in': 'serverErrors.driverNeedsEmail',
  'child must be on the parent’s site': 'serverErrors.childOtherSite',
  'Please navigate to system settings and fill in missing parameters': 'serverErrors.missingParameters',
  'An error occured while creating or updating the reservation': 'serverErrors.reservationSave',
  'bad token': 'serverErrors.badToken',
  'invalid token': 'serverErrors.invalidToken',
  [TIMEOUT_MESSAGE]: 'serverErrors.timeout',
  [NETWORK_MESSAGE]: 'serverErrors.network',
};

/** Validation texts the server answers, back to the keys the schemas use. */
const VALIDATION_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(VALIDATION_TEXTS).map(([key, text]) => [text, `validation.${key}`]),
);

export function serverErrorKey(message: string): string | undefined {
  return SERVER_ERRORS[message] ?? VALIDATION_KEYS[message];
}

/** The server's message in the current language; unknown messages are shown as they came. */
export function serverErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const key = serverErrorKey(message);
  return key ? i18n.t(key) : message;
}
