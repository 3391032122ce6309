import type { PlaceOfferResponse } from '@auction/contracts';
import { toCents } from '@auction/domain';
import { assign, emit, fromPromise, not, setup } from 'xstate';
import { offerBackoffMs } from './backoff.js';
import {
  buyNowOpen, isFarAbove, minimumOffer, plusIncrements, reachesBuyNow, refusalCode, validateAmount, type AmountValidation, type OfferRules,
} from './offer-rules.js';

export type { AmountValidation, OfferError, OfferRules } from './offer-rules.js';

/** Input of {@link offerMachine}. */
export interface OfferInput {
  idAuction: string;
  idLot: string;
  rules: OfferRules;
  bestOffer: number | null;
  /** This dealer holds the best offer now. */
  leading?: boolean;
  /** Idempotency key factory (default `crypto.randomUUID()`). */
  newKey?: () => string;
  /** Sends per submit before giving up with error code 0 (default 4). */
  maxAttempts?: number;
}

/** Input of the `sendOffer` actor (`POST .../offer/{idLot}` with an `Idempotency-Key` header). */
export interface SendOfferInput {
  idAuction: string;
  idLot: string;
  amount: number;
  clickAndBuy: boolean;
  idempotencyKey: string;
}

/** Context of {@link offerMachine}. */
export interface OfferContext {
  idAuction: string;
  idLot: string;
  rules: OfferRules;
  bestOffer: number | null;
  /** Lowest valid amount now. */
  minimum: number;
  /** The amount in the field (pre-filled with `minimum`). */
  amount: number;
  /** The user typed `amount` (it is not re-filled while it stays valid). */
  custom: boolean;
  validation: AmountValidation;
  /** Key of the submit in progress; retries reuse it. */
  idempotencyKey: string | null;
  /** 0-based send attempt of the submit in progress. */
  attempt: number;
  /** Code of the last refusal; 0 means the network failed `maxAttempts` times. */
  errorCode: number | null;
  clickAndBuy: boolean;
  /** This dealer holds the best offer (a raise of one's own bid asks first). */
  leading: boolean;
  /** Why the submit waits for a confirmation (`confirming`, `confirmingBuyNow`). */
  confirm: OfferConfirm | null;
  /** The amount of the submit in progress (or the last one). */
  sentAmount: number | null;
  lastResponse: PlaceOfferResponse | null;
  newKey: () => string;
  maxAttempts: number;
}

/**
 * What a submit asks before it is sent: `farAbove` (see `isFarAbove`), `raiseOwn` (the dealer already leads),
 * `buyNowInstead` (the typed amount reaches the buy-now price: buy now instead), `buyNow` (the Buy now button).
 */
export type OfferConfirm = 'farAbove' | 'raiseOwn' | 'buyNowInstead' | 'buyNow';

/** UI events of {@link offerMachine}. */
export type OfferEvent =
  | { type: 'offer.amount'; amount: number }
  | { type: 'offer.plus'; steps: number }
  | { type: 'offer.submit' }
  | { type: 'offer.buyNow' }
  | { type: 'offer.confirm' }
  | { type: 'offer.cancel' }
  | { type: 'lot.changed'; bestOffer: number | null; leading?: boolean };

/** Emitted on the outcome of a submit. */
export type OfferEmitted =
  | { type: 'accepted'; response: PlaceOfferResponse }
  | { type: 'refused'; errorCode: number; amount: number; clickAndBuy: boolean };

/** Placeholder `sendOffer`: the app provides the real call with `offerMachine.provide(...)`. */
export const missingSendOffer = fromPromise<PlaceOfferResponse, SendOfferInput>(async () => {
  throw new Error('offerMachine: provide the sendOffer actor');
});

/**
 * New best offer while editing: re-fill an amount the user did not type, or a typed one the change made too low
 * (a typed amount that was already invalid is left to the user, with its validation updated).
 */
const refreshed = (ctx: OfferContext, bestOffer: number | null, alwaysFixInvalid: boolean) => {
  const minimum = minimumOffer(ctx.rules, bestOffer);
  const wasValid = validateAmount(ctx.amount, ctx.minimum) === null;
  const validation = validateAmount(ctx.amount, minimum);
  if (!ctx.custom || (validation !== null && (wasValid || alwaysFixInvalid))) {
    return { bestOffer, minimum, amount: minimum, custom: false, validation: null };
  }
  return { bestOffer, minimum, validation };
};

/**
 * The offer form of one lot. `editing` pre-fills the next valid amount and validates `offer.amount` with the
 * domain's rules; `offer.submit` (valid only) → `sending` with a new idempotency key; a network/5xx/429 failure →
 * `retrying` (250·2^attempt ms) → `sending` with the same key, up to `maxAttempts`, then `refused` with code 0;
 * a 4xx → `refused` (emits `refused` with the amount, keeps `errorCode` for the form) and straight back to `editing`
 * with the next valid amount, so Offer, Enter and Buy now work at once after a lost race; success → `accepted`
 * (emits `accepted`) → `editing` re-filled. Before sending, a submit asks (`confirming`, reason in `confirm`) when the
 * amount is far above the price or the dealer already leads, and offers buy now instead (`confirmingBuyNow`) when
 * the amount reaches an open buy-now price. `offer.buyNow` (only while buy now is open, the domain's
 * `isBuyNowAvailable`) → `confirmingBuyNow` (`offer.confirm` sends `buyNowPrice` with `clickAndBuy`, `offer.cancel`
 * goes back). `offer.plus` adds increments to the amount. `lot.changed` keeps the best offer and `leading` current
 * and, while editing, re-fills an amount the user did not type or that the new best offer made too low.
 */
export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
    emitted: {} as OfferEmitted,
  },
  actors: { sendOffer: missingSendOffer },
  delays: { backoff: ({ context }) => offerBackoffMs(context.attempt) },
  guards: {
    amountValid: ({ context }) => validateAmount(context.amount, context.minimum) === null,
    hasBuyNow: ({ context }) => buyNowOpen(context.rules, context.bestOffer),
    reachesBuyNow: ({ context }) => reachesBuyNow(context.rules, context.amount, context.bestOffer),
    farAbove: ({ context }) => isFarAbove(context.rules, context.amount, context.minimum),
    leading: ({ context }) => context.leading,
    isRefusal: (_, params: { error: unknown }) => refusalCode(params.error) !== null,
    canRetry: ({ context }) => context.attempt + 1 < context.maxAttempts,
  },
  actions: {
    typeAmount: assign((_, params: { amount: number }) => ({ amount: params.amount, custom: true, errorCode: null })),
    plus: assign(({ context }, params: { steps: number }) => ({
      amount: plusIncrements(context.rules, context.amount, context.minimum, params.steps), custom: true, errorCode: null, validation: null,
    })),
    ask: assign((_, params: { confirm: OfferConfirm }) => ({ confirm: params.confirm })),
    setLeading: assign(({ context }, params: { leading?: boolean }) => ({ leading: params.leading ?? context.leading })),
    validate: assign({ validation: ({ context }) => validateAmount(context.amount, context.minimum) }),
    setBest: assign(({ context }, params: { bestOffer: number | null }) => ({
      bestOffer: params.bestOffer, minimum: minimumOffer(context.rules, params.bestOffer),
    })),
    refill: assign(({ context }, params: { bestOffer: number | null }) => refreshed(context, params.bestOffer, false)),
    /** Back from a refusal: a stale or invalid amount is replaced by the next valid one. */
    refillForEdit: assign(({ context }) => refreshed(context, context.bestOffer, true)),
    begin: assign(({ context }, params: { clickAndBuy: boolean }) => ({
      idempotencyKey: context.newKey(), attempt: 0, errorCode: null, clickAndBuy: params.clickAndBuy, confirm: null,
      sentAmount: params.clickAndBuy ? context.rules.buyNowPrice : context.amount,
    })),
    nextAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    refuse: assign({ errorCode: (_, params: { error: unknown }) => refusalCode(params.error) ?? 0 }),
    giveUp: assign({ errorCode: 0 }),
    accept: assign(({ context }, params: { response: PlaceOfferResponse }) => {
      const { response } = params;
      const bestOffer = context.bestOffer !== null && toCents(context.bestOffer) > toCents(response.bestOffer) ? context.bestOffer : response.bestOffer;
      const minimum = minimumOffer(context.rules, bestOffer);
      return { lastResponse: response, bestOffer, minimum, amount: minimum, custom: false, validation: null, errorCode: null };
    }),
    emitAccepted: emit(({ context }) => ({ type: 'accepted' as const, response: context.lastResponse! })),
    emitRefused: emit(({ context }) => ({
      type: 'refused' as const, errorCode: context.errorCode ?? 0, amount: context.sentAmount ?? context.amount, clickAndBuy: context.clickAndBuy,
    })),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => {
    const minimum = minimumOffer(input.rules, input.bestOffer);
    return {
      idAuction: input.idAuction, idLot: input.idLot, rules: input.rules, bestOffer: input.bestOffer, minimum,
      amount: minimum, custom: false, validation: null, idempotencyKey: null, attempt: 0, errorCode: null,
      clickAndBuy: false, leading: input.leading ?? false, confirm: null, sentAmount: null, lastResponse: null, newKey: input.newKey ?? (() => crypto.randomUUID()), maxAttempts: Math.max(1, input.maxAttempts ?? 4),
    };
  },
  initial: 'editing',
  on: {
    'lot.changed': {
      actions: [
        { type: 'setBest', params: ({ event }) => ({ bestOffer: event.bestOffer }) },
        { type: 'setLeading', params: ({ event }) => ({ leading: event.leading }) },
      ],
    },
  },
  states: {
    editing: {
      on: {
        'offer.amount': { actions: [{ type: 'typeAmount', params: ({ event }) => ({ amount: event.amount }) }, 'validate'] },
        'offer.plus': { actions: { type: 'plus', params: ({ event }) => ({ steps: event.steps }) } },
        'offer.submit': [
          { guard: not('amountValid'), actions: 'validate' },
          { guard: 'reachesBuyNow', target: 'confirmingBuyNow', actions: { type: 'ask', params: { confirm: 'buyNowInstead' } } },
          { guard: 'farAbove', target: 'confirming', actions: { type: 'ask', params: { confirm: 'farAbove' } } },
          { guard: 'leading', target: 'confirming', actions: { type: 'ask', params: { confirm: 'raiseOwn' } } },
          { target: 'sending', actions: { type: 'begin', params: { clickAndBuy: false } } },
        ],
        'offer.buyNow': { guard: 'hasBuyNow', target: 'confirmingBuyNow', actions: { type: 'ask', params: { confirm: 'buyNow' } } },
        'lot.changed': {
          actions: [
            { type: 'refill', params: ({ event }) => ({ bestOffer: event.bestOffer }) },
            { type: 'setLeading', params: ({ event }) => ({ leading: event.leading }) },
          ],
        },
      },
    },
    confirming: {
      on: {
        'offer.confirm': [
          { guard: 'amountValid', target: 'sending', actions: { type: 'begin', params: { clickAndBuy: false } } },
          { target: 'editing', actions: 'validate' },
        ],
        'offer.cancel': 'editing',
      },
    },
    confirmingBuyNow: {
      on: {
        'offer.confirm': [
          { guard: 'hasBuyNow', target: 'sending', actions: { type: 'begin', params: { clickAndBuy: true } } },
          { target: 'editing' },
        ],
        'offer.cancel': 'editing',
      },
    },
    sending: {
      invoke: {
        src: 'sendOffer',
        input: ({ context }) => ({
          idAuction: context.idAuction, idLot: context.idLot, idempotencyKey: context.idempotencyKey!, clickAndBuy: context.clickAndBuy,
          amount: context.clickAndBuy ? context.rules.buyNowPrice! : context.amount,
        }),
        onDone: { target: 'accepted', actions: { type: 'accept', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'refuse', params: ({ event }) => ({ error: event.error }) },
          },
          { guard: 'canRetry', target: 'retrying' },
          { target: 'refused', actions: 'giveUp' },
        ],
      },
    },
    retrying: {
      after: { backoff: { target: 'sending', actions: 'nextAttempt' } },
    },
    // Losing a race is normal: the refusal is told (errorCode stays until the next typing or submit) and the form
    // is ready at once with the next valid amount.
    refused: {
      entry: 'emitRefused',
      always: { target: 'editing', actions: 'refillForEdit' },
    },
    accepted: {
      entry: 'emitAccepted',
      always: 'editing',
    },
  },
});
