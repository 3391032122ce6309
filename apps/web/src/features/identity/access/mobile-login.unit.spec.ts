import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http.js';
import { canSendMobileLogin, isUsableToken, mobileLogin, type MobileLoginDeps } from './mobile-login.js';

/** Records what the login did; `answer` is what the token call does. */
function deps(answer: () => Promise<{ token?: unknown } | null>, push: string | null = null) {
  const done: string[] = [];
  const d: MobileLoginDeps = {
    requestToken: async (body) => { done.push(`token ${body.username}`); return answer(); },
    keepToken: (t) => done.push(`keep ${t}`),
    pushToken: () => push,
    sendPushToken: async (t) => { done.push(`push ${t}`); },
    loadProfile: async () => { done.push('profile'); },
    log: (m) => done.push(`log ${m}`),
  };
  return { d, done };
}

describe('the mobile login (spec 01 §4)', () => {
  it('sends nothing while user or password is empty', async () => {
    expect(canSendMobileLogin('', 'x')).toBe(false);
    expect(canSendMobileLogin('  ', 'x')).toBe(false);
    expect(canSendMobileLogin('dealer1', '')).toBe(false);
    const { d, done } = deps(async () => ({ token: 'abc' }));
    expect(await mobileLogin(d, 'dealer1', '')).toBe('refused');
    expect(done).toEqual([]);
  });

  it('keeps the token, sends the push token when one exists, loads the profile', async () => {
    const { d, done } = deps(async () => ({ token: 'abc' }), 'fcm-1');
    expect(await mobileLogin(d, ' dealer1 ', 'pw')).toBe('ok');
    expect(done).toEqual(['token dealer1', 'keep abc', 'push fcm-1', 'profile']);
    const without = deps(async () => ({ token: 'abc' }));
    expect(await mobileLogin(without.d, 'dealer1', 'pw')).toBe('ok');
    expect(without.done).toEqual(['token dealer1', 'keep abc', 'profile']);
  });

  it('fails on an empty token or one containing ERROR CODE, and keeps nothing', async () => {
    expect(isUsableToken('')).toBe(false);
    expect(isUsableToken('xx ERROR CODE 401 yy')).toBe(false);
    expect(isUsableToken(42)).toBe(false);
    expect(isUsableToken('abc')).toBe(true);
    for (const token of ['', '   ', 'ERROR CODE: 401', undefined]) {
      const { d, done } = deps(async () => ({ token }));
      expect(await mobileLogin(d, 'dealer1', 'pw')).toBe('refused');
      expect(done).toEqual(['token dealer1']);
    }
  });

  it('a refusal is a failed login; a network failure is only logged', async () => {
    const refused = deps(async () => { throw new ApiError(401, 401002, 'bad credentials'); });
    expect(await mobileLogin(refused.d, 'dealer1', 'pw')).toBe('refused');
    const down = deps(async () => { throw new ApiError(0, 0, 'down'); });
    expect(await mobileLogin(down.d, 'dealer1', 'pw')).toBe('network');
    expect(down.done).toEqual(['token dealer1', 'log mobile login: the server cannot be reached']);
  });

  it('a push token that cannot be registered does not undo the login', async () => {
    const { d, done } = deps(async () => ({ token: 'abc' }), 'fcm-1');
    d.sendPushToken = async () => { throw new Error('no'); };
    expect(await mobileLogin(d, 'dealer1', 'pw')).toBe('ok');
    expect(done).toContain('profile');
  });
});
