import { ERROR_TEXTS, type ErrorCode, errorCodeOfText, FORBIDDEN_MESSAGE } from '@tc/domain';
import type { StoreError } from '../store/errors.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'badRequest',
  401: 'badToken',
  403: 'forbidden',
  404: 'notFound',
  409: 'conflict',
  429: 'busy',
  503: 'tooLong',
};

/**
 * An error the protocol answers as `{error: message, code}` with its status. The code is the
 * catalogue's (`@tc/domain` errors.ts): given, else the code of the text, else the status's.
 */
export class HttpError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? errorCodeOfText(message) ?? CODE_BY_STATUS[status] ?? 'badRequest';
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}, code?: ErrorCode) {
    super(400, message, extra, code);
  }
}

const STATUS_OF_STORE_ERROR: Record<StoreError['kind'], number> = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  exists: 409,
  outOfScope: 403,
};

/** The answer of a refusal of the store: its kind's status, its text, code and field. */
export function storeErrorAnswer(err: StoreError): { status: number; body: Record<string, unknown> } {
  const body = { error: err.message, code: err.code, ...(err.field === undefined ? {} : { field: err.field }) };
  return { status: STATUS_OF_STORE_ERROR[err.kind], body };
}

export class Forbidden extends HttpError {
  constructor() {
    super(403, FORBIDDEN_MESSAGE);
  }
}

/** A row the caller may not see answers as one that does not exist. */
export class NotFound extends HttpError {
  constructor() {
    super(404, ERROR_TEXTS.notFound);
  }
}

export class Conflict extends HttpError {
  constructor(message = 'This record was changed by someone else. Reload and try again.') {
    super(409, message);
  }
}

export const BAD_TOKEN = ERROR_TEXTS.badToken;
export const INVALID_TOKEN = ERROR_TEXTS.invalidToken;

export class Unauthorized extends HttpError {
  constructor(message: typeof BAD_TOKEN | typeof INVALID_TOKEN | string) {
    super(401, message);
  }
}
