import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { dealerDecider, evolveDealer, initialDealerState, type DealerData, type DealerEvent, type KnownDealer } from './dealer.js';
import { usersToRestore, type RestorableUser } from './dealer-restore.js';

const data: DealerData = {
  idDealer: 'd1', idMarket: 'IT', country: 'IT', region: 'MI', typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100', buyingInterest: 'CARS',
  language: 'it', idReferenceUser: 'ref', registeredAt: '2026-11-22T10:00:00.000Z', documents: [],
};
const by = 'admin';
const registered: DealerEvent = { type: 'DealerRegistered', data: { ...data, status: 'PENDING', flgEnabled: false } };
const enabled = (at: number, from: 'PENDING' | 'DISABLED'): DealerEvent => ({ type: 'DealerEnabledChanged', data: { idDealer: 'd1', flgEnabled: true, status: 'ENABLED', from, by, at } });
const disabled = (at: number, switchedOff?: string[]): DealerEvent => ({
  type: 'DealerEnabledChanged', data: { idDealer: 'd1', flgEnabled: false, status: 'DISABLED', from: 'ENABLED', ...(switchedOff ? { switchedOff } : {}), by, at },
});
const fold = (events: DealerEvent[]) => events.reduce(evolveDealer, initialDealerState) as KnownDealer;
const user = (idUser: string, flgEnabled: boolean, disabledAt?: number): RestorableUser => ({ data: { idUser, flgEnabled }, ...(disabledAt !== undefined ? { disabledAt } : {}) });

describe('a dealer\'s disable records whom it switched off (issue 21 item 3)', () => {
  it('the event lists the users the write switches off, sorted and once each; an enable lists none', () => {
    const state = fold([registered, enabled(1, 'PENDING')]);
    const [event] = dealerDecider.decide({ type: 'SetDealerEnabled', idDealer: 'd1', flgEnabled: false, switchedOff: ['b', 'a', 'b'], by, now: 5 }, state);
    expect(event).toEqual(disabled(5, ['a', 'b']));
    spec(dealerDecider).given([registered]).when({ type: 'SetDealerEnabled', idDealer: 'd1', flgEnabled: true, switchedOff: ['x'], by, now: 2 }).then([enabled(2, 'PENDING')]);
  });
});

describe('usersToRestore', () => {
  const off = fold([registered, enabled(1, 'PENDING'), disabled(5, ['a', 'b'])]);
  it('restores the users the disable switched off and nobody disabled since', () => {
    expect(usersToRestore(off, [user('a', false, 5), user('b', false, 5)])).toEqual(['a', 'b']);
  });
  it('never a user disabled one by one, before the dealer or after it', () => {
    expect(usersToRestore(off, [user('a', false, 5), user('c', false, 3)])).toEqual(['a']);
    expect(usersToRestore(off, [user('a', false, 5), user('b', false, 9)])).toEqual(['a']);
  });
  it('nobody already on; nobody after the re-enable', () => {
    expect(usersToRestore(off, [user('a', true, 5)])).toEqual([]);
    expect(usersToRestore(fold([registered, enabled(1, 'PENDING'), disabled(5, ['a']), enabled(6, 'DISABLED')]), [user('a', false, 5)])).toEqual([]);
  });
  it('a disable of an earlier release (no list): the users whose last disable is the dealer\'s', () => {
    const legacy = fold([registered, enabled(1, 'PENDING'), disabled(5)]);
    expect(usersToRestore(legacy, [user('a', false, 5), user('c', false, 3)])).toEqual(['a']);
  });
  it('the first approval switches on the registration\'s reference user (created off), unless staff disabled it on its own', () => {
    expect(usersToRestore(fold([registered]), [user('ref', false)])).toEqual(['ref']);
    const refusedFirst = fold([registered, { type: 'DealerEnabledChanged', data: { idDealer: 'd1', flgEnabled: false, status: 'DISABLED', from: 'PENDING', switchedOff: [], by, at: 2 } }]);
    expect(usersToRestore(refusedFirst, [user('ref', false)])).toEqual(['ref']);
    expect(usersToRestore(refusedFirst, [user('ref', false, 1)])).toEqual([]);
    expect(usersToRestore(off, [user('ref', false)])).toEqual([]);
  });
});
