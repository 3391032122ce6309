import { describe, expect, it } from 'vitest';
import { ENDED_SESSION_GRACE_MS, credentialsChangedAt, decideUser, evolveUser, initialUserState, isCredentialRevoked, isSessionEnded, isSignInOutdated, type UserEvent, type UserState } from './user.js';

const data = {
  idUser: 'u1', username: 'u1', roles: ['USER' as const], idDealer: null, idMarket: 'IT' as const, preferredLanguage: 'en',
  consent1: true, consent2: true, consent3: true, flgEnabled: true,
};
const HOUR = 3600_000;
const T0 = Date.UTC(2026, 10, 22, 8);

const registered = (): UserState => evolveUser(initialUserState, { type: 'UserRegistered', data });

/** Runs EndSession through decide and evolve, as the shell does. */
function endSession(state: UserState, sid: string, now: number, ttl = 12 * HOUR): UserState {
  return decideUser({ type: 'EndSession', sid, expiresAt: now + ttl, now }, state).reduce(evolveUser, state);
}

describe('ended sessions of a user', () => {
  it('stays ended however many logouts follow within its token lifetime (issue 10: the 101st logout revived the first)', () => {
    let state = endSession(registered(), 'first', T0);
    for (let i = 0; i < 500; i++) state = endSession(state, `s${i}`, T0 + i * 1000);
    expect(isSessionEnded(state, 'first')).toBe(true);
    expect(isSessionEnded(state, 's499')).toBe(true);
  });

  it('forgets a session once its token expired (with the grace), by the time carried in later events: the list stays bounded', () => {
    let state = endSession(registered(), 'old', T0, HOUR);
    state = endSession(state, 'recent', T0 + HOUR + ENDED_SESSION_GRACE_MS - 1);
    expect(isSessionEnded(state, 'old')).toBe(true);
    state = endSession(state, 'later', T0 + HOUR + ENDED_SESSION_GRACE_MS);
    expect(isSessionEnded(state, 'old')).toBe(false);
    expect(state.status === 'ACTIVE' && state.endedSessions.map((s) => s.sid)).toEqual(['recent', 'later']);
  });

  it('carries the expiry and the time of the logout in the event', () => {
    expect(decideUser({ type: 'EndSession', sid: 's', expiresAt: T0 + HOUR, now: T0 }, registered()))
      .toEqual([{ type: 'UserSessionEnded', data: { idUser: 'u1', sid: 's', expiresAt: T0 + HOUR, endedAt: T0 } }]);
    const ended = endSession(registered(), 's', T0);
    expect(decideUser({ type: 'EndSession', sid: 's', expiresAt: T0 + HOUR, now: T0 + 1 }, ended)).toEqual([]);
  });

  it('keeps the sessions ended by earlier releases (no expiry in their events) for good, and never throws on odd bodies', () => {
    const legacy: UserEvent[] = Array.from({ length: 150 }, (_, i) => ({ type: 'UserSessionEnded', data: { idUser: 'u1', sid: `legacy${i}` } }));
    let state = legacy.reduce(evolveUser, registered());
    state = endSession(state, 'new', T0 + 1000 * HOUR);
    expect(isSessionEnded(state, 'legacy0')).toBe(true);
    expect(isSessionEnded(state, 'new')).toBe(true);
    const odd = { type: 'UserSessionEnded', data: { idUser: 'u1', sid: 'x', expiresAt: 'soon', endedAt: null } } as unknown as UserEvent;
    expect(isSessionEnded(evolveUser(state, odd), 'x')).toBe(true);
    expect(evolveUser(initialUserState, odd)).toBe(initialUserState);
  });
});

/** Runs RecordPasswordChange through decide and evolve, as the shell does. */
function changePassword(state: UserState, now: number, keepSid: string | null): UserState {
  return decideUser({ type: 'RecordPasswordChange', now, keepSid }, state).reduce(evolveUser, state);
}

describe('a password change ends the other sessions', () => {
  it('writes an event without personal data: the user id, the time and the session kept', () => {
    expect(decideUser({ type: 'RecordPasswordChange', now: T0, keepSid: 's1' }, registered()))
      .toEqual([{ type: 'UserPasswordChanged', data: { idUser: 'u1', changedAt: T0, keepSid: 's1' } }]);
    expect(decideUser({ type: 'RecordPasswordChange', now: T0, keepSid: null }, registered()))
      .toEqual([{ type: 'UserPasswordChanged', data: { idUser: 'u1', changedAt: T0 } }]);
    expect(() => decideUser({ type: 'RecordPasswordChange', now: T0, keepSid: null }, initialUserState)).toThrow();
  });

  it('revokes the tokens issued before the change, but the session that made it; later tokens hold', () => {
    const state = changePassword(registered(), T0, 'mine');
    expect(isCredentialRevoked(state, 'other', T0 - 1)).toBe(true);
    expect(isCredentialRevoked(state, 'other', 0)).toBe(true);
    expect(isCredentialRevoked(state, 'mine', T0 - HOUR)).toBe(false);
    expect(isCredentialRevoked(state, 'new', T0)).toBe(false);
    expect(isCredentialRevoked(state, 'new', T0 + 1)).toBe(false);
    expect(isCredentialRevoked(registered(), 'any', 0)).toBe(false);
  });

  it('a recovery (no session kept) revokes every earlier token; a logout still ends a later session', () => {
    let state = changePassword(registered(), T0, null);
    expect(isCredentialRevoked(state, 'mine', T0 - 1)).toBe(true);
    state = endSession(state, 'later', T0 + HOUR);
    expect(isCredentialRevoked(state, 'later', T0 + 1)).toBe(true);
  });

  it('keeps one entry, the latest change: the session kept by an earlier change ends at the next one', () => {
    let state = changePassword(registered(), T0, 'a');
    state = changePassword(state, T0 + HOUR, 'b');
    expect(state.status === 'ACTIVE' && state.passwordChange).toEqual({ changedAt: T0 + HOUR, keepSid: 'b' });
    expect(isCredentialRevoked(state, 'a', T0 - 1)).toBe(true);
    expect(isCredentialRevoked(state, 'b', T0 - 1)).toBe(false);
    const older: UserEvent = { type: 'UserPasswordChanged', data: { idUser: 'u1', changedAt: T0 - HOUR, keepSid: 'c' } };
    expect(evolveUser(state, older)).toBe(state);
  });

  it('never throws on odd bodies, and ignores them', () => {
    const state = registered();
    for (const data of [null, {}, { changedAt: 'soon' }, { changedAt: Number.NaN }] as unknown[]) {
      expect(evolveUser(state, { type: 'UserPasswordChanged', data } as unknown as UserEvent)).toBe(state);
    }
    expect(evolveUser(initialUserState, { type: 'UserPasswordChanged', data: { idUser: 'u1', changedAt: T0 } })).toBe(initialUserState);
  });
});

/** Runs an admin command through decide and evolve, as the shell does. */
function admin(state: UserState, command: Parameters<typeof decideUser>[0]): UserState {
  return decideUser(command, state).reduce(evolveUser, state);
}

describe('back-office commands (issue 14): each event carries the audit stamp', () => {
  it('disabling records by/at, ends every token issued before it, and is a no-op when already disabled', () => {
    const events = decideUser({ type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 }, registered());
    expect(events).toEqual([{ type: 'UserEnabledChanged', data: { idUser: 'u1', flgEnabled: false, by: 'adm', at: T0 } }]);
    const disabled = events.reduce(evolveUser, registered());
    expect(disabled.status === 'ACTIVE' && disabled.disabledAt).toBe(T0);
    expect(isCredentialRevoked(disabled, 's', T0 - 1)).toBe(true);
    expect(decideUser({ type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 + 1 }, disabled)).toEqual([]);
  });

  it('re-enabling keeps the old tokens refused (they do not come back) and lets later ones through', () => {
    let state = admin(registered(), { type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 });
    state = admin(state, { type: 'SetUserEnabled', flgEnabled: true, by: 'adm', now: T0 + HOUR });
    expect(state.status === 'ACTIVE' && state.data.flgEnabled).toBe(true);
    expect(isCredentialRevoked(state, 'old', T0 - 1)).toBe(true);
    expect(isCredentialRevoked(state, 'new', T0 + HOUR)).toBe(false);
    // A later disable moves the mark forward, an older event (out of order) never moves it back.
    state = admin(state, { type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 + 2 * HOUR });
    const stale = evolveUser(state, { type: 'UserEnabledChanged', data: { idUser: 'u1', flgEnabled: false, by: 'adm', at: T0 } });
    expect(stale.status === 'ACTIVE' && stale.disabledAt).toBe(T0 + 2 * HOUR);
  });

  it('sets roles (known ones only), a no-op when the set is the same', () => {
    expect(decideUser({ type: 'SetUserRoles', roles: ['USER'], by: 'adm', now: T0 }, registered())).toEqual([]);
    const events = decideUser({ type: 'SetUserRoles', roles: ['VISITOR', 'USER', 'NOPE' as never], by: 'adm', now: T0 }, registered());
    expect(events).toEqual([{ type: 'UserRolesChanged', data: { idUser: 'u1', roles: ['USER', 'VISITOR'], by: 'adm', at: T0 } }]);
    const state = events.reduce(evolveUser, registered());
    expect(state.status === 'ACTIVE' && state.data.roles).toEqual(['USER', 'VISITOR']);
  });

  it('an admin edit records non-personal fields and personal field NAMES only', () => {
    const events = decideUser({ type: 'EditUserByAdmin', change: { readOnly: true }, personalFields: ['email'], by: 'adm', now: T0 }, registered());
    expect(events).toEqual([{ type: 'UserEditedByAdmin', data: { idUser: 'u1', readOnly: true, personalFields: ['email'], by: 'adm', at: T0 } }]);
    expect(JSON.stringify(events)).not.toContain('@');
    expect(decideUser({ type: 'EditUserByAdmin', change: { idMarket: 'IT' }, personalFields: [], by: 'adm', now: T0 }, registered())).toEqual([]);
  });

  it('records a password-reset request (no secret) every time it is asked', () => {
    const command = { type: 'RecordPasswordResetRequest', by: 'adm', now: T0 } as const;
    expect(decideUser(command, registered())).toEqual([{ type: 'UserPasswordResetRequested', data: { idUser: 'u1', by: 'adm', at: T0 } }]);
    expect(evolveUser(registered(), decideUser(command, registered())[0]!)).toEqual(registered());
  });

  it('deleting refuses every token and disables; a deleted or anonymised user takes no more admin changes', () => {
    const deleted = admin(registered(), { type: 'DeleteUser', by: 'adm', now: T0 });
    expect(deleted.status === 'ACTIVE' && deleted.deleted && !deleted.data.flgEnabled).toBe(true);
    expect(isCredentialRevoked(deleted, 'any', T0 + HOUR)).toBe(true);
    expect(decideUser({ type: 'DeleteUser', by: 'adm', now: T0 + 1 }, deleted)).toEqual([]);
    const anonymised = admin(registered(), { type: 'AnonymiseUser', by: 'adm', now: T0 });
    expect(anonymised.status === 'ACTIVE' && anonymised.data.username).toBe('anonymous-u1');
    for (const gone of [deleted, anonymised]) {
      expect(() => decideUser({ type: 'SetUserEnabled', flgEnabled: true, by: 'adm', now: T0 }, gone)).toThrow();
      expect(() => decideUser({ type: 'SetUserRoles', roles: ['ADMIN'], by: 'adm', now: T0 }, gone)).toThrow();
      expect(() => decideUser({ type: 'EditUserByAdmin', change: { readOnly: true }, personalFields: [], by: 'adm', now: T0 }, gone)).toThrow();
      expect(() => decideUser({ type: 'RecordPasswordResetRequest', by: 'adm', now: T0 }, gone)).toThrow();
    }
  });

  it('refuses every admin command on an unknown user', () => {
    for (const command of [
      { type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 },
      { type: 'SetUserRoles', roles: ['USER'], by: 'adm', now: T0 },
      { type: 'DeleteUser', by: 'adm', now: T0 },
      { type: 'AnonymiseUser', by: 'adm', now: T0 },
    ] as const) expect(() => decideUser(command, initialUserState)).toThrow();
  });

  it('never throws on odd admin bodies', () => {
    const state = registered();
    for (const event of [
      { type: 'UserEnabledChanged', data: { flgEnabled: 'no' } },
      { type: 'UserEnabledChanged', data: null },
      { type: 'UserRolesChanged', data: { roles: 'ADMIN' } },
      { type: 'UserEditedByAdmin', data: null },
    ] as unknown as UserEvent[]) expect(evolveUser(state, event)).toBe(state);
    const noTime = evolveUser(state, { type: 'UserEnabledChanged', data: { idUser: 'u1', flgEnabled: false } } as unknown as UserEvent);
    expect(noTime.status === 'ACTIVE' && noTime.data.flgEnabled === false && noTime.disabledAt === undefined).toBe(true);
  });
});

describe('credentialsChangedAt: when a single sign-on proven before no longer counts (#21 item 5)', () => {
  it('is the latest of the password change and the disable, and undefined when neither happened', () => {
    expect(credentialsChangedAt(registered())).toBeUndefined();
    expect(credentialsChangedAt(initialUserState)).toBeUndefined();
    let state = changePassword(registered(), T0, 'mine');
    expect(credentialsChangedAt(state)).toBe(T0);
    state = admin(state, { type: 'SetUserEnabled', flgEnabled: false, by: 'adm', now: T0 + HOUR });
    state = admin(state, { type: 'SetUserEnabled', flgEnabled: true, by: 'adm', now: T0 + 2 * HOUR });
    expect(credentialsChangedAt(state)).toBe(T0 + HOUR);
    expect(credentialsChangedAt(changePassword(state, T0 + 3 * HOUR, null))).toBe(T0 + 3 * HOUR);
  });

  it('a sign-in proven before the change is outdated; one in the same second or later is not', () => {
    const state = changePassword(registered(), T0 + 500, null);
    const seconds = (ms: number) => Math.floor(ms / 1000);
    expect(isSignInOutdated(state, seconds(T0 - HOUR))).toBe(true);
    expect(isSignInOutdated(state, seconds(T0 - 1))).toBe(true);
    expect(isSignInOutdated(state, seconds(T0 + 600))).toBe(false);
    expect(isSignInOutdated(state, seconds(T0 + HOUR))).toBe(false);
    expect(isSignInOutdated(registered(), 0)).toBe(false);
  });
});

describe('a login (issue 23 item 5: the logins report is computed from the log)', () => {
  it('given an active user, when a login is recorded, then UserLoggedIn carries the session, type, time, dealer and market and the state is unchanged', () => {
    const state = registered();
    const events = decideUser({ type: 'RecordLogin', sid: 's1', loginType: 'MOBILE', now: T0 }, state);
    expect(events).toEqual([{ type: 'UserLoggedIn', data: { idUser: 'u1', sid: 's1', loginType: 'MOBILE', at: T0, idDealer: null, idMarket: 'IT' } }]);
    expect(events.reduce(evolveUser, state)).toEqual(state);
  });

  it('given an unknown or deleted user, a login is refused', () => {
    expect(() => decideUser({ type: 'RecordLogin', sid: 's1', loginType: 'WEB', now: T0 }, initialUserState)).toThrow();
    const gone = evolveUser(registered(), { type: 'UserDeleted', data: { idUser: 'u1', by: 'adm', at: T0 } });
    expect(() => decideUser({ type: 'RecordLogin', sid: 's1', loginType: 'WEB', now: T0 }, gone)).toThrow();
  });
});
