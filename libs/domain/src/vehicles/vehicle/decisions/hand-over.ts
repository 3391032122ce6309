import { DomainError } from '../../../shared/errors.js';
import { isPublished } from '../vehicle.predicates.js';
import type { VehicleCommand, VehicleEvent, VehicleRecord, VehicleState } from '../vehicle.types.js';
import { assertForSale, existing, inStock } from './vehicle-guards.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

/**
 * Publishes a vehicle: dealers may see it in the auctions and showcases they may see. Already published (a placed
 * vehicle always is) is a no-op; refused once sold or withdrawn.
 */
export function publishVehicle(_command: Of<'PublishVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  assertForSale(v);
  if (isPublished(v)) return [];
  return [{ type: 'VehiclePublished', data: { idVehicle: inStock(v).record.idVehicle } }];
}

/** Hides a vehicle from dealers again. Not while placed (dealers are deciding on it); unpublished already: a no-op. */
export function unpublishVehicle(_command: Of<'UnpublishVehicle'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  return record.published ? [{ type: 'VehicleUnpublished', data: { idVehicle: record.idVehicle } }] : [];
}

function checkNewHolder(record: VehicleRecord, idUser: string): void {
  if (idUser.trim() === '' || idUser === record.idLoader) {
    throw new DomainError('VEHICLE_HOLDER_INVALID', 'a vehicle is handed over to a user other than its loader');
  }
}

/** The loader hands a vehicle in stock to its superior (`sendToSup`); already with that superior: a no-op. */
export function sendToSup(command: Of<'SendToSup'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  checkNewHolder(record, command.idSuperior);
  const { holder } = record;
  if (holder.role === 'SUPERIOR' && holder.idUser === command.idSuperior) return [];
  if (holder.role !== 'LOADER') throw new DomainError('VEHICLE_WRONG_HOLDER', `only a vehicle its loader holds goes to a superior; ${holder.role} holds it`);
  return [{ type: 'VehicleSentToSup', data: { idVehicle: record.idVehicle, idUser: command.idSuperior } }];
}

/** The superior hands a vehicle in stock on to a multi-auctioneer; already with that one: a no-op. */
export function sendToMultiAuctioneer(command: Of<'SendToMultiAuctioneer'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  checkNewHolder(record, command.idMultiAuctioneer);
  const { holder } = record;
  if (holder.role === 'MULTI_AUCTIONEER' && holder.idUser === command.idMultiAuctioneer) return [];
  if (holder.role !== 'SUPERIOR') {
    throw new DomainError('VEHICLE_WRONG_HOLDER', `only a vehicle a superior holds goes to a multi-auctioneer; ${holder.role} holds it`);
  }
  return [{ type: 'VehicleSentToMultiAuctioneer', data: { idVehicle: record.idVehicle, idUser: command.idMultiAuctioneer } }];
}

/** A superior or multi-auctioneer sends a vehicle in stock back to its loader (to correct it); with the loader: a no-op. */
export function sendBack(_command: Of<'SendBack'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  if (record.holder.role === 'LOADER') return [];
  return [{ type: 'VehicleSentBack', data: { idVehicle: record.idVehicle, idUser: record.idLoader } }];
}
