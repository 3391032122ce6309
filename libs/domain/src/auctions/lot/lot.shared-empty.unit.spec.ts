import { describe, expect, it } from 'vitest';
import { lotScheduled } from '../../testing/lot-fixtures.test-support.js';
import { evolveLot, initialLotState } from './lot.evolve.js';
import type { LotEvent, LotState } from './lot.types.js';

/** Lots without offers or observers share one frozen empty dealers object and observers array (issue 25 item 4). */
describe('lots sharing the empty dealers and observers', () => {
  const data = (state: LotState) => {
    if (state.status === 'NONE') throw new Error('no lot');
    return state.data;
  };
  const offer = (idLot: string, idUser: string, amount: number): LotEvent => ({
    type: 'OfferPlaced',
    data: { idLot, idOffer: `o-${idUser}-${amount}`, idUser, amount, placedAt: '2026-11-21T09:10:00.000Z', clickAndBuy: false, idempotencyKey: null },
  });

  it('an offer, an observer joining and leaving on one lot leave another lot empty', () => {
    const one = evolveLot(initialLotState, lotScheduled({ idLot: 'lot-1' }));
    const two = evolveLot(initialLotState, lotScheduled({ idLot: 'lot-2' }));
    expect(data(one).dealers).toBe(data(two).dealers);
    expect(Object.isFrozen(data(one).dealers) && Object.isFrozen(data(one).observers)).toBe(true);
    let after = evolveLot(one, offer('lot-1', 'dealer-a', 5000));
    after = evolveLot(after, { type: 'LotObserved', data: { idLot: 'lot-1', idUser: 'u1' } });
    expect(data(after).dealers['dealer-a']?.bestAmount).toBe(5000);
    expect(data(after).observers).toEqual(['u1']);
    after = evolveLot(after, { type: 'LotObservationEnded', data: { idLot: 'lot-1', idUser: 'u1' } });
    expect(data(after).observers).toEqual([]);
    expect(data(two).dealers).toEqual({});
    expect(data(two).observers).toEqual([]);
    // An edit keeps the lot's offers; the shared empty ones stay empty.
    const edited = evolveLot(after, { ...lotScheduled({ idLot: 'lot-1', model: 'Panda' }), type: 'LotEdited' } as LotEvent);
    expect(data(edited).dealers['dealer-a']?.bestAmount).toBe(5000);
    expect(Object.keys(data(evolveLot(initialLotState, lotScheduled({ idLot: 'lot-3' }))).dealers)).toEqual([]);
  });
});
