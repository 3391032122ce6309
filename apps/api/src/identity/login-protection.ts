import { ServiceUnavailableException } from '@nestjs/common';
import fastifyRateLimit, { normalizeIP, type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { ReadModelDb } from '@auction/read-models';
import type { LoginLimits } from '../platform/config/security-config.js';
import { AccountLockout, type Admission } from './account-lockout.js';
import { MemoryLoginSlots, SqlLoginSlots, type Slot } from './login-slots.js';
import { SIGN_IN_ROUTE } from './sso/embedded-issuer.js';
import { protectSignInStarts } from './sso/issuer-protection.js';
import { SqlLockoutStore } from './sql-lockout-store.js';
import { sqlRateLimitStore } from '../platform/limits/sql-rate-limit-store.js';

/** The routes that check a password (matched by route pattern, so every spelling the router accepts is covered). */
export const LOGIN_ROUTES: ReadonlyMap<string, string> = new Map([
  ['/api/v1/open/login', 'application/json'],
  ['/api/v1/mobile/token', 'application/json'],
  // The embedded issuer's sign-in page posts a plain HTML form.
  [SIGN_IN_ROUTE, 'application/x-www-form-urlencoded'],
]);

const ATTEMPT = Symbol('login attempt');
/** An admitted login attempt: its account, and its slot, in flight until settled. */
interface Attempt {
  readonly account: string;
  readonly slot: Slot;
}
/** What an admission found: the address's failures used up, its allowance all in flight, or the account's verdict. */
type Verdict = { readonly kind: 'address-failed'; readonly ttl: number } | { readonly kind: 'address-busy' } | { readonly kind: 'account'; readonly admission: Admission };
type LoginRequest = FastifyRequest & { [ATTEMPT]?: Attempt };

/** How long a login waits for a turn while its address's remaining failure allowance is all in flight, ms. */
const ADDRESS_WAIT_MS = 30_000;
/** Retry-After of a login that waited that long in vain. */
const ADDRESS_BUSY_RETRY_MS = 1000;
/** Retry-After of a login whose counters could not be read (the database), ms. */
const UNAVAILABLE_RETRY_MS = 5000;
/** A waiting login looks again at least this often: a login released on another instance wakes nobody here. */
const ADDRESS_POLL_MS = 200;

const isLogin = (request: FastifyRequest) => request.method === 'POST' && LOGIN_ROUTES.has(request.routeOptions.url ?? '');

/** `application/json`, with or without parameters: a form or text body is what a cross-site page can post. */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const isSignInForm = (request: FastifyRequest) => request.routeOptions.url === SIGN_IN_ROUTE;

function refuse(reply: FastifyReply, status: 415 | 429, errorCode: number, errorMsg: string, retryAfterMs?: number): FastifyReply {
  if (retryAfterMs !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return reply.code(status).send({ errorCode, errorMsg });
}

/** 429; a person at the sign-in page is sent back to it, which then says to wait (`?error=tooMany`). */
const tooMany = (reply: FastifyReply, errorMsg: string, retryAfterMs: number) => {
  const request = reply.request;
  if (isSignInForm(request)) {
    const { uid } = request.params as { uid: string };
    return reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000)))).redirect(`/oidc/interaction/${encodeURIComponent(uid)}?error=tooMany`, 303);
  }
  return refuse(reply, 429, API_ERROR_CODES.TOO_MANY_REQUESTS, errorMsg, retryAfterMs);
};

/**
 * A login whose counters cannot be read, taken or stored (the database down, a lock held too long: login-slots.ts): a
 * 503 to retry, the password never checked uncounted.
 */
function unavailable(reply: FastifyReply, cause: unknown): never {
  void reply.header('retry-after', String(UNAVAILABLE_RETRY_MS / 1000));
  throw new ServiceUnavailableException('logins cannot be checked now: retry later', { cause });
}

/** A limiter's options with the name its counters are kept under (sql-rate-limit-store.ts). */
export const named = (nameSpace: string, options: CreateRateLimitOptions) => ({ ...options, nameSpace }) as CreateRateLimitOptions;

/** The lockout key of a username: logins are compared the same way whatever the case and surrounding spaces. */
const accountKey = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/**
 * Guards the login routes (register before the routes):
 * - JSON bodies only (415 otherwise): a cross-site HTML form cannot send one;
 * - per client address (with @fastify/rate-limit, keyed by `request.ip`, i.e. `X-Forwarded-For` only under
 *   TRUST_PROXY): at most `addressMaxAttempts` login calls a minute, counted before the password is checked, and at
 *   most `addressMaxFailures` failed logins per `addressWindowMs` (successful logins do not count, so many users
 *   behind one address are not held back);
 * - logins in flight (on every instance: login-slots.ts) count against that failure allowance: beyond it, a login
 *   waits (up to 30 s) until one in flight is answered, so that concurrent guesses cannot outrun the counter;
 * - per account: the growing lock of {@link AccountLockout}.
 * A refusal is a 429 with `Retry-After` and the numeric code `TOO_MANY_REQUESTS`; it never runs the password hash.
 * The embedded issuer's sign-in starts and pages are limited per address too (issuer-protection.ts).
 * With `db` (the product: the read models' connection), the counts that decide a refusal are in the database, shared
 * by every instance: the per-address windows (sql-rate-limit-store.ts), the per-account streaks and locks
 * (sql-lockout-store.ts) and the logins in flight (login-slots.ts).
 */
export async function protectLogin(fastify: FastifyInstance, limits: LoginLimits, db?: Pick<ReadModelDb, 'query' | 'transaction'>, now: () => number = Date.now): Promise<void> {
  await fastify.register(fastifyRateLimit, { global: false, ...(db ? { store: sqlRateLimitStore(db) as never } : {}) });
  protectSignInStarts(fastify, limits.ssoAddressMaxRequests);
  const attempts = fastify.createRateLimit(named('login-attempts', { max: limits.addressMaxAttempts, timeWindow: 60_000 }));
  const addressFailures = fastify.createRateLimit(named('login-failures', { max: limits.addressMaxFailures, timeWindow: limits.addressWindowMs }));
  const lockoutStore = db ? new SqlLockoutStore(db) : undefined;
  const lockout = new AccountLockout(limits, lockoutStore);
  const slots = db ? new SqlLoginSlots(db, () => lockoutStore!.ready()) : new MemoryLoginSlots();

  fastify.addHook('onRequest', async (request, reply) => {
    if (!isLogin(request)) return;
    const expected = LOGIN_ROUTES.get(request.routeOptions.url ?? '')!;
    if (mediaType(request.headers['content-type']) !== expected) {
      return refuse(reply, 415, API_ERROR_CODES.UNSUPPORTED_MEDIA, `a login takes a ${expected} body`);
    }
    const attempt = await attempts(request).catch((error: unknown) => unavailable(reply, error));
    if (!attempt.isAllowed && attempt.isExceeded) return tooMany(reply, 'too many login attempts from this address: retry later', attempt.ttl);
  });

  fastify.addHook('preHandler', async (request: LoginRequest, reply) => {
    if (!isLogin(request)) return;
    const username = (request.body as { username?: unknown } | null | undefined)?.username;
    if (typeof username !== 'string') return; // the handler's validation answers 400
    // The limiter's key of the address (an IPv6 address's /64, a mapped IPv4 address as IPv4): its logins in flight
    // must be counted where its failures are, or a burst from one /64, each from another address, all pass.
    const address = normalizeIP(request.ip);
    const account = accountKey(username);
    let closed = false;
    // An aborted call may never reach onSend: the attempt must not stay in flight (nor wait for a turn). One
    // abandoned after it was admitted counts as a failure: its password is being checked, and a guesser who drops
    // each call must not guess for free (the sign-in form keeps a right guess in its interaction).
    reply.raw.once('close', () => {
      closed = true;
      slots.wake(address);
      void settle(request, 'failure').catch(() => undefined);
    });
    // Logins in flight count against the address's and the account's failure allowances: concurrent guesses, all
    // checked before the first one fails, must not outrun them. Beyond the address's allowance a login waits for one
    // in flight to be answered (the password hash runs a few at a time anyway, so honest logins behind one address
    // lose nothing).
    const deadline = Date.now() + ADDRESS_WAIT_MS; // a real wait: not on the injected clock
    for (;;) {
      // An admission that fails takes no slot (its transaction rolled back).
      const { verdict, slot } = await slots.admit(address, account, async (inFlight): Promise<Verdict> => {
        const failures = await addressFailures(request, { increment: false });
        if (!failures.isAllowed) { // not an address on the limiter's allow list
          if (failures.remaining === 0) return { kind: 'address-failed', ttl: failures.ttl };
          if (inFlight.address >= failures.remaining) return { kind: 'address-busy' };
        }
        return { kind: 'account', admission: await lockout.judge(account, now(), inFlight.account) };
      }, (found) => !closed && found.kind === 'account' && found.admission.allowed).catch((error: unknown) => unavailable(reply, error));
      if (slot) {
        request[ATTEMPT] = { account, slot };
        if (!closed) return;
        // Abandoned while it was admitted: settled as the close handler settles an admitted one.
        await settle(request, 'failure');
        return tooMany(reply, 'the call was abandoned', ADDRESS_BUSY_RETRY_MS);
      }
      if (verdict.kind === 'address-failed') return tooMany(reply, 'too many failed logins from this address: retry later', verdict.ttl);
      if (verdict.kind === 'account' && !verdict.admission.allowed) {
        const why = verdict.admission.reason === 'locked' ? 'too many failed logins for this user' : 'another login of this user is being checked';
        return tooMany(reply, `${why}: retry later`, verdict.admission.retryAfterMs);
      }
      if (closed) return tooMany(reply, 'the call was abandoned', ADDRESS_BUSY_RETRY_MS);
      if (Date.now() >= deadline) return tooMany(reply, 'too many logins from this address being checked: retry later', ADDRESS_BUSY_RETRY_MS);
      await slots.released(address, Math.min(ADDRESS_POLL_MS, deadline - Date.now()));
    }
  });

  /**
   * Ends an admitted attempt, once (answered, or its call abandoned: whichever comes first). A failure is stored for
   * the address and the account before the attempt leaves the logins in flight: an admission that finds its slot
   * gone finds the failure (login-slots.ts).
   */
  const settle = async (request: LoginRequest, outcome: 'success' | 'failure' | 'none') => {
    const attempt = request[ATTEMPT];
    if (attempt === undefined) return;
    request[ATTEMPT] = undefined;
    try {
      if (outcome === 'failure') await addressFailures(request);
    } finally {
      await lockout.settle(attempt.account, outcome, now());
    }
    // Only once stored: an outcome not stored keeps its slot, in flight until it expires (login-slots.ts), so that a
    // failure the database lost still counts meanwhile.
    await slots.release(attempt.slot);
  };

  fastify.addHook('onSend', async (request: LoginRequest, reply, payload) => {
    if (request[ATTEMPT] === undefined) return payload;
    const status = reply.statusCode;
    // 401 is the login's only answer to a wrong username or password. The sign-in form answers a success with a 303
    // (to the issuer's next step): it forgets the account's streak as the other routes' 200 does (its refusals, also
    // 303s, are never admitted).
    const success = status < 300 || (status === 303 && isSignInForm(request));
    await settle(request, status === 401 ? 'failure' : success ? 'success' : 'none').catch((error: unknown) => unavailable(reply, error));
    return payload;
  });
}
