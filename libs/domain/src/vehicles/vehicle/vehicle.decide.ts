import { assertNever } from '../../shared/errors.js';
import { publishVehicle, sendBack, sendToMultiAuctioneer, sendToSup, unpublishVehicle } from './decisions/hand-over.js';
import { editVehicle, loadVehicle, withdrawVehicle } from './decisions/load-vehicle.js';
import {
  putInAuction, putInShowcase, returnToStock, revertAuctionSale, sellInAuction, withdrawFromShowcase,
} from './decisions/placement.js';
import { addToMyLot, bookVehicle, buyVehicle, listVehicle, preemptVehicle, removeFromMyLot } from './decisions/vehicle-decisions.js';
import { attachVehicleFile, removeVehicleFile, reorderVehiclePhotos } from './decisions/vehicle-files.js';
import { evolveVehicle } from './vehicle.evolve.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from './vehicle.types.js';

/** Decides the events of a vehicle command, or throws a DomainError. Pure. */
export function decideVehicle(command: VehicleCommand, state: VehicleState): VehicleEvent[] {
  switch (command.type) {
    // The showcase side (a listed vehicle).
    case 'ListVehicle': return listVehicle(command, state);
    case 'AddToMyLot': return addToMyLot(command, state);
    case 'RemoveFromMyLot': return removeFromMyLot(command, state);
    case 'BookVehicle': return bookVehicle(command, state);
    case 'PreemptVehicle': return preemptVehicle(command, state);
    case 'BuyVehicle': return buyVehicle(command, state);
    // The vehicle in stock: its data, files, publication and holder.
    case 'LoadVehicle': return loadVehicle(command, state);
    case 'EditVehicle': return editVehicle(command, state);
    case 'WithdrawVehicle': return withdrawVehicle(command, state);
    case 'AttachVehicleFile': return attachVehicleFile(command, state);
    case 'RemoveVehicleFile': return removeVehicleFile(command, state);
    case 'ReorderVehiclePhotos': return reorderVehiclePhotos(command, state);
    case 'PublishVehicle': return publishVehicle(command, state);
    case 'UnpublishVehicle': return unpublishVehicle(command, state);
    case 'SendToSup': return sendToSup(command, state);
    case 'SendToMultiAuctioneer': return sendToMultiAuctioneer(command, state);
    case 'SendBack': return sendBack(command, state);
    // Placement for sale, and its outcome.
    case 'PutInAuction': return putInAuction(command, state);
    case 'PutInShowcase': return putInShowcase(command, state);
    case 'WithdrawFromShowcase': return withdrawFromShowcase(command, state);
    case 'ReturnToStock': return returnToStock(command, state);
    case 'SellInAuction': return sellInAuction(command, state);
    case 'RevertAuctionSale': return revertAuctionSale(command, state);
    default: return assertNever(command);
  }
}

/**
 * The events of several commands decided in order, each on the state the previous ones leave (one append: a load with
 * its files, a load then its publication).
 */
export function decideVehiclePlan(commands: readonly VehicleCommand[], state: VehicleState): VehicleEvent[] {
  const events: VehicleEvent[] = [];
  let current = state;
  for (const command of commands) {
    const decided = decideVehicle(command, current);
    current = decided.reduce(evolveVehicle, current);
    events.push(...decided);
  }
  return events;
}
