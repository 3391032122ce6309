import { z } from 'zod';
import { adminQueryInt } from './admin-common.js';
import { Id, IdArray, IdList, QueryMoney } from './common.js';
import { PAGE_MAX, PageQuery, pageOf } from './paging.js';
import { LotView } from './auction.js';
import { VehicleSheet } from './vehicles.js';

/**
 * Queries and answers of the auction calls the mobile app mirrors (`/auctionFull/{id}/search`, `/auction?ids[]`,
 * `/auction/{id}/base/`, `/random-vehicle`, `/auction/{id}/observed`, the offer sent as a GET).
 */

/** Query of `GET /auction?ids[]=`: the auctions named (1 to 200, none twice), soonest scheduled end first. */
export const AuctionIdsQuery = z.object({ ids: IdList }).extend(PageQuery.shape);
export type AuctionIdsQuery = z.infer<typeof AuctionIdsQuery>;

const SearchText = (max: number) => z.string().trim().min(1).max(max).optional();

/**
 * Query of `GET /auctionFull/{idAuction}/search`: lots whose field contains the text (any case); `region`, `state` and
 * `idVehicle` are the lot's vehicle's (a lot without a vehicle matches none of them). One page of lots (1-100).
 */
export const AuctionLotSearchQuery = z.object({
  brand: SearchText(60), model: SearchText(60), licensePlate: SearchText(20), frame: SearchText(32),
  region: SearchText(60), state: SearchText(60), idVehicle: Id.optional(),
  limit: adminQueryInt(1, PAGE_MAX, PAGE_MAX), offset: adminQueryInt(0, 1_000_000, 0),
});
export type AuctionLotSearchQuery = z.infer<typeof AuctionLotSearchQuery>;
/** The lot filters of {@link AuctionLotSearchQuery}. */
export type LotFilters = Omit<AuctionLotSearchQuery, 'limit' | 'offset'>;

/** Query of `GET /auction/{idAuction}/base/`: one page of the auction's lots, or only `idLot`. */
export const LotBaseQuery = z.object({ idLot: Id.optional() }).extend(PageQuery.shape);

/** A lot's prices for a bidder: the base, the increment, the best offer and the least next offer accepted. */
export const LotBase = z.object({
  idLot: z.string(), lotNumber: z.number(), basePrice: z.number(), minIncrement: z.number(), buyNowPrice: z.number().nullable(),
  bestOffer: z.number().nullable(), nextMinimumOffer: z.number(),
});
export type LotBase = z.infer<typeof LotBase>;
/** Answer of `GET /auction/{idAuction}/base/`. */
export const LotBasePage = pageOf(LotBase);

/** Query of `GET /random-vehicle`: the running auctions to pick from (`idAuctions[]`, 1 to 200). */
export const RandomVehicleQuery = z.object({ idAuctions: IdList });

/** A lot's vehicle data, as the lot holds it today (issue 22 item 5 adds the vehicle's own). */
export const RandomVehicle = z.object({
  idAuction: z.string(), auctionName: z.string(), idLot: z.string(), lotNumber: z.number(), licensePlate: z.string(),
  frame: z.string().nullable(), brand: z.string(), model: z.string(), basePrice: z.number(), endDate: z.string(),
});
export type RandomVehicle = z.infer<typeof RandomVehicle>;

/** Body of `POST /auction/{idAuction}/observed`: observe (or, with `endObservation`, stop observing) these lots. */
export const ObserveLotsRequest = z.object({ idLots: IdArray(100), endObservation: z.boolean().default(false) });
export type ObserveLotsRequest = z.infer<typeof ObserveLotsRequest>;

/** Body of the mobile `POST /auction/observed`: the observed lots of these auctions (none: all), one page. */
export const ObservedSearchRequest = z.object({
  idAuctions: IdArray(200).optional(),
  limit: z.number().int().min(1).max(PAGE_MAX).default(50), offset: z.number().int().min(0).max(1_000_000).default(0),
});
export type ObservedSearchRequest = z.infer<typeof ObservedSearchRequest>;

/**
 * Query of the mobile app's offer, `GET /api/v1/mobile/auction/{idAuction}/offer/{idLot}?offer=`: the amount in digits
 * with at most 2 decimals (as in a body: exact, positive, at most 100000000), and `clickAndBuy` true or false.
 */
export const MobileOfferQuery = z.object({
  offer: QueryMoney,
  clickAndBuy: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});
export type MobileOfferQuery = z.infer<typeof MobileOfferQuery>;

/** Answer of `GET /showcase-enabled`: whether the caller's market lists showcase vehicles it may see. */
export const ShowcaseEnabled = z.object({ enabled: z.boolean() });
export type ShowcaseEnabled = z.infer<typeof ShowcaseEnabled>;

/**
 * Answer of `GET /auction/{idAuction}/lot-detail/{idLot}`: one lot of an auction as the caller may see it, with its
 * vehicle's data sheet, photo ids (in order, the first the cover) and document ids when the lot sells a loaded vehicle
 * the caller may see (`vehicle` null and the lists empty for a lot described by its own fields, or a vehicle that left
 * the auction). The files are read through `GET /image`, `/pdf` and `/generic-file`.
 */
export const LotDetail = z.object({
  idAuction: z.string(), auctionName: z.string(), lot: LotView,
  vehicle: VehicleSheet.nullable(), idPhotos: z.array(z.string()), idDocuments: z.array(z.string()),
});
export type LotDetail = z.infer<typeof LotDetail>;
