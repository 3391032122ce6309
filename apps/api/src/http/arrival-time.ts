import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../engine/tokens.js';

const ARRIVED_AT = Symbol('arrivedAt');

type Stamped = FastifyRequest & { [ARRIVED_AT]?: number };

/**
 * Stamps every request with the instant it reached the API (first `onRequest` hook), so a command judged by time (an
 * offer near a lot's end) is judged by when it arrived, not by when its turn came in a busy process.
 */
export function stampArrival(fastify: FastifyInstance, clock: Clock): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    (request as Stamped)[ARRIVED_AT] = clock.now();
    done();
  });
}

/** The instant a request arrived (its stamp); undefined for a request that was not stamped (the command's turn then). */
export function arrivalOf(request: FastifyRequest): number | undefined {
  return (request as Stamped)[ARRIVED_AT];
}
