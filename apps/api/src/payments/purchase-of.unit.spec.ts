import { describe, expect, it } from '@jest/globals';
import type { LotState, VehicleState } from '@auction/domain';
import { centsToDecimal, decimalToCents } from './payment-signature.js';
import { purchaseOf } from './purchase-of.js';

const NO_LOT: LotState = { status: 'NONE' };
const NO_VEHICLE: VehicleState = { status: 'NONE' };
const wonLot = (idUser: string, amount: number, status: 'AWA' | 'TBA' = 'AWA') =>
  ({ status: 'CLOSED', data: {}, closedAtMs: 0, award: status === 'AWA' ? { status, idOffer: 'o1', idUser, amount } : { status } }) as unknown as LotState;
const soldVehicle = (idUser: string, price: number, idLot?: string) =>
  ({ status: 'SOLD', record: null, data: {}, sale: { idUser, price, soldAt: '2030-01-01T00:00:00.000Z', ...(idLot ? { idLot, idAuction: 'a1' } : {}) } }) as unknown as VehicleState;

describe('the purchase a payment link is for', () => {
  it('a lot awarded to the caller, at its awarded price in whole cents', () => {
    expect(purchaseOf('L1', 'u1', wonLot('u1', 1234.56), NO_VEHICLE)).toEqual({ idPurchase: 'L1', channel: 'AUCTION', idUser: 'u1', amountCents: 123_456, currency: 'EUR' });
  });
  it('a showcase vehicle sold to the caller, at its sold price', () => {
    expect(purchaseOf('V1', 'u1', NO_LOT, soldVehicle('u1', 19_999.99))).toMatchObject({ channel: 'SHOWCASE', amountCents: 1_999_999 });
  });
  it('none for another dealer\'s purchase, an unknown id, a lot not awarded, or a vehicle sold in an auction (paid as its lot)', () => {
    expect(purchaseOf('L1', 'u2', wonLot('u1', 100), NO_VEHICLE)).toBeNull();
    expect(purchaseOf('X', 'u1', NO_LOT, NO_VEHICLE)).toBeNull();
    expect(purchaseOf('L1', 'u1', wonLot('u1', 100, 'TBA'), NO_VEHICLE)).toBeNull();
    expect(purchaseOf('V1', 'u1', NO_LOT, soldVehicle('u1', 100, 'L9'))).toBeNull();
    expect(purchaseOf('V1', 'u2', NO_LOT, soldVehicle('u1', 100))).toBeNull();
  });
  it('money as exact text both ways', () => {
    expect([centsToDecimal(700_050), centsToDecimal(5), centsToDecimal(10_000_000_000)]).toEqual(['7000.50', '0.05', '100000000.00']);
    expect([decimalToCents('7000.50'), decimalToCents('0.05'), decimalToCents('19999.99')]).toEqual([700_050, 5, 1_999_999]);
  });
});
