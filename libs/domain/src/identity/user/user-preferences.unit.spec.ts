import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MARKETS } from '../../shared/statuses.js';
import { decideUser, evolveUser, initialUserState, type UserCommand, type UserEvent, type UserState } from './user.js';

const data = {
  idUser: 'u1', username: 'u1', roles: ['USER' as const], idDealer: 'D-1', idMarket: 'IT' as const, preferredLanguage: 'it',
  consent1: false, consent2: false, consent3: false, flgEnabled: true,
};
const registered = (): UserState => evolveUser(initialUserState, { type: 'UserRegistered', data });
const run = (state: UserState, command: UserCommand): UserState => decideUser(command, state).reduce(evolveUser, state);
const dataOf = (state: UserState) => (state.status === 'ACTIVE' ? state.data : null);

describe('ChangePreferences', () => {
  it('given a user, records only the fields that change, without personal data', () => {
    expect(decideUser({ type: 'ChangePreferences', change: { preferredLanguage: 'en', idMarket: 'IT' } }, registered()))
      .toEqual([{ type: 'UserPreferencesChanged', data: { idUser: 'u1', preferredLanguage: 'en' } }]);
    expect(dataOf(run(registered(), { type: 'ChangePreferences', change: { preferredLanguage: 'en', idMarket: 'DE' } })))
      .toMatchObject({ preferredLanguage: 'en', idMarket: 'DE', username: 'u1', consent1: false });
  });

  it('is a no-op when nothing changes or nothing is given', () => {
    expect(decideUser({ type: 'ChangePreferences', change: { preferredLanguage: 'it', idMarket: 'IT' } }, registered())).toEqual([]);
    expect(decideUser({ type: 'ChangePreferences', change: {} }, registered())).toEqual([]);
  });

  it('refuses an unknown user', () => {
    expect(() => decideUser({ type: 'ChangePreferences', change: { preferredLanguage: 'en' } }, initialUserState)).toThrow(/unknown user/);
  });
});

describe('GiveConsents', () => {
  it('given consents false, records all three answers and the state shows them', () => {
    const events = decideUser({ type: 'GiveConsents', consent1: true, consent2: true, consent3: true }, registered());
    expect(events).toEqual([{ type: 'UserConsentsGiven', data: { idUser: 'u1', consent1: true, consent2: true, consent3: true } }]);
    expect(dataOf(events.reduce(evolveUser, registered()))).toMatchObject({ consent1: true, consent2: true, consent3: true });
  });

  it('records a withdrawal too, and nothing when the answers are the current ones', () => {
    const given = run(registered(), { type: 'GiveConsents', consent1: true, consent2: true, consent3: true });
    expect(decideUser({ type: 'GiveConsents', consent1: true, consent2: true, consent3: true }, given)).toEqual([]);
    expect(dataOf(run(given, { type: 'GiveConsents', consent1: true, consent2: false, consent3: true }))).toMatchObject({ consent2: false });
  });

  it('refuses an unknown user', () => {
    expect(() => decideUser({ type: 'GiveConsents', consent1: true, consent2: true, consent3: true }, initialUserState)).toThrow(/unknown user/);
  });
});

describe('evolve of the new events', () => {
  it('never throws and ignores odd bodies field by field', () => {
    const odd = [
      { type: 'UserPreferencesChanged', data: { idUser: 'u1', preferredLanguage: 42, idMarket: '' } },
      { type: 'UserPreferencesChanged', data: null },
      { type: 'UserConsentsGiven', data: { idUser: 'u1', consent1: 'yes', consent2: true } },
    ] as unknown as UserEvent[];
    const state = odd.reduce(evolveUser, registered());
    expect(dataOf(state)).toEqual({ ...data, consent2: true });
    expect(odd.reduce(evolveUser, initialUserState)).toBe(initialUserState);
  });
});

describe('properties', () => {
  const command = fc.oneof(
    fc.record({
      type: fc.constant('ChangePreferences' as const),
      change: fc.record({ preferredLanguage: fc.constantFrom('it', 'en', 'de', 'fr'), idMarket: fc.constantFrom(...MARKETS) }, { requiredKeys: [] }),
    }),
    fc.record({ type: fc.constant('GiveConsents' as const), consent1: fc.boolean(), consent2: fc.boolean(), consent3: fc.boolean() }),
  );

  it('a command applied twice writes nothing the second time (idempotent), and never touches identity or roles', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 20 }), (commands) => {
      let state = registered();
      for (const c of commands) {
        state = run(state, c);
        expect(decideUser(c, state)).toEqual([]);
      }
      const d = dataOf(state)!;
      expect({ idUser: d.idUser, username: d.username, roles: d.roles, idDealer: d.idDealer, flgEnabled: d.flgEnabled })
        .toEqual({ idUser: 'u1', username: 'u1', roles: ['USER'], idDealer: 'D-1', flgEnabled: true });
    }));
  });

  it('no event body carries more than ids, language, market and consents', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 20 }), (commands) => {
      let state = registered();
      for (const c of commands) {
        const events = decideUser(c, state);
        for (const e of events) expect(Object.keys(e.data).every((k) => ['idUser', 'preferredLanguage', 'idMarket', 'consent1', 'consent2', 'consent3'].includes(k))).toBe(true);
        state = events.reduce(evolveUser, state);
      }
    }));
  });
});
