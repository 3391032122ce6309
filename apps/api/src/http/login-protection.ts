import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { LoginLimits } from '../config/security-config.js';
import { AccountLockout } from './account-lockout.js';

/** The routes that check a password (matched by route pattern, so every spelling the router accepts is covered). */
export const LOGIN_ROUTES: ReadonlySet<string> = new Set(['/api/v1/open/login', '/api/v1/mobile/token']);

const ATTEMPT = Symbol('login attempt');
type LoginRequest = FastifyRequest & { [ATTEMPT]?: string };

const isLogin = (request: FastifyRequest) => request.method === 'POST' && LOGIN_ROUTES.has(request.routeOptions.url ?? '');

/** `application/json`, with or without parameters: a form or text body is what a cross-site page can post. */
function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function refuse(reply: FastifyReply, status: 415 | 429, errorCode: number, errorMsg: string, retryAfterMs?: number): FastifyReply {
  if (retryAfterMs !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return reply.code(status).send({ errorCode, errorMsg });
}

const tooMany = (reply: FastifyReply, errorMsg: string, retryAfterMs: number) =>
  refuse(reply, 429, API_ERROR_CODES.TOO_MANY_REQUESTS, errorMsg, retryAfterMs);

/** The lockout key of a username: logins are compared the same way whatever the case and surrounding spaces. */
const accountKey = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/**
 * Guards the login routes (register before the routes):
 * - JSON bodies only (415 otherwise): a cross-site HTML form cannot send one;
 * - per client address (with @fastify/rate-limit, keyed by `request.ip`, i.e. `X-Forwarded-For` only under
 *   TRUST_PROXY): at most `addressMaxAttempts` login calls a minute, counted before the password is checked, and at
 *   most `addressMaxFailures` failed logins per `addressWindowMs` (successful logins do not count, so many users
 *   behind one address are not held back);
 * - per account: the growing lock of {@link AccountLockout}.
 * A refusal is a 429 with `Retry-After` and the numeric code `TOO_MANY_REQUESTS`; it never runs the password hash.
 */
export async function protectLogin(fastify: FastifyInstance, limits: LoginLimits, now: () => number = Date.now): Promise<void> {
  await fastify.register(fastifyRateLimit, { global: false });
  const attempts = fastify.createRateLimit({ max: limits.addressMaxAttempts, timeWindow: 60_000 });
  const addressFailures = fastify.createRateLimit({ max: limits.addressMaxFailures, timeWindow: limits.addressWindowMs });
  const lockout = new AccountLockout(limits);

  fastify.addHook('onRequest', async (request, reply) => {
    if (!isLogin(request)) return;
    if (!isJson(request.headers['content-type'])) {
      return refuse(reply, 415, API_ERROR_CODES.UNSUPPORTED_MEDIA, 'a login takes a JSON body (Content-Type: application/json)');
    }
    const attempt = await attempts(request);
    if (!attempt.isAllowed && attempt.isExceeded) return tooMany(reply, 'too many login attempts from this address: retry later', attempt.ttl);
  });

  fastify.addHook('preHandler', async (request: LoginRequest, reply) => {
    if (!isLogin(request)) return;
    const username = (request.body as { username?: unknown } | null | undefined)?.username;
    if (typeof username !== 'string') return; // the handler's validation answers 400
    const failures = await addressFailures(request, { increment: false });
    if (!failures.isAllowed && failures.remaining === 0) return tooMany(reply, 'too many failed logins from this address: retry later', failures.ttl);
    const account = accountKey(username);
    const admission = lockout.admit(account, now());
    if (!admission.allowed) {
      const why = admission.reason === 'locked' ? 'too many failed logins for this user' : 'another login of this user is being checked';
      return tooMany(reply, `${why}: retry later`, admission.retryAfterMs);
    }
    request[ATTEMPT] = account;
    // An aborted call may never reach onSend: the attempt must not stay in flight.
    reply.raw.once('close', () => settle(request, 'none'));
  });

  const settle = (request: LoginRequest, outcome: 'success' | 'failure' | 'none') => {
    const account = request[ATTEMPT];
    if (account === undefined) return;
    request[ATTEMPT] = undefined;
    lockout.settle(account, outcome, now());
  };

  fastify.addHook('onSend', async (request: LoginRequest, reply, payload) => {
    if (request[ATTEMPT] === undefined) return payload;
    const status = reply.statusCode;
    // 401 is the login's only answer to a wrong username or password.
    if (status === 401) await addressFailures(request);
    settle(request, status === 401 ? 'failure' : status < 300 ? 'success' : 'none');
    return payload;
  });
}
