import { DomainError } from '../../../shared/errors.js';
import { toIso } from '../../../shared/time.js';
import { changedDetails, normaliseProvenance, normaliseVehicleDetails } from '../vehicle-details.rules.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from '../vehicle.types.js';
import { assertNotPlaced, existing, inStock } from './vehicle-guards.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

/**
 * Loads a vehicle with its provenance: it starts in stock, unpublished, held by its loader. Its data is checked and
 * stored normalised (plate, VIN, texts). The same load again (a retried upload) is a no-op; another load of the id is
 * refused (409200).
 */
export function loadVehicle(command: Of<'LoadVehicle'>, state: VehicleState): VehicleEvent[] {
  const provenance = normaliseProvenance(command.provenance);
  const details = normaliseVehicleDetails(command.details, command.now);
  if (state.status !== 'NONE') {
    const r = state.record;
    const same = r !== null && r.idLoader === command.idLoader && r.provenance === provenance
      && Object.keys(changedDetails(r.details, details)).length === 0;
    if (same) return [];
    throw new DomainError('VEHICLE_ALREADY_LOADED', 'a vehicle with this id exists already');
  }
  return [{
    type: 'VehicleLoaded',
    data: { idVehicle: command.idVehicle, idLoader: command.idLoader, provenance, loadedAt: toIso(command.now), ...details },
  }];
}

/** Changes a vehicle's data; the event carries only the fields that changed (none: a no-op). Only in stock. */
export function editVehicle(command: Of<'EditVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = inStock(state);
  const next = normaliseVehicleDetails({ ...v.record.details, ...command.changes }, command.now);
  const changes = changedDetails(v.record.details, next);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'VehicleEdited', data: { idVehicle: v.record.idVehicle, changes } }];
}

/** Withdraws a vehicle before any sale: it leaves the portal for good. Not while placed; again, a no-op. */
export function withdrawVehicle(_command: Of<'WithdrawVehicle'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.status === 'WITHDRAWN') return [];
  if (v.status === 'SOLD') throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  assertNotPlaced(v);
  return [{ type: 'VehicleWithdrawn', data: { idVehicle: inStock(v).record.idVehicle } }];
}
