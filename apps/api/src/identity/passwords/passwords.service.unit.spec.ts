/**
 * PasswordsService with fakes around it: the link of an unknown username costs the same tag lookup as a known one
 * (attack review P3: answering at once told which usernames exist, ~12 ms against ~24 ms), and a password set
 * from a link voids the other links and ends every session, while a logged-in change keeps the caller's session.
 */
import { describe, expect, it } from '@jest/globals';
import { AccessError } from '../../platform/engine/access-error.js';
import { PasswordsService } from './passwords.service.js';

const STRONG = 'Strong#Pass2026';
const dealer = { status: 'ACTIVE', data: { idUser: 'dealer1', username: 'dealer1', preferredLanguage: 'en', idMarket: 'IT' } };

const NOW = Date.UTC(2026, 10, 22);
const CURRENT = 'Current#Pass1';
const fresh = { sid: 'sid-1', authenticatedAt: NOW - 60_000 };
const old = { sid: 'sid-1', authenticatedAt: NOW - 10 * 60_000 };

function service() {
  const calls: string[] = [];
  const tags = {
    consume: async (_tag: string, _kinds: unknown, match: { idUser: string }) => { calls.push(`consume ${match.idUser}`); return null; },
    voidUserLinks: async (idUser: string) => { calls.push(`void ${idUser}`); },
  };
  const accounts = {
    userNamed: (name: string) => (name.toLowerCase() === 'dealer1' ? dealer : null),
    user: (id: string) => (id === 'dealer1' ? dealer : null),
    personalOf: async () => ({ email: null }),
  };
  const credentials = {
    set: async (idUser: string) => { calls.push(`set ${idUser}`); },
    verify: async (idUser: string, password: string) => { calls.push(`verify ${idUser}`); return password === CURRENT; },
  };
  const auth = { passwordChanged: async (idUser: string, keepSid: string | null) => { calls.push(`end sessions of ${idUser} but ${keepSid}`); } };
  const passwords = new PasswordsService(
    tags as never, accounts as never, credentials as never, auth as never, {} as never,
    { now: () => NOW } as never, { accessTagTtlMs: { recovery: 3_600_000, setup: 3_600_000, invitation: 3_600_000 } } as never,
  );
  return { passwords, calls };
}

const link = (username: string) => ({ username, hash: 'A'.repeat(43), password: STRONG, confPassword: STRONG });

describe('PasswordsService', () => {
  it('looks the tag up for an unknown username as for a known one, and refuses both with 410010', async () => {
    const { passwords, calls } = service();
    await expect(passwords.verifyRecovery(link('dealer1'))).rejects.toMatchObject({ code: 410010 });
    await expect(passwords.verifyRecovery(link('nobody-at-all'))).rejects.toMatchObject({ code: 410010 });
    expect(calls).toEqual(['consume dealer1', 'consume (no user)']);
  });

  it('a logged-in change sets the password, voids the mailed links and ends the other sessions, keeping the caller\'s', async () => {
    const { passwords, calls } = service();
    await passwords.change('dealer1', fresh, { password: STRONG, confPassword: STRONG });
    expect(calls).toEqual(['set dealer1', 'void dealer1', 'end sessions of dealer1 but sid-1']);
    await expect(passwords.change('dealer1', fresh, { password: 'weak', confPassword: 'weak' })).rejects.toBeInstanceOf(AccessError);
    expect(calls).toHaveLength(3);
  });

  it('asks for the current password once the session signed in more than 5 minutes ago (issue 21 item 8)', async () => {
    const { passwords, calls } = service();
    for (const body of [{ password: STRONG, confPassword: STRONG }, { currentPassword: '', password: STRONG, confPassword: STRONG }]) {
      await expect(passwords.change('dealer1', old, body)).rejects.toMatchObject({ code: 403042 });
      await expect(passwords.change('dealer1', { sid: 'sid-1' }, body)).rejects.toMatchObject({ code: 403042 });
    }
    await expect(passwords.change('dealer1', old, { currentPassword: 'Wrong#Pass1', password: STRONG, confPassword: STRONG })).rejects.toMatchObject({ code: 403042 });
    // A weak new password is refused before the current one is checked (no guess spent).
    await expect(passwords.change('dealer1', old, { currentPassword: CURRENT, password: 'weak', confPassword: 'weak' })).rejects.toMatchObject({ code: 422104 });
    expect(calls).toEqual(['verify dealer1']);
    await passwords.change('dealer1', old, { currentPassword: CURRENT, password: STRONG, confPassword: STRONG });
    expect(calls.slice(1)).toEqual(['verify dealer1', 'set dealer1', 'void dealer1', 'end sessions of dealer1 but sid-1']);
    // A wrong current password given in a fresh session counts as wrong too.
    await expect(passwords.change('dealer1', fresh, { currentPassword: 'Wrong#Pass1', password: STRONG, confPassword: STRONG })).rejects.toMatchObject({ code: 403042 });
  });

  it('limits the tries of the current password per user (a session guessing it): the sixth in 15 minutes is 429001', async () => {
    const { passwords } = service();
    const guess = { currentPassword: 'Guess#Pass1', password: STRONG, confPassword: STRONG };
    for (let i = 0; i < 5; i++) await expect(passwords.change('dealer1', old, guess)).rejects.toMatchObject({ code: 403042 });
    await expect(passwords.change('dealer1', old, { ...guess, currentPassword: CURRENT })).rejects.toMatchObject({ code: 429001 });
  });
});
