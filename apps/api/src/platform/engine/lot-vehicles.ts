import type { VehicleSheet } from '@auction/contracts';
import type { Actor } from '../../identity/actor.js';
import type { Decision, StreamView } from './stream-writer.js';

/** A vehicle in an auction lot. */
export interface LotVehicleSlot {
  readonly idVehicle: string;
  readonly idAuction: string;
  readonly idLot: string;
}

/** A vehicle to put in a lot, with its auction's market (a vehicle sells in its provenance's market only: 422222). */
export interface LotVehiclePlacement extends LotVehicleSlot {
  readonly idMarket: string;
}

/** What a lot takes from its vehicle: the data shown for it (not what the client typed) and its cover photo. */
export interface LotVehicleData {
  readonly licensePlate: string;
  readonly frame: string;
  readonly brand: string;
  readonly model: string;
  readonly idCoverPhoto: string | null;
  /** Key data shown beside the thumbnail. */
  readonly firstRegistration: string;
  readonly mileageKm: number;
  readonly fuel: string;
}

/**
 * The vehicles of an auction's lots, as the auctions context needs them in a create, edit or delete (the vehicles
 * context implements it: the auctions context imports no other; the token is the one way in). Both run inside the
 * auction command's turn, on the vehicle streams the command holds, so the vehicles' appends are the auction's: one
 * atomic append (nothing placed when anything is refused), and two commands naming one vehicle run one after the other.
 */
export interface LotVehicles {
  /**
   * The data of the vehicles to `place` and the decisions on their streams: each vehicle put in its lot (judged by the
   * vehicles' one access rule and its market, then by the vehicle decider: published, in stock, in no other lot or showcase), and each
   * of `release` back in stock (LOT_WITHDRAWN) first. Throws the refusal of the first vehicle refused.
   */
  decide(actor: Actor, view: StreamView, place: readonly LotVehiclePlacement[], release: readonly LotVehicleSlot[]): {
    readonly decisions: Decision[];
    readonly data: ReadonlyMap<string, LotVehicleData>;
  };

  /**
   * A lot's vehicle as the caller may see it (the vehicles' one rule): its data sheet, photo ids in order (the first
   * the cover) and document ids; null when the caller may not see it (a dealer, once it left the auction).
   */
  detail(actor: Actor, idVehicle: string): Promise<{ vehicle: VehicleSheet; idPhotos: string[]; idDocuments: string[] } | null>;
}

/** Injection token of {@link LotVehicles}. */
export const LOT_VEHICLES = Symbol('LOT_VEHICLES');
