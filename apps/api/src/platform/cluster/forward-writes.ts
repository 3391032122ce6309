import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR_CODES } from '@auction/contracts';
import type { WriterLeases } from './writer-leases.js';

/** Marks a request one instance passed to another: it is answered where it arrives, never passed on again. */
export const FORWARDED_HEADER = 'x-auction-forwarded-by';
/** How long a write waits for its auction to have a writer (an instance died: its leases lapse first), ms. */
const WAIT_FOR_WRITER_MS = 8000;
/** Largest body passed on (the API's own limit). */
const MAX_BODY = 2 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * Every write on an auction (a route with `:idAuction` and a method that writes: offers, awards, extensions...) runs on
 * the instance that holds the auction's writer lease: any other instance passes the request on, whole, and answers
 * with the owner's answer. While the auction has no sure writer (its owner died and the lease has not lapsed yet) the
 * request waits, up to {@link WAIT_FOR_WRITER_MS}, then answers 503 with Retry-After: not acknowledged, so a retry
 * with the same Idempotency-Key is safe. Reads are answered by any instance (the read models are shared).
 */
export function forwardAuctionWrites(fastify: FastifyInstance, leases: WriterLeases, selfUrl: () => string): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!WRITE_METHODS.has(request.method)) return;
    const idAuction = (request.params as Record<string, unknown> | undefined)?.idAuction;
    if (typeof idAuction !== 'string' || idAuction === '' || request.headers[FORWARDED_HEADER] !== undefined) return;
    if (leases.ownsAuction(idAuction)) return;
    let body: Buffer | null = null;
    const deadline = Date.now() + WAIT_FOR_WRITER_MS;
    for (;;) {
      const owner = leases.ownsAuction(idAuction) ? { url: selfUrl() } : leases.ownerOf(idAuction);
      // Once the body is read, it can no longer be parsed here: this instance passes the request to itself, marked.
      if (owner && (body !== null || owner.url !== selfUrl())) {
        body ??= await readBody(request);
        if (body === null) return sendError(reply, 413, API_ERROR_CODES.PAYLOAD_TOO_LARGE, 'request body too large');
        const answer = await pass(request, owner.url, body, leases.instanceId).catch(() => null);
        if (answer) return sendAnswer(reply, answer);
      } else if (leases.ownsAuction(idAuction)) return;
      if (Date.now() > deadline) break;
      await leases.refresh();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    reply.header('retry-after', '1');
    return sendError(reply, 503, API_ERROR_CODES.UNAVAILABLE, 'this auction has no writer right now (an instance is being replaced): retry with the same Idempotency-Key');
  });
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

function pass(request: FastifyRequest, baseUrl: string, body: Buffer, by: string): Promise<Answer> {
  const target = new URL(request.raw.url ?? request.url, baseUrl);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && name !== 'accept-encoding' && name !== 'host') headers[name] = value;
  }
  headers[FORWARDED_HEADER] = by;
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
