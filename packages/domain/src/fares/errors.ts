/** A fare request the engine refuses; the server answers 400 with `message` (and `field`). */
export class FareRequestError extends Error {
  override readonly name = 'FareRequestError';
  /** HTTP status the protocol should answer with. */
  readonly status = 400;
  constructor(
    message: string,
    /** Dotted path of the first offending request field, when there is one. */
    readonly field?: string,
  ) {
    super(message);
  }
}
