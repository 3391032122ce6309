import { describe, expect, it } from 'vitest';
import { decideUser, decideUserPlan, effectiveRoles, evolveUser, initialUserState, isActingAdmin, removesActingAdmin, type UserData, type UserState } from './user.js';

const admin: UserData = {
  idUser: 'admin', username: 'admin', roles: ['USER', 'ADMIN'], idDealer: null, idMarket: 'IT', preferredLanguage: 'en',
  consent1: true, consent2: true, consent3: true, flgEnabled: true, adminEnabledMarket: ['IT', 'FR'],
};
const registered = (data: UserData): UserState => decideUser({ type: 'RegisterUser', data }, initialUserState).reduce(evolveUser, initialUserState);
const edit = (state: UserState, change: Record<string, unknown>) =>
  decideUserPlan([{ type: 'EditUserByAdmin', change, personalFields: [], by: 'admin', now: 1 } as never], state);
const enabledDealers = new Set(['D-OK']);
const dealerEnabled = (idDealer: string) => enabledDealers.has(idDealer);

describe('the last acting administrator (issue 21: the last ADMIN cannot lock itself out either)', () => {
  it('an ADMIN that manages no market, or not its own, administers nothing it could undo: not acting', () => {
    expect(isActingAdmin(registered(admin))).toBe(true);
    expect(isActingAdmin(registered({ ...admin, adminEnabledMarket: [] }))).toBe(false);
    expect(isActingAdmin(registered({ ...admin, adminEnabledMarket: ['FR'] }))).toBe(false);
  });

  it('giving itself no market, or only others, removes an acting administrator', () => {
    const state = registered(admin);
    expect(removesActingAdmin(state, edit(state, { adminEnabledMarket: [] }))).toBe(true);
    expect(removesActingAdmin(state, edit(state, { adminEnabledMarket: ['FR'] }))).toBe(true);
    expect(removesActingAdmin(state, edit(state, { adminEnabledMarket: ['IT'] }))).toBe(false);
  });

  it('a move into a dealer that is not enabled removes an acting administrator (every change of it is then refused)', () => {
    const state = registered(admin);
    expect(removesActingAdmin(state, edit(state, { idDealer: 'D-PEND-1' }), dealerEnabled)).toBe(true);
    expect(removesActingAdmin(state, edit(state, { idDealer: 'D-OK' }), dealerEnabled)).toBe(false);
    expect(isActingAdmin(registered({ ...admin, idDealer: 'D-PEND-1' }), dealerEnabled)).toBe(false);
  });
});

describe('effectiveRoles', () => {
  it('voids BUYER beside VISITOR, keeps the rest', () => {
    expect(effectiveRoles(['USER', 'BUYER', 'VISITOR'])).toEqual(['USER', 'VISITOR']);
    expect(effectiveRoles(['USER', 'BUYER'])).toEqual(['USER', 'BUYER']);
  });
});
