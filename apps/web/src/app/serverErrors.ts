import { ERROR_TEXTS, FIELD_CODES, STATUS_CODES, VALIDATION_PARAMS } from '@tc/domain';
import { ApiError } from '../api/client.ts';
import { i18n } from './i18n.ts';

/** Codes the console translates besides the catalogue's texts: the field codes, and what the client itself tells (no answer came). */
export const TRANSLATED_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(ERROR_TEXTS),
  ...FIELD_CODES,
  ...STATUS_CODES,
  'timeout',
  'network',
]);

/**
 * The i18n key of an error's code: `validation.*` codes are keys already, catalogue codes are
 * `serverErrors.<code>`. Undefined for a code whose text is the request's own (`badRequest`,
 * `invalidValue`: a malformed call, shown as the server wrote it).
 */
export function serverErrorKey(error: unknown): string | undefined {
  const code = error instanceof ApiError ? error.code : undefined;
  if (!code) return undefined;
  if (code.startsWith('validation.')) return code;
  return TRANSLATED_CODES.has(code) ? `serverErrors.${code}` : undefined;
}

/** The error in the current language, by its code; an error without a translatable code is shown as it came. */
export function serverErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const key = serverErrorKey(error);
  if (!key || !(error instanceof ApiError)) return message;
  // a refused status change names statuses: in the current language too
  const status = (name: unknown) => (typeof name === 'string' ? i18n.t(`values.jobStatus.${name}`) : '');
  const { from, to, status: current, tripStatus, driverStatus, action, count } = error.details;
  // an action of a trip or of a driver, named in the current language
  const actionWords = driverStatus ? 'driverActions.past' : 'tripActions.past';
  return i18n.t(key, {
    ...VALIDATION_PARAMS,
    field: error.field,
    from: status(from),
    to: status(to),
    status: status(current),
    // a refused trip or driver action names the status and the action
    tripStatus: typeof tripStatus === 'string' ? i18n.t(`values.tripStatus.${tripStatus}`) : '',
    driverStatus: typeof driverStatus === 'string' ? i18n.t(`values.driverStatus.${driverStatus}`) : '',
    action: typeof action === 'string' ? i18n.t(`${actionWords}.${action}`) : '',
    count,
  });
}
