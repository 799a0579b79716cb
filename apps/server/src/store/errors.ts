import { type ErrorCode, errorCodeOfText, FORBIDDEN_MESSAGE } from '@tc/domain';

const DEFAULT_CODE = {
  invalid: 'badRequest',
  notFound: 'notFound',
  conflict: 'conflict',
  exists: 'recordExists',
  outOfScope: 'forbidden',
} as const;

/**
 * What the store refuses, in its own terms: the protocol answers each kind with its HTTP status
 * (protocol/errors.ts), the store knows none. `code` is the stable code of the answer.
 */
export class StoreError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly kind: 'invalid' | 'notFound' | 'conflict' | 'exists' | 'outOfScope',
    message: string,
    readonly field?: string,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? errorCodeOfText(message) ?? DEFAULT_CODE[kind];
  }
}

/** A query, field, value or write the store cannot take. */
export class InvalidInput extends StoreError {
  constructor(message: string, field?: string, code?: ErrorCode) {
    super('invalid', message, field, code);
  }
}

/** A field the collection does not have. */
export class UnknownField extends InvalidInput {
  constructor(path: string, named = false) {
    super(`Unknown field: ${path}`, named ? path : undefined, 'unknownField');
  }
}

/** No such record, or none the caller may touch (both answer the same). */
export class RecordNotFound extends StoreError {
  constructor() {
    super('notFound', 'Not found', undefined, 'notFound');
  }
}

/** The record changed since the version the writer read. */
export class VersionConflict extends StoreError {
  constructor() {
    super('conflict', 'This record was changed by someone else. Reload and try again.', undefined, 'conflict');
  }
}

/** A unique value (a login's email) another record holds. */
export class AlreadyExists extends StoreError {
  constructor(message: string) {
    super('exists', message);
  }
}

/** A write that would leave the caller's scope (a supplier's user giving a driver to another supplier). */
export class OutOfScope extends StoreError {
  constructor() {
    super('outOfScope', FORBIDDEN_MESSAGE, undefined, 'forbidden');
  }
}
