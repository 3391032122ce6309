import {
  DomainError, awardStatusOf, decideAuction, foldLot,
  type AuctionState, type LotEvent, type LotState,
} from '@auction/domain';
import type { Actor } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import type { Decision, StreamView } from '../platform/engine/stream-writer.js';
import { streamId } from '@auction/domain';

/** The auction of a stream view, or 404. */
export function existingAuction(view: StreamView, idAuction: string): Extract<AuctionState, { data: unknown }> & { status: 'SCH' | 'RUN' | 'CLD' | 'AWA' } {
  const auction = view.state<AuctionState>(streamId.auction(idAuction));
  if (auction.status === 'NONE' || auction.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  return auction;
}

/** Throws unless the actor owns the auction or is an administrator. */
export function requireOwner(auction: AuctionState, actor: Actor): void {
  if (auction.status === 'NONE' || auction.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (!actor.roles.includes('ADMIN') && auction.data.idOwner !== actor.idUser) throw AccessError.notOwner();
}

/** Throws unless the lot belongs to the auction. */
export function requireLotOf(view: StreamView, idAuction: string, idLot: string): LotState {
  const lot = view.state<LotState>(streamId.lot(idLot));
  if (lot.status === 'NONE' || lot.status === 'WITHDRAWN' || lot.data.definition.idAuction !== idAuction) {
    throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  }
  return lot;
}

/** Stream ids of an auction and all its lots. */
export function auctionStreams(auction: AuctionState, idAuction: string): string[] {
  const lots = auction.status === 'NONE' ? [] : auction.data.lotIds.map(streamId.lot);
  return [streamId.auction(idAuction), ...lots];
}

/**
 * The auction's FollowLots decision after this command's lot events: closed when every lot has
 * ended, awarded when none is left to be awarded, reopened after a revert.
 */
export function followDecision(view: StreamView, idAuction: string, lotDecisions: readonly Decision[], now: number): Decision {
  const auctionId = streamId.auction(idAuction);
  const auction = view.state<AuctionState>(auctionId);
  if (auction.status === 'NONE' || auction.status === 'DELETED') return { streamId: auctionId, events: [] };
  // One pass over the decisions: a batch may close thousands of lots at once.
  const eventsOf = new Map<string, LotEvent[]>();
  for (const d of lotDecisions) eventsOf.set(d.streamId, [...(eventsOf.get(d.streamId) ?? []), ...(d.events as LotEvent[])]);
  const lots = auction.data.lotIds.map((id) => {
    const sid = streamId.lot(id);
    const events = eventsOf.get(sid);
    return events ? foldLot(events, view.state<LotState>(sid)) : view.state<LotState>(sid);
  });
  const progress = lots
    .filter((l) => l.status === 'OPEN' || l.status === 'CLOSED')
    .map((l) => ({ ended: l.status === 'CLOSED', awardStatus: awardStatusOf(l) }));
  return { streamId: auctionId, events: decideAuction({ type: 'FollowLots', lots: progress, now }, auction) };
}
