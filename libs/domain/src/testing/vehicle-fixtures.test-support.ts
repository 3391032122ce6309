import { vehicleDecider } from '../index.js';
import { toIso } from '../shared/time.js';
import type { VehicleCommand, VehicleEvent, VehicleListing } from '../vehicles/vehicle/vehicle.types.js';
import { spec } from './decider-specification.test-support.js';

/** Given / when / then over the showcase vehicle decider. */
export const vehicleSpec = spec(vehicleDecider);

export const ID_VEHICLE = 'vehicle-1';
export const NOW = Date.parse('2026-11-21T09:00:00.000Z');
export const BOOKING_SECONDS = 30 * 60;
export const PREEMPTION_SECONDS = 5 * 60;

export const listing: VehicleListing = {
  idVehicle: ID_VEHICLE, idShowcase: 'showcase-1', idOwner: 'exhibitor-1', idMarket: 'IT', licensePlate: 'GA123BC', brand: 'Fiat', model: '500', price: 7500.5,
};

export const listed: VehicleEvent = { type: 'VehicleListed', data: listing };
export const added = (idUser: string): VehicleEvent => ({ type: 'VehicleAddedToMyLot', data: { idVehicle: ID_VEHICLE, idUser } });
export const removed = (idUser: string): VehicleEvent => ({ type: 'VehicleRemovedFromMyLot', data: { idVehicle: ID_VEHICLE, idUser } });
export const booked = (idUser: string, at: number = NOW): VehicleEvent =>
  ({ type: 'VehicleBooked', data: { idVehicle: ID_VEHICLE, idUser, until: toIso(at + BOOKING_SECONDS * 1000) } });
export const preempted = (idUser: string, at: number = NOW): VehicleEvent =>
  ({ type: 'VehiclePreempted', data: { idVehicle: ID_VEHICLE, idUser, until: toIso(at + PREEMPTION_SECONDS * 1000) } });
export const sold = (idUser: string, at: number = NOW): VehicleEvent =>
  ({ type: 'VehicleSold', data: { idVehicle: ID_VEHICLE, idUser, price: listing.price, soldAt: toIso(at) } });

export const book = (idUser: string, now: number = NOW): VehicleCommand => ({ type: 'BookVehicle', idUser, holdSeconds: BOOKING_SECONDS, now });
export const preempt = (idUser: string, now: number = NOW): VehicleCommand => ({ type: 'PreemptVehicle', idUser, holdSeconds: PREEMPTION_SECONDS, now });
export const buy = (idUser: string, now: number = NOW): VehicleCommand => ({ type: 'BuyVehicle', idUser, now });
