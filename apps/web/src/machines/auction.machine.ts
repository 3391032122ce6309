import type { AuctionLotsView, AuctionView, LotView, PlaceOfferResponse } from '@auction/contracts';
import { assign, enqueueActions, setup } from 'xstate';
import {
  isWithdrawnLot, type AuctionMessage, type LiveViewer, type LotMessage, type OutbidMessage, type OwnOfferMessage, type WithdrawnLotMessage,
} from './live-messages.js';
import { lotMachine, type LotEvent } from './lot.machine.js';

/** Input of {@link auctionMachine}: the auction of `GET auctionFull` and who looks at it. */
export interface AuctionInput {
  auction: AuctionView;
  viewer: LiveViewer;
  /** Offer ids of this dealer per lot id, when known. */
  myOfferIdsByLot?: Record<string, string[]>;
}

/** What the auction page shows of the auction itself. */
export interface AuctionSummary {
  idAuction: string;
  auctionName: string;
  status: AuctionMessage['status'];
  startDate: string;
  endDate: string;
  /** Position of the last `live.auction` taken (-1 for none). */
  lastPosition: number;
}

/** Context of {@link auctionMachine}. Lot actors are the children `lot-<idLot>` (see {@link lotChildId}). */
export interface AuctionContext {
  auction: AuctionSummary;
  /** Ids of the live (not withdrawn) lots, in lot-number order. */
  lotIds: string[];
  lotNumbers: Record<string, number>;
  /** Position at which a lot was withdrawn: older messages of it are dropped. */
  withdrawn: Record<string, number>;
  viewer: LiveViewer;
  myOfferIdsByLot: Record<string, string[]>;
  /**
   * The lot numbers this view holds when it is one page of a bigger auction (`lotsPage`): a `live.lot` of an unknown
   * lot is spawned only inside it. `null` bounds are open: the first page takes any lower number, the last page any
   * higher one (a lot added to the auction), and a view of every lot takes all.
   */
  lotWindow: LotWindow;
}

/** The lot numbers a view holds: from and to included, `null` for no bound. */
export interface LotWindow { from: number | null; to: number | null }

/** The window of a view that takes no lot it was not given. */
const NO_LOTS: LotWindow = { from: Number.POSITIVE_INFINITY, to: null };

/**
 * The window of the lots `auction` carries: open when it carries every lot; else from its lowest lot number (open on the
 * first page) to its highest (open on the last page). Without it, the retained live messages of the other 400 lots of
 * a 500-lot auction each added a row to its first page, re-drawing the page 400 times (the browser froze for minutes).
 */
export function lotWindowOf(auction: AuctionView): LotWindow {
  const page = (auction as Partial<Pick<AuctionLotsView, 'lotsPage'>>).lotsPage;
  if (!page) return { from: null, to: null };
  // An empty page: of an auction without lots (its first page) any lot added is its own; a page beyond the last (an old
  // link, `?offset=` past the end) holds none, or every lot of the auction would arrive there through its live message.
  if (auction.lots.length === 0) return page.offset === 0 ? { from: null, to: null } : NO_LOTS;
  const numbers = auction.lots.map((l) => l.lotNumber);
  return {
    from: page.offset === 0 ? null : Math.min(...numbers),
    to: page.offset + auction.lots.length >= page.total ? null : Math.max(...numbers),
  };
}

function inWindow(window: LotWindow, lotNumber: number): boolean {
  return (window.from === null || lotNumber >= window.from) && (window.to === null || lotNumber <= window.to);
}

/** Events of {@link auctionMachine}; lot and offer events are routed to the lot's child. */
export type AuctionEvent =
  | { type: 'live.auction'; auction: AuctionMessage }
  | { type: 'live.lot'; lot: LotMessage | WithdrawnLotMessage }
  | { type: 'live.outbid'; message: OutbidMessage }
  | { type: 'live.ownOffer'; message: OwnOfferMessage }
  | { type: 'offer.placing'; idLot: string }
  | { type: 'offer.accepted'; idLot: string; response: PlaceOfferResponse }
  | { type: 'offer.failed'; idLot: string; errorCode: number; amount: number; clickAndBuy: boolean }
  | { type: 'mine.refreshed'; idLot: string; myBestOffer: number | null; leading: boolean; bestOfferId: string | null }
  /** A lot read again over HTTP after a reconnect (see the lot machine's `http.final`). */
  | { type: 'http.final'; lot: LotView };

/** Id of the child lot actor of a lot: `snapshot.children[lotChildId(idLot)]`. */
export function lotChildId(idLot: string): string {
  return `lot-${idLot}`;
}

/** The lot an event is about, and what the lot machine gets. */
function lotEventOf(event: AuctionEvent): { idLot: string; lotEvent: LotEvent } | null {
  switch (event.type) {
    case 'live.lot': return { idLot: event.lot.idLot, lotEvent: { type: 'live.lot', lot: event.lot } };
    case 'live.outbid': return { idLot: event.message.idLot, lotEvent: { type: 'live.outbid', message: event.message } };
    case 'live.ownOffer': return { idLot: event.message.idLot, lotEvent: { type: 'live.ownOffer', message: event.message } };
    case 'offer.placing': return { idLot: event.idLot, lotEvent: { type: 'offer.placing' } };
    case 'offer.accepted': return { idLot: event.idLot, lotEvent: { type: 'offer.accepted', response: event.response } };
    case 'offer.failed': {
      const { idLot, type, ...refusal } = event;
      return { idLot, lotEvent: { type, ...refusal } };
    }
    case 'mine.refreshed': {
      const { idLot, type, ...standing } = event;
      return { idLot, lotEvent: { type, ...standing } };
    }
    case 'http.final': return { idLot: event.lot.idLot, lotEvent: { type: 'http.final', lot: event.lot } };
    default: return null;
  }
}

function insertLot(ctx: AuctionContext, idLot: string, lotNumber: number): Pick<AuctionContext, 'lotIds' | 'lotNumbers'> {
  const lotNumbers = { ...ctx.lotNumbers, [idLot]: lotNumber };
  const lotIds = [...ctx.lotIds.filter((id) => id !== idLot), idLot].sort((a, b) => lotNumbers[a]! - lotNumbers[b]!);
  return { lotIds, lotNumbers };
}

/**
 * One auction live. Top states follow the auction's status: `SCH`, `RUN`, `CLD` (auctioneer: `CLD.toAward`),
 * `AWA` (auctioneer: `AWA.awarded`), `DELETED` (final); other viewers are in `CLD.watching`/`AWA.watching`.
 * `live.auction` messages at or below `context.auction.lastPosition` are dropped. On start it spawns one
 * {@link lotMachine} per lot (`lot-<idLot>`); `live.lot`, `live.outbid` and `offer.placing|accepted|failed`
 * (with `idLot`) go to that lot. A `live.lot` of an unknown lot spawns it when its number is in the view's
 * {@link LotWindow}; a withdrawn lot leaves `lotIds`.
 */
export const auctionMachine = setup({
  types: {
    context: {} as AuctionContext,
    events: {} as AuctionEvent,
    input: {} as AuctionInput,
  },
  actors: { lot: lotMachine },
  guards: {
    isStaleAuction: ({ context, event }) => event.type === 'live.auction'
      && (event.auction.idAuction !== context.auction.idAuction || event.auction.position <= context.auction.lastPosition),
    isDeleted: ({ event }) => event.type === 'live.auction' && event.auction.status === 'DELETED',
    statusIs: ({ context }, params: { status: AuctionSummary['status'] }) => context.auction.status === params.status,
    isAuctioneer: ({ context }) => context.viewer === 'auctioneer',
    isOtherAuction: ({ context, event }) => event.type === 'live.lot' && event.lot.idAuction !== context.auction.idAuction,
    isKnownLot: ({ context, event }) => {
      const routed = lotEventOf(event);
      return routed !== null && context.lotIds.includes(routed.idLot);
    },
    isOutsideWindow: ({ context, event }) => event.type === 'live.lot' && !isWithdrawnLot(event.lot)
      && !inWindow(context.lotWindow, event.lot.lotNumber),
    isGoneLot: ({ context, event }) => event.type === 'live.lot'
      && (isWithdrawnLot(event.lot) || event.lot.position <= (context.withdrawn[event.lot.idLot] ?? -Infinity)),
  },
  actions: {
    storeAuction: assign({
      auction: ({ context, event }) => {
        if (event.type !== 'live.auction') return context.auction;
        const { idAuction, auctionName, status, startDate, endDate, position } = event.auction;
        return { idAuction, auctionName, status, startDate, endDate, lastPosition: position };
      },
    }),
    spawnLot: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'live.lot' || isWithdrawnLot(event.lot)) return;
      const lot = event.lot;
      const id = lotChildId(lot.idLot);
      enqueue.stopChild(id);
      enqueue.spawnChild('lot', { id, input: { lot, viewer: context.viewer, myOfferIds: context.myOfferIdsByLot[lot.idLot] } });
      enqueue.assign(({ context: ctx }) => insertLot(ctx, lot.idLot, lot.lotNumber));
    }),
    forwardToLot: enqueueActions(({ event, enqueue }) => {
      const routed = lotEventOf(event);
      if (routed) enqueue.sendTo(lotChildId(routed.idLot), routed.lotEvent);
    }),
    dropWithdrawnLot: assign(({ context, event }) => {
      if (event.type !== 'live.lot' || !isWithdrawnLot(event.lot)) return context;
      const { idLot, position } = event.lot;
      return { ...context, lotIds: context.lotIds.filter((id) => id !== idLot), withdrawn: { ...context.withdrawn, [idLot]: position } };
    }),
  },
}).createMachine({
  id: 'auction',
  context: ({ input, spawn }) => {
    const { auction } = input;
    const myOfferIdsByLot = input.myOfferIdsByLot ?? {};
    for (const lot of auction.lots) {
      spawn('lot', { id: lotChildId(lot.idLot), input: { lot, viewer: input.viewer, myOfferIds: myOfferIdsByLot[lot.idLot] } });
    }
    return {
      auction: {
        idAuction: auction.idAuction, auctionName: auction.auctionName, status: auction.status,
        startDate: auction.startDate, endDate: auction.endDate, lastPosition: -1,
      },
      lotIds: [...auction.lots].sort((a, b) => a.lotNumber - b.lotNumber).map((l) => l.idLot),
      lotNumbers: Object.fromEntries(auction.lots.map((l) => [l.idLot, l.lotNumber])),
      withdrawn: {},
      viewer: input.viewer,
      myOfferIdsByLot,
      lotWindow: lotWindowOf(auction),
    };
  },
  initial: 'route',
  on: {
    'live.auction': [
      { guard: 'isStaleAuction' },
      { guard: 'isDeleted', target: '.DELETED', actions: 'storeAuction' },
      { target: '.route', actions: 'storeAuction' },
    ],
    'live.lot': [
      { guard: 'isOtherAuction' },
      { guard: 'isKnownLot', actions: ['forwardToLot', 'dropWithdrawnLot'] },
      { guard: 'isGoneLot' },
      { guard: 'isOutsideWindow' },
      { actions: 'spawnLot' },
    ],
    'live.outbid': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'live.ownOffer': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'offer.placing': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'offer.accepted': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'offer.failed': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'mine.refreshed': { guard: 'isKnownLot', actions: 'forwardToLot' },
    'http.final': { guard: 'isKnownLot', actions: 'forwardToLot' },
  },
  states: {
    route: {
      always: [
        { guard: { type: 'statusIs', params: { status: 'SCH' } }, target: 'SCH' },
        { guard: { type: 'statusIs', params: { status: 'RUN' } }, target: 'RUN' },
        { guard: { type: 'statusIs', params: { status: 'CLD' } }, target: 'CLD' },
        { target: 'AWA' },
      ],
    },
    SCH: {},
    RUN: {},
    CLD: {
      initial: 'route',
      states: {
        route: { always: [{ guard: 'isAuctioneer', target: 'toAward' }, { target: 'watching' }] },
        toAward: {},
        watching: {},
      },
    },
    AWA: {
      initial: 'route',
      states: {
        route: { always: [{ guard: 'isAuctioneer', target: 'awarded' }, { target: 'watching' }] },
        awarded: {},
        watching: {},
      },
    },
    DELETED: { type: 'final' },
  },
});
