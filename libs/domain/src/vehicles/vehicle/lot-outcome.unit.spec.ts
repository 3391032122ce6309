import { describe, expect, it } from 'vitest';
import type { LotOutcome } from '../../shared/lot-outcome.js';
import {
  NOW, SHOWCASE, listedInShowcase, loaded, putInAuction, published, ready, returnedFromAuction, returnedFromShowcase, saleReverted,
  soldInAuction, withdrawn,
} from '../../testing/vehicle-life-fixtures.test-support.js';
import { decideVehiclePlan } from './vehicle.decide.js';
import { evolveVehicle, initialVehicleState } from './vehicle.evolve.js';
import { lotPlaceAfter, lotPlaceOf, vehicleCommandsForLot, type VehicleLotPlace } from './lot-outcome.js';
import type { VehicleEvent } from './vehicle.types.js';

const SLOT = { idAuction: 'auction-1', idLot: 'lot-1' };
const fold = (events: readonly VehicleEvent[]) => events.reduce(evolveVehicle, initialVehicleState);

/** Given the vehicle's events, when its lot's outcome is known: the events the process manager appends (and the place it leaves). */
function given(events: readonly VehicleEvent[]) {
  return {
    when(outcome: LotOutcome, slot = SLOT) {
      const state = fold(events);
      const commands = vehicleCommandsForLot(outcome, slot, lotPlaceOf(state), NOW);
      const appended = decideVehiclePlan(commands, state);
      const after = appended.reduce(evolveVehicle, state);
      // Idempotent: the same outcome seen again (a redelivery, a restart) decides nothing more.
      expect(vehicleCommandsForLot(outcome, slot, lotPlaceOf(after), NOW)).toEqual([]);
      return { then: (expected: VehicleEvent[]) => expect(appended).toEqual(expected), place: lotPlaceOf(after) };
    },
  };
}

const AWARDED_A: LotOutcome = { kind: 'AWARDED', idUser: 'dealer-a', amount: 9_100 };

describe('vehicleCommandsForLot: the vehicle follows its lot', () => {
  const inLot = [...ready, putInAuction()];

  it('given a vehicle in its lot, when the lot ends without an offer: back in stock (UNSOLD)', () => {
    given(inLot).when({ kind: 'UNSOLD' }).then([returnedFromAuction('UNSOLD')]);
  });

  it('when the lot is not awarded: back in stock (NOT_AWARDED); withdrawn: LOT_WITHDRAWN', () => {
    given(inLot).when({ kind: 'NOT_AWARDED' }).then([returnedFromAuction('NOT_AWARDED')]);
    given(inLot).when({ kind: 'WITHDRAWN' }).then([returnedFromAuction('LOT_WITHDRAWN')]);
  });

  it('when the lot is awarded (or bought now): sold to the buyer at the amount', () => {
    given(inLot).when(AWARDED_A).then([soldInAuction('dealer-a', 9_100)]);
  });

  it('given a vehicle sold in the lot, when the award is reverted: in the lot again; when awarded to another: revert then sale', () => {
    const sold = [...inLot, soldInAuction('dealer-a', 9_100)];
    given(sold).when({ kind: 'PENDING' }).then([saleReverted()]);
    given(sold).when({ kind: 'AWARDED', idUser: 'dealer-b', amount: 9_000 }).then([saleReverted(), soldInAuction('dealer-b', 9_000)]);
    given(sold).when(AWARDED_A).then([]);
  });

  it('given a vehicle sold in the lot, when the outcome seen late is a not-award: revert, then back in stock', () => {
    given([...inLot, soldInAuction()]).when({ kind: 'NOT_AWARDED' }).then([saleReverted(), returnedFromAuction('NOT_AWARDED')]);
  });

  it('given a vehicle back in stock after a not-award, when that is reverted (offers pending): in the lot again; then awarded: sold', () => {
    const back = [...inLot, returnedFromAuction('NOT_AWARDED')];
    given(back).when({ kind: 'PENDING' }).then([putInAuction()]);
    given(back).when(AWARDED_A).then([putInAuction(), soldInAuction('dealer-a', 9_100)]);
  });

  it('an open lot, or a vehicle elsewhere (another lot, a showcase, withdrawn), is left as it is', () => {
    given(inLot).when({ kind: 'OPEN' }).then([]);
    given(inLot).when({ kind: 'UNSOLD' }, { idAuction: 'auction-2', idLot: 'lot-9' }).then([]);
    given([...ready, listedInShowcase()]).when({ kind: 'NOT_AWARDED' }).then([]);
    given([...ready, listedInShowcase()]).when(AWARDED_A).then([]);
    given([loaded, withdrawn]).when({ kind: 'UNSOLD' }).then([]);
    given([]).when(AWARDED_A).then([]);
  });
});

describe('lotPlaceAfter follows the log as evolveVehicle does', () => {
  const histories: VehicleEvent[][] = [
    [],
    [loaded],
    [...ready, putInAuction()],
    [...ready, putInAuction(), soldInAuction()],
    [...ready, putInAuction(), soldInAuction(), saleReverted()],
    [...ready, putInAuction(), returnedFromAuction('UNSOLD')],
    [...ready, putInAuction(), returnedFromAuction('UNSOLD'), putInAuction('auction-2', 'lot-4')],
    [...ready, listedInShowcase()],
    [...ready, listedInShowcase(SHOWCASE), returnedFromShowcase(SHOWCASE)],
    [loaded, withdrawn],
    [loaded, published, { type: 'VehicleUnpublished', data: { idVehicle: 'vehicle-7' } }],
  ];
  it.each(histories.map((h, i) => [i, h] as const))('history %i', (_i, history) => {
    const followed = history.reduce<VehicleLotPlace>(lotPlaceAfter, { status: 'ELSEWHERE' });
    expect(followed).toEqual(lotPlaceOf(fold(history)));
  });
});
