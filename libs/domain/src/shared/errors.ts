/**
 * Error codes of the domain. Six digits; the first three are the HTTP status the API answers with.
 * The client shows `t('errors:<code>')`.
 */
export const ERROR_CODES = {
  // 404: unknown things
  AUCTION_NOT_FOUND: 404020,
  LOT_NOT_FOUND: 404021,
  OFFER_NOT_FOUND: 404022,
  VEHICLE_NOT_FOUND: 404023,
  // 409: the state does not allow it now
  AUCTION_NOT_SCHEDULED: 409001,
  AUCTION_ALREADY_EXISTS: 409002,
  LOT_NOT_RUNNING: 409003,
  LOT_ENDED: 409004,
  LOT_NOT_ENDED: 409005,
  LOT_ALREADY_AWARDED: 409006,
  LOT_NOT_DECIDED: 409007,
  REGULATION_NOT_ACCEPTED: 409008,
  AUCTION_ENDED: 409009,
  VEHICLE_SOLD: 409010,
  VEHICLE_HELD: 409011,
  VEHICLE_WITHDRAWN: 409012,
  VEHICLE_ALREADY_PREEMPTED: 409013,
  VEHICLE_ALREADY_BOOKED: 409014,
  MY_LOT_EMPTY: 409015,
  VEHICLE_NOT_IN_MY_LOT: 409016,
  LOT_BOUGHT_NOW: 409017,
  MY_LOT_FULL: 409018,
  BOOKING_LIMIT_REACHED: 409019,
  AUCTION_NOT_ENDED: 409020,
  /** Resize-time would move a running auction's end earlier than its current end. */
  AUCTION_END_EARLIER: 409030,
  // 422: the request breaks a business rule
  OFFER_BELOW_BASE: 422001,
  OFFER_BELOW_MIN_INCREMENT: 422002,
  BUY_NOW_PRICE_MISMATCH: 422003,
  BUY_NOW_NOT_AVAILABLE: 422004,
  END_BEFORE_START: 422005,
  AUCTION_WITHOUT_LOTS: 422006,
  INVALID_AMOUNT: 422007,
  DUPLICATE_LICENSE_PLATE: 422008,
  OFFER_BELOW_RESERVE: 422009,
  OFFER_OF_OTHER_LOT: 422010,
  BUYER_NOT_ELIGIBLE: 422011,
  BUY_NOW_BELOW_RESERVE: 422012,
  FEEDBACK_WRONG_AUCTIONEER: 422013,
  /** The auction is shorter than the minimum duration (start to end). */
  AUCTION_TOO_SHORT: 422030,
  /** The bidder is the auction's owner or a user of the seller's dealer. */
  SELLER_CANNOT_BID: 422050,
} as const;
export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

/** Kind of a domain error, mapped to an HTTP status by the shell. */
export type DomainErrorKind = 'not_found' | 'conflict' | 'unprocessable';

const KIND_BY_STATUS: Record<number, DomainErrorKind> = { 404: 'not_found', 409: 'conflict', 422: 'unprocessable' };

/** A broken business rule. Thrown by `decide`, never by `evolve`. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly kind: DomainErrorKind;
  constructor(name: ErrorCodeName, message: string) {
    // A refusal is an expected answer, not a fault: no stack trace is captured (half the offers of a hot lot
    // are refused, and capturing the frames showed in the API's CPU profile).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.name = 'DomainError';
    this.code = ERROR_CODES[name];
    this.kind = KIND_BY_STATUS[Math.floor(this.code / 1000)] ?? 'conflict';
  }
  /** HTTP status implied by the code. */
  get httpStatus(): number {
    return Math.floor(this.code / 1000);
  }
}

/** Exhaustiveness check for switches over unions. */
export function assertNever(value: never): never {
  throw new Error(`unexpected case: ${JSON.stringify(value)}`);
}
