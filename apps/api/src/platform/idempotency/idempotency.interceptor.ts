import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { API_ERROR_CODES } from '@auction/contracts';
import type { AppConfig } from '../config/app-config.js';
import { AccessError } from '../engine/access-error.js';
import type { Session } from '../../identity/auth.service.js';
import { KeyedSerial } from '../engine/keyed-serial.js';
import { APP_CONFIG, CLOCK, type Clock } from '../engine/tokens.js';
import { idempotencyKeyOf } from '../http/validation.js';
import { IDEMPOTENCY_STORE } from './idempotency.tokens.js';
import type { Claim, IdempotencyRecord, SqlIdempotencyStore } from './idempotency-store.js';
import { CLAIM_IN_TURN, KeyAlreadyClaimed, READ_ONLY_CALL, setAdmission } from './claim-in-turn.js';

/** A pending record older than this is from a process that died mid-call: the key may be claimed again. */
const ABANDONED_AFTER_MS = 120_000;
const PURGE_EVERY_MS = 3_600_000;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * JSON with object keys sorted, so two bodies that differ only in key order are the same body. A body that says how it
 * serialises (`toJSON`: an unread multipart upload names its declared length) is fingerprinted by that.
 */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonical((value as { toJSON(): unknown }).toJSON());
  }
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on every command (non-GET call of a logged-in user), once for all controllers. The key is bound
 * per user to the call (method and path) and the body (and query); the first request claims it in the idempotency
 * table, runs, and stores its answer; a repeat with the same call and body gets that answer (status and body) without
 * running again, even after the resource was deleted; another call or body is 409100. Concurrent requests with one
 * key never both run: within the process the later ones wait for the first, across processes the table's primary
 * key decides. A failed call (any error) forgets its key: nothing changed, so a retry runs again. Records are kept
 * `IDEMPOTENCY_TTL_HOURS` (default 24). A `@ClaimInTurn` command (an offer) does not wait for its claim before it
 * takes its place in its queue: it waits inside its turn, so a key never costs a place.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  /** Requests of one user and key, one at a time within the process. */
  private readonly inFlight = new KeyedSerial();
  private lastPurge = 0;

  constructor(
    @Inject(IDEMPOTENCY_STORE) private readonly store: SqlIdempotencyStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { session?: Session }>();
    const idUser = request.session?.actor.idUser;
    const inTurn = this.reflector.get<boolean | undefined>(CLAIM_IN_TURN, context.getHandler()) === true;
    // A @ClaimInTurn GET is a command all the same (the mobile app's offer, sent as a GET): its key counts.
    if ((READ_METHODS.has(request.method) && !inTurn) || !idUser) return next.handle();
    if (this.reflector.get<boolean | undefined>(READ_ONLY_CALL, context.getHandler()) === true) return next.handle();
    const key = idempotencyKeyOf(request.headers);
    if (key === null) return next.handle();
    const reply = http.getResponse<FastifyReply>();
    const call = `${request.method} ${request.url.split('?')[0]!.replace(/\/+$/, '')}`;
    const fingerprint = createHash('sha256').update(canonical({ query: request.query ?? null, body: request.body ?? null })).digest('base64url');
    const task = inTurn
      ? () => this.runInTurn(request, idUser, key, call, fingerprint, reply, next)
      : () => this.run(idUser, key, call, fingerprint, reply, next);
    return from(this.inFlight.run(`${idUser}\u0000${key}`, task));
  }

  private claim(idUser: string, key: string, call: string, fingerprint: string): Promise<Claim> {
    const now = this.clock.now();
    const ttlMs = this.config.idempotencyTtlMs;
    this.purge(now, ttlMs);
    return this.store.claim(idUser, key, call, fingerprint, now, now - ttlMs, now - ABANDONED_AFTER_MS);
  }

  private async run(idUser: string, key: string, call: string, fingerprint: string, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    const claim = await this.claim(idUser, key, call, fingerprint);
    if (claim.kind === 'existing') return this.replay(claim.record, call, fingerprint, reply);
    return this.handleClaimed(idUser, key, reply, next);
  }

  /** The claim runs while the command takes its place; the command awaits it in its turn (`admissionOf`). */
  private async runInTurn(
    request: FastifyRequest, idUser: string, key: string, call: string, fingerprint: string, reply: FastifyReply, next: CallHandler,
  ): Promise<unknown> {
    const claim = this.claim(idUser, key, call, fingerprint);
    setAdmission(request, claim.then((c) => {
      if (c.kind === 'existing') throw new KeyAlreadyClaimed(c.record);
    }));
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      // Whatever stopped the command, a key that already had a record answers from it (as when claimed first).
      const settled = await claim;
      if (settled.kind === 'existing') return this.replay(settled.record, call, fingerprint, reply);
      await this.forget(idUser, key);
      throw error;
    }
    const settled = await claim;
    // Only a command that never awaited its admission can get here with a taken key: the record's answer stands.
    if (settled.kind === 'existing') return this.replay(settled.record, call, fingerprint, reply);
    return this.remember(idUser, key, reply, body);
  }

  private async handleClaimed(idUser: string, key: string, reply: FastifyReply, next: CallHandler): Promise<unknown> {
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.forget(idUser, key);
      throw error;
    }
    return this.remember(idUser, key, reply, body);
  }

  /** The call is done: failing to store its answer must not turn it into an error (a retry then waits for the
   * pending record to be abandoned, and runs again). */
  private async remember(idUser: string, key: string, reply: FastifyReply, body: unknown): Promise<unknown> {
    const answer = body === undefined ? null : JSON.stringify(body);
    await this.store.complete(idUser, key, reply.statusCode, answer).catch((e: unknown) => {
      this.logger.warn(`storing the answer of a key failed (tried again in the background): ${String(e)}`);
      this.again(() => this.store.complete(idUser, key, reply.statusCode, answer), 'storing the answer of a key');
    });
    return body;
  }

  /** A failed call changed nothing: its key is forgotten, so a retry runs again. */
  private async forget(idUser: string, key: string): Promise<void> {
    await this.store.release(idUser, key).catch((e: unknown) => {
      this.logger.warn(`release of a key failed (tried again in the background): ${String(e)}`);
      this.again(() => this.store.release(idUser, key), 'release of a key');
    });
  }

  /**
   * Tries a write of the records again every second for a minute: when the database was away (a restart), a key left
   * pending would answer "still running" to every retry until it is abandoned (ABANDONED_AFTER_MS).
   */
  private again(write: () => Promise<void>, what: string, attempt = 1): void {
    setTimeout(() => {
      write().catch((e: unknown) => {
        if (attempt < 60) this.again(write, what, attempt + 1);
        else this.logger.warn(`${what} failed ${attempt} more times: ${String(e)}`);
      });
    }, 1000).unref();
  }

  private replay(record: IdempotencyRecord, call: string, fingerprint: string, reply: FastifyReply): unknown {
    if (record.call !== call || record.fingerprint !== fingerprint) {
      throw new AccessError(409, API_ERROR_CODES.IDEMPOTENCY_KEY_REUSED, 'this Idempotency-Key was already used with another call or body');
    }
    if (record.state !== 'done' || record.status === null) {
      throw new AccessError(409, API_ERROR_CODES.IDEMPOTENCY_KEY_REUSED, 'a request with this Idempotency-Key is still running: retry in a moment');
    }
    void reply.status(record.status);
    return record.answer === null ? undefined : JSON.parse(record.answer);
  }

  private purge(now: number, ttlMs: number): void {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.store.purge(now - ttlMs).catch((e: unknown) => this.logger.warn(`purge of idempotency keys failed: ${String(e)}`));
  }
}
