import { DomainError, type ErrorCodeName } from '../../shared/errors.js';
import type { VehiclePlacement } from './vehicle.types.js';

/** What the vehicle-in-auctions dialog shows of the vehicle itself. */
export interface PlacedVehicle {
  readonly idVehicle: string;
  readonly licensePlate: string;
  /** Null for a vehicle listed directly in a showcase, without being loaded. */
  readonly frame: string | null;
}

/**
 * A vehicle is in an auction or a showcase already: the refusal says where (409201 or 409202), so the
 * vehicle-in-auctions dialog can show the plate, the frame, the auction and the lot.
 */
export class VehiclePlacedError extends DomainError {
  readonly placement: VehiclePlacement;
  readonly vehicle: PlacedVehicle;
  constructor(placement: VehiclePlacement, vehicle: PlacedVehicle) {
    super(
      placement.kind === 'AUCTION' ? 'VEHICLE_IN_AUCTION' : 'VEHICLE_IN_SHOWCASE',
      placement.kind === 'AUCTION'
        ? `the vehicle is in auction ${placement.idAuction}, lot ${placement.idLot}`
        : `the vehicle is in showcase ${placement.idShowcase}`,
    );
    this.placement = placement;
    this.vehicle = vehicle;
  }
}

/** A field of a vehicle's data that breaks its rule; `field` is its path (`location.area`), for a form or a file's row. */
export class VehicleFieldError extends DomainError {
  readonly field: string;
  constructor(name: ErrorCodeName, field: string, message: string) {
    super(name, `${field}: ${message}`);
    this.field = field;
  }
}
