import type { LotView, PlaceOfferResponse } from '@auction/contracts';
import type { AuctionStatus } from '@auction/domain';
import { assign, setup } from 'xstate';
import { isWithdrawnLot, type LiveViewer, type LotMessage, type OutbidMessage, type OwnOfferMessage, type WithdrawnLotMessage } from './live-messages.js';
import {
  applyAccepted, applyLotMessage, applyOutbid, applyOwnOffer, applyRefused, applyStanding, awardPhase, dealerPhase, initialLotContext, outbidApplies,
  type AwardPhase, type DealerPhase, type LotContext, type LotInput, type MyStanding,
} from './lot-context.js';

export type { LotContext, LotInput } from './lot-context.js';

/** Events of {@link lotMachine}: live messages and the dealer's offer progress (sent by the offer form). */
export type LotEvent =
  | { type: 'live.lot'; lot: LotMessage | WithdrawnLotMessage }
  | { type: 'live.outbid'; message: OutbidMessage }
  /** An offer this dealer placed, from whichever device (`user/{id}/offer`). */
  | { type: 'live.ownOffer'; message: OwnOfferMessage }
  | { type: 'offer.placing' }
  | { type: 'offer.accepted'; response: PlaceOfferResponse }
  | { type: 'offer.failed'; errorCode: number; amount: number; clickAndBuy: boolean }
  /** The dealer's standing read again from the server (after the live connection came back). */
  | ({ type: 'mine.refreshed' } & MyStanding)
  /**
   * The lot read again over HTTP after a reconnect: taken only when it is further on (ended, or decided) than what the
   * page shows, since the server clears a final state's retained message a minute after it and a reconnect then
   * re-delivers nothing.
   */
  | { type: 'http.final'; lot: LotView };

/** Ended (CLD, AWA, or CLD decided NAW) and past what the context shows: a state the lot never leaves but by a revert. */
function isFurtherFinal(ctx: LotContext, view: LotView): boolean {
  if (view.idLot !== ctx.lot.idLot || (view.status !== 'CLD' && view.status !== 'AWA')) return false;
  if (ctx.lot.status === 'SCH' || ctx.lot.status === 'RUN') return true;
  return ctx.lot.awardStatus === 'TBA' && view.awardStatus !== 'TBA';
}

const status = (s: AuctionStatus) => ({ type: 'statusIs', params: { status: s } }) as const;
const dealer = (phase: DealerPhase) => ({ type: 'dealerIs', params: { phase } }) as const;
const award = (phase: AwardPhase) => ({ type: 'awardIs', params: { phase } }) as const;
const viewer = (v: LiveViewer) => ({ type: 'viewerIs', params: { viewer: v } }) as const;

/** A `live.lot` older than (or as old as) what was taken, or of another lot. */
function ignored(ctx: LotContext, event: LotEvent): boolean {
  return event.type === 'live.lot' && (event.lot.idLot !== ctx.lot.idLot || event.lot.position <= ctx.lastPosition);
}

/**
 * One lot as a viewer sees it live. Top states follow the lot's status: `SCH`, `RUN`, `CLD`, `AWA`, and
 * `WITHDRAWN` (final). Sub-states are derived from the context on every change (`route` children are transient):
 * - dealer: `RUN.noOffer|placing|leading|outbid`, `CLD.leading|outbid|noOffer`, `AWA.won|lost|noOffer`;
 * - auctioneer: `CLD.toAward`, `AWA.awarded|notAwarded` (a revert back to CLD returns to `CLD.toAward`);
 * - anyone else, and the auctioneer while the lot runs: `<status>.watching`. `SCH` has no sub-state.
 * `live.lot` messages at or below `lastPosition` are dropped. `RUN.placing` lasts from `offer.placing` to
 * `offer.accepted` (re-derived from the answer) or `offer.failed` (back to the derived sub-state). The outcome of the
 * last offer (`lastOutcome`) and the end before the last extension (`extendedFrom`) stay in the context.
 */
export const lotMachine = setup({
  types: {
    context: {} as LotContext,
    events: {} as LotEvent,
    input: {} as LotInput,
  },
  guards: {
    isIgnored: ({ context, event }) => ignored(context, event),
    isFurtherFinal: ({ context, event }) => event.type === 'http.final' && isFurtherFinal(context, event.lot),
    isWithdrawn: ({ event }) => event.type === 'live.lot' && isWithdrawnLot(event.lot),
    /** A fresh message of a lot still running (keeps `placing`). */
    isRunningUpdate: ({ context, event }) =>
      event.type === 'live.lot' && !ignored(context, event) && event.lot.status === 'RUN',
    outbidApplies: ({ context, event }) => event.type === 'live.outbid' && outbidApplies(context, event.message),
    statusIs: ({ context }, params: { status: AuctionStatus }) => context.lot.status === params.status,
    viewerIs: ({ context }, params: { viewer: LiveViewer }) => context.viewer === params.viewer,
    dealerIs: ({ context }, params: { phase: DealerPhase }) => context.viewer === 'dealer' && dealerPhase(context) === params.phase,
    awardIs: ({ context }, params: { phase: AwardPhase }) => context.viewer === 'dealer' && awardPhase(context) === params.phase,
    ownerAwarded: ({ context }) => context.viewer === 'auctioneer' && context.lot.awardStatus === 'AWA',
    // The API shows a not-awarded lot as CLD with awardStatus NAW: it is decided all the same (state AWA).
    isUndecided: ({ context }) => context.lot.status === 'CLD' && context.lot.awardStatus === 'TBA',
  },
  actions: {
    storeLot: assign(({ context, event }) =>
      event.type === 'live.lot' && !isWithdrawnLot(event.lot) ? applyLotMessage(context, event.lot) : context),
    storePosition: assign({ lastPosition: ({ context, event }) => (event.type === 'live.lot' ? event.lot.position : context.lastPosition) }),
    markOutbid: assign(({ context, event }) => (event.type === 'live.outbid' ? applyOutbid(context, event.message) : context)),
    accept: assign(({ context, event }) => (event.type === 'offer.accepted' ? applyAccepted(context, event.response) : context)),
    refuse: assign(({ context, event }) => (event.type === 'offer.failed' ? applyRefused(context, event) : context)),
    takeOwnOffer: assign(({ context, event }) => (event.type === 'live.ownOffer' ? applyOwnOffer(context, event.message) : context)),
    // The position stays: a live message newer than the read is still taken.
    takeFinal: assign(({ context, event }) =>
      event.type === 'http.final' ? applyLotMessage(context, { ...event.lot, serverTime: new Date().toISOString(), position: context.lastPosition }) : context),
    takeStanding: assign(({ context, event }) => (event.type === 'mine.refreshed' ? applyStanding(context, event) : context)),
  },
}).createMachine({
  id: 'lot',
  context: ({ input }) => initialLotContext(input),
  initial: 'route',
  on: {
    'live.lot': [
      { guard: 'isIgnored' },
      { guard: 'isWithdrawn', target: '.WITHDRAWN', actions: 'storePosition' },
      { target: '.route', actions: 'storeLot' },
    ],
    'live.outbid': { guard: 'outbidApplies', target: '.route', actions: 'markOutbid' },
    'live.ownOffer': { target: '.route', actions: 'takeOwnOffer' },
    'offer.accepted': { target: '.route', actions: 'accept' },
    // The refusal may come after the lot closed (a late bid): it is kept whatever the state.
    'offer.failed': { actions: 'refuse' },
    'mine.refreshed': { target: '.route', actions: 'takeStanding' },
    'http.final': { guard: 'isFurtherFinal', target: '.route', actions: 'takeFinal' },
  },
  states: {
    route: {
      always: [
        { guard: status('SCH'), target: 'SCH' },
        { guard: status('RUN'), target: 'RUN' },
        { guard: 'isUndecided', target: 'CLD' },
        { target: 'AWA' },
      ],
    },
    SCH: {},
    RUN: {
      initial: 'route',
      on: { 'offer.placing': { guard: viewer('dealer'), target: '.placing' } },
      states: {
        route: {
          always: [
            { guard: dealer('leading'), target: 'leading' },
            { guard: dealer('outbid'), target: 'outbid' },
            { guard: viewer('dealer'), target: 'noOffer' },
            { target: 'watching' },
          ],
        },
        watching: {},
        noOffer: {},
        placing: {
          on: {
            'live.lot': { guard: 'isRunningUpdate', actions: 'storeLot' },
            'live.outbid': { guard: 'outbidApplies', actions: 'markOutbid' },
            'live.ownOffer': { actions: 'takeOwnOffer' },
            'offer.failed': { target: 'route', actions: 'refuse' },
          },
        },
        leading: {},
        outbid: {},
      },
    },
    CLD: {
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: dealer('leading'), target: 'leading' },
            { guard: dealer('outbid'), target: 'outbid' },
            { guard: viewer('dealer'), target: 'noOffer' },
            { guard: viewer('auctioneer'), target: 'toAward' },
            { target: 'watching' },
          ],
        },
        watching: {},
        leading: {},
        outbid: {},
        noOffer: {},
        toAward: {},
      },
    },
    AWA: {
      initial: 'route',
      states: {
        route: {
          always: [
            { guard: award('won'), target: 'won' },
            { guard: award('lost'), target: 'lost' },
            { guard: viewer('dealer'), target: 'noOffer' },
            { guard: 'ownerAwarded', target: 'awarded' },
            { guard: viewer('auctioneer'), target: 'notAwarded' },
            { target: 'watching' },
          ],
        },
        watching: {},
        won: {},
        lost: {},
        noOffer: {},
        awarded: {},
        notAwarded: {},
      },
    },
    WITHDRAWN: { type: 'final' },
  },
});
