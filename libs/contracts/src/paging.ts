import { z } from 'zod';
import { PageMeta, adminPage, adminQueryInt } from './admin-common.js';
import { Id } from './common.js';
import { MyBid } from './dealer-views.js';
import { AuctionManagementQuery, AuctionView, LotView, ManagedAuction, OfferReportRow, PurchaseQuery, PurchaseRow, RunningSearchQuery } from './auction.js';
import { ShowcaseQuery, VehicleSearchQuery, VehicleView } from './showcase.js';

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

/** The schema of one page of `item` (the one shape of `admin-common.ts`). */
export const pageOf = adminPage;

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

/**
 * Query of `GET /auctionFull` and `GET /auction/{idAuction}`: the auction and one page of its lots (1-100, default 100),
 * optionally only the lot `idLot` (a lot's own page, whatever its place in a big auction).
 */
export const AuctionLotsQuery = z.object({ limit: adminQueryInt(1, PAGE_MAX, PAGE_MAX), offset: adminQueryInt(0, 1_000_000, 0), idLot: Id.optional() });
export type AuctionLotsQuery = z.infer<typeof AuctionLotsQuery>;
/** Fields `GET /api/v2/secure/auction/{id}` sorts an auction's lots on (the lot number breaks ties). */
export const AUCTION_LOT_SORT_FIELDS = ['lotNumber', 'basePrice', 'bestOffer', 'offersCount', 'licensePlate', 'brand', 'model', 'endDate'] as const;
export type AuctionLotSortField = (typeof AUCTION_LOT_SORT_FIELDS)[number];
/**
 * Query of `GET /api/v2/secure/auction/{id}`: one page of the auction's lots (as {@link AuctionLotsQuery}) sorted by the
 * server on `sortField` (default lotNumber) in `sortOrder` (asc or desc, any case; default asc), ties by lot number.
 */
export const AuctionSortedLotsQuery = AuctionLotsQuery.extend({
  sortField: z.enum(AUCTION_LOT_SORT_FIELDS).default('lotNumber'),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc').transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});
export type AuctionSortedLotsQuery = z.infer<typeof AuctionSortedLotsQuery>;
/**
 * Answer of `GET /auctionFull` and `GET /auction/{idAuction}`: the auction with one page of its lots in lot-number
 * order (`lots`), and `lotsPage` giving the page (`total` lots over all pages). The auction's own fields (its end: the
 * last lot's end) count every lot, not only the page's.
 */
export const AuctionLotsView = AuctionView.extend({
  lotsPage: PageMeta,
  /** The auction's own message to dealers (PATCH auction-message), shown before they accept its regulation; null: none. */
  message: z.string().nullable(),
  /** Where a dealer downloads the auction's own regulation document (a PDF; `GET` this path), or null: none. */
  fileMessage: z.string().nullable(),
});
export type AuctionLotsView = z.infer<typeof AuctionLotsView>;

/** An observed lot with its auction's name (`GET /auction/observed`). */
export const ObservedLot = LotView.extend({ auctionName: z.string() });
export type ObservedLot = z.infer<typeof ObservedLot>;
/** Answer of `GET /auction/observed`: the caller's observed lots, in the lots' creation order (stable while offers arrive). */
export const ObservedLotPage = pageOf(ObservedLot);

/** Query of `GET /purchases`: the spec's purchase filters and one page, newest purchase first. */
export const PurchasePageQuery = PurchaseQuery.extend(PageQuery.shape);
export type PurchasePageQuery = z.infer<typeof PurchasePageQuery>;
/** Answer of `GET /purchases`. */
export const PurchasePage = pageOf(PurchaseRow);

/** Answer of `GET /auction/{idAuction}/auction-offers-report`: the auction's offers in the order they were accepted. */
export const OfferReportPage = pageOf(OfferReportRow);
/** Query of `GET /auction/{idAuction}/auction-offers-report`: one page, and with `idLot` the offers of that lot only. */
export const OffersReportQuery = PageQuery.extend({ idLot: Id.optional() });
export type OffersReportQuery = z.infer<typeof OffersReportQuery>;

/** Query of `GET /showcase`: the market and one page, in listing order. */
export const ShowcasePageQuery = ShowcaseQuery.extend(PageQuery.shape);
export type ShowcasePageQuery = z.infer<typeof ShowcasePageQuery>;
/** Query of `GET /showcase/search-vehicles`: the filters and one page, in listing order. */
export const VehicleSearchPageQuery = VehicleSearchQuery.extend(PageQuery.shape);
export type VehicleSearchPageQuery = z.infer<typeof VehicleSearchPageQuery>;
/** Answer of `GET /showcase`, `GET /showcase/search-vehicles` and `GET /showcase/myLot` (in listing order). */
export const VehiclePage = pageOf(VehicleView);
