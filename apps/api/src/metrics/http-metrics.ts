import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

/** Times every HTTP request by method, route pattern and status. */
export function instrumentHttp(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
}
