import type { UserEvent, VehicleEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { MyLotRow, RegulationRow, VehicleRow } from '../rows.js';
import { domainEventOf, iso } from './event-data.js';

/**
 * The vehicle row after one event of its stream, as `evolveVehicle` folds it: listed, hold (booking or
 * pre-emption), hold given up when the holder removes it from their my lot, sold. Pure.
 */
export function projectVehicle(row: VehicleRow | undefined, event: StoredEvent): VehicleRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (e.type === 'VehicleListed') {
    if (row) return row;
    const l = e.data;
    return {
      idVehicle: l.idVehicle, idShowcase: l.idShowcase, idOwner: l.idOwner, idMarket: l.idMarket, licensePlate: l.licensePlate,
      brand: l.brand, model: l.model, price: l.price, status: 'LISTED', holdUserId: null, holdKind: null, holdUntil: null,
      soldUserId: null, soldPrice: null, soldAt: null, listedPosition: event.position,
    };
  }
  if (!row) return row;
  switch (e.type) {
    case 'VehicleRemovedFromMyLot':
      return row.holdUserId === e.data.idUser ? { ...row, holdUserId: null, holdKind: null, holdUntil: null } : row;
    case 'VehicleBooked':
    case 'VehiclePreempted':
      return { ...row, holdUserId: e.data.idUser, holdKind: e.type === 'VehicleBooked' ? 'BOOKING' : 'PREEMPTION', holdUntil: iso(e.data.until) };
    case 'VehicleSold':
      return row.status === 'LISTED'
        ? {
            ...row, status: 'SOLD', holdUserId: null, holdKind: null, holdUntil: null, soldUserId: e.data.idUser,
            soldPrice: e.data.price, soldAt: iso(e.data.soldAt),
          }
        : row;
    default:
      return row;
  }
}

/** A vehicle in a dealer's my lot: added and removed, for an existing vehicle. Pure. */
export function projectMyLotEntry(row: MyLotRow | undefined, event: StoredEvent, vehicle: VehicleRow | undefined): MyLotRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (!vehicle) return row;
  if (e.type === 'VehicleAddedToMyLot') return row ?? { idVehicle: e.data.idVehicle, idUser: e.data.idUser };
  if (e.type === 'VehicleRemovedFromMyLot') return undefined;
  return row;
}

/** A dealer's acceptance of the showcase regulation (`ShowcaseRegulationAccepted` of a user stream). Pure. */
export function projectShowcaseRegulation(row: RegulationRow | undefined, event: StoredEvent): RegulationRow | undefined {
  const e = domainEventOf<UserEvent>(event);
  if (e.type !== 'ShowcaseRegulationAccepted' || row) return row;
  return { kind: 'SHOWCASE', idScope: '', idUser: e.data.idUser, acceptedPosition: event.position };
}
