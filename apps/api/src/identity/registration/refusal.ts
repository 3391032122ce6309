import type { ErrorBody } from '@auction/contracts';

/**
 * A refusal of the registration calls that the API's error filter cannot express: a status it does not map (422, 415,
 * 413) with this feature's own code and field details (`422101` with `[{field, rule}]`). The controllers answer it
 * themselves; every other error goes to the filter.
 */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415 | 422 | 429, readonly errorCode: number, message: string, readonly details?: ErrorBody['details'],
    /** Seconds a 429 asks the client to wait (`Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Refusal';
  }

  /** The error body of the answer. */
  get body(): ErrorBody {
    return { errorCode: this.errorCode, errorMsg: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}
