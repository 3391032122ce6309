import type { AuctionType, AwardStatus } from '@auction/domain';

/**
 * Rows of the read-model tables, as the pure projections see them: camelCase properties, money in
 * euros (numbers), instants as normalized ISO strings (`toISOString()`), global positions as numbers.
 */

/** Status of an auction row; `DELETED` rows are kept so a late event cannot resurrect the auction. */
export type AuctionRowStatus = 'SCH' | 'RUN' | 'CLD' | 'AWA' | 'DELETED';

/** One auction (stream `auction-{idAuction}`). */
export interface AuctionRow {
  idAuction: string;
  idOwner: string;
  auctionName: string;
  idMarket: string;
  auctionType: AuctionType;
  status: AuctionRowStatus;
  /** The start as the auctioneer wrote it (shown verbatim, as the in-memory view does). */
  startDate: string;
  /** The end as the auctioneer wrote it, or as moved by resize-time. */
  endDate: string;
  startAt: string | null;
  endAt: string | null;
  regulationRequired: boolean;
  windowSeconds: number;
  extendSeconds: number;
  lotIds: string[];
  /** Position of the first event of the stream: the order auctions were created in. */
  createdPosition: number;
  /** The auction's own message to dealers (`AuctionMessageSet`); absent or null: none. */
  message: string | null;
  /** The stored PDF of the auction's own regulation document (`AuctionFileMessageSet`); null: none. */
  idFileMessage: string | null;
  /** The template (selling channel) the auction sells through; null: the default channel, open to every dealer. */
  idTemplate: string | null;
}

/** Lifecycle of a lot row: `OPEN` is scheduled or running depending on the time asked. */
export type LotRowState = 'OPEN' | 'WITHDRAWN' | 'CLOSED';

/** One lot (stream `lot-{idLot}`) with its best offer and award. */
export interface LotRow {
  idLot: string;
  idAuction: string;
  lotNumber: number;
  licensePlate: string;
  frame: string | null;
  brand: string;
  model: string;
  basePrice: number;
  minIncrement: number;
  reservePrice: number | null;
  buyNowPrice: number | null;
  state: LotRowState;
  startAt: string | null;
  endAt: string | null;
  bestAmount: number | null;
  bestOfferId: string | null;
  bestUserId: string | null;
  offersCount: number;
  closedAt: string | null;
  awardStatus: AwardStatus;
  awardedOfferId: string | null;
  awardedUserId: string | null;
  awardedAmount: number | null;
  createdPosition: number;
  /** The loaded vehicle the lot sells, and its cover photo (null: none; rows of earlier releases: null). */
  idVehicle: string | null;
  idCoverPhoto: string | null;
  firstRegistration: string | null;
  mileageKm: number | null;
  fuel: string | null;
}

/** A dealer's best offer on a lot (myBestOffer / leading). */
export interface DealerBestRow {
  idLot: string;
  idUser: string;
  idAuction: string;
  bestAmount: number;
  bestOfferId: string;
}

/** A dealer observing a lot. */
export interface ObservationRow {
  idLot: string;
  idUser: string;
  idAuction: string;
}

/** Scope of a regulation acceptance. */
export type RegulationKind = 'AUCTION' | 'SHOWCASE';

/** A dealer's acceptance of an auction's regulation (`idScope` = idAuction) or of the showcase's (`idScope` = ''). */
export interface RegulationRow {
  kind: RegulationKind;
  idScope: string;
  idUser: string;
  acceptedPosition: number;
}

/** An accepted offer, for the offers report, with its global position (the stored order). */
export interface OfferRow {
  idOffer: string;
  idLot: string;
  idAuction: string;
  idUser: string;
  amount: number;
  clickAndBuy: boolean;
  placedAt: string | null;
  position: number;
}

/** A showcase vehicle (stream `vehicle-{idVehicle}`) with its hold and sale. */
export interface VehicleRow {
  idVehicle: string;
  idShowcase: string;
  idOwner: string;
  idMarket: string;
  licensePlate: string;
  brand: string;
  model: string;
  price: number;
  status: 'LISTED' | 'SOLD';
  holdUserId: string | null;
  holdKind: 'BOOKING' | 'PREEMPTION' | null;
  holdUntil: string | null;
  soldUserId: string | null;
  soldPrice: number | null;
  soldAt: string | null;
  /** Position of the listing event: the catalogue's order. */
  listedPosition: number;
  /** The template (selling channel) of the showcase: only dealers enabled for it see the vehicle. Null: the default channel. */
  idTemplate: string | null;
}

/**
 * A loaded vehicle (stream `vehicle-{idVehicle}` from `VehicleLoaded`) through its whole life: the back-office's
 * vehicle list, details and the checks against duplicate plates and frames. A vehicle listed directly in a showcase
 * (no load) has no row here. Users by id only.
 */
export interface VehicleRecordRow {
  idVehicle: string;
  provenance: string;
  idLoader: string;
  status: 'STOCK' | 'IN_AUCTION' | 'LISTED' | 'SOLD' | 'WITHDRAWN';
  published: boolean;
  holderRole: 'LOADER' | 'SUPERIOR' | 'MULTI_AUCTIONEER';
  holderUserId: string;
  /** The plate in its compared form (`plateKey`), as the domain stores it. */
  licensePlate: string;
  frame: string;
  brand: string;
  model: string;
  version: string | null;
  firstRegistration: string;
  mileageKm: number;
  fuel: string;
  gearbox: string;
  powerKw: number;
  colour: string | null;
  damageTotal: number;
  channel: string;
  area: string;
  region: string;
  /** The appraisal summary (`{appraisedOn, grade, notes}`) or null. */
  appraisal: unknown;
  /** Photo blob ids in display order. */
  photos: string[];
  /** Documents: `{idBlob, kind}`. */
  documents: unknown[];
  /** The price asked: the showcase listing's, or null while none was set. */
  price: number | null;
  /** Times the vehicle was put in an auction. */
  auctionsCount: number;
  idAuction: string | null;
  idLot: string | null;
  idShowcase: string | null;
  soldUserId: string | null;
  soldPrice: number | null;
  soldAt: string | null;
  insertedAt: string;
  /** Position of the load: the list's tie-breaker. */
  loadedPosition: number;
}

/** One placement of a loaded vehicle in an auction lot: the vehicle's auctions history. */
export interface VehicleAuctionRow {
  idVehicle: string;
  idLot: string;
  idAuction: string;
  placedAt: string;
  position: number;
}

/** A vehicle in a dealer's my lot. */
export interface MyLotRow {
  idVehicle: string;
  idUser: string;
}

/** Per-stream checkpoint of a projection. */
export interface CheckpointRow {
  projection: string;
  streamId: string;
  position: number;
}

/** An event a projection failed on: set aside (its stream's checkpoint moved past it) so the others go on. */
export interface ParkedEventRow {
  projection: string;
  position: number;
  streamId: string;
  type: string;
  /** Why it failed (the database's or the projection's message). */
  error: string;
  parkedAt: string;
}

/** One template (stream `template-{idTemplate}`); `DELETED` rows are kept so a late event cannot resurrect it. */
export interface TemplateRow {
  idTemplate: string;
  idDealer: string;
  templateName: string;
  description: string | null;
  largeLogo: string | null;
  smallLogo: string | null;
  commercialInfoPhone: string | null;
  commercialInfoEmail: string | null;
  vatCode: string | null;
  idMarket: string;
  provenance: string | null;
  status: 'ENABLED' | 'DISABLED' | 'DELETED';
  createdPosition: number;
}

/** A dealer enabled for a template (a row while enabled; the projection removes it when disabled). */
export interface TemplateBuyerRow {
  idTemplate: string;
  idDealer: string;
  enabledPosition: number;
}

/** One login (`UserLoggedIn` on a user stream), for the logins report: codes only, the username is resolved when answering. */
export interface LoginRow {
  /** The session opened (unique per login). */
  sid: string;
  idUser: string;
  loginType: string;
  idDealer: string | null;
  idMarket: string;
  at: string | null;
  position: number;
}

/** The payment of a purchase (`payment-{idPurchase}`): its status as the payment decider folds it; no row: UNPAID. */
export interface PaymentRow {
  idPurchase: string;
  idUser: string;
  status: 'PENDING' | 'FAILED' | 'PAID';
  idAttempt: string;
  amountCents: number;
  changedPosition: number;
}
