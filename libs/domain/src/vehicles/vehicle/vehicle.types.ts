/** A showcase vehicle as listed by an exhibitor. Price in euros. */
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
}

/** A hold on a vehicle: a booking (from my lot) or a pre-emption (one vehicle, short). */
export interface VehicleHold {
  readonly idUser: string;
  readonly kind: 'BOOKING' | 'PREEMPTION';
  readonly untilMs: number;
}

/** Data of a listed vehicle. */
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
 * by id when answering); bodies of earlier releases carried `username`, which the upcasters drop on read.
 */
export interface VehicleSale {
  readonly idUser: string;
  readonly price: number;
  readonly soldAt: string;
}

/** Vehicle state, discriminated on `status`. */
export type VehicleState =
  | { readonly status: 'NONE' }
  | { readonly status: 'LISTED'; readonly data: VehicleData }
  | { readonly status: 'SOLD'; readonly data: VehicleData; readonly sale: VehicleSale };

/** Events of a vehicle stream (`vehicle-{idVehicle}`). */
export type VehicleEvent =
  | { type: 'VehicleListed'; data: VehicleListing }
  | { type: 'VehicleAddedToMyLot'; data: { idVehicle: string; idUser: string } }
  | { type: 'VehicleRemovedFromMyLot'; data: { idVehicle: string; idUser: string } }
  | { type: 'VehicleBooked'; data: { idVehicle: string; idUser: string; until: string } }
  | { type: 'VehiclePreempted'; data: { idVehicle: string; idUser: string; until: string } }
  | { type: 'VehicleSold'; data: VehicleSale & { idVehicle: string } };

/** Commands of a vehicle. `now` is epoch milliseconds; hold lengths come from configuration. */
export type VehicleCommand =
  | { type: 'ListVehicle'; listing: VehicleListing }
  | { type: 'AddToMyLot'; idUser: string }
  | { type: 'RemoveFromMyLot'; idUser: string }
  | { type: 'BookVehicle'; idUser: string; holdSeconds: number; now: number }
  | { type: 'PreemptVehicle'; idUser: string; holdSeconds: number; now: number }
  | { type: 'BuyVehicle'; idUser: string; now: number };

/** Default hold lengths: a booking holds for 30 minutes, a pre-emption for 5. */
export const DEFAULT_BOOKING_HOLD_SECONDS = 30 * 60;
export const DEFAULT_PREEMPTION_HOLD_SECONDS = 5 * 60;
