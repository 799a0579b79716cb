import { FORBIDDEN_MESSAGE } from '@tc/domain';

/** An error the protocol answers as `{error: message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}

export class Forbidden extends HttpError {
  constructor() {
    super(403, FORBIDDEN_MESSAGE);
  }
}

export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message = 'This record was changed by someone else. Reload and try again.') {
    super(409, message);
  }
}

export const BAD_TOKEN = 'bad token';
export const INVALID_TOKEN = 'invalid token';

export class Unauthorized extends HttpError {
  constructor(message: typeof BAD_TOKEN | typeof INVALID_TOKEN | string) {
    super(401, message);
  }
}
