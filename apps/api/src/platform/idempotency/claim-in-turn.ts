import { SetMetadata, applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import type { IdempotencyRecord } from './idempotency-store.js';

/** Metadata key of `@ClaimInTurn()`. */
export const CLAIM_IN_TURN = 'idempotency:claim-in-turn';

/**
 * Marks a command whose place in a queue is its arrival (an offer in its lot's mailbox): the `Idempotency-Key` is
 * claimed while the command goes on to take its place, and the command waits for the claim only inside its turn
 * (`admissionOf`). A claim is a database write: awaited before the command, it let a later request without a key
 * overtake a keyed one.
 *
 * It is a command whatever its method (the mobile app's offer is a GET): the Fastify route config says so too
 * (`isCommandRoute`), so that a second instance passes it to its auction's writer like any write (forward-writes.ts).
 * A route with `@ClaimInTurn` takes no other `@RouteConfig`.
 */
export const ClaimInTurn = (): MethodDecorator => applyDecorators(SetMetadata(CLAIM_IN_TURN, true), RouteConfig({ [CLAIM_IN_TURN]: true }));

/** Whether the request's route is a `@ClaimInTurn` command (known from the route's config, before Nest runs). */
export function isCommandRoute(request: Pick<FastifyRequest, 'routeOptions'>): boolean {
  return (request.routeOptions?.config as unknown as Record<string, unknown> | undefined)?.[CLAIM_IN_TURN] === true;
}

/** Metadata key of `@ReadOnlyCall()`. */
export const READ_ONLY_CALL = 'idempotency:read-only-call';

/**
 * Marks a POST that only reads (a file export whose filters travel in the body): it changes nothing, so an
 * `Idempotency-Key` is ignored and a repeat reads again. Its answer is a stream the interceptor could neither store nor
 * replay: remembered, a repeat with the key would wait for a record that never completes.
 */
export const ReadOnlyCall = (): MethodDecorator => SetMetadata(READ_ONLY_CALL, true);

const ADMISSION = Symbol('idempotencyAdmission');

type Admitted = FastifyRequest & { [ADMISSION]?: Promise<void> };

/** Thrown inside the command's turn when its key already has a record: the interceptor answers from that record. */
export class KeyAlreadyClaimed extends Error {
  constructor(readonly record: IdempotencyRecord) {
    super('idempotency key already claimed');
  }
}

/** Sets the promise a `@ClaimInTurn` command awaits in its turn (rejects with `KeyAlreadyClaimed`). */
export function setAdmission(request: FastifyRequest, admission: Promise<void>): void {
  // Awaited only if the command reaches its turn; a command refused before that must not leave it unhandled.
  admission.catch(() => undefined);
  (request as Admitted)[ADMISSION] = admission;
}

/** What a `@ClaimInTurn` command awaits inside its turn before deciding; undefined without a key. */
export function admissionOf(request: FastifyRequest): Promise<void> | undefined {
  return (request as Admitted)[ADMISSION];
}
