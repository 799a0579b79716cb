import { PASSWORD_MIN_CHANGE, PASSWORD_MIN_RESET } from '../constants.ts';

/**
 * Validation messages of the resource schemas (spec section 5). A schema names a message by its
 * i18n key (`validation.<key>`); the web translates the key, the server answers the English text
 * below, which must equal `validation.<key>` in en.json (a test checks it).
 */
export const VALIDATION_TEXTS = {
  required: 'This field is required',
  oneOf: 'Choose one of the listed values',
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email',
  passwordRequired: 'Password is required',
  passwordMinReset: 'The password needs at least {{minReset}} characters',
  passwordMinChange: 'The password needs at least {{minChange}} characters',
  passwordUppercase: 'The password needs an uppercase letter',
  passwordLowercase: 'The password needs a lowercase letter',
  passwordSpecial: 'The password needs a special character',
  passwordNumber: 'The password needs a number',
  confirmRequired: 'Confirm the password',
  passwordsMatch: 'The passwords do not match',
  phoneInvalid: 'Phone number is not valid',
  nameLength: 'Must be 2 to 30 characters',
  opusCard: 'The OPUS card number must have exactly 12 characters',
  number: 'Must be a number',
  integer: 'Must be a whole number',
  notNegative: 'Must be 0 or higher',
  positive: 'Must be greater than zero',
  perAreaMatch: 'cannot enter more than 6 digits',
  weekDays: 'You must select at least one day',
  cardInvalid: 'The card number that was entered is invalid',
  cardExpiry: 'Enter a valid expiry date as MM/YY',
  cardCvv: 'The CVV has 3 or 4 digits',
  cardNoSeries: 'A repeating reservation cannot be paid by card; choose another payment type',
  returnBeforePickup: 'The return must be after the pickup',
  seriesEmpty: 'The repeat rule gives no date from this pickup on',
  supplierRequired: 'A supplier is required for the supplier role',
  latitude: 'Latitude must be between -90 and 90',
  longitude: 'Longitude must be between -180 and 180',
  mapCenter: 'Enter the map centre as "lat, lng", for example 45.5017, -73.5673',
  dateInvalid: 'Enter a valid date',
  timeInvalid: 'Enter a time as HH:mm',
  timeWindowInvalid: 'Enter each period as HH:mm-HH:mm',
  colorInvalid: 'Enter a colour as #rrggbb',
  endBeforeStart: 'The end must not be before the start',
  maxShiftHours: 'Must be between 1 and 24',
  minSeatsAbovePax: 'Min seats must not be higher than pax',
  settingBoolean: 'The value must be true or false',
  settingInteger: 'The value must be a whole number',
  settingFloat: 'The value must be a number',
  settingRange: 'The value must be a range "min-max" with min not above max',
  settingObject: 'The value must be a JSON object',
  settingArray: 'The value must be a JSON list',
  polygon: 'Draw an area of at least 3 points',
  newCode: 'The copy needs a new code',
  rangeTooLong: 'Choose at most 400 days',
  reportTooLong: 'A report covers at most 366 days',
  shiftInactive: 'This shift is not active',
  stopOrder: 'Get off at a stop after the one you get on at',
  daysAhead: 'Must be between 0 and 14',
  scheduleMinutes: 'Must be between 5 and 1440',
  searchSeconds: 'Must be between 1 and 60',
} as const;

export type ValidationKey = keyof typeof VALIDATION_TEXTS;

/** Values the texts name (`{{minReset}}`): the web passes them to i18n, the server fills them in. */
export const VALIDATION_PARAMS = { minReset: PASSWORD_MIN_RESET, minChange: PASSWORD_MIN_CHANGE } as const;

/** The i18n key a schema puts in its issues. */
export function vk(key: ValidationKey): string {
  return `validation.${key}`;
}

/** The English text of a schema message (a `validation.*` key or a literal text). */
export function validationText(message: string): string {
  const key = message.startsWith('validation.') ? (message.slice('validation.'.length) as ValidationKey) : undefined;
  if (!key || !(key in VALIDATION_TEXTS)) return message;
  return VALIDATION_TEXTS[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(VALIDATION_PARAMS[name as keyof typeof VALIDATION_PARAMS] ?? name),
  );
}
