import { DomainError } from '../../../shared/errors.js';
import { toIso } from '../../../shared/time.js';
import { liveHold } from '../vehicle.evolve.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from '../vehicle.types.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

function existing(state: VehicleState) {
  if (state.status === 'NONE') throw new DomainError('VEHICLE_NOT_FOUND', 'vehicle not found');
  return state;
}

/** Lists a vehicle in the showcase; listing it again is a no-op. */
export function listVehicle(command: Of<'ListVehicle'>, state: VehicleState): VehicleEvent[] {
  if (state.status !== 'NONE') return [];
  return [{ type: 'VehicleListed', data: command.listing }];
}

/** Adds a vehicle to a dealer's my lot. */
export function addToMyLot(command: Of<'AddToMyLot'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.data.inMyLotOf.includes(command.idUser)) return [];
  if (v.status === 'SOLD') throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  return [{ type: 'VehicleAddedToMyLot', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser } }];
}

/** Removes a vehicle from a dealer's my lot (and gives up that dealer's hold on it). */
export function removeFromMyLot(command: Of<'RemoveFromMyLot'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (!v.data.inMyLotOf.includes(command.idUser)) return [];
  return [{ type: 'VehicleRemovedFromMyLot', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser } }];
}

/** Books a vehicle of the dealer's my lot: nobody else may buy it until the hold ends. Once per dealer. */
export function bookVehicle(command: Of<'BookVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.status === 'SOLD') throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
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
  const v = existing(state);
  if (v.status === 'SOLD') throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  const hold = liveHold(v.data, command.now);
  if (hold?.idUser === command.idUser) return [];
  if (hold) throw new DomainError('VEHICLE_HELD', 'another dealer holds this vehicle');
  if (v.data.preemptedBy.includes(command.idUser)) throw new DomainError('VEHICLE_ALREADY_PREEMPTED', 'a pre-emption cannot be renewed');
  const until = toIso(command.now + command.holdSeconds * 1000);
  return [{ type: 'VehiclePreempted', data: { idVehicle: v.data.listing.idVehicle, idUser: command.idUser, until } }];
}

/** Buys a vehicle at its price: exactly once; while another dealer holds it, nobody else can. */
export function buyVehicle(command: Of<'BuyVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.status === 'SOLD') {
    if (v.sale.idUser === command.idUser) return [];
    throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  }
  const hold = liveHold(v.data, command.now);
  if (hold && hold.idUser !== command.idUser) throw new DomainError('VEHICLE_HELD', 'another dealer holds this vehicle');
  const { idVehicle, price } = v.data.listing;
  return [{ type: 'VehicleSold', data: { idVehicle, idUser: command.idUser, price, soldAt: toIso(command.now) } }];
}
