import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import { ISSUER_PATH } from './embedded-issuer.js';
import { noticePage, pageLanguage } from './sign-in-page.js';

/**
 * The embedded issuer's calls that anyone may make without a password and that each store a sign-in in progress or
 * show its page: the authorization endpoint (`/auth`, and `/auth/<uid>` resuming a sign-in) and the sign-in page
 * (`/interaction/<uid>`). Matched on the path as the router reads it (case, repeated or trailing slashes, encoding).
 */
const SIGN_IN_START = new RegExp(`^${ISSUER_PATH}/+(auth|interaction)(/|$)`, 'i');

function isSignInStart(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: the router refuses it anyway; match it as written
  }
  return SIGN_IN_START.test(decoded.replace(/\/{2,}/g, '/'));
}

/**
 * Limits the embedded issuer's sign-in starts and sign-in pages per client address (`request.ip`, as the login
 * limits: `X-Forwarded-For` only under TRUST_PROXY) to `maxPerMinute`, with @fastify/rate-limit (registered by
 * login-protection.ts): a flood of anonymous `/auth` calls from one address cannot fill the issuer's store with
 * interactions. Beyond it: 429, `Retry-After`, and the issuer's page saying to wait (a browser) or 429010. A
 * sign-in takes about 4 of these calls (the form's post too).
 */
export function protectSignInStarts(fastify: FastifyInstance, maxPerMinute: number): void {
  const starts = fastify.createRateLimit({ max: maxPerMinute, timeWindow: 60_000, nameSpace: 'sso-starts' } as CreateRateLimitOptions);
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isSignInStart(request)) return;
    const limit = await starts(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    void reply.code(429).header('retry-after', String(Math.max(1, Math.ceil(limit.ttl / 1000)))).header('cache-control', 'no-store');
    // A person's browser gets the issuer's page in their language (these are navigations), an API client the code.
    if (/\btext\/html\b/.test(request.headers.accept ?? '')) {
      const query = request.query as { ui_locales?: unknown } | undefined;
      return reply.type('text/html; charset=utf-8').send(noticePage(pageLanguage(query, query?.ui_locales, request.headers['accept-language']), 'tooMany'));
    }
    return reply.send({ errorCode: API_ERROR_CODES.SSO_TOO_MANY_STARTS, errorMsg: 'too many sign-ins started from this address: retry in a minute' });
  });
}
