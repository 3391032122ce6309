import { DomainError } from '../../../shared/errors.js';
import { VehiclePlacedError } from '../vehicle.errors.js';
import { placementOf } from '../vehicle.predicates.js';
import type { VehicleState } from '../vehicle.types.js';

type Existing = Exclude<VehicleState, { status: 'NONE' }>;
type InStock = Extract<VehicleState, { status: 'STOCK' }>;

/** The vehicle, or 404023 for an unknown one. */
export function existing(state: VehicleState): Existing {
  if (state.status === 'NONE') throw new DomainError('VEHICLE_NOT_FOUND', 'vehicle not found');
  return state;
}

/** The vehicle's id, plate and frame, as the vehicle-in-auctions dialog shows them. */
function placedVehicle(state: Existing) {
  if (state.record) return { idVehicle: state.record.idVehicle, licensePlate: state.record.details.licensePlate, frame: state.record.details.frame };
  const listing = state.status === 'LISTED' ? state.data.listing : null;
  return { idVehicle: listing?.idVehicle ?? '', licensePlate: listing?.licensePlate ?? '', frame: null };
}

/** Refuses a placed vehicle, naming where it is (409201 in an auction, 409202 in a showcase). */
export function assertNotPlaced(state: Existing): void {
  const placement = placementOf(state);
  if (placement) throw new VehiclePlacedError(placement, placedVehicle(state));
}

/** Refuses a withdrawn (409012) or sold (409010) vehicle. */
export function assertForSale(state: Existing): void {
  if (state.status === 'WITHDRAWN') throw new DomainError('VEHICLE_WITHDRAWN', 'the vehicle was withdrawn');
  if (state.status === 'SOLD') throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
}

/**
 * A loaded vehicle in stock, the only state whose data, files and holder change: what dealers decide on does not
 * change while they bid on it or book it, nor once it is sold. Refuses unknown, withdrawn, sold and placed vehicles.
 */
export function inStock(state: VehicleState): InStock {
  const v = existing(state);
  assertForSale(v);
  assertNotPlaced(v);
  // Every other state was refused above; a legacy listing is always LISTED, SOLD or WITHDRAWN.
  return v as InStock;
}
