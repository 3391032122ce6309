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
    const tokens = new SessionTokens(secret, hour, 3);
    const issued = ['a', 'b', 'c', 'd'].map((u) => tokens.issue(u, 0).token);
    for (const t of issued) expect(tokens.verify(t, 1)).not.toBeNull();
    expect(tokens.cached).toBe(3);
    expect(tokens.verify(issued[0]!, 1)?.sub).toBe('a');
    expect(tokens.cached).toBe(3);
  });

  it('works without a cache (size 0)', () => {
    const tokens = new SessionTokens(secret, hour, 0);
    const { token } = tokens.issue('u1', 0);
    expect(tokens.verify(token, 1)?.sub).toBe('u1');
    expect(tokens.verify(token, 1)?.sub).toBe('u1');
    expect(tokens.cached).toBe(0);
  });
});
