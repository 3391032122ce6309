import type { FastifyInstance, FastifyRequest } from 'fastify';

/** An answer of one of the API's own GET routes, as a page drawn by the server hands it over. */
export interface OwnAnswer { readonly url: string; readonly status: number; readonly body: string }

/**
 * Asks one of the API's own routes on behalf of `request` (`inject`: the same guards and the same answers as the
 * browser's own request would get, with its cookies, language, agent and address), for a page the server draws.
 */
export async function askOwnApi(fastify: FastifyInstance, request: FastifyRequest, url: string): Promise<OwnAnswer> {
  const answer = await fastify.inject({
    method: 'GET', url, remoteAddress: request.ip,
    headers: {
      accept: 'application/json',
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers['accept-language'] ? { 'accept-language': request.headers['accept-language'] } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
  });
  return { url, status: answer.statusCode, body: answer.body };
}
