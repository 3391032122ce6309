import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a session token carries. */
export interface SessionClaims {
  readonly sub: string;
  readonly sid: string;
  readonly exp: number;
}

/**
 * Signed session tokens (HMAC-SHA256): checked without a lookup, so authentication stays cheap on
 * the offer path. Logout ends a session by its id (an event on the user's stream).
 */
export class SessionTokens {
  constructor(private readonly secret: Buffer, private readonly ttlMs: number) {}

  /** Issues a token for a user. */
  issue(idUser: string, now: number): { token: string; claims: SessionClaims } {
    const claims: SessionClaims = { sub: idUser, sid: randomBytes(9).toString('base64url'), exp: now + this.ttlMs };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { token: `v1.${body}.${this.sign(body)}`, claims };
  }

  /** The claims of a valid, unexpired token, else null. */
  verify(token: string, now: number): SessionClaims | null {
    const [version, body, signature] = token.split('.');
    if (version !== 'v1' || !body || !signature) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as SessionClaims;
      return typeof claims.sub === 'string' && typeof claims.exp === 'number' && claims.exp > now ? claims : null;
    } catch {
      return null;
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
