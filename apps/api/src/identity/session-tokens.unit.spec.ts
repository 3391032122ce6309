import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { SessionTokens } from './session-tokens.js';

const secret = Buffer.from('a-test-secret-of-enough-length');
const hour = 3_600_000;

describe('SessionTokens', () => {
  it('verifies its own token and returns the claims it issued', () => {
    const tokens = new SessionTokens(secret, hour);
    const { token, claims } = tokens.issue('u1', 1_000);
    expect(tokens.verify(token, 2_000)).toEqual(claims);
    expect(claims.exp).toBe(1_000 + hour);
  });

  it('carries when the identity was proven (never later than the issue), and nothing when unknown', () => {
    const tokens = new SessionTokens(secret, hour);
    expect(tokens.verify(tokens.issue('u1', 10_000, 4_000).token, 11_000)?.auth).toBe(4_000);
    expect(tokens.verify(tokens.issue('u1', 10_000, 99_000).token, 11_000)?.auth).toBe(10_000);
    expect(tokens.verify(tokens.issue('u1', 10_000).token, 11_000)).not.toHaveProperty('auth');
    expect(tokens.verify(tokens.issue('u1', 10_000, Number.NaN).token, 11_000)).not.toHaveProperty('auth');
  });

  it('refuses a token signed with another secret, an altered body, an altered signature and junk', () => {
    const tokens = new SessionTokens(secret, hour);
    const other = new SessionTokens(Buffer.from('another-secret-of-enough-length'), hour);
    const { token } = other.issue('u1', 0);
    expect(tokens.verify(token, 1)).toBeNull();
    const [v, body, sig] = tokens.issue('u1', 0).token.split('.') as [string, string, string];
    const forgedBody = Buffer.from(JSON.stringify({ sub: 'admin', sid: 'x', exp: 9e15 })).toString('base64url');
    expect(tokens.verify(`${v}.${forgedBody}.${sig}`, 1)).toBeNull();
    expect(tokens.verify(`${v}.${body}.${sig.slice(0, -2)}AA`, 1)).toBeNull();
    expect(tokens.verify(`${v}.${body}.${sig}.extra`, 1)).toBeNull();
    for (const junk of ['', 'v1', 'v1..', 'v2.a.b', 'nonsense']) expect(tokens.verify(junk, 1)).toBeNull();
    expect(tokens.cached).toBe(0);
  });

  it('keeps checking the expiry of a remembered token', () => {
    const tokens = new SessionTokens(secret, hour);
    const { token } = tokens.issue('u1', 0);
    expect(tokens.verify(token, hour - 1)).not.toBeNull();
    expect(tokens.cached).toBe(1);
    expect(tokens.verify(token, hour)).toBeNull();
    expect(tokens.cached).toBe(0);
  });

  it('bounds the cache, dropping the oldest verified token first, and still verifies a dropped one', () => {
    const tokens = new SessionTokens(secret, hour, { cacheSize: 3 });
    const issued = ['a', 'b', 'c', 'd'].map((u) => tokens.issue(u, 0).token);
    for (const t of issued) expect(tokens.verify(t, 1)).not.toBeNull();
    expect(tokens.cached).toBe(3);
    expect(tokens.verify(issued[0]!, 1)?.sub).toBe('a');
    expect(tokens.cached).toBe(3);
  });

  it('works without a cache (size 0)', () => {
    const tokens = new SessionTokens(secret, hour, { cacheSize: 0 });
    const { token } = tokens.issue('u1', 0);
    expect(tokens.verify(token, 1)?.sub).toBe('u1');
    expect(tokens.verify(token, 1)?.sub).toBe('u1');
    expect(tokens.cached).toBe(0);
  });

  describe('live tokens', () => {
    const minute = 60_000;

    it('are refused where a session token is expected, and accepted only when the caller names the live scope', () => {
      const tokens = new SessionTokens(secret, hour, { liveTtlMs: 10 * minute });
      const session = tokens.issue('u1', 0);
      const live = tokens.issueLive('u1', session.claims.sid, 1_000);
      expect(live.claims).toEqual({ sub: 'u1', sid: session.claims.sid, iat: 1_000, exp: 1_000 + 10 * minute, scope: 'live' });
      expect(tokens.verify(live.token, 2_000)).toBeNull();
      expect(tokens.verify(live.token, 2_000, ['session'])).toBeNull();
      expect(tokens.verify(live.token, 2_000, ['live'])).toEqual(live.claims);
      expect(tokens.verify(live.token, 2_000, ['live', 'session'])).toEqual(live.claims);
      // Remembered as verified, the scope is still checked.
      expect(tokens.verify(live.token, 2_000)).toBeNull();
      expect(session.claims.scope).toBe('session');
      expect(tokens.verify(session.token, 2_000, ['live'])).toBeNull();
      expect(tokens.verify(session.token, 2_000)).toEqual(session.claims);
    });

    it('expire after their own TTL, never after the session they came from', () => {
      const tokens = new SessionTokens(secret, hour, { liveTtlMs: 10 * minute });
      const { token } = tokens.issueLive('u1', 's1', 0);
      expect(tokens.verify(token, 10 * minute - 1, ['live'])).not.toBeNull();
      expect(tokens.verify(token, 10 * minute, ['live'])).toBeNull();
      const capped = tokens.issueLive('u1', 's1', 0, 3 * minute);
      expect(capped.claims.exp).toBe(3 * minute);
      expect(tokens.verify(capped.token, 3 * minute, ['live'])).toBeNull();
    });

    it('cannot be turned into a session token by editing the scope, and a token without a scope is a session token', () => {
      const tokens = new SessionTokens(secret, hour);
      const [v, , sig] = tokens.issueLive('u1', 's1', 0).token.split('.') as [string, string, string];
      const asSession = Buffer.from(JSON.stringify({ sub: 'u1', sid: 's1', exp: 600_000, scope: 'session' })).toString('base64url');
      expect(tokens.verify(`${v}.${asSession}.${sig}`, 1, ['session', 'live'])).toBeNull();
      // A token signed before scopes existed (same key, no scope claim).
      const legacyBody = Buffer.from(JSON.stringify({ sub: 'u1', sid: 's0', exp: hour })).toString('base64url');
      const legacy = `v1.${legacyBody}.${createHmac('sha256', secret).update(legacyBody).digest('base64url')}`;
      expect(tokens.verify(legacy, 1)).toEqual({ sub: 'u1', sid: 's0', iat: 0, exp: hour, scope: 'session' });
      expect(tokens.verify(legacy, 1, ['live'])).toBeNull();
      const oddBody = Buffer.from(JSON.stringify({ sub: 'u1', sid: 's0', exp: hour, scope: 'admin' })).toString('base64url');
      const odd = `v1.${oddBody}.${createHmac('sha256', secret).update(oddBody).digest('base64url')}`;
      expect(tokens.verify(odd, 1, ['session', 'live'])).toBeNull();
    });
  });
});
