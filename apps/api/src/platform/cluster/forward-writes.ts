import { createHmac, timingSafeEqual } from 'node:crypto';
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
/** Largest body passed on (the API's own limit). */
const MAX_BODY = 2 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
/** On a forwarded write's answer: the instance it was passed to no longer writes the auction and did not run it. */
const MOVED_HEADER = 'x-auction-writer-moved';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
 */
export function forwardAuctionWrites(fastify: FastifyInstance, leases: WriterLeases, selfUrl: () => string, secret: Buffer, now: () => number): void {
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
      if (valid && arrived <= now() && arrived >= now() - MAX_FORWARD_AGE_MS) {
        // Passed here as the writer, but no longer its writer (paused past its lease): not run, the sender tries again.
        const moved = auctionOfWrite(request);
        if (moved !== null && !leases.ownsAuction(moved)) {
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
    const deadline = Date.now() + WAIT_FOR_WRITER_MS;
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
        const answer = await pass(request, owner.url, body, `${by} ${arrivedAt} ${sign(by, arrivedAt, request.method, url)}`).catch(() => null);
        // The owner it was passed to had lost the auction meanwhile (and did not run it): ask the new owner.
        if (answer && answer.headers[MOVED_HEADER] === undefined) return sendAnswer(reply, answer);
      } else if (leases.ownsAuction(idAuction)) return;
      if (Date.now() > deadline) break;
      await leases.refresh();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    reply.header('retry-after', '1');
    return sendError(reply, 503, API_ERROR_CODES.UNAVAILABLE, 'this auction has no writer right now (an instance is being replaced): retry with the same Idempotency-Key');
  });
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

function pass(request: FastifyRequest, baseUrl: string, body: Buffer, marker: string): Promise<Answer> {
  const target = new URL(request.raw.url ?? request.url, baseUrl);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'accept-encoding' && name !== 'host') headers[name] = value;
  }
  headers[FORWARDED_HEADER] = marker;
  headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const out = httpRequest(target, { method: request.method, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    out.on('timeout', () => out.destroy(new Error('owner timed out')));
    out.on('error', reject);
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
