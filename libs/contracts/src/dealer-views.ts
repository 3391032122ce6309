import { z } from 'zod';
import { PageMeta } from './admin-common.js';
import { LotView } from './auction.js';

/**
 * One bid of a lot's history as a dealer sees it: amount and time, `mine` for the caller's own, other dealers as an
 * anonymous `bidder` number (1, 2, ... in the order of their first bid on the lot, the caller left out; null for
 * the caller's own). Never another dealer's name or id.
 */
export const LotBid = z.object({
  amount: z.number(), placedAt: z.string(), mine: z.boolean(), bidder: z.number().int().positive().nullable(), clickAndBuy: z.boolean(),
});
export type LotBid = z.infer<typeof LotBid>;

/**
 * `GET /auction/{idAuction}/lot/{idLot}/bids`: one page of the bids of a lot, newest first (query `limit`, `offset` of
 * the `PageQuery`; `total` counts every bid), and whether its reserve is met. Bidder numbers count over every bid.
 */
export const LotBidHistory = z.object({
  idAuction: z.string(), idLot: z.string(),
  /** The lot has a reserve price (its amount stays hidden). */
  hasReserve: z.boolean(),
  /** The best offer meets the reserve (no reserve: any offer does); false without offers. */
  reserveMet: z.boolean(),
  bids: z.array(LotBid),
}).extend(PageMeta.shape);
export type LotBidHistory = z.infer<typeof LotBidHistory>;

/** `GET /my-bids`: a lot the caller bid on, with its auction's name, the caller's best offer, lead and win. */
export const MyBid = LotView.extend({
  auctionName: z.string(), myBestOffer: z.number(), leading: z.boolean(),
  /** The lot was awarded to one of the caller's offers. */
  won: z.boolean(),
});
export type MyBid = z.infer<typeof MyBid>;
