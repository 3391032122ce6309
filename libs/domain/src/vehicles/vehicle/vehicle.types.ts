import type { VehicleDetails, VehicleDocumentKind, VehicleFileKind, VehicleHolderRole } from './vehicle-details.js';

/**
 * A vehicle's listing in a showcase, price in euros: typed by an exhibitor (the legacy direct listing, on an empty
 * stream) or made from a loaded vehicle (`PutInShowcase`).
 */
export interface VehicleListing {
  readonly idVehicle: string;
  /** The showcase (one create call) the vehicle was listed in. */
  readonly idShowcase: string;
  readonly idOwner: string;
  readonly idMarket: string;
  readonly licensePlate: string;
  readonly brand: string;
  readonly model: string;
  readonly price: number;
  /**
   * The template (selling channel) the showcase sells through: only the dealers enabled for it see and buy the vehicle
   * (the domain's `sellingOpenTo`). Absent or null: the default channel, open to every dealer.
   */
  readonly idTemplate?: string | null;
}

/** A hold on a vehicle: a booking (from my lot) or a pre-emption (one vehicle, short). */
export interface VehicleHold {
  readonly idUser: string;
  readonly kind: 'BOOKING' | 'PREEMPTION';
  readonly untilMs: number;
}

/** Data of a vehicle listed in a showcase: its listing, the dealers' my lots and holds. */
export interface VehicleData {
  readonly listing: VehicleListing;
  readonly inMyLotOf: readonly string[];
  readonly hold: VehicleHold | null;
  /** Dealers who have booked it once: a booking is not renewable, so no dealer can hold a vehicle forever. */
  readonly bookedBy: readonly string[];
  /** Dealers who have pre-empted it once. */
  readonly preemptedBy: readonly string[];
}

/**
 * The sale of a vehicle. The buyer is named by id only (a username may be an e-mail address: personal data, resolved
 * by id when answering); bodies of earlier releases carried `username`, which the upcasters drop on read. A sale in an
 * auction names its auction and lot; a showcase sale names neither (its showcase is the listing's).
 */
export interface VehicleSale {
  readonly idUser: string;
  readonly price: number;
  readonly soldAt: string;
  readonly idAuction?: string;
  readonly idLot?: string;
}

/** A document of a vehicle: a blob of the blob store and its kind. */
export interface VehicleDocument {
  readonly idBlob: string;
  readonly kind: VehicleDocumentKind;
}

/** Who holds a vehicle in stock. */
export interface VehicleHolder {
  readonly role: VehicleHolderRole;
  readonly idUser: string;
}

/** A loaded vehicle: its data, files, publication and holder, kept through its whole life. */
export interface VehicleRecord {
  readonly idVehicle: string;
  readonly idLoader: string;
  readonly provenance: string;
  readonly loadedAtMs: number;
  readonly details: VehicleDetails;
  /** Photo blob ids in display order; the first is the cover. */
  readonly photos: readonly string[];
  readonly documents: readonly VehicleDocument[];
  readonly published: boolean;
  readonly holder: VehicleHolder;
}

/** The auction lot a vehicle is in. */
export interface AuctionSlot {
  readonly idAuction: string;
  readonly idLot: string;
}

/**
 * Vehicle state, discriminated on `status`. A loaded vehicle keeps its `record` for life; a vehicle listed directly in
 * a showcase without being loaded (the legacy direct listing) has none. `data` is the showcase side, while listed and
 * after a showcase sale.
 */
export type VehicleState =
  | { readonly status: 'NONE' }
  | { readonly status: 'STOCK'; readonly record: VehicleRecord }
  | { readonly status: 'IN_AUCTION'; readonly record: VehicleRecord; readonly auction: AuctionSlot }
  | { readonly status: 'LISTED'; readonly record: VehicleRecord | null; readonly data: VehicleData }
  | { readonly status: 'SOLD'; readonly record: VehicleRecord | null; readonly data: VehicleData | null; readonly sale: VehicleSale }
  | { readonly status: 'WITHDRAWN'; readonly record: VehicleRecord | null };

/** Where a vehicle is placed for sale: one auction lot or one showcase at a time. */
export type VehiclePlacement =
  | { readonly kind: 'AUCTION'; readonly idAuction: string; readonly idLot: string }
  | { readonly kind: 'SHOWCASE'; readonly idShowcase: string };

/** Why a vehicle went back to stock. */
export type ReturnReason = 'UNSOLD' | 'NOT_AWARDED' | 'LOT_WITHDRAWN' | 'LISTING_WITHDRAWN';

type Id = { idVehicle: string };

/** Events of a vehicle stream (`vehicle-{idVehicle}`): its whole life, from loading (or a direct listing) to its sale. */
export type VehicleEvent =
  | { type: 'VehicleListed'; data: VehicleListing }
  | { type: 'VehicleAddedToMyLot'; data: Id & { idUser: string } }
  | { type: 'VehicleRemovedFromMyLot'; data: Id & { idUser: string } }
  | { type: 'VehicleBooked'; data: Id & { idUser: string; until: string } }
  | { type: 'VehiclePreempted'; data: Id & { idUser: string; until: string } }
  | { type: 'VehicleSold'; data: VehicleSale & Id }
  | { type: 'VehicleLoaded'; data: VehicleDetails & Id & { idLoader: string; provenance: string; loadedAt: string } }
  | { type: 'VehicleEdited'; data: Id & { changes: Partial<VehicleDetails> } }
  | { type: 'VehicleFileAttached'; data: Id & { idBlob: string; kind: VehicleFileKind } }
  | { type: 'VehicleFileRemoved'; data: Id & { idBlob: string } }
  | { type: 'VehiclePhotosReordered'; data: Id & { idBlobs: string[] } }
  | { type: 'VehiclePublished'; data: Id }
  | { type: 'VehicleUnpublished'; data: Id }
  | { type: 'VehicleSentToSup'; data: Id & { idUser: string } }
  | { type: 'VehicleSentToMultiAuctioneer'; data: Id & { idUser: string } }
  | { type: 'VehicleSentBack'; data: Id & { idUser: string } }
  | { type: 'VehiclePutInAuction'; data: Id & AuctionSlot }
  | { type: 'VehicleReturnedToStock'; data: Id & { from: VehiclePlacement; reason: ReturnReason } }
  | { type: 'VehicleSaleReverted'; data: Id & AuctionSlot }
  | { type: 'VehicleWithdrawn'; data: Id };

/** Commands of a vehicle. `now` is epoch milliseconds; ids and hold lengths come from the shell. */
export type VehicleCommand =
  | { type: 'ListVehicle'; listing: VehicleListing }
  | { type: 'AddToMyLot'; idUser: string }
  | { type: 'RemoveFromMyLot'; idUser: string }
  | { type: 'BookVehicle'; idUser: string; holdSeconds: number; now: number }
  | { type: 'PreemptVehicle'; idUser: string; holdSeconds: number; now: number }
  | { type: 'BuyVehicle'; idUser: string; now: number }
  | { type: 'LoadVehicle'; idVehicle: string; idLoader: string; provenance: string; details: VehicleDetails; now: number }
  | { type: 'EditVehicle'; changes: Partial<VehicleDetails>; now: number }
  | { type: 'AttachVehicleFile'; idBlob: string; kind: VehicleFileKind }
  | { type: 'RemoveVehicleFile'; idBlob: string }
  | { type: 'ReorderVehiclePhotos'; idBlobs: readonly string[] }
  | { type: 'PublishVehicle' }
  | { type: 'UnpublishVehicle' }
  | { type: 'SendToSup'; idSuperior: string }
  | { type: 'SendToMultiAuctioneer'; idMultiAuctioneer: string }
  | { type: 'SendBack' }
  | { type: 'PutInAuction'; idAuction: string; idLot: string }
  | { type: 'PutInShowcase'; idShowcase: string; idOwner: string; idMarket: string; price: number; idTemplate?: string | null }
  | { type: 'WithdrawFromShowcase'; idShowcase: string; now: number }
  | { type: 'ReturnToStock'; idAuction: string; idLot: string; reason: Exclude<ReturnReason, 'LISTING_WITHDRAWN'> }
  | { type: 'SellInAuction'; idAuction: string; idLot: string; idUser: string; price: number; now: number }
  | { type: 'RevertAuctionSale'; idAuction: string; idLot: string }
  | { type: 'WithdrawVehicle' };

/** Default hold lengths: a booking holds for 30 minutes, a pre-emption for 5. */
export const DEFAULT_BOOKING_HOLD_SECONDS = 30 * 60;
export const DEFAULT_PREEMPTION_HOLD_SECONDS = 5 * 60;
