import { describe, expect, it } from 'vitest';
import { PREEMPTION_SECONDS, added, booked, buy, listed, preempted } from '../../../testing/vehicle-fixtures.test-support.js';
import {
  ID_LOADED, NOW, SHOWCASE, boughtInShowcase, onLoaded, SHOWCASE_PRICE, listedInShowcase, loaded, putInAuction, putInShowcase, ready,
  returnedFromAuction, returnedFromShowcase, saleReverted, soldInAuction, vehicleSpec, withdrawn,
} from '../../../testing/vehicle-life-fixtures.test-support.js';
import { VehiclePlacedError } from '../vehicle.errors.js';
import { placementOf, vehicleAvailability } from '../vehicle.predicates.js';

const toAuction = (idAuction = 'auction-1', idLot = 'lot-1') => ({ type: 'PutInAuction' as const, idAuction, idLot });
const backFromLot = (reason: 'UNSOLD' | 'NOT_AWARDED' | 'LOT_WITHDRAWN' = 'UNSOLD', idAuction = 'auction-1', idLot = 'lot-1') =>
  ({ type: 'ReturnToStock' as const, idAuction, idLot, reason });
const sell = (idUser = 'dealer-a', price = 9_100, idAuction = 'auction-1', idLot = 'lot-1') =>
  ({ type: 'SellInAuction' as const, idAuction, idLot, idUser, price, now: NOW });
const revert = (idAuction = 'auction-1', idLot = 'lot-1') => ({ type: 'RevertAuctionSale' as const, idAuction, idLot });
const fromShowcase = (idShowcase = SHOWCASE, now = NOW) => ({ type: 'WithdrawFromShowcase' as const, idShowcase, now });

describe('PutInAuction', () => {
  it('puts a published vehicle in stock in an auction lot', () => {
    vehicleSpec.given(ready).when(toAuction()).then([putInAuction()]);
    const { state } = vehicleSpec.given(ready).when(toAuction()).run();
    expect(placementOf(state)).toEqual({ kind: 'AUCTION', idAuction: 'auction-1', idLot: 'lot-1' });
  });

  it('the same lot again is a no-op', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(toAuction()).thenNothing();
  });

  it('a vehicle is in one auction or showcase at a time: the refusal says where', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(toAuction('auction-2', 'lot-5')).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([...ready, putInAuction()]).when(toAuction('auction-1', 'lot-2')).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([...ready, listedInShowcase()]).when(toAuction()).thenThrows('VEHICLE_IN_SHOWCASE');
    let caught: unknown = null;
    try {
      vehicleSpec.given([...ready, listedInShowcase()]).when(toAuction()).run();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(VehiclePlacedError);
    expect(caught).toMatchObject({ placement: { kind: 'SHOWCASE', idShowcase: SHOWCASE }, vehicle: { idVehicle: ID_LOADED, licensePlate: 'GA123BC' } });
  });

  it('needs the vehicle published', () => {
    vehicleSpec.given([loaded]).when(toAuction()).thenThrows('VEHICLE_NOT_PUBLISHED');
  });

  it('refuses a sold, withdrawn or unknown vehicle', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(toAuction('auction-2', 'lot-5')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(toAuction()).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(toAuction()).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given([]).when(toAuction()).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('ReturnToStock (its lot ended unsold, was not awarded or was withdrawn)', () => {
  it('puts the vehicle back in stock, free for another auction or a showcase', () => {
    for (const reason of ['UNSOLD', 'NOT_AWARDED', 'LOT_WITHDRAWN'] as const) {
      vehicleSpec.given([...ready, putInAuction()]).when(backFromLot(reason)).then([returnedFromAuction(reason)]);
    }
    vehicleSpec.given([...ready, putInAuction(), returnedFromAuction()]).when(toAuction('auction-2', 'lot-5')).then([putInAuction('auction-2', 'lot-5')]);
    vehicleSpec.given([...ready, putInAuction(), returnedFromAuction()]).when(putInShowcase()).then([listedInShowcase()]);
  });

  it('an outcome of a lot the vehicle is no longer in is a no-op (it arrived twice, or late)', () => {
    vehicleSpec.given([...ready, putInAuction(), returnedFromAuction()]).when(backFromLot()).thenNothing();
    vehicleSpec.given([...ready, putInAuction(), returnedFromAuction(), putInAuction('auction-2', 'lot-5')]).when(backFromLot()).thenNothing();
    vehicleSpec.given([loaded]).when(backFromLot()).thenNothing();
  });

  it('refuses a vehicle sold in that lot (its sale is reverted first)', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(backFromLot('NOT_AWARDED')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction(), saleReverted()]).when(backFromLot('NOT_AWARDED'))
      .then([returnedFromAuction('NOT_AWARDED')]);
  });
});

describe('SellInAuction and RevertAuctionSale (the award of its lot, and its revert)', () => {
  it('sells the vehicle of the lot: buyer by id, price, time, auction and lot', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(sell()).then([soldInAuction()]);
    const { state } = vehicleSpec.given([...ready, putInAuction()]).when(sell()).run();
    expect(state).toMatchObject({ status: 'SOLD', sale: { idUser: 'dealer-a', price: 9_100, idAuction: 'auction-1', idLot: 'lot-1' } });
    expect(placementOf(state)).toBeNull();
  });

  it('the same sale again is a no-op; another is refused', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(sell()).thenNothing();
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(sell('dealer-b')).thenThrows('VEHICLE_SOLD');
  });

  it('refuses a vehicle that is not in that lot, and a price that is not an amount', () => {
    vehicleSpec.given(ready).when(sell()).thenThrows('VEHICLE_NOT_IN_LOT');
    vehicleSpec.given([...ready, putInAuction()]).when(sell('dealer-a', 9_100, 'auction-1', 'lot-2')).thenThrows('VEHICLE_NOT_IN_LOT');
    vehicleSpec.given([...ready, putInAuction()]).when(sell('dealer-a', 0)).thenThrows('INVALID_AMOUNT');
    vehicleSpec.given([loaded, withdrawn]).when(sell()).thenThrows('VEHICLE_WITHDRAWN');
  });

  it('a reverted award puts the vehicle back in its lot; reverting again is a no-op', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(revert()).then([saleReverted()]);
    const { state } = vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(revert()).run();
    expect(placementOf(state)).toEqual({ kind: 'AUCTION', idAuction: 'auction-1', idLot: 'lot-1' });
    vehicleSpec.given([...ready, putInAuction(), soldInAuction(), saleReverted()]).when(revert()).thenNothing();
  });

  it('refuses to revert a sale of another lot, or a showcase sale (it is final)', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(revert('auction-1', 'lot-2')).thenThrows('VEHICLE_NOT_IN_LOT');
    vehicleSpec.given([...ready, listedInShowcase(), boughtInShowcase('dealer-a')]).when(revert()).thenThrows('VEHICLE_NOT_IN_LOT');
    vehicleSpec.given(ready).when(revert()).thenThrows('VEHICLE_NOT_IN_LOT');
  });
});

describe('PutInShowcase', () => {
  it('lists a published vehicle in stock at a price, with its own plate, brand and model', () => {
    vehicleSpec.given(ready).when(putInShowcase()).then([listedInShowcase()]);
  });

  it('the same showcase again is a no-op; another is refused, naming where it is', () => {
    vehicleSpec.given([...ready, listedInShowcase()]).when(putInShowcase()).thenNothing();
    vehicleSpec.given([...ready, listedInShowcase()]).when(putInShowcase('showcase-2')).thenThrows('VEHICLE_IN_SHOWCASE');
    vehicleSpec.given([...ready, putInAuction()]).when(putInShowcase()).thenThrows('VEHICLE_IN_AUCTION');
  });

  it('refuses an unpublished, sold or withdrawn vehicle, and a price that is not an amount', () => {
    vehicleSpec.given([loaded]).when(putInShowcase()).thenThrows('VEHICLE_NOT_PUBLISHED');
    vehicleSpec.given([...ready, listedInShowcase(), boughtInShowcase('dealer-a')]).when(putInShowcase('showcase-2')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(putInShowcase()).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given(ready).when(putInShowcase(SHOWCASE, 10.001)).thenThrows('INVALID_AMOUNT');
  });

  it('a loaded vehicle in a showcase takes my lots, holds and the sale as a direct listing does', () => {
    const inShowcase = [...ready, listedInShowcase()];
    vehicleSpec.given(inShowcase).when({ type: 'AddToMyLot', idUser: 'dealer-a' }).then([onLoaded(added('dealer-a'))]);
    vehicleSpec.given([...inShowcase, onLoaded(added('dealer-a'))]).when(buy('dealer-a')).then([boughtInShowcase('dealer-a')]);
    const { state } = vehicleSpec.given([...inShowcase, onLoaded(added('dealer-a'))]).when(buy('dealer-a')).run();
    expect(state).toMatchObject({ status: 'SOLD', record: { idVehicle: ID_LOADED }, sale: { idUser: 'dealer-a', price: SHOWCASE_PRICE } });
    expect(vehicleAvailability(state, NOW)).toBe('SOLD');
  });

  it('showcase operations refuse a vehicle that is not in a showcase', () => {
    vehicleSpec.given(ready).when({ type: 'AddToMyLot', idUser: 'dealer-a' }).thenThrows('VEHICLE_NOT_IN_SHOWCASE');
    vehicleSpec.given([...ready, putInAuction()]).when(buy('dealer-a')).thenThrows('VEHICLE_NOT_IN_SHOWCASE');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction('dealer-b')]).when(buy('dealer-a')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given(ready).when({ type: 'RemoveFromMyLot', idUser: 'dealer-a' }).thenNothing();
    expect(vehicleAvailability(vehicleSpec.given(ready).when({ type: 'PublishVehicle' }).run().state, NOW)).toBeNull();
  });
});

describe('WithdrawFromShowcase', () => {
  const inShowcase = [...ready, listedInShowcase()];

  it('takes a loaded vehicle out of its showcase, back in stock, its my lots and holds gone', () => {
    vehicleSpec.given(inShowcase).when(fromShowcase()).then([returnedFromShowcase()]);
    const { state } = vehicleSpec.given([...inShowcase, onLoaded(added('dealer-a'))]).when(fromShowcase()).run();
    expect(state).toMatchObject({ status: 'STOCK' });
    expect(vehicleAvailability(state, NOW)).toBeNull();
  });

  it('withdraws a direct listing for good: it has no stock to go back to', () => {
    vehicleSpec.given([listed]).when(fromShowcase('showcase-1')).then([{ type: 'VehicleWithdrawn', data: { idVehicle: 'vehicle-1' } }]);
  });

  it('a vehicle no longer in that showcase is a no-op', () => {
    vehicleSpec.given([...inShowcase, returnedFromShowcase()]).when(fromShowcase()).thenNothing();
    vehicleSpec.given(inShowcase).when(fromShowcase('showcase-2')).thenNothing();
  });

  it('refuses while a dealer holds it, and once sold', () => {
    vehicleSpec.given([...inShowcase, onLoaded(preempted('dealer-a'))]).when(fromShowcase(SHOWCASE, NOW + 1000)).thenThrows('VEHICLE_HELD');
    vehicleSpec.given([...inShowcase, onLoaded(preempted('dealer-a'))]).when(fromShowcase(SHOWCASE, NOW + PREEMPTION_SECONDS * 1000))
      .then([returnedFromShowcase()]);
    vehicleSpec.given([...inShowcase, onLoaded(added('dealer-a')), onLoaded(booked('dealer-a'))]).when(fromShowcase()).thenThrows('VEHICLE_HELD');
    vehicleSpec.given([...inShowcase, boughtInShowcase('dealer-a')]).when(fromShowcase()).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([]).when(fromShowcase()).thenThrows('VEHICLE_NOT_FOUND');
  });
});
