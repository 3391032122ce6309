import { z } from 'zod';
import { adminQueryInt } from './admin-common.js';
import { MyBid } from './dealer-views.js';
import { AuctionManagementQuery, ManagedAuction, RunningSearchQuery } from './auction.js';

/**
 * Every list answer of the API is one page, never "everything": a query carries `limit` (1 to {@link PAGE_MAX},
 * default {@link PAGE_DEFAULT}) and `offset` (default 0); the answer is `{ items, total, limit, offset }`, `total`
 * counting every page, the order fixed by the server (as the back-office lists of `admin-common.ts`).
 */
export const PAGE_MAX = 100;
/** Items of a page when the query names no `limit`. */
export const PAGE_DEFAULT = 50;

/** `limit` and `offset` of a paged list. */
export const PageQuery = z.object({ limit: adminQueryInt(1, PAGE_MAX, PAGE_DEFAULT), offset: adminQueryInt(0, 1_000_000, 0) });
export type PageQuery = z.infer<typeof PageQuery>;

/** One page of a list: its items, the total over all pages, and the `limit` and `offset` it answers. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

/** The schema of one page of `item`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().nonnegative(), limit: z.number().int(), offset: z.number().int() });
}

/**
 * An auction in a list (running, scheduled, managed): its view without the lots, with how many lots it has. The lots
 * of one auction are read with `auctionFull`; a list of auctions of thousands of lots stays small.
 */
export const AuctionSummary = ManagedAuction;
export type AuctionSummary = ManagedAuction;

/** Query of `GET /running-auctions` (and `/running-auctions/search`): the search and one page, soonest scheduled end first (the auction's end, not moved by lot extensions: pages stay stable while offers arrive). */
export const RunningAuctionsQuery = RunningSearchQuery.extend(PageQuery.shape);
export type RunningAuctionsQuery = z.infer<typeof RunningAuctionsQuery>;
/** Answer of `GET /running-auctions` and `GET /scheduled-auctions`. */
export const AuctionSummaryPage = pageOf(AuctionSummary);
/** Query of `GET /auction-management`: its filters and one page, newest start first. */
export const AuctionManagementPageQuery = AuctionManagementQuery.extend(PageQuery.shape);
export type AuctionManagementPageQuery = z.infer<typeof AuctionManagementPageQuery>;
/** Answer of `GET /auction-management`. */
export const ManagedAuctionPage = pageOf(ManagedAuction);
/** Answer of `GET /my-bids`: the lots the caller bid on, latest scheduled end first (the auction's end: a lot's extension does not move it between pages). */
export const MyBidPage = pageOf(MyBid);
