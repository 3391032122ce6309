import { DomainError } from '../../../shared/errors.js';
import { isValidAmount } from '../../../shared/money.js';
import { toIso } from '../../../shared/time.js';
import { liveHold, placementOf } from '../vehicle.predicates.js';
import type { AuctionSlot, VehicleCommand, VehicleEvent, VehicleState } from '../vehicle.types.js';
import { assertForSale, assertNotPlaced, existing, inStock } from './vehicle-guards.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

const sameSlot = (a: Partial<AuctionSlot>, b: AuctionSlot): boolean => a.idAuction === b.idAuction && a.idLot === b.idLot;

/** A published vehicle in stock, ready to be placed; refuses one placed elsewhere naming where it is. */
function placeable(state: VehicleState) {
  const v = inStock(state);
  if (!v.record.published) throw new DomainError('VEHICLE_NOT_PUBLISHED', 'publish the vehicle first');
  return v;
}

/** Puts a vehicle in an auction lot: one auction or showcase at a time. The same lot again is a no-op. */
export function putInAuction(command: Of<'PutInAuction'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  assertForSale(v);
  const placement = placementOf(v);
  if (placement?.kind === 'AUCTION' && sameSlot(placement, command)) return [];
  assertNotPlaced(v);
  const { record } = placeable(v);
  return [{ type: 'VehiclePutInAuction', data: { idVehicle: record.idVehicle, idAuction: command.idAuction, idLot: command.idLot } }];
}

/** Lists a vehicle in a showcase at a price: one auction or showcase at a time. The same showcase again is a no-op. */
export function putInShowcase(command: Of<'PutInShowcase'>, state: VehicleState): VehicleEvent[] {
  if (!isValidAmount(command.price)) throw new DomainError('INVALID_AMOUNT', 'the price is not a valid amount');
  const v = existing(state);
  assertForSale(v);
  const placement = placementOf(v);
  if (placement?.kind === 'SHOWCASE' && placement.idShowcase === command.idShowcase) return [];
  assertNotPlaced(v);
  const { record } = placeable(v);
  const { licensePlate, brand, model } = record.details;
  const { idShowcase, idOwner, idMarket, price, idTemplate } = command;
  const channel = idTemplate ? { idTemplate } : {};
  return [{ type: 'VehicleListed', data: { idVehicle: record.idVehicle, idShowcase, idOwner, idMarket, licensePlate, brand, model, price, ...channel } }];
}

/**
 * Takes a vehicle out of its showcase: back in stock, or withdrawn for good when it was listed without being loaded.
 * Refused while a dealer holds it (409011) or once sold; a vehicle no longer in that showcase: a no-op.
 */
export function withdrawFromShowcase(command: Of<'WithdrawFromShowcase'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  const { idShowcase } = command;
  if (v.status === 'SOLD' && v.data?.listing.idShowcase === idShowcase) throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  if (v.status !== 'LISTED' || v.data.listing.idShowcase !== idShowcase) return [];
  if (liveHold(v.data, command.now)) throw new DomainError('VEHICLE_HELD', 'a dealer holds this vehicle');
  const idVehicle = v.data.listing.idVehicle;
  if (!v.record) return [{ type: 'VehicleWithdrawn', data: { idVehicle } }];
  return [{ type: 'VehicleReturnedToStock', data: { idVehicle, from: { kind: 'SHOWCASE', idShowcase }, reason: 'LISTING_WITHDRAWN' } }];
}

/**
 * Its lot ended unsold, was not awarded or was withdrawn: the vehicle is back in stock. A vehicle no longer in that lot
 * is a no-op (the outcome arrived twice); one sold in it is refused (revert the sale first).
 */
export function returnToStock(command: Of<'ReturnToStock'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.status === 'SOLD' && sameSlot(v.sale, command)) throw new DomainError('VEHICLE_SOLD', 'the vehicle was sold in this lot');
  if (v.status !== 'IN_AUCTION' || !sameSlot(v.auction, command)) return [];
  const from = { kind: 'AUCTION' as const, idAuction: command.idAuction, idLot: command.idLot };
  return [{ type: 'VehicleReturnedToStock', data: { idVehicle: v.record.idVehicle, from, reason: command.reason } }];
}

/** Its lot was awarded: the vehicle is sold, to the buyer (by id) at the price. The same sale again is a no-op. */
export function sellInAuction(command: Of<'SellInAuction'>, state: VehicleState): VehicleEvent[] {
  if (!isValidAmount(command.price)) throw new DomainError('INVALID_AMOUNT', 'the price is not a valid amount');
  const v = existing(state);
  if (v.status === 'SOLD') {
    if (sameSlot(v.sale, command) && v.sale.idUser === command.idUser && v.sale.price === command.price) return [];
    throw new DomainError('VEHICLE_SOLD', 'the vehicle is sold');
  }
  if (v.status === 'WITHDRAWN') throw new DomainError('VEHICLE_WITHDRAWN', 'the vehicle was withdrawn');
  if (v.status !== 'IN_AUCTION' || !sameSlot(v.auction, command)) throw new DomainError('VEHICLE_NOT_IN_LOT', 'the vehicle is not in this lot');
  const { idAuction, idLot, idUser, price } = command;
  return [{ type: 'VehicleSold', data: { idVehicle: v.record.idVehicle, idUser, price, soldAt: toIso(command.now), idAuction, idLot } }];
}

/** The award of its lot was reverted: the vehicle is in that lot again. Already there: a no-op. A showcase sale is final. */
export function revertAuctionSale(command: Of<'RevertAuctionSale'>, state: VehicleState): VehicleEvent[] {
  const v = existing(state);
  if (v.status === 'IN_AUCTION' && sameSlot(v.auction, command)) return [];
  if (v.status !== 'SOLD' || !v.record || !sameSlot(v.sale, command)) throw new DomainError('VEHICLE_NOT_IN_LOT', 'the vehicle was not sold in this lot');
  return [{ type: 'VehicleSaleReverted', data: { idVehicle: v.record.idVehicle, idAuction: command.idAuction, idLot: command.idLot } }];
}
