import type { AwardStatus } from '../../shared/statuses.js';

/** What the auctioneer set for a lot. Money in euros. */
export interface LotDefinition {
  readonly idLot: string;
  readonly idAuction: string;
  readonly idOwner: string;
  /**
   * The seller: the dealer the auction's owner belonged to when the auction was created. Its users may not bid on
   * the lot. Absent in lots scheduled before it was recorded (only the owner is then refused).
   */
  readonly idSellerDealer?: string | null;
  readonly lotNumber: number;
  readonly licensePlate: string;
  readonly frame: string | null;
  readonly brand: string;
  readonly model: string;
  readonly basePrice: number;
  readonly minIncrement: number;
  readonly reservePrice: number | null;
  readonly buyNowPrice: number | null;
  /**
   * The loaded vehicle the lot sells (its plate, frame, brand and model are the vehicle's), or null for a lot described
   * by its own fields only. Absent in lots scheduled before lots referenced vehicles.
   */
  readonly idVehicle?: string | null;
  /**
   * The vehicle's cover photo (its first photo's blob id) when the lot was scheduled: a placed vehicle's photos do not
   * change while it is in the lot, so the lot keeps it for every view (the live channel's included). Null: none.
   */
  readonly idCoverPhoto?: string | null;
  /** The vehicle's key data shown beside its thumbnail, kept as the cover is (absent or null without a vehicle). */
  readonly firstRegistration?: string | null;
  readonly mileageKm?: number | null;
  readonly fuel?: string | null;
}

/** Timing and anti-sniping rules of a lot, copied from its auction. */
export interface LotTiming {
  readonly startDate: string;
  readonly endDate: string;
  readonly windowSeconds: number;
  readonly extendSeconds: number;
}

/**
 * An accepted offer. The bidder is named by id only: a username may be an e-mail address (personal data, erasable),
 * so it is resolved by id when answering, never kept in the log (bodies of earlier releases carried `username`; the
 * upcasters drop it on read).
 */
export interface Offer {
  readonly idOffer: string;
  readonly idUser: string;
  readonly amount: number;
  readonly clickAndBuy: boolean;
  readonly placedAt: string;
}

/** Immutable list, newest first: appending is O(1) so a hot lot stays cheap to fold. */
export interface OfferList {
  readonly head: Offer;
  readonly tail: OfferList | null;
}

/** What one dealer did on a lot: best amount and the idempotency keys of recent offers. */
export interface DealerOnLot {
  readonly bestAmount: number;
  readonly bestOfferId: string;
  readonly recentKeys: readonly { readonly key: string; readonly idOffer: string }[];
}

/** Data every scheduled lot carries. */
export interface LotData {
  readonly definition: LotDefinition;
  readonly startMs: number;
  readonly endMs: number;
  readonly windowSeconds: number;
  readonly extendSeconds: number;
  readonly best: Offer | null;
  readonly offersCount: number;
  readonly offers: OfferList | null;
  readonly dealers: Readonly<Record<string, DealerOnLot>>;
  readonly observers: readonly string[];
}

/** The award decision of a closed lot. */
export type LotAward =
  | { readonly status: 'TBA' }
  | { readonly status: 'NAW' }
  | { readonly status: 'AWA'; readonly idOffer: string; readonly idUser: string; readonly amount: number };

/** Lot state: discriminated on `status`. `OPEN` is scheduled or running depending on the time. */
export type LotState =
  | { readonly status: 'NONE' }
  | { readonly status: 'WITHDRAWN'; readonly data: LotData }
  | { readonly status: 'OPEN'; readonly data: LotData }
  | { readonly status: 'CLOSED'; readonly data: LotData; readonly closedAtMs: number; readonly award: LotAward };

/** Events of a lot stream (`lot-{idLot}`). */
export type LotEvent =
  | { type: 'LotScheduled'; data: LotDefinition & LotTiming }
  | { type: 'LotEdited'; data: LotDefinition & LotTiming }
  | { type: 'LotWithdrawn'; data: { idLot: string } }
  | { type: 'LotEndRescheduled'; data: { idLot: string; endDate: string } }
  | { type: 'OfferPlaced'; data: Offer & { idLot: string; idempotencyKey: string | null } }
  | { type: 'LotEndExtended'; data: { idLot: string; endDate: string; idOffer: string } }
  | { type: 'LotClosed'; data: { idLot: string; closedAt: string; reason: 'END' | 'BUY_NOW' } }
  | { type: 'LotAwarded'; data: { idLot: string; idOffer: string; idUser: string; amount: number; mode: 'OWNER' | 'RESERVE_MET' | 'BUY_NOW' } }
  | { type: 'LotNotAwarded'; data: { idLot: string } }
  | { type: 'LotAwardReverted'; data: { idLot: string; previous: Exclude<AwardStatus, 'TBA'> } }
  | { type: 'LotObserved'; data: { idLot: string; idUser: string } }
  | { type: 'LotObservationEnded'; data: { idLot: string; idUser: string } };

/** Commands of a lot. `now` is epoch milliseconds, given by the shell. */
export type LotCommand =
  | { type: 'ScheduleLot'; data: LotDefinition & LotTiming }
  | { type: 'EditLot'; data: LotDefinition & LotTiming }
  | { type: 'WithdrawLot' }
  | { type: 'RescheduleLotEnd'; endDate: string; now: number }
  | {
      type: 'PlaceOffer';
      idOffer: string;
      idUser: string;
      /** The bidder's dealer (null for a user without one). */
      idDealer: string | null;
      amount: number;
      clickAndBuy: boolean;
      idempotencyKey: string | null;
      /** False when the auction requires a regulation this dealer has not accepted. */
      regulationAccepted: boolean;
      now: number;
    }
  | { type: 'CloseLot'; now: number }
  | { type: 'AwardLot'; idOffer: string; now: number }
  | { type: 'AwardLotIfReserveMet'; now: number }
  | { type: 'NotAwardLot'; now: number }
  | { type: 'RevertLotAward' }
  | { type: 'ObserveLot'; idUser: string; end: boolean };
