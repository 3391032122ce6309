import type { PlaceOfferResponse } from '@auction/contracts';
import { toCents } from '@auction/domain';
import { assign, emit, fromPromise, setup } from 'xstate';
import { offerBackoffMs } from './backoff.js';
import { minimumOffer, refusalCode, validateAmount, type AmountValidation, type OfferRules } from './offer-rules.js';

export type { AmountValidation, OfferError, OfferRules } from './offer-rules.js';

/** Input of {@link offerMachine}. */
export interface OfferInput {
  idAuction: string;
  idLot: string;
  rules: OfferRules;
  bestOffer: number | null;
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
  lastResponse: PlaceOfferResponse | null;
  newKey: () => string;
  maxAttempts: number;
}

/** UI events of {@link offerMachine}. */
export type OfferEvent =
  | { type: 'offer.amount'; amount: number }
  | { type: 'offer.submit' }
  | { type: 'offer.buyNow' }
  | { type: 'offer.confirm' }
  | { type: 'offer.cancel' }
  | { type: 'offer.edit' }
  | { type: 'lot.changed'; bestOffer: number | null };

/** Emitted on the outcome of a submit. */
export type OfferEmitted = { type: 'accepted'; response: PlaceOfferResponse } | { type: 'refused'; errorCode: number };

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
 * a 4xx → `refused` (emits `refused`; `offer.edit`/`offer.amount` → `editing`); success → `accepted` (emits
 * `accepted`) → `editing` re-filled. `offer.buyNow` → `confirmingBuyNow` (`offer.confirm` sends
 * `buyNowPrice` with `clickAndBuy`, `offer.cancel` goes back). `lot.changed` keeps the best offer current and,
 * while editing, re-fills an amount the user did not type or that the new best offer made too low.
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
    hasBuyNow: ({ context }) => context.rules.buyNowPrice !== null,
    isRefusal: (_, params: { error: unknown }) => refusalCode(params.error) !== null,
    canRetry: ({ context }) => context.attempt + 1 < context.maxAttempts,
  },
  actions: {
    typeAmount: assign((_, params: { amount: number }) => ({ amount: params.amount, custom: true })),
    validate: assign({ validation: ({ context }) => validateAmount(context.amount, context.minimum) }),
    setBest: assign(({ context }, params: { bestOffer: number | null }) => ({
      bestOffer: params.bestOffer, minimum: minimumOffer(context.rules, params.bestOffer),
    })),
    refill: assign(({ context }, params: { bestOffer: number | null }) => refreshed(context, params.bestOffer, false)),
    /** Back from a refusal: a stale or invalid amount is replaced by the next valid one. */
    refillForEdit: assign(({ context }) => refreshed(context, context.bestOffer, true)),
    begin: assign(({ context }, params: { clickAndBuy: boolean }) => ({
      idempotencyKey: context.newKey(), attempt: 0, errorCode: null, clickAndBuy: params.clickAndBuy,
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
    emitRefused: emit(({ context }) => ({ type: 'refused' as const, errorCode: context.errorCode ?? 0 })),
  },
}).createMachine({
  id: 'offer',
  context: ({ input }) => {
    const minimum = minimumOffer(input.rules, input.bestOffer);
    return {
      idAuction: input.idAuction, idLot: input.idLot, rules: input.rules, bestOffer: input.bestOffer, minimum,
      amount: minimum, custom: false, validation: null, idempotencyKey: null, attempt: 0, errorCode: null,
      clickAndBuy: false, lastResponse: null, newKey: input.newKey ?? (() => crypto.randomUUID()), maxAttempts: Math.max(1, input.maxAttempts ?? 4),
    };
  },
  initial: 'editing',
  on: {
    'lot.changed': { actions: { type: 'setBest', params: ({ event }) => ({ bestOffer: event.bestOffer }) } },
  },
  states: {
    editing: {
      on: {
        'offer.amount': { actions: [{ type: 'typeAmount', params: ({ event }) => ({ amount: event.amount }) }, 'validate'] },
        'offer.submit': [
          { guard: 'amountValid', target: 'sending', actions: { type: 'begin', params: { clickAndBuy: false } } },
          { actions: 'validate' },
        ],
        'offer.buyNow': { guard: 'hasBuyNow', target: 'confirmingBuyNow' },
        'lot.changed': { actions: { type: 'refill', params: ({ event }) => ({ bestOffer: event.bestOffer }) } },
      },
    },
    confirmingBuyNow: {
      on: {
        'offer.confirm': { target: 'sending', actions: { type: 'begin', params: { clickAndBuy: true } } },
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
    refused: {
      entry: 'emitRefused',
      on: {
        'offer.edit': { target: 'editing', actions: 'refillForEdit' },
        'offer.amount': { target: 'editing', actions: [{ type: 'typeAmount', params: ({ event }) => ({ amount: event.amount }) }, 'validate'] },
      },
    },
    accepted: {
      entry: 'emitAccepted',
      always: 'editing',
    },
  },
});
