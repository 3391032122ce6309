/**
 * Error codes of the domain. Six digits; the first three are the HTTP status the API answers with.
 * The client shows `t('errors:<code>')`.
 */
export const ERROR_CODES = {
  // 400390-400399: the back-office reports' filters (GET /api/v1/admin/report, issue 23 item 5)
  /** A report filter is not valid (unknown report type or file type, a date that is not one, a text too long...). */
  REPORT_FILTER_INVALID: 400390,
  /** The report's period starts after it ends (`from` later than `to`). */
  REPORT_PERIOD_INVERTED: 400391,
  /** A filter was given that this report type does not have (e.g. `loginType` on an offers report). */
  REPORT_FILTER_NOT_APPLICABLE: 400392,
  // 404: unknown things
  AUCTION_NOT_FOUND: 404020,
  LOT_NOT_FOUND: 404021,
  OFFER_NOT_FOUND: 404022,
  VEHICLE_NOT_FOUND: 404023,
  /** No seller of this id, or it was deleted (libs/domain/src/partners/sellers). */
  SELLER_NOT_FOUND: 404370,
  /** No top banner of this id, or it was deleted (libs/domain/src/partners/top-cms). */
  TOP_CMS_NOT_FOUND: 404400,
  /** A lot withdrawal naming another vehicle than the lot's (DELETE /auction/{a}/lot-detail/{lot}/{vehicle}). */
  LOT_VEHICLE_MISMATCH: 404025,
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
  // 409200-409229: the vehicle's life (libs/domain/src/vehicles)
  /** A vehicle of this id was loaded already, with other data (or listed directly in a showcase). */
  VEHICLE_ALREADY_LOADED: 409200,
  /** The vehicle is in an auction (the error names it): it is in one auction or showcase at a time. */
  VEHICLE_IN_AUCTION: 409201,
  /** The vehicle is in a showcase (the error names it): it is in one auction or showcase at a time. */
  VEHICLE_IN_SHOWCASE: 409202,
  /** Only a published vehicle goes into an auction or a showcase. */
  VEHICLE_NOT_PUBLISHED: 409203,
  /** A showcase operation on a vehicle that is not in a showcase. */
  VEHICLE_NOT_IN_SHOWCASE: 409204,
  /** A lot's outcome for a vehicle that is not in that lot. */
  VEHICLE_NOT_IN_LOT: 409205,
  /** The hand-over does not fit who holds the vehicle now (loader, superior, multi-auctioneer). */
  VEHICLE_WRONG_HOLDER: 409206,
  /** This file is attached to the vehicle already, as another kind. */
  VEHICLE_FILE_KIND_CONFLICT: 409207,
  // 409370-409379: sellers (libs/domain/src/partners/sellers)
  /** A seller is deleted while dealers still have it as their reference seller: associate them to another first. */
  SELLER_STILL_REFERENCED: 409370,
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
  /** A rating is a whole number of stars from 1 to 5 (no half stars): libs/domain/src/identity/user (GiveFeedback). */
  FEEDBACK_RATING_INVALID: 422380,
  /** A vehicle is named by more than one lot of an auction. */
  DUPLICATE_LOT_VEHICLE: 422014,
  /** The auction is shorter than the minimum duration (start to end). */
  AUCTION_TOO_SHORT: 422030,
  /** The bidder is the auction's owner or a user of the seller's dealer. */
  SELLER_CANNOT_BID: 422050,
  // 422200-422229: the vehicle's data and files (libs/domain/src/vehicles)
  VEHICLE_PLATE_INVALID: 422200,
  /** The frame number (VIN): 17 letters and digits, without I, O and Q. */
  VEHICLE_FRAME_INVALID: 422201,
  /** A text field is missing, too long, or holds control characters. */
  VEHICLE_TEXT_INVALID: 422202,
  VEHICLE_FIRST_REGISTRATION_INVALID: 422203,
  VEHICLE_MILEAGE_INVALID: 422204,
  VEHICLE_POWER_INVALID: 422205,
  VEHICLE_DAMAGE_INVALID: 422206,
  VEHICLE_FUEL_INVALID: 422207,
  VEHICLE_GEARBOX_INVALID: 422208,
  VEHICLE_APPRAISAL_INVALID: 422209,
  VEHICLE_TOO_MANY_PHOTOS: 422210,
  VEHICLE_TOO_MANY_DOCUMENTS: 422211,
  /** A new photo order must name every photo of the vehicle once. */
  VEHICLE_PHOTO_ORDER_INVALID: 422212,
  /** A vehicle is handed over to a user other than its loader. */
  VEHICLE_HOLDER_INVALID: 422213,
  /** An auction's message to dealers too long (AUCTION_MESSAGE_MAX) or holding a control or bidirectional character. */
  AUCTION_MESSAGE_INVALID: 422270,
  /** A dealer's reference seller must be a seller of the dealer's market. */
  SELLER_MARKET_MISMATCH: 422370,
  // 404410-404419, 409410-409419, 422410-422419, 502410-502419: push notifications (apps/api/src/communication/push)
  /** No push notification has this id. */
  PUSH_NOTIFICATION_NOT_FOUND: 404410,
  /** A user or dealer named as a push recipient does not exist (the details name it). */
  PUSH_RECIPIENT_NOT_FOUND: 404411,
  /** A delivery's state: FCM answered UNREGISTERED (app removed, token expired); the token was dropped. */
  PUSH_TOKEN_UNREGISTERED: 404412,
  /** A delivery's state: the sender stopped while FCM was being called; it is not sent again (it may have arrived). */
  PUSH_DELIVERY_UNCERTAIN: 409410,
  /** None of the recipients has a device registered for push notifications: nothing was queued. */
  PUSH_NO_DEVICES: 422410,
  /** A delivery's state: FCM stayed unavailable or throttled through every attempt. */
  PUSH_FCM_UNAVAILABLE: 502410,
  /** A delivery's state: FCM refused the message (invalid argument, sender not allowed for the device). */
  PUSH_FCM_REFUSED: 502411,
  /** A delivery's state: FCM or its token endpoint refused the service account's credentials. */
  PUSH_FCM_AUTH: 502412,
  /** A top banner's language must be one its market offers (BE: en, fr, be; FR: fr; others: their own and en). */
  TOP_CMS_LANGUAGE_NOT_OFFERED: 422400,
  // 404420-404429, 409420-409429, 422420-422429: pay by link (libs/domain/src/payments, apps/api/src/payments)
  /** No purchase of the caller has this id (another dealer's purchase answers the same). */
  PURCHASE_NOT_FOUND: 404420,
  /** The provider reported on a purchase for which no payment was requested. */
  PAYMENT_ATTEMPT_NOT_FOUND: 404421,
  /** The purchase is paid already: no new payment link. */
  PURCHASE_ALREADY_PAID: 409420,
  /** The provider reported on a payment link that a newer one replaced, or whose outcome is already known. */
  PAYMENT_ATTEMPT_SUPERSEDED: 409421,
  /** The provider confirmed another amount than the purchase's price. */
  PAYMENT_AMOUNT_MISMATCH: 422420,
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
