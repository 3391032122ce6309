/** The idempotency records' store (`SqlIdempotencyStore`). */
export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
