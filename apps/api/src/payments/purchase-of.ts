import { toCents, type LotState, type PurchaseToPay, type VehicleState } from '@auction/domain';

/**
 * The caller's purchase of id `idPurchase`, read from the streams that own it: a lot it was awarded (idPurchase is the
 * lot's id) or a showcase vehicle sold to it (the vehicle's id; a vehicle sold in an auction is paid as its lot). Its
 * price in whole cents (prices are euros with at most two decimals, so the conversion is exact). Null for an unknown
 * id and for another dealer's purchase alike: the caller learns nothing of purchases not its own.
 */
export function purchaseOf(idPurchase: string, idUser: string, lot: LotState, vehicle: VehicleState): PurchaseToPay | null {
  if (lot.status === 'CLOSED' && lot.award.status === 'AWA' && lot.award.idUser === idUser) {
    return { idPurchase, channel: 'AUCTION', idUser, amountCents: toCents(lot.award.amount), currency: 'EUR' };
  }
  if (vehicle.status === 'SOLD' && vehicle.sale.idUser === idUser && vehicle.data && !vehicle.sale.idLot) {
    return { idPurchase, channel: 'SHOWCASE', idUser, amountCents: toCents(vehicle.sale.price), currency: 'EUR' };
  }
  return null;
}
