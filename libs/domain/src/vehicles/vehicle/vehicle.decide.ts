import { assertNever } from '../../shared/errors.js';
import { addToMyLot, bookVehicle, buyVehicle, listVehicle, preemptVehicle, removeFromMyLot } from './decisions/vehicle-decisions.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from './vehicle.types.js';

/** Decides the events of a vehicle command, or throws a DomainError. Pure. */
export function decideVehicle(command: VehicleCommand, state: VehicleState): VehicleEvent[] {
  switch (command.type) {
    case 'ListVehicle': return listVehicle(command, state);
    case 'AddToMyLot': return addToMyLot(command, state);
    case 'RemoveFromMyLot': return removeFromMyLot(command, state);
    case 'BookVehicle': return bookVehicle(command, state);
    case 'PreemptVehicle': return preemptVehicle(command, state);
    case 'BuyVehicle': return buyVehicle(command, state);
    default: return assertNever(command);
  }
}
