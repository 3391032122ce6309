import { DomainError, assertNever } from '../shared/errors.js';

/**
 * Where the payment of a purchase stands. `UNPAID` is a purchase with no payment stream yet (views only); `PENDING` a
 * link was handed out and its outcome is awaited; `FAILED` the provider reported a failure (a new link may be asked
 * for); `PAID` the provider confirmed the payment (final: no new link, a repeated confirmation changes nothing).
 */
export const PAYMENT_STATUSES = ['UNPAID', 'PENDING', 'FAILED', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The channel a purchase was made in: an auction lot won (idPurchase = idLot) or a showcase vehicle bought (= idVehicle). */
export type PurchaseChannel = 'AUCTION' | 'SHOWCASE';

/** What is paid: the purchase, its buyer (by id) and its price in whole cents of `currency`. */
export interface PurchaseToPay {
  readonly idPurchase: string;
  readonly channel: PurchaseChannel;
  readonly idUser: string;
  readonly amountCents: number;
  readonly currency: 'EUR';
}

/** The state of a purchase's payment stream `payment-{idPurchase}`. */
export type PaymentState =
  | { readonly status: 'NONE' }
  | {
      readonly status: Exclude<PaymentStatus, 'UNPAID'>;
      readonly purchase: PurchaseToPay;
      /** The current attempt (one link of the provider): only its outcome counts; an older link's is refused. */
      readonly idAttempt: string;
      readonly attempts: number;
    };

/** Events of a payment stream; `at` is epoch ms. The provider's reference is opaque (no personal data). */
export type PaymentEvent =
  | { type: 'PurchasePaymentRequested'; data: PurchaseToPay & { idAttempt: string; provider: string; expiresAt: number; at: number } }
  | { type: 'PurchasePaid'; data: { idPurchase: string; idAttempt: string; providerRef: string; at: number } }
  | { type: 'PurchasePaymentFailed'; data: { idPurchase: string; idAttempt: string; reason: string; at: number } };

/** Commands of a payment stream. The shell checked that the purchase is the caller's and read its price. */
export type PaymentCommand =
  | { type: 'RequestPurchasePayment'; purchase: PurchaseToPay; idAttempt: string; provider: string; expiresAt: number; now: number }
  | { type: 'ConfirmPurchasePayment'; idPurchase: string; idAttempt: string; amountCents: number; providerRef: string; now: number }
  | { type: 'RecordPurchasePaymentFailure'; idPurchase: string; idAttempt: string; reason: string; now: number };

/** Initial state of a payment stream. */
export const initialPaymentState: PaymentState = { status: 'NONE' };

/** The payment status a purchase shows. */
export function paymentStatusOf(state: PaymentState): PaymentStatus {
  return state.status === 'NONE' ? 'UNPAID' : state.status;
}

/** The provider's outcome must be of the current attempt, still awaited (404421 no attempt, 409421 another one). */
function currentAttempt(state: PaymentState, idAttempt: string): Exclude<PaymentState, { status: 'NONE' }> {
  if (state.status === 'NONE') throw new DomainError('PAYMENT_ATTEMPT_NOT_FOUND', 'no payment was requested for this purchase');
  if (state.idAttempt !== idAttempt) throw new DomainError('PAYMENT_ATTEMPT_SUPERSEDED', 'this payment link was replaced by a newer one or ended');
  return state;
}

/**
 * Decides a payment command. Asking for a link: refused once paid (409420); else a new attempt (a failed payment is
 * retried, a pending one replaced: the older link's outcome is then refused). The provider's confirmation of the current
 * attempt pays the purchase (the amount must be the one asked for, 422420); a repeat once paid changes nothing. A
 * failure of the current pending attempt marks it failed; a repeat, or one arriving once paid, changes nothing.
 */
export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'RequestPurchasePayment': {
      if (state.status === 'PAID') throw new DomainError('PURCHASE_ALREADY_PAID', 'this purchase is already paid');
      const { purchase, idAttempt, provider, expiresAt, now } = command;
      return [{ type: 'PurchasePaymentRequested', data: { ...purchase, idAttempt, provider, expiresAt, at: now } }];
    }
    case 'ConfirmPurchasePayment': {
      if (state.status === 'PAID') return [];
      const current = currentAttempt(state, command.idAttempt);
      if (current.status !== 'PENDING') throw new DomainError('PAYMENT_ATTEMPT_SUPERSEDED', 'this payment attempt already ended');
      if (command.amountCents !== current.purchase.amountCents) throw new DomainError('PAYMENT_AMOUNT_MISMATCH', 'the amount paid is not the purchase\'s price');
      return [{ type: 'PurchasePaid', data: { idPurchase: command.idPurchase, idAttempt: command.idAttempt, providerRef: command.providerRef, at: command.now } }];
    }
    case 'RecordPurchasePaymentFailure': {
      if (state.status === 'PAID') return [];
      const current = currentAttempt(state, command.idAttempt);
      if (current.status === 'FAILED') return [];
      return [{ type: 'PurchasePaymentFailed', data: { idPurchase: command.idPurchase, idAttempt: command.idAttempt, reason: command.reason, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Folds one payment event. Never throws. */
export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PurchasePaymentRequested': {
      if (state.status === 'PAID') return state;
      const { idAttempt, provider: _p, expiresAt: _e, at: _at, ...purchase } = event.data;
      return { status: 'PENDING', purchase, idAttempt, attempts: (state.status === 'NONE' ? 0 : state.attempts) + 1 };
    }
    case 'PurchasePaid':
      return state.status === 'NONE' ? state : { ...state, status: 'PAID' };
    case 'PurchasePaymentFailed':
      return state.status === 'PENDING' && state.idAttempt === event.data.idAttempt ? { ...state, status: 'FAILED' } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** The purchase payment decider: one stream per purchase, `payment-{idPurchase}`. */
export const paymentDecider = { decide: decidePayment, evolve: evolvePayment, initialState: initialPaymentState };
