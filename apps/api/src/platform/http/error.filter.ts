import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { API_ERROR_CODES, type ErrorBody } from '@auction/contracts';
import { DomainError } from '@auction/domain';
import { CommitOutcomeUnknownError, WrongExpectedVersionError } from '@auction/event-store';
import { ReadModelAccessError } from '@auction/read-models';
import { AccessError } from '../engine/access-error.js';
import type { JsonLogger } from '../config/json-logger.js';
import { UploadRefusal } from './uploads/upload-refusal.js';
import { ValidationError } from './validation.js';

const BY_HTTP_STATUS: Record<number, number> = {
  400: API_ERROR_CODES.BAD_REQUEST, 401: API_ERROR_CODES.NOT_LOGGED_IN, 403: API_ERROR_CODES.FORBIDDEN_ROLE,
  404: API_ERROR_CODES.NOT_FOUND, 405: API_ERROR_CODES.METHOD_NOT_ALLOWED, 413: API_ERROR_CODES.PAYLOAD_TOO_LARGE,
  415: API_ERROR_CODES.UNSUPPORTED_MEDIA, 429: API_ERROR_CODES.TOO_MANY_REQUESTS,
};

/** Nest's cross-origin protection (`app.enableCsrfProtection`) refuses with a plain ForbiddenException carrying this text. */
const CROSS_ORIGIN_REFUSAL = /^Cross-origin request detected/;

/**
 * SQLSTATEs of a lost or refused database connection: class 08, and the server shutting down or starting. Not 08P01
 * (protocol_violation): the server got a message it refuses, say a query sent with the wrong number of parameters, a
 * bug that a retry repeats.
 */
const CONNECTION_SQLSTATE = /^(08(?!P01)...|57P0[123])$/;
/** Socket errors of a database connection that failed or dropped. */
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** What `pg` and `pg-pool` throw when the server closed the connection or did not accept one in time. */
const CONNECTION_LOST = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when `error` (or what it wraps: TypeORM's `driverError`, a `cause`) says the database could not be reached: a
 * restart or an outage, which the client should retry, not an internal error.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  // Not `instanceof Error`: node's own errors come from another realm under a test runner's VM.
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, driverError, cause } = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_SQLSTATE.test(code) || CONNECTION_ERRNO.has(code))) return true;
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  const inner = driverError ?? cause;
  return inner !== undefined && isDatabaseUnreachable(inner, depth + 1);
}

/** Maps any error to `{errorCode, errorMsg, details}` with the right status; never leaks a stack. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof DomainError) return { status: error.httpStatus, body: { errorCode: error.code, errorMsg: error.message } };
  if (error instanceof AccessError && error.details?.length) return { status: error.httpStatus, body: { errorCode: error.code, errorMsg: error.message, details: [...error.details] } };
  if (error instanceof AccessError || error instanceof ReadModelAccessError) return { status: error.httpStatus, body: { errorCode: error.code, errorMsg: error.message } };
  if (error instanceof UploadRefusal) return { status: error.status, body: error.body };
  if (error instanceof ValidationError) return { status: 400, body: { errorCode: error.code, errorMsg: error.message, details: error.details } };
  if (error instanceof WrongExpectedVersionError) {
    return { status: 503, body: { errorCode: API_ERROR_CODES.UNAVAILABLE, errorMsg: 'another writer changed this item: retry' } };
  }
  if (error instanceof CommitOutcomeUnknownError) {
    // The database went away during the COMMIT and could not be asked since: the write may be in the log (its key is
    // forgotten, as after any failure), so the client reads the item again before it retries.
    return { status: 503, body: { errorCode: API_ERROR_CODES.UNAVAILABLE, errorMsg: 'the database did not confirm this write: check the item before retrying' } };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    // A forged cross-site request: the code of the XSRF refusal, not the one of a missing role.
    if (status === 403 && CROSS_ORIGIN_REFUSAL.test(error.message)) return { status, body: { errorCode: API_ERROR_CODES.XSRF_MISMATCH, errorMsg: error.message } };
    return { status, body: { errorCode: BY_HTTP_STATUS[status] ?? status * 1000 + 1, errorMsg: error.message } };
  }
  const fastify = error as { statusCode?: number; code?: string; message?: string };
  if (typeof fastify.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    const code = fastify.code?.startsWith('FST_ERR_CTP') ? API_ERROR_CODES.BAD_JSON : (BY_HTTP_STATUS[fastify.statusCode] ?? API_ERROR_CODES.BAD_REQUEST);
    return { status: fastify.statusCode, body: { errorCode: code, errorMsg: fastify.message ?? 'bad request' } };
  }
  if (isDatabaseUnreachable(error)) return { status: 503, body: { errorCode: API_ERROR_CODES.UNAVAILABLE, errorMsg: 'a service this call needs is not reachable: retry' } };
  return { status: 500, body: { errorCode: API_ERROR_CODES.INTERNAL, errorMsg: 'internal error' } };
}

/** What the log says of an error: its message, and its cause's (a 503 that tells the client only to retry). */
function logMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/** The one exception filter of the API. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: JsonLogger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, body } = toErrorResponse(error);
    if (status >= 500) this.logger.error(logMessage(error), error instanceof Error ? error.stack : undefined, 'ErrorFilter');
    if (error instanceof UploadRefusal && error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    void reply.status(status).send(body);
  }
}
