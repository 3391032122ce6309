import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The areas whose every answer is someone's: personal data, secrets, or a user's own business (bids, purchases). */
const PRIVATE_AREAS = /^\/api\/v1\/(secure|admin|mobile)\//i;

/** The one value for such answers: no browser, proxy or CDN keeps a copy, nor shares it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/**
 * {@link PRIVATE_NO_STORE} as the name/value pair of Nest's `@Header(...NO_STORE_HEADER)`: for a public route whose
 * answer depends on who asks, and on private routes to say so where the controller is read ({@link cachePolicy} sets it
 * there anyway).
 */
export const NO_STORE_HEADER = ['Cache-Control', PRIVATE_NO_STORE] as const;

/**
 * The value for a private answer that never changes (a vehicle photo's variant: its blob id names its content): the
 * caller's own browser keeps it for a year without asking again, no shared cache (proxy, CDN) stores it, since whether
 * one may see it depends on who asks.
 */
export const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/** Set on a request by a handler whose successful answer is {@link PRIVATE_IMMUTABLE} (refusals stay no-store). */
export const IMMUTABLE_REQUEST = Symbol('immutable');

/** Set on a request by the access guard when its route is marked `@NoStore()` (a public answer with a secret in it). */
export const NO_STORE_REQUEST = Symbol('no-store');

/** Whether the answer to `request` must not be stored: its route is under /secure, /admin or /mobile, or marked. */
export function mustNotStore(request: FastifyRequest): boolean {
  return PRIVATE_AREAS.test(request.routeOptions.url ?? '') || (request as FastifyRequest & { [NO_STORE_REQUEST]?: boolean })[NO_STORE_REQUEST] === true;
}

/**
 * The cache policy of the API, decided in one place when an answer is sent (success, refusal, file or error alike),
 * not per controller: every answer of the private areas and of the `@NoStore()` public routes is
 * `Cache-Control: private, no-store`, whatever a handler set, but for the immutable private files a handler marks
 * ({@link IMMUTABLE_REQUEST}). Register before the routes.
 */
export function cachePolicy(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!mustNotStore(request)) return payload;
    const immutable = (request as FastifyRequest & { [IMMUTABLE_REQUEST]?: boolean })[IMMUTABLE_REQUEST] === true
      && (reply.statusCode === 200 || reply.statusCode === 304);
    void reply.header('cache-control', immutable ? PRIVATE_IMMUTABLE : PRIVATE_NO_STORE);
    return payload;
  });
}
