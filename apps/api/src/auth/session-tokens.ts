import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/** What a session token carries. */
export interface SessionClaims {
  readonly sub: string;
  readonly sid: string;
  readonly exp: number;
}

/** Verified tokens kept by default (a few MB at most); the oldest verified is dropped first. */
export const DEFAULT_VERIFIED_CACHE = 20_000;

/**
 * Signed session tokens (HMAC-SHA256): checked without a lookup, so authentication stays cheap on
 * the offer path. Logout ends a session by its id (an event on the user's stream).
 *
 * The HMAC key object is built once, and a token whose signature checked out is remembered (bounded,
 * oldest first out), so a dealer's next offers skip the HMAC and the JSON parse. The expiry is still
 * checked on every call; a forged or altered token never enters the cache.
 */
export class SessionTokens {
  private readonly key: KeyObject;
  private readonly verified = new Map<string, SessionClaims>();

  constructor(secret: Buffer, private readonly ttlMs: number, private readonly cacheSize = DEFAULT_VERIFIED_CACHE) {
    this.key = createSecretKey(secret);
  }

  /** Issues a token for a user. */
  issue(idUser: string, now: number): { token: string; claims: SessionClaims } {
    const claims: SessionClaims = { sub: idUser, sid: randomBytes(9).toString('base64url'), exp: now + this.ttlMs };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `v1.${body}.${this.sign(body)}`, claims };
  }

  /** The claims of a valid, unexpired token, else null. */
  verify(token: string, now: number): SessionClaims | null {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = this.check(token);
    if (!claims || claims.exp <= now) return null;
    if (this.cacheSize > 0) {
      if (this.verified.size >= this.cacheSize) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  /** Tokens remembered as verified (tests, metrics). */
  get cached(): number {
    return this.verified.size;
  }

  private check(token: string): SessionClaims | null {
    const [version, body, signature, extra] = token.split('.');
    if (version !== 'v1' || !body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as SessionClaims;
      return typeof claims.sub === 'string' && typeof claims.sid === 'string' && typeof claims.exp === 'number' ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
