import type { AuctionState } from '../auction/auction.types.js';
import type { LotEvent } from './lot.types.js';

/**
 * The same lot event, its definition naming its auction, owner and seller with the auction state's own strings when
 * they are equal (the values do not change); `auctionOf` finds the auction state the index holds. An index folding events parsed from the log holds one copy of each id per
 * lot otherwise: with 1,000 lots to an auction, three 36-character ids a lot. Other events are returned as they are.
 */
export function withAuctionIds(event: LotEvent, auctionOf: (idAuction: string) => AuctionState | undefined): LotEvent {
  if (event.type !== 'LotScheduled' && event.type !== 'LotEdited') return event;
  const auction = auctionOf(event.data.idAuction);
  if (!auction || auction.status === 'NONE') return event;
  const a = auction.data;
  const d = event.data;
  if (d.idAuction !== a.idAuction) return event;
  const seller = a.idSellerDealer;
  const data = {
    ...d, idAuction: a.idAuction, idOwner: d.idOwner === a.idOwner ? a.idOwner : d.idOwner,
    ...(typeof seller === 'string' && d.idSellerDealer === seller ? { idSellerDealer: seller } : {}),
  };
  return { type: event.type, data };
}
