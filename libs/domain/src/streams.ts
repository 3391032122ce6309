import { evolveAuction, initialAuctionState } from './auctions/auction/auction.evolve.js';
import type { AuctionEvent, AuctionState } from './auctions/auction/auction.types.js';
import { evolveLot, initialLotState } from './auctions/lot/lot.evolve.js';
import type { LotEvent, LotState } from './auctions/lot/lot.types.js';
import { dealerDecider, type DealerEvent, type DealerState } from './dealers/dealer/dealer.js';
import { templateDecider, type TemplateEvent, type TemplateState } from './partners/template/template.js';
import { sellerDecider, type SellerEvent, type SellerState } from './partners/sellers/seller.js';
import { sellerConfigDecider, type SellerConfigEvent, type SellerConfigState } from './partners/sellers/seller-config.js';
import { sellerReferenceDecider, type SellerReferenceEvent, type SellerReferenceState } from './partners/sellers/seller-reference.js';
import { paymentDecider, type PaymentEvent, type PaymentState } from './payments/purchase-payment.js';
import { topCmsDecider, type TopCmsEvent, type TopCmsState } from './partners/top-cms/top-cms.js';
import { userDecider, type UserEvent, type UserState } from './identity/user/user.js';
import { evolveVehicle, initialVehicleState } from './vehicles/vehicle/vehicle.evolve.js';
import type { VehicleEvent, VehicleState } from './vehicles/vehicle/vehicle.types.js';

/** How the engine folds one kind of stream. */
export interface StreamKind<S, E> {
  readonly prefix: string;
  readonly evolve: (state: S, event: E) => S;
  readonly initialState: S;
}

/** Auction streams `auction-{id}`. */
export const AUCTION: StreamKind<AuctionState, AuctionEvent> = { prefix: 'auction-', evolve: evolveAuction, initialState: initialAuctionState };
/** Lot streams `lot-{id}`. */
export const LOT: StreamKind<LotState, LotEvent> = { prefix: 'lot-', evolve: evolveLot, initialState: initialLotState };
/** Vehicle streams `vehicle-{id}`: one vehicle's whole life (loading, placements, sale). */
export const VEHICLE: StreamKind<VehicleState, VehicleEvent> = { prefix: 'vehicle-', evolve: evolveVehicle, initialState: initialVehicleState };
/** User streams `user-{id}`. */
export const USER: StreamKind<UserState, UserEvent> = { prefix: 'user-', evolve: userDecider.evolve, initialState: userDecider.initialState };
/** Dealer streams `dealer-{idDealer}`. */
export const DEALER: StreamKind<DealerState, DealerEvent> = { prefix: 'dealer-', evolve: dealerDecider.evolve, initialState: dealerDecider.initialState };
/** Seller streams `seller-{idSeller}`. */
export const SELLER: StreamKind<SellerState, SellerEvent> = { prefix: 'seller-', evolve: sellerDecider.evolve, initialState: sellerDecider.initialState };
/** A market's seller configuration `sellerconfig-{idMarket}`. */
export const SELLER_CONFIG: StreamKind<SellerConfigState, SellerConfigEvent> = {
  prefix: 'sellerconfig-', evolve: sellerConfigDecider.evolve, initialState: sellerConfigDecider.initialState,
};
/** A dealer's reference seller `sellerref-{idDealer}`. */
export const SELLER_REFERENCE: StreamKind<SellerReferenceState, SellerReferenceEvent> = {
  prefix: 'sellerref-', evolve: sellerReferenceDecider.evolve, initialState: sellerReferenceDecider.initialState,
};

/** Template streams `template-{idTemplate}`: a selling channel and the dealers enabled for it. */
export const TEMPLATE: StreamKind<TemplateState, TemplateEvent> = { prefix: 'template-', evolve: templateDecider.evolve, initialState: templateDecider.initialState };

/** Top banner streams `topcms-{idTopCms}`: one item of a market's home slider (issue 23 item 6). */
export const TOP_CMS: StreamKind<TopCmsState, TopCmsEvent> = { prefix: 'topcms-', evolve: topCmsDecider.evolve, initialState: topCmsDecider.initialState };

/** Purchase payment streams `payment-{idPurchase}` (idLot of a lot won, idVehicle of a showcase vehicle bought; issue 23 item 7). */
export const PAYMENT: StreamKind<PaymentState, PaymentEvent> = { prefix: 'payment-', evolve: paymentDecider.evolve, initialState: paymentDecider.initialState };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const KINDS: StreamKind<any, any>[] = [AUCTION, LOT, VEHICLE, USER, DEALER, TEMPLATE, SELLER, SELLER_CONFIG, SELLER_REFERENCE, TOP_CMS, PAYMENT];

/** The kind of a stream id, from its prefix. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function kindOf(streamId: string): StreamKind<any, any> {
  const kind = KINDS.find((k) => streamId.startsWith(k.prefix));
  if (!kind) throw new Error(`unknown stream kind: ${streamId}`);
  return kind;
}

/**
 * Partition key of a stream's events for the fan-out (Kafka key): an auction and its lots share their
 * auction's id, so every change of one auction stays in order; other streams are keyed by themselves.
 */
export function partitionKeyOfStream(streamId: string, state: unknown): string {
  if (streamId.startsWith(AUCTION.prefix)) return streamId.slice(AUCTION.prefix.length);
  if (streamId.startsWith(LOT.prefix)) {
    const lot = state as LotState;
    if (lot.status !== 'NONE') return lot.data.definition.idAuction;
  }
  return streamId;
}

/** Stream id helpers. */
export const streamId = {
  auction: (id: string) => `${AUCTION.prefix}${id}`,
  lot: (id: string) => `${LOT.prefix}${id}`,
  vehicle: (id: string) => `${VEHICLE.prefix}${id}`,
  user: (id: string) => `${USER.prefix}${id}`,
  dealer: (id: string) => `${DEALER.prefix}${id}`,
  template: (id: string) => `${TEMPLATE.prefix}${id}`,
  seller: (id: string) => `${SELLER.prefix}${id}`,
  sellerConfig: (idMarket: string) => `${SELLER_CONFIG.prefix}${idMarket}`,
  sellerReference: (idDealer: string) => `${SELLER_REFERENCE.prefix}${idDealer}`,
  topCms: (idTopCms: string) => `${TOP_CMS.prefix}${idTopCms}`,
  payment: (idPurchase: string) => `${PAYMENT.prefix}${idPurchase}`,
};
