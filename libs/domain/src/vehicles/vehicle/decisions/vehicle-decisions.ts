import { DomainError } from '../../../shared/errors.js';
import { toIso } from '../../../shared/time.js';
import { liveHold, showcaseDataOf } from '../vehicle.predicates.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from '../vehicle.types.js';
import { assertForSale, existing } from './vehicle-guards.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

/** A vehicle listed in a showcase; refuses an unknown (404023), sold, withdrawn or not listed (409204) one. */
function listed(state: VehicleState): Extract<VehicleState, { status: 'LISTED' }> {
  const v = existing(state);
  assertForSale(v);
  if (v.status !== 'LISTED') throw new DomainError('VEHICLE_NOT_IN_SHOWCASE', 'the vehicle is not in a showcase');
  return v;
}

/**
 * Lists a vehicle typed by an exhibitor in the showcase, on an empty stream (the legacy direct listing; a loaded
 * vehicle goes in with `PutInShowcase`). Any vehicle already there makes it a no-op.
 */
export function listVehicle(command: Of<'ListVehicle'>, state: VehicleState): VehicleEvent[] {
  if (state.status !== 'NONE') return [];
  return [{ type: 'VehicleListed', data: command.listing }];
}

/** Adds a vehicle to a dealer's my lot. */
export function addToMyLot(command: Of<'AddToMyLot'>, state: VehicleState): VehicleEvent[] {
  if (showcaseDataOf(state)?.inMyLotOf.includes(command.idUser)) return [];
  const v = listed(state);
  return [{ type: 'VehicleAddedToMyLot', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser } }];
}

/** Removes a vehicle from a dealer's my lot (and gives up that dealer's hold on it). */
export function removeFromMyLot(command: Of<'RemoveFromMyLot'>, state: VehicleState): VehicleEvent[] {
  existing(state);
  const data = showcaseDataOf(state);
  if (!data?.inMyLotOf.includes(command.idUser)) return [];
  return [{ type: 'VehicleRemovedFromMyLot', data: { idVehicle: data.listing.idVehicle, idUser: command.idUser } }];
}

/** Books a vehicle of the dealer's my lot: nobody else may buy it until the hold ends. Once per dealer. */
export function bookVehicle(command: Of<'BookVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = listed(state);
  if (!v.data.inMyLotOf.includes(command.idUser)) throw new DomainError('VEHICLE_NOT_IN_MY_LOT', 'add the vehicle to your lot first');
  const hold = liveHold(v.data, command.now);
  if (hold?.idUser === command.idUser) return [];
  if (hold) throw new DomainError('VEHICLE_HELD', 'another dealer holds this vehicle');
  if (v.data.bookedBy.includes(command.idUser)) throw new DomainError('VEHICLE_ALREADY_BOOKED', 'a booking cannot be renewed');
  const until = toIso(command.now + command.holdSeconds * 1000);
  return [{ type: 'VehicleBooked', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser, until } }];
}

/** Pre-empts one free vehicle: a short exclusive hold to buy it at once. Once per dealer and vehicle. */
export function preemptVehicle(command: Of<'PreemptVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = listed(state);
  const hold = liveHold(v.data, command.now);
  if (hold?.idUser === command.idUser) return [];
  if (hold) throw new DomainError('VEHICLE_HELD', 'another dealer holds this vehicle');
  if (v.data.preemptedBy.includes(command.idUser)) throw new DomainError('VEHICLE_ALREADY_PREEMPTED', 'a pre-emption cannot be renewed');
  const until = toIso(command.now + command.holdSeconds * 1000);
  return [{ type: 'VehiclePreempted', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser, until } }];
}

/** Buys a vehicle at its price: exactly once; while another dealer holds it, nobody else can. */
export function buyVehicle(command: Of<'BuyVehicle'>, state: VehicleState): VehicleEvent[] {
  if (state.status === 'SOLD' && state.sale.idUser === command.idUser) return [];
  const v = listed(state);
  const hold = liveHold(v.data, command.now);
  if (hold && hold.idUser !== command.idUser) throw new DomainError('VEHICLE_HELD', 'another dealer holds this vehicle');
  const { idVehicle, price } = v.data.listing;
  return [{ type: 'VehicleSold', data: { idVehicle, idUser: command.idUser, price, soldAt: toIso(command.now) } }];
}
