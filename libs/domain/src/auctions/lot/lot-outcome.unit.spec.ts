import { describe, expect, it } from 'vitest';
import { foldLot } from './lot.evolve.js';
import { lotOutcomeOf } from './lot.predicates.js';
import type { LotEvent } from './lot.types.js';
import {
  boughtNow, lotAwarded, lotClosed, lotNotAwarded, lotScheduled, lotWithdrawn, offerA, offerB,
} from '../../testing/lot-fixtures.test-support.js';

const reverted = (previous: 'AWA' | 'NAW'): LotEvent => ({ type: 'LotAwardReverted', data: { idLot: 'lot-1', previous } });
const outcome = (events: LotEvent[]) => lotOutcomeOf(foldLot(events));

describe('lotOutcomeOf: where a lot stands for its vehicle', () => {
  it('given no lot: NONE; given a scheduled or running lot: OPEN; given a withdrawn lot: WITHDRAWN', () => {
    expect(outcome([])).toEqual({ kind: 'NONE' });
    expect(outcome([lotScheduled({ idVehicle: 'v-1' }), offerA])).toEqual({ kind: 'OPEN' });
    expect(outcome([lotScheduled(), lotWithdrawn])).toEqual({ kind: 'WITHDRAWN' });
  });

  it('given a lot closed without an offer: UNSOLD; with offers and no decision: PENDING', () => {
    expect(outcome([lotScheduled(), lotClosed()])).toEqual({ kind: 'UNSOLD' });
    expect(outcome([lotScheduled(), offerA, offerB, lotClosed()])).toEqual({ kind: 'PENDING' });
  });

  it('given an award (by the owner or a buy-now): AWARDED to its buyer at its amount; a revert: PENDING again', () => {
    expect(outcome([lotScheduled(), offerA, offerB, lotClosed(), lotAwarded(offerA)])).toEqual({ kind: 'AWARDED', idUser: 'dealer-a', amount: 5000 });
    expect(outcome([lotScheduled(), ...boughtNow])).toEqual({ kind: 'AWARDED', idUser: 'dealer-c', amount: 9000 });
    expect(outcome([lotScheduled(), offerA, lotClosed(), lotAwarded(offerA), reverted('AWA')])).toEqual({ kind: 'PENDING' });
  });

  it('given a not-award: NOT_AWARDED; reverted: PENDING (with offers) or UNSOLD (without)', () => {
    expect(outcome([lotScheduled(), offerA, lotClosed(), lotNotAwarded])).toEqual({ kind: 'NOT_AWARDED' });
    expect(outcome([lotScheduled(), offerA, lotClosed(), lotNotAwarded, reverted('NAW')])).toEqual({ kind: 'PENDING' });
    expect(outcome([lotScheduled(), lotClosed(), lotNotAwarded, reverted('NAW')])).toEqual({ kind: 'UNSOLD' });
  });

  it('a lot keeps its vehicle and cover photo through an edit; a lot of an earlier release has none', () => {
    const lot = foldLot([lotScheduled({ idVehicle: 'v-1', idCoverPhoto: 'blob-1' }), { type: 'LotEdited', data: { ...lotScheduled({ idVehicle: 'v-2', idCoverPhoto: null }).data } as never }]);
    expect(lot.status === 'OPEN' && [lot.data.definition.idVehicle, lot.data.definition.idCoverPhoto]).toEqual(['v-2', null]);
    const old = foldLot([lotScheduled()]);
    expect(old.status === 'OPEN' && old.data.definition.idVehicle).toBeUndefined();
  });
});
