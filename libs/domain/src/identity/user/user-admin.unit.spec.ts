import { describe, expect, it } from 'vitest';
import { adminChangeDelta, anonymousName, knownRoles, showcaseShut, withAdminChange } from './user-admin.js';
import { decideUser, decideUserPlan, evolveUser, initialUserState } from './user.js';
import type { UserData } from './user.js';

const data: UserData = {
  idUser: 'u1', username: 'u1@example.test', roles: ['USER', 'BUYER'], idDealer: 'D-1', idMarket: 'IT', preferredLanguage: 'it',
  consent1: true, consent2: true, consent3: true, flgEnabled: true,
};
const stamp = { by: 'admin', at: 1_700_000_000_000 };

describe('adminChangeDelta: what an admin edit records', () => {
  it('records only the fields that differ, with the stamp', () => {
    expect(adminChangeDelta(data, { idMarket: 'IT', preferredLanguage: 'en', idDealer: 'D-1' }, [], stamp))
      .toEqual({ idUser: 'u1', preferredLanguage: 'en', by: 'admin', at: stamp.at });
  });

  it('is null when nothing changes and no personal field changed (a repeated save writes nothing)', () => {
    expect(adminChangeDelta(data, { idMarket: 'IT', readOnly: false, adminEnabledMarket: [] }, [], stamp)).toBeNull();
    expect(adminChangeDelta(data, {}, [], stamp)).toBeNull();
  });

  it('records the NAMES of changed personal fields (sorted), never values, even with no other change', () => {
    expect(adminChangeDelta(data, {}, ['surname', 'email'], stamp)).toEqual({ idUser: 'u1', personalFields: ['email', 'surname'], ...stamp });
  });

  it('compares adminEnabledMarket as a set and records it sorted without duplicates', () => {
    const staff = { ...data, adminEnabledMarket: ['IT', 'DE'] as const };
    expect(adminChangeDelta(staff, { adminEnabledMarket: ['DE', 'IT', 'IT'] }, [], stamp)).toBeNull();
    expect(adminChangeDelta(staff, { adminEnabledMarket: ['IT', 'FR', 'IT'] }, [], stamp)?.adminEnabledMarket).toEqual(['FR', 'IT']);
  });

  it('treats an absent readOnly as false, and records an idDealer set to null', () => {
    expect(adminChangeDelta(data, { readOnly: true }, [], stamp)?.readOnly).toBe(true);
    expect(adminChangeDelta(data, { idDealer: null }, [], stamp)).toMatchObject({ idDealer: null });
  });
});

describe('withAdminChange: folding an admin edit', () => {
  it('applies the recorded fields', () => {
    const next = withAdminChange(data, { idMarket: 'DE', preferredLanguage: 'de', readOnly: true, adminEnabledMarket: ['DE'], idDealer: null });
    expect(next).toMatchObject({ idMarket: 'DE', preferredLanguage: 'de', readOnly: true, adminEnabledMarket: ['DE'], idDealer: null });
  });

  it('ignores odd values field by field and never throws', () => {
    const odd = { idMarket: 'XX', preferredLanguage: '', readOnly: 'yes', adminEnabledMarket: ['IT', 'ZZ', 3], idDealer: 7 } as never;
    const next = withAdminChange(data, odd);
    expect(next).toMatchObject({ idMarket: 'IT', preferredLanguage: 'it', idDealer: 'D-1', adminEnabledMarket: ['IT'] });
    expect(next.readOnly).toBeUndefined();
    expect(withAdminChange(data, {})).toEqual(data);
  });
});

describe('knownRoles and anonymousName', () => {
  it('keeps the known roles, in the order of ROLES, once each', () => {
    expect(knownRoles(['BUYER', 'NOPE', 'USER', 'BUYER'])).toEqual(['USER', 'BUYER']);
    expect(knownRoles('ADMIN')).toEqual([]);
    expect(knownRoles(null)).toEqual([]);
  });

  it('names an anonymised user by id only', () => {
    expect(anonymousName('u1')).toBe('anonymous-u1');
  });
});

describe('decideUserPlan', () => {
  const registered = evolveUser(initialUserState, { type: 'UserRegistered', data });

  it('decides each command on the state the previous ones leave, in one list', () => {
    const events = decideUserPlan([
      { type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now: 1 },
      { type: 'SetUserEnabled', flgEnabled: false, by: 'admin', now: 2 },
      { type: 'SetUserRoles', roles: ['USER', 'VISITOR'], by: 'admin', now: 3 },
    ], registered);
    expect(events.map((e) => e.type)).toEqual(['UserEnabledChanged', 'UserRolesChanged']);
  });

  it('refuses a change planned after a delete in the same plan', () => {
    expect(() => decideUserPlan([
      { type: 'DeleteUser', by: 'admin', now: 1 },
      { type: 'SetUserEnabled', flgEnabled: true, by: 'admin', now: 2 },
    ], registered)).toThrow(/deleted or anonymised/);
  });
});

describe('SetShowcaseAccess: the back-office opens or shuts the showcase to a dealer user', () => {
  const registered = evolveUser(initialUserState, { type: 'UserRegistered', data });
  const closed = { type: 'UserShowcaseAccessChanged' as const, data: { idUser: 'u1', flgEnabled: false, ...stamp } };
  const decide = (state: typeof registered, flgEnabled: boolean) => decideUser({ type: 'SetShowcaseAccess', flgEnabled, by: 'admin', now: stamp.at }, state);

  it('shutting an open showcase records it; shutting it again writes nothing', () => {
    expect(decide(registered, false)).toEqual([closed]);
    const shut = evolveUser(registered, closed);
    expect(shut).toMatchObject({ showcaseClosed: true });
    expect(decide(shut, false)).toEqual([]);
  });

  it('opening a shut showcase records it; a user never shut is open already (no event)', () => {
    const shut = evolveUser(registered, closed);
    const opened = decide(shut, true);
    expect(opened).toEqual([{ type: 'UserShowcaseAccessChanged', data: { idUser: 'u1', flgEnabled: true, ...stamp } }]);
    expect(evolveUser(shut, opened[0]!)).toMatchObject({ showcaseClosed: false });
    expect(decide(registered, true)).toEqual([]);
  });

  it('refuses an unknown, deleted or anonymised user', () => {
    expect(() => decide(initialUserState, false)).toThrow(/unknown user/);
    const deleted = evolveUser(registered, { type: 'UserDeleted', data: { idUser: 'u1', ...stamp } });
    expect(() => decide(deleted, false)).toThrow(/deleted or anonymised/);
  });

  it('showcaseShut: the one predicate of the rule, true only after a shut and until it is opened again', () => {
    const shut = evolveUser(registered, closed);
    expect([showcaseShut(undefined), showcaseShut(initialUserState), showcaseShut(registered)]).toEqual([false, false, false]);
    expect(showcaseShut(shut)).toBe(true);
    expect(showcaseShut(evolveUser(shut, { ...closed, data: { ...closed.data, flgEnabled: true } }))).toBe(false);
  });
});
