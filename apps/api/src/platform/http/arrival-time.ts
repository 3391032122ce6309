import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../engine/tokens.js';

const ARRIVED_AT = Symbol('arrivedAt');

type Stamped = FastifyRequest & { [ARRIVED_AT]?: number };

/**
 * Stamps every request with the instant it had fully reached the API (`preValidation`: its body read, before
 * authentication and the handler), so a command judged by time (an offer near a lot's end) is judged by when it
 * arrived, not by when its turn came in a busy process. Not `onRequest`: that runs once the head is in, so a dealer
 * could send the head before a lot's end and the amount after it (while the close grace runs) and still be on time.
 */
export function stampArrival(fastify: FastifyInstance, clock: Clock): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    (request as Stamped)[ARRIVED_AT] = clock.now();
    done();
  });
}

/** The instant a request arrived (its stamp); undefined for a request that was not stamped (the command's turn then). */
export function arrivalOf(request: FastifyRequest): number | undefined {
  return (request as Stamped)[ARRIVED_AT];
}
