import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { WriterLeases } from './writer-leases.js';
import { arrivalOf, bodyArrivedLate, pinArrival } from '../http/arrival-time.js';
import { isCommandRoute } from '../idempotency/claim-in-turn.js';

/**
 * Marks a request one instance passed to another: `<instance> <arrived-at ms> <signature>`, signed with the secret the
 * instances share (SESSION_SECRET). A signed one is answered where it arrives, never passed on again, and judged by the
 * instant it reached the first instance; an unsigned or forged one is treated as a client's (a client cannot make an
 * instance write an auction it does not own, nor move an offer's arrival).
 */
export const FORWARDED_HEADER = 'x-auction-forwarded-by';
/** How old a forwarded request's arrival may be (a longer wait is not believed: the request is judged on arrival here). */
const MAX_FORWARD_AGE_MS = 30_000;
/** How long a write waits for its auction to have a writer (an instance died: its leases lapse first), ms. */
const WAIT_FOR_WRITER_MS = 8000;
/** After a forward broke or an owner fell silent, how long the sender still waits for the new owner's answer, ms. */
const WAIT_AFTER_BREAK_MS = 3000;
/** Connection errors raised before anything was sent: the owner cannot have run the write. */
const NOT_SENT = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL']);
/** Largest body passed on (the API's own limit). */
const MAX_BODY = 2 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
/** On a forwarded write's answer: the instance it was passed to no longer writes the auction and did not run it. */
const MOVED_HEADER = 'x-auction-writer-moved';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The key a sender gives a forwarded write that came without one (`fwd-<uuid>`). */
const OWN_KEY_PREFIX = 'fwd-';

/** How long the sender waits; `silentOwnerMs` follows the lease's life (writerForwardLimits). */
export interface ForwardLimits {
  /** How long a write waits for its auction to have a writer, ms. */
  readonly waitMs: number;
  /**
   * How long an owner may stay silent on a forwarded write (no byte of an answer), ms: a lease's life and a margin.
   * By then a frozen owner's lease has lapsed and another instance may take the auction; the write is asked of the new
   * owner, which is safe: the frozen one, on resuming, refuses a forwarded write it no longer owns (the stream version
   * fences its appends too), and the same Idempotency-Key goes with the write.
   */
  readonly silentOwnerMs: number;
}

/** The limits for writer leases of `leaseMs`: an owner silent for its lease's life and a third more is given up. */
export function writerForwardLimits(leaseMs: number): ForwardLimits {
  return { waitMs: WAIT_FOR_WRITER_MS, silentOwnerMs: leaseMs + Math.max(500, Math.ceil(leaseMs / 3)) };
}

/** A forward that got no answer; `maybeRan` unless it failed before anything was sent. */
class ForwardBroke extends Error {
  constructor(readonly maybeRan: boolean, cause: unknown) {
    super(`forward failed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * Every write on an auction (a route with `:idAuction` and a method that writes, or a `@ClaimInTurn` command whatever its
 * method: offers, awards, extensions...) runs on
 * the instance that holds the auction's writer lease: any other instance passes the request on, whole, and answers
 * with the owner's answer. While the auction has no sure writer (its owner died and the lease has not lapsed yet) the
 * request waits, up to {@link WAIT_FOR_WRITER_MS}, then answers 503 with Retry-After: not acknowledged, so a retry
 * with the same Idempotency-Key is safe. Reads are answered by any instance (the read models are shared).
 *
 * A forward that breaks after it was sent (the owner SIGKILLed mid-request, the connection reset) or that the owner
 * leaves silent past `limits.silentOwnerMs` (frozen past its lease) may have run there, or may run there later: it is
 * asked again of the owner of the moment with the same Idempotency-Key (the client's, else the sender's own `fwd-…`,
 * named in the answer's `Idempotency-Key` header), so it runs once and the answer is that run's. Only when no instance
 * answers for the key before the wait ends is the answer 503515 (outcome unknown: retry with that key to learn it).
 */
export function forwardAuctionWrites(
  fastify: FastifyInstance, leases: WriterLeases, selfUrl: () => string, secret: Buffer, now: () => number, limits: ForwardLimits,
): void {
  const sign = (by: string, at: number, method: string, url: string) =>
    createHmac('sha256', secret).update(`forwarded-write\u0000${by}\u0000${at}\u0000${method}\u0000${url}`).digest('base64url');
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const marker = request.headers[FORWARDED_HEADER];
    if (marker !== undefined) {
      delete request.headers[FORWARDED_HEADER];
      const [by, at, signature] = String(marker).split(' ');
      const arrived = Number(at);
      const expected = by && Number.isSafeInteger(arrived) ? sign(by, arrived, request.method, request.raw.url ?? request.url) : '';
      const valid = signature !== undefined && expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature));
      // Signed, but read here after the sender's wait (this instance was frozen): the sender gave up on it and may
      // have had it run elsewhere since; run now, it would run twice or out of its order. Not run.
      const stale = valid && arrived < now() - MAX_FORWARD_AGE_MS;
      if (valid && arrived <= now()) {
        // Passed here as the writer, but no longer its writer (paused past its lease): not run, the sender tries again.
        const moved = auctionOfWrite(request);
        if (stale || (moved !== null && !leases.ownsAuction(moved))) {
          reply.header(MOVED_HEADER, '1').header('retry-after', '1');
          return sendError(reply, 503, API_ERROR_CODES.UNAVAILABLE, 'this instance no longer writes this auction: retry with the same Idempotency-Key');
        }
        pinArrival(request, arrived);
        return;
      }
    }
    // A command sent as a GET (the mobile app's offer, `@ClaimInTurn`) is a write all the same.
    const idAuction = auctionOfWrite(request);
    if (idAuction === null || leases.ownsAuction(idAuction)) return;
    let body: Buffer | null = null;
    let arrivedAt = arrivalOf(request) ?? now();
    let deadline = Date.now() + limits.waitMs;
    /** However often forwards break, the wait ends by then. */
    const lastDeadline = deadline + limits.silentOwnerMs + WAIT_AFTER_BREAK_MS;
    // Every forwarded write carries an Idempotency-Key (the client's, else one of the sender's own): a write asked
    // again after its forward broke, of the same or a new owner, is then answered from its first run, never run twice.
    const clientKey = request.headers['idempotency-key'];
    const key = typeof clientKey === 'string' && clientKey !== '' ? clientKey : `${OWN_KEY_PREFIX}${randomUUID()}`;
    const ownKey = key !== clientKey;
    /** A forward broke after it was sent: the write may have run, so only an answer for this key settles it. */
    let maybeRan = false;
    for (;;) {
      const owner = leases.ownsAuction(idAuction) ? { url: selfUrl() } : leases.ownerOf(idAuction);
      // Once the body is read, it can no longer be parsed here: this instance passes the request to itself, marked.
      if (owner && (body !== null || owner.url !== selfUrl())) {
        if (body === null) {
          const late = await bodyArrivedLate(request);
          body = await readBody(request);
          if (body === null) return sendError(reply, 413, API_ERROR_CODES.PAYLOAD_TOO_LARGE, 'request body too large');
          // A body sent after its head arrived when it was read (as arrival-time.ts judges it).
          if (late) arrivedAt = now();
        }
        const by = leases.instanceId;
        const url = request.raw.url ?? request.url;
        const marker = `${by} ${arrivedAt} ${sign(by, arrivedAt, request.method, url)}`;
        const answer = await pass(request, owner.url, body, marker, key, limits.silentOwnerMs).catch((error: unknown) => {
          // Broken after it was sent (the owner died or froze mid-request): it may have run there. Asked again with
          // the same key, the new owner answers from that run if there was one. The wait covers the lease moving.
          if (!(error instanceof ForwardBroke) || error.maybeRan) {
            maybeRan = true;
            deadline = Math.min(lastDeadline, Math.max(deadline, Date.now() + WAIT_AFTER_BREAK_MS));
          }
          return null;
        });
        // The owner it was passed to had lost the auction meanwhile (and did not run it): ask the new owner. The
        // sender's own key still held by a run of a dead owner ("still running") settles nothing yet either.
        if (answer && answer.headers[MOVED_HEADER] === undefined && !(ownKey && keyStillRunning(answer))) {
          if (ownKey) reply.header('idempotency-key', key);
          return sendAnswer(reply, answer);
        }
      } else if (leases.ownsAuction(idAuction)) return;
      if (Date.now() > deadline) break;
      await leases.refresh();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    reply.header('retry-after', '1');
    if (maybeRan) {
      // The one case where nobody can say: the owner received the write and died or froze before answering, and no
      // instance has answered for its key since. Retrying with this key gives its outcome (the first run's answer).
      reply.header('idempotency-key', key);
      return sendError(reply, 503, API_ERROR_CODES.WRITE_OUTCOME_UNKNOWN,
        'the instance writing this auction stopped while it had this request: it may have been done; retry with the Idempotency-Key of this answer to learn its outcome');
    }
    return sendError(reply, 503, API_ERROR_CODES.UNAVAILABLE, 'this auction has no writer right now (an instance is being replaced): retry with the same Idempotency-Key');
  });
}

/** A 409100 answer: the key is bound to a run not finished (on a dead owner, until it is known dead). */
function keyStillRunning(answer: Answer): boolean {
  if (answer.status !== 409) return false;
  try {
    return (JSON.parse(answer.body.toString('utf8')) as { errorCode?: unknown }).errorCode === API_ERROR_CODES.IDEMPOTENCY_KEY_REUSED;
  } catch {
    return false;
  }
}

/** The auction a request writes (a route with `:idAuction`, a method that writes or a command sent as a GET), else null. */
function auctionOfWrite(request: FastifyRequest): string | null {
  // A command sent as a GET (the mobile app's offer, `@ClaimInTurn`) is a write all the same.
  if (!WRITE_METHODS.has(request.method) && !isCommandRoute(request)) return null;
  const idAuction = (request.params as Record<string, unknown> | undefined)?.idAuction;
  return typeof idAuction === 'string' && idAuction !== '' ? idAuction : null;
}

async function readBody(request: FastifyRequest): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Sends the request to `baseUrl`; rejects with {@link ForwardBroke} when no whole answer came (silent for `silentMs`). */
function pass(request: FastifyRequest, baseUrl: string, body: Buffer, marker: string, key: string, silentMs: number): Promise<Answer> {
  const target = new URL(request.raw.url ?? request.url, baseUrl);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'accept-encoding' && name !== 'host') headers[name] = value;
  }
  headers[FORWARDED_HEADER] = marker;
  headers['idempotency-key'] = key;
  headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    let connected = false;
    const broke = (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      reject(new ForwardBroke(connected || typeof code !== 'string' || !NOT_SENT.has(code), error));
    };
    // A kept-alive connection the owner closed just as this was sent fails as "may have run" too: the key settles it.
    const out = httpRequest(target, { method: request.method, headers, timeout: silentMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', broke);
      res.on('close', () => { if (!res.complete) broke(new Error('answer cut off')); });
    });
    out.on('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => { connected = true; });
    });
    out.on('timeout', () => out.destroy(new Error(`owner silent for ${silentMs} ms`)));
    out.on('error', broke);
    out.end(body);
  });
}

function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
  }
  return reply.send(answer.body);
}

function sendError(reply: FastifyReply, status: number, errorCode: number, errorMsg: string): FastifyReply {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ errorCode, errorMsg }));
}
