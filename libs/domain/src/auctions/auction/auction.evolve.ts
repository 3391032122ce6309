import { toMs } from '../../shared/time.js';
import type { LotState } from '../lot/lot.types.js';
import type { AuctionData, AuctionDefinition, AuctionEvent, AuctionState } from './auction.types.js';

/** Shortest auction (start to end) unless the shell configures another: one minute. */
export const MIN_AUCTION_DURATION_MS = 60_000;

/** Initial state of an auction stream. */
export const initialAuctionState: AuctionState = { status: 'NONE' };

function withDefinition(data: Omit<AuctionData, keyof AuctionDefinition | 'startMs' | 'endMs'>, def: AuctionDefinition): AuctionData {
  const { auctionName, idMarket, auctionType, startDate, endDate, regulationRequired, windowSeconds, extendSeconds, lotIds } = def;
  // The template: an edit that names none keeps the auction's (an earlier client does not know templates).
  const idTemplate = def.idTemplate !== undefined ? def.idTemplate : (data as { idTemplate?: string | null }).idTemplate;
  return {
    ...data, ...(idTemplate !== undefined ? { idTemplate } : {}), auctionName, idMarket, auctionType, startDate, endDate, regulationRequired, windowSeconds, extendSeconds, lotIds,
    startMs: toMs(startDate), endMs: toMs(endDate),
  };
}

/** Folds one auction event. Never throws. */
export function evolveAuction(state: AuctionState, event: AuctionEvent): AuctionState {
  if (event.type === 'AuctionScheduled') {
    const { idAuction, idOwner, idSellerDealer, ...def } = event.data;
    const seller = idSellerDealer === undefined ? {} : { idSellerDealer };
    return { status: 'SCH', data: withDefinition({ idAuction, idOwner, ...seller, acceptedRegulation: {} }, def) };
  }
  if (state.status === 'NONE') return state;
  const { data } = state;
  switch (event.type) {
    case 'AuctionEdited': {
      const { idAuction: _id, ...def } = event.data;
      return { status: state.status, data: withDefinition(data, def) } as AuctionState;
    }
    case 'AuctionDeleted':
      return { status: 'DELETED', data };
    case 'AuctionStarted':
      return state.status === 'SCH' ? { status: 'RUN', data } : state;
    case 'AuctionEndRescheduled':
      return { ...state, data: { ...data, endDate: event.data.endDate, endMs: toMs(event.data.endDate) } };
    case 'RegulationAccepted':
      return { ...state, data: { ...data, acceptedRegulation: { ...data.acceptedRegulation, [event.data.idUser]: true } } };
    case 'AuctionMessageSet':
      return { ...state, data: { ...data, message: event.data.message } };
    case 'AuctionFileMessageSet':
      return { ...state, data: { ...data, idFileMessage: event.data.idFile } };
    case 'AuctionClosed':
      return state.status === 'DELETED' ? state : { status: 'CLD', data };
    case 'AuctionAwarded':
      return state.status === 'DELETED' ? state : { status: 'AWA', data };
    case 'AuctionAwardReopened':
      return state.status === 'AWA' ? { status: 'CLD', data } : state;
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** Folds a sequence of auction events from the initial state. */
export function foldAuction(events: readonly AuctionEvent[], from: AuctionState = initialAuctionState): AuctionState {
  return events.reduce(evolveAuction, from);
}

/** True when a dealer may bid as far as the regulation is concerned. */
export function regulationSatisfied(state: AuctionState, idUser: string): boolean {
  return state.status !== 'NONE' && (!state.data.regulationRequired || state.data.acceptedRegulation[idUser] === true);
}

/**
 * The end shown for an auction: its last lot's end (anti-sniping extensions included, a lot bought now ending at its
 * purchase); withdrawn lots do not count; the auction's own end when it has no lot.
 */
export function shownAuctionEndMs(auction: AuctionState, lots: readonly LotState[]): number {
  let end = Number.NEGATIVE_INFINITY;
  for (const lot of lots) if (lot.status === 'OPEN' || lot.status === 'CLOSED') end = Math.max(end, lot.data.endMs);
  if (end !== Number.NEGATIVE_INFINITY) return end;
  return auction.status === 'NONE' ? Number.NaN : auction.data.endMs;
}
