import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

type Child = { observe(value: number): void };

/**
 * Times every HTTP request by method, route pattern and status. The labelled child of each (method, route,
 * status) is looked up once and kept: prom-client hashes a labels object on every `observe(labels, v)`, which was
 * 1.5 % of the API's CPU under offer load.
 */
export function instrumentHttp(fastify: FastifyInstance, metrics: Metrics): void {
  const children = new Map<string, Child>();
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions?.url ?? 'unmatched';
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = children.get(key);
    if (!child) {
      child = metrics.httpDuration.labels({ method: request.method, route, status: String(reply.statusCode) });
      // Bounded: route patterns, not paths; unmatched paths share one label.
      if (children.size < 10_000) children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}
