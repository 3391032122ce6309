import { z } from 'zod';
import { AUCTION_STATUSES, AUCTION_TYPES, AWARD_STATUSES, MARKETS, PAYMENT_STATUSES } from '@auction/domain';
import { Id, IdArray, IdList, Instant, Money, distinct } from './common.js';

/**
 * One lot in a create or edit body. With `idVehicle` the lot sells that loaded vehicle: its plate, frame, brand and model
 * are the vehicle's (what the client sends for them is not used), and the vehicle goes into the auction with the lot.
 */
export const LotInput = z.object({
  idLot: Id.optional(),
  idVehicle: Id.optional(),
  licensePlate: z.string().trim().min(1).max(20),
  frame: z.string().trim().max(32).optional(),
  brand: z.string().trim().min(1).max(50),
  model: z.string().trim().min(1).max(80),
  basePrice: Money,
  minIncrement: Money,
  reservePrice: Money.optional(),
  buyNowPrice: Money.optional(),
})
  .refine((l) => l.buyNowPrice === undefined || l.buyNowPrice >= l.basePrice, { message: 'buyNowPrice must not be below basePrice', path: ['buyNowPrice'] })
  .refine((l) => l.reservePrice === undefined || l.reservePrice >= l.basePrice, { message: 'reservePrice must not be below basePrice', path: ['reservePrice'] })
  .refine((l) => l.buyNowPrice === undefined || l.reservePrice === undefined || l.buyNowPrice >= l.reservePrice, {
    message: 'buyNowPrice must not be below reservePrice', path: ['buyNowPrice'],
  });
export type LotInput = z.infer<typeof LotInput>;

/** Body of `POST /api/v1/secure/auction`. */
export const CreateAuctionRequest = z.object({
  auctionName: z.string().trim().min(1).max(120),
  idMarket: z.enum(MARKETS),
  auctionType: z.enum(AUCTION_TYPES),
  startDate: Instant,
  endDate: Instant,
  regulationRequired: z.boolean().default(false),
  extension: z
    .object({ windowSeconds: z.number().int().min(0).max(3600), extendSeconds: z.number().int().min(0).max(3600) })
    .optional(),
  lots: z.array(LotInput).min(1).max(2000),
  /**
   * The template (selling channel): only the dealers enabled for it see the auction. null: the default channel, every
   * dealer. Absent: on create the default channel, on edit the auction's channel as it is.
   */
  idTemplate: Id.nullable().optional().meta({
    description: 'The template (partner, selling channel) the auction sells through: only the dealers enabled for it see it; one the caller '
      + 'sells through (else 404300, disabled 409300, of another market 422300). null: the default channel, every dealer of the market '
      + '(on edit: moves an auction sold through a template back to it). Absent: on create the default channel, on edit the channel stays as it is.',
  }),
});
export type CreateAuctionRequest = z.infer<typeof CreateAuctionRequest>;

/** Body of `PUT /api/v1/secure/auction`. */
export const EditAuctionRequest = CreateAuctionRequest.extend({ idAuction: Id }).refine(
  (b) => distinct(b.lots.flatMap((l) => (l.idLot === undefined ? [] : [l.idLot]))),
  { message: 'must not name an idLot twice', path: ['lots'] },
);
export type EditAuctionRequest = z.infer<typeof EditAuctionRequest>;

/** Body of `PATCH .../resize-time`: the new end (the client sets seconds to zero; the server keeps what it gets). */
export const ResizeTimeRequest = z.object({ endDate: Instant }).passthrough();
/**
 * Body of `PATCH /auction/{id}/auction-message`: the auction's message to dealers (blank clears it). The domain's rule
 * (AUCTION_MESSAGE_MAX characters once trimmed, no control character: 422270) judges it; a body far beyond is a 400.
 */
export const AuctionMessageRequest = z.object({ message: z.string().max(20_000) });
export type AuctionMessageRequest = z.infer<typeof AuctionMessageRequest>;
/** Answer of `PATCH /auction/{id}/auction-message`: the message now set (null: none). */
export const AuctionMessageResponse = z.object({ message: z.string().nullable() });

/** Body of `POST .../offer/{idLot}`. */
export const PlaceOfferRequest = z.object({ offer: Money, clickAndBuy: z.boolean().default(false) });
export type PlaceOfferRequest = z.infer<typeof PlaceOfferRequest>;

/** Answer to an accepted offer. */
export const PlaceOfferResponse = z.object({
  idOffer: z.string(), offer: z.number(), bestOffer: z.number(), leading: z.boolean(), lotEndDate: z.string(),
});
export type PlaceOfferResponse = z.infer<typeof PlaceOfferResponse>;

/** Body of `POST .../not-award`. */
export const NotAwardRequest = z.object({ idLots: IdArray(2000) });

/** Query of `POST .../observe/{idLot}`. */
export const ObserveQuery = z.object({ endObservation: z.enum(['true', 'false']).default('false').transform((v) => v === 'true') });

/** Query of `GET /auctionFull`. */
export const AuctionFullQuery = z.object({ idAuction: Id });
/** Query of running-auction search. */
export const RunningSearchQuery = z.object({ toSearch: z.string().trim().max(100).optional() });
/**
 * Query of `GET /auction-management`: the caller's auctions (an administrator's: all), optionally of one status
 * (an empty `status` means any) and whose name, or a lot's plate, brand or model, contains `toSearch` (any case).
 */
export const AuctionManagementQuery = z.object({
  status: z.union([z.enum(AUCTION_STATUSES), z.literal('')]).transform((v) => (v === '' ? undefined : v)).optional(),
  toSearch: z.string().trim().max(100).optional(),
});
export type AuctionManagementQuery = z.infer<typeof AuctionManagementQuery>;
/** Query of create-report. */
export const ReportQuery = z.object({ typeExport: z.enum(['CSV', 'XLSX']).default('CSV') });
/** Body of feedback calls. */
export const FeedbackRequest = z.object({ rating: z.number().int().min(1).max(5), idAuctioneer: z.string().min(1).max(64).optional() });

/** Purchase filters of the spec. */
export const PurchaseQuery = z.object({
  auctionName: z.string().max(120).optional(),
  channel: z.enum(['AUCTION', 'SHOWCASE']).optional(),
  frame: z.string().max(32).optional(),
  fromDate: Instant.optional(),
  toDate: Instant.optional(),
  idUserDealer: z.string().max(64).optional(),
  idVehicle: z.string().max(64).optional(),
  licensePlate: z.string().max(20).optional(),
});
export type PurchaseQuery = z.infer<typeof PurchaseQuery>;

/**
 * A lot as shown to a caller. `reservePrice` only to the owner; `myBestOffer`/`leading` only in auctionFull; `idVehicle` and
 * `idCoverPhoto` for a lot made of a loaded vehicle.
 */
export const LotView = z.object({
  idLot: z.string(), idAuction: z.string(), lotNumber: z.number(), licensePlate: z.string(), frame: z.string().nullable(),
  brand: z.string(), model: z.string(), basePrice: z.number(), minIncrement: z.number(), buyNowPrice: z.number().nullable(),
  reservePrice: z.number().nullable().optional(), status: z.enum(AUCTION_STATUSES), awardStatus: z.enum(AWARD_STATUSES),
  bestOffer: z.number().nullable(), bestOfferId: z.string().nullable(), offersCount: z.number(), endDate: z.string(),
  nextMinimumOffer: z.number(), idOfferAwarded: z.string().nullable(),
  /** The loaded vehicle the lot sells (null: a lot described by its own fields). */
  idVehicle: z.string().nullable(),
  /** The vehicle's cover photo (its first photo), shown through `GET /api/v1/secure/image?idImage=`; null: none. */
  idCoverPhoto: z.string().nullable(),
  myBestOffer: z.number().nullable().optional(), leading: z.boolean().optional(), observed: z.boolean().optional(),
  /** The vehicle's key data shown beside its thumbnail (absent without a vehicle). */
  firstRegistration: z.string().nullable().optional(), mileageKm: z.number().nullable().optional(), fuel: z.string().nullable().optional(),
});
export type LotView = z.infer<typeof LotView>;

/** An auction as shown to a caller. */
export const AuctionView = z.object({
  idAuction: z.string(), auctionName: z.string(), idMarket: z.string(), auctionType: z.enum(AUCTION_TYPES),
  status: z.enum(AUCTION_STATUSES), startDate: z.string(), endDate: z.string(), regulationRequired: z.boolean(),
  extension: z.object({ windowSeconds: z.number(), extendSeconds: z.number() }), idOwner: z.string(),
  idTemplate: z.string().nullable().meta({
    description: 'The template (partner, selling channel) the auction sells through: only dealers enabled for it see it. null: none, the default channel open to every dealer.',
  }),
  lots: z.array(LotView),
});
export type AuctionView = z.infer<typeof AuctionView>;

/** An auction in the management list: the auction view without its lots, with the number of lots. */
export const ManagedAuction = AuctionView.omit({ lots: true }).extend({ lotsCount: z.number() });
export type ManagedAuction = z.infer<typeof ManagedAuction>;

/** A row of the offers report. */
export const OfferReportRow = z.object({
  idOffer: z.string(), idLot: z.string(), lotNumber: z.number(), licensePlate: z.string(), offer: z.number(), username: z.string(),
  createdAt: z.string(), clickAndBuy: z.boolean(),
});
export type OfferReportRow = z.infer<typeof OfferReportRow>;

/** A purchase row. */
export const PurchaseRow = z.object({
  idAuction: z.string().nullable(), idLot: z.string().nullable(), idVehicle: z.string().nullable(), licensePlate: z.string(),
  brand: z.string(), model: z.string(), price: z.number(), channel: z.enum(['AUCTION', 'SHOWCASE']), date: z.string(),
  auctionName: z.string().nullable(), frame: z.string().nullable(),
  /**
   * The caller's rating of this purchase (1-5) and its idFeedback, null while not rated: an auction is rated once for
   * all the lots the caller won in it, a showcase vehicle once. The rating dialog opens with them (vote disabled).
   */
  rating: z.number().int().min(1).max(5).nullable().optional(),
  idFeedback: z.string().nullable().optional(),
  /** The purchase's id for `payByLink`: the lot's id (AUCTION) or the vehicle's (SHOWCASE). */
  idPurchase: z.string().optional(),
  /** Its payment: UNPAID (no link asked yet), PENDING (a link handed out), FAILED (may be retried) or PAID. */
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
});
export type PurchaseRow = z.infer<typeof PurchaseRow>;

export { IdList };
