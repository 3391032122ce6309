import type { FastifyRequest } from 'fastify';
import type { AuthService, Session } from '../auth.service.js';
import { SESSION_COOKIE } from '../auth.guard.js';

/**
 * The session of a request that may have none, for the "is anyone logged in?" calls that answer `null` instead of
 * 401 (spec 01 §7: `logged` "returns user or null", no error popup). The same credentials as the guard: the `token`
 * header first, else (unless `tokenOnly`) the session cookie. A GET only, so no XSRF check is due. Null for no
 * credential, a forged or expired one, or a session ended by a logout.
 */
export function optionalSession(auth: AuthService, request: FastifyRequest, tokenOnly: boolean): Session | null {
  const header = request.headers['token'];
  if (typeof header === 'string' && header) return auth.authenticate(header);
  if (tokenOnly) return null;
  const cookies = (request as unknown as { cookies?: Record<string, string | undefined> }).cookies ?? {};
  const cookie = cookies[SESSION_COOKIE];
  return cookie ? auth.authenticate(cookie) : null;
}
