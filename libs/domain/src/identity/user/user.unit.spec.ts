import { describe, expect, it } from 'vitest';
import { ENDED_SESSION_GRACE_MS, decideUser, evolveUser, initialUserState, isSessionEnded, type UserEvent, type UserState } from './user.js';

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
