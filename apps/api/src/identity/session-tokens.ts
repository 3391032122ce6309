import { randomBytes } from 'node:crypto';
import { SignedJson } from './signed-json.js';

/** What a token may be used for: `session` (the API, the login's token) or `live` (subscribing to the live channel only). */
export type TokenScope = 'session' | 'live';

/** What a token carries. */
export interface SessionClaims {
  readonly sub: string;
  /** The session: a live token carries the id of the session it was issued for, so ending that session ends it too. */
  readonly sid: string;
  readonly exp: number;
  /**
   * When the token was issued (epoch ms): a password change ends the sessions whose tokens are older. 0 for tokens
   * issued before this claim existed (so they count as older than any change).
   */
  readonly iat: number;
  /**
   * When the user last proved its identity for this session (epoch ms): a password login's own time, a single sign-on's
   * `auth_time` at the issuer (which may be hours before the session, for an issuer session reused). Absent when
   * unknown (tokens issued before this claim existed, an issuer that does not say): never counted as recent.
   */
  readonly auth?: number;
  /** Tokens issued before scopes existed carry none and are session tokens. */
  readonly scope: TokenScope;
}

/** Verified tokens kept by default (a few MB at most); the oldest verified is dropped first. */
export const DEFAULT_VERIFIED_CACHE = 20_000;

/** Lifetime of a live token by default (`LIVE_TOKEN_TTL_SECONDS`). */
export const DEFAULT_LIVE_TTL_MS = 600_000;

/** Options of {@link SessionTokens}. */
export interface SessionTokensOptions {
  /** Verified tokens remembered (0: none). */
  readonly cacheSize?: number;
  /** Lifetime of a live token. */
  readonly liveTtlMs?: number;
}

const SCOPES: readonly TokenScope[] = ['session', 'live'];

/**
 * Signed tokens (HMAC-SHA256): checked without a lookup, so authentication stays cheap on the offer path.
 * Logout ends a session by its id (an event on the user's stream).
 *
 * Two scopes share the format and the key: the session token of a login (the HttpOnly cookie, the mobile
 * app's `token` header) and the short-lived live token a page script gets for the live channel, which the
 * API refuses as a credential. {@link verify} accepts only the scopes its caller names (session by default).
 *
 * The HMAC key object is built once, and a token whose signature checked out is remembered (bounded,
 * oldest first out), so a dealer's next offers skip the HMAC and the JSON parse. The expiry and the scope are
 * still checked on every call; a forged or altered token never enters the cache.
 */
export class SessionTokens {
  private readonly signed: SignedJson;
  private readonly verified = new Map<string, SessionClaims>();
  private readonly cacheSize: number;
  /** Lifetime of a live token, ms. */
  readonly liveTtlMs: number;

  constructor(secret: Buffer, private readonly ttlMs: number, options: SessionTokensOptions = {}) {
    this.signed = new SignedJson(secret);
    this.cacheSize = options.cacheSize ?? DEFAULT_VERIFIED_CACHE;
    this.liveTtlMs = options.liveTtlMs ?? DEFAULT_LIVE_TTL_MS;
  }

  /** Issues a session token for a user (a new session) whose identity was proven at `authAt` (see {@link SessionClaims.auth}). */
  issue(idUser: string, now: number, authAt?: number): { token: string; claims: SessionClaims } {
    const auth = authAt !== undefined && Number.isFinite(authAt) ? { auth: Math.min(authAt, now) } : {};
    return this.sign({ sub: idUser, sid: randomBytes(9).toString('base64url'), iat: now, exp: now + this.ttlMs, scope: 'session', ...auth });
  }

  /**
   * Issues a live token for a user's session `sid`: valid for {@link liveTtlMs}, never beyond `notAfter` (the
   * session's own expiry).
   */
  issueLive(idUser: string, sid: string, now: number, notAfter = Number.POSITIVE_INFINITY): { token: string; claims: SessionClaims } {
    return this.sign({ sub: idUser, sid, iat: now, exp: Math.min(now + this.liveTtlMs, notAfter), scope: 'live' });
  }

  /** The claims of a valid, unexpired token of one of `scopes`, else null. */
  verify(token: string, now: number, scopes: readonly TokenScope[] = ['session']): SessionClaims | null {
    const claims = this.claimsOf(token);
    if (!claims) return null;
    if (claims.exp <= now) {
      this.verified.delete(token);
      return null;
    }
    return scopes.includes(claims.scope) ? claims : null;
  }

  /** Tokens remembered as verified (tests, metrics). */
  get cached(): number {
    return this.verified.size;
  }

  private claimsOf(token: string): SessionClaims | null {
    const known = this.verified.get(token);
    if (known) return known;
    const claims = this.check(token);
    if (!claims) return null;
    if (this.cacheSize > 0) {
      if (this.verified.size >= this.cacheSize) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private check(token: string): SessionClaims | null {
    if (!token.startsWith('v1.')) return null;
    const claims = this.signed.open(token.slice(3)) as (Omit<SessionClaims, 'scope' | 'iat' | 'auth'> & { scope?: unknown; iat?: unknown; auth?: unknown }) | null;
    if (!claims || typeof claims !== 'object') return null;
    const scope = claims.scope ?? 'session';
    const valid = typeof claims.sub === 'string' && typeof claims.sid === 'string' && typeof claims.exp === 'number'
      && SCOPES.includes(scope as TokenScope);
    const iat = typeof claims.iat === 'number' && Number.isFinite(claims.iat) ? claims.iat : 0;
    const auth = typeof claims.auth === 'number' && Number.isFinite(claims.auth) ? { auth: claims.auth } : {};
    return valid ? { sub: claims.sub, sid: claims.sid, iat, exp: claims.exp, scope: scope as TokenScope, ...auth } : null;
  }

  private sign(claims: SessionClaims): { token: string; claims: SessionClaims } {
    return { token: `v1.${this.signed.seal(claims)}`, claims };
  }
}
