import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../engine/tokens.js';

const ARRIVED_AT = Symbol('arrivedAt');
const BODY_LATE = Symbol('bodyLate');
const PINNED = Symbol('arrivalPinned');
const RESTAMPED = Symbol('arrivalRestamped');

type Stamped = FastifyRequest & { [ARRIVED_AT]?: number; [BODY_LATE]?: boolean; [PINNED]?: boolean; [RESTAMPED]?: boolean };

/**
 * Stamps every request with the instant its bytes had reached the API, so a command judged by time (an offer near a
 * lot's end) is judged by when it arrived, not by when its turn came in a busy process. The stamp is taken in
 * `onRequest`, as soon as the head is parsed, before the body parser, authentication and the handler queue behind
 * other requests' work. A request whose body was not in the same read as its head (still arriving once the parser
 * has handed the head over) is stamped once its body is read (`preValidation`) instead: sending the head before a
 * lot's end and the amount after it does not make an offer on time.
 */
export function stampArrival(fastify: FastifyInstance, clock: Clock): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const stamped = request as Stamped;
    stamped[ARRIVED_AT] = clock.now();
    const raw = request.raw;
    // After the current poll phase the parser has consumed the read the head came in (ticks would run between the
    // parser's callbacks, before the rest of that read): a body still incomplete then arrives later.
    setImmediate(() => {
      if (!raw.complete) stamped[BODY_LATE] = true;
    });
    done();
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    const stamped = request as Stamped;
    if (stamped[BODY_LATE] && !stamped[PINNED]) {
      stamped[ARRIVED_AT] = clock.now();
      stamped[RESTAMPED] = true;
    }
    done();
  });
}

/**
 * Sets the instant a request arrived, from elsewhere: the instance that received it and passed it on
 * (cluster/forward-writes.ts, signed), so that a write is judged by when it reached the product, not the hop after.
 */
export function pinArrival(request: FastifyRequest, at: number): void {
  const stamped = request as Stamped;
  stamped[ARRIVED_AT] = at;
  stamped[PINNED] = true;
}

/** Whether a request's body had not fully arrived with its head (its stamp is then taken once the body is read). */
export async function bodyArrivedLate(request: FastifyRequest): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  return !request.raw.complete;
}

/**
 * The instant a request counts as arrived, as far as known at `now`: its stamp, except for a body still on its way
 * after its head (stamped once read, so at `now` or later): then `now` at the earliest. A closing asking at the lot's
 * end then does not wait for a head sent before it whose body comes after (it would be refused anyway).
 */
export function arrivalAsOf(request: FastifyRequest, now: number): number | undefined {
  const stamped = request as Stamped;
  const at = stamped[ARRIVED_AT];
  if (stamped[BODY_LATE] && !stamped[PINNED] && !stamped[RESTAMPED]) return Math.max(at ?? now, now);
  return at;
}

/** The instant a request arrived (its stamp); undefined for a request that was not stamped (the command's turn then). */
export function arrivalOf(request: FastifyRequest): number | undefined {
  return (request as Stamped)[ARRIVED_AT];
}
