import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The areas whose every answer is someone's: personal data, secrets, or a user's own business (bids, purchases). */
const PRIVATE_AREAS = /^\/api\/v1\/(secure|admin|mobile)\//i;

/** The one value for such answers: no browser, proxy or CDN keeps a copy, nor shares it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** Set on a request by the access guard when its route is marked `@NoStore()` (a public answer with a secret in it). */
export const NO_STORE_REQUEST = Symbol('no-store');

/** Whether the answer to `request` must not be stored: its route is under /secure, /admin or /mobile, or marked. */
export function mustNotStore(request: FastifyRequest): boolean {
  return PRIVATE_AREAS.test(request.routeOptions.url ?? '') || (request as FastifyRequest & { [NO_STORE_REQUEST]?: boolean })[NO_STORE_REQUEST] === true;
}

/**
 * The cache policy of the API, decided in one place when an answer is sent (success, refusal, file or error alike),
 * not per controller: every answer of the private areas and of the `@NoStore()` public routes is
 * `Cache-Control: private, no-store`, whatever a handler set. Register before the routes.
 */
export function cachePolicy(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (mustNotStore(request)) void reply.header('cache-control', PRIVATE_NO_STORE);
    return payload;
  });
}
