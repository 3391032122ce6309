import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { API_ERROR_CODES } from '@auction/contracts';

const MULTIPART = 'multipart/form-data';

/**
 * Fastify route config (`@RouteConfig(MULTIPART_ROUTE)`) of the few routes that take `multipart/form-data`. Every
 * other route keeps refusing it with 415: the multipart parser answers only where a route asks for it.
 */
export const MULTIPART_ROUTE = { multipart: true } as const;

/**
 * The unread body of a multipart request on a route that takes one. Parsing waits for the handler, so the guard
 * has refused an anonymous caller before a byte of an upload is buffered. Serialises as its declared length only
 * (`{ length }`): the Idempotency-Key fingerprint is taken before the body is read, and the length is what tells another
 * file sent with a used key (409100) from the same upload retried (a client's retry has the same length).
 */
export class MultipartRequestBody {
  readonly #payload: Readable;
  readonly #contentType: string;
  readonly #declaredLength: number | null;
  readonly #address: string;
  constructor(payload: Readable, contentType: string, declaredLength: number | null, address = '') {
    this.#payload = payload;
    this.#contentType = contentType;
    this.#declaredLength = declaredLength;
    this.#address = address;
  }
  /** The client's address (`request.ip`): bounds the bodies one client has read at once. Empty when unknown. */
  get address(): string { return this.#address; }
  get payload(): Readable { return this.#payload; }
  get contentType(): string { return this.#contentType; }
  /** The Content-Length the client announced, when it did. */
  get declaredLength(): number | null { return this.#declaredLength; }
  toJSON(): { length: number | null } { return { length: this.#declaredLength }; }
}

/** One file part. `filename` is the client's label, never used as a storage name or path. */
export interface MultipartFile {
  readonly filename: string;
  readonly bytes: Uint8Array;
}

/** A parsed form: text parts and file parts by name, in the order sent. */
export interface MultipartForm {
  readonly parts: readonly { readonly name: string; readonly value: string | MultipartFile }[];
}

/** Why a multipart body could not be read (`busy`: too many uploads are being read at once, retry later). */
export type MultipartProblem = 'notMultipart' | 'tooLarge' | 'malformed' | 'busy';

/**
 * Most multipart bodies buffered at once by one process (sign-ups and uploads together): each may hold up to ~30 MiB
 * until it is judged, so an anonymous flood of registrations is bounded in memory (16 × 30 MiB), not by the heap.
 */
export const MAX_CONCURRENT_MULTIPART_READS = 16;
let reading = 0;

/**
 * Most multipart bodies read at once for one client address: a client trickling bytes on 16 connections would
 * otherwise hold every reading slot of the instance (every registration and upload answering 429) for the whole
 * {@link MULTIPART_READ_TIMEOUT_MS}.
 */
export const MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS = 4;
const readingByAddress = new Map<string, number>();

/** Retry-After (seconds) of a `busy` refusal: slots free up as bodies arrive. */
export const MULTIPART_BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * Most parts a body may have (the routes take 4 at most). Checked on the raw bytes BEFORE the platform's parser runs:
 * its cost grows with every part and header line, and ~30 MiB of tiny parts or header lines blocked the event loop
 * for 12-14 s (every other request of the instance waiting).
 */
export const MAX_MULTIPART_PARTS = 8;
/** Most bytes of one part's header block (Content-Disposition, Content-Type): a browser sends a few hundred. */
export const MAX_PART_HEADER_BYTES = 8 * 1024;

/** Longest time one multipart body may take to arrive: a client trickling bytes cannot hold a reading slot for ever. */
export const MULTIPART_READ_TIMEOUT_MS = 120_000;

/** A multipart body that could not be read; the route decides the answer (413, 600002, 400...). */
export class MultipartError extends Error {
  constructor(readonly problem: MultipartProblem, message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

/**
 * Reads a whole multipart body of at most `maxBytes` (the Content-Length is checked first, then the bytes as they
 * come) and parses it with the platform's own form-data parser (undici's, as `Response.formData()`): a truncated body,
 * a missing boundary or a broken part is `malformed`, never an exception of another kind. Past the limit the rest of
 * the upload is drained without being kept, so the client reads the refusal.
 */
export async function readMultipart(body: unknown, maxBytes: number): Promise<MultipartForm> {
  if (!(body instanceof MultipartRequestBody)) throw new MultipartError('notMultipart', 'the body must be multipart/form-data');
  if (body.declaredLength !== null && body.declaredLength > maxBytes) {
    body.payload.on('error', () => undefined).resume(); // drained, never kept
    throw new MultipartError('tooLarge', `the body is larger than ${maxBytes} bytes`);
  }
  return withReadingSlot(body, () => parseForm(body, maxBytes));
}

/**
 * Runs `read` in one of the instance's multipart reading slots (at most {@link MAX_CONCURRENT_MULTIPART_READS}, and
 * {@link MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS} per client address), shared by every multipart route; `busy`
 * (the body drained unread) when none is free.
 */
export async function withReadingSlot<T>(body: MultipartRequestBody, read: () => Promise<T>): Promise<T> {
  const address = body.address;
  const byAddress = address ? (readingByAddress.get(address) ?? 0) : 0;
  if (reading >= MAX_CONCURRENT_MULTIPART_READS || byAddress >= MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS) {
    discardMultipart(body);
    throw new MultipartError('busy', 'too many uploads at once: retry in a moment');
  }
  reading++;
  if (address) readingByAddress.set(address, byAddress + 1);
  try {
    return await read();
  } finally {
    reading--;
    if (address) {
      const left = (readingByAddress.get(address) ?? 1) - 1;
      if (left > 0) readingByAddress.set(address, left);
      else readingByAddress.delete(address);
    }
  }
}

/** Drains an unread multipart body without keeping it (a refusal before reading: the client still reads the answer). */
export function discardMultipart(body: unknown): void {
  if (body instanceof MultipartRequestBody) body.payload.on('error', () => undefined).resume();
}

/**
 * The boundary of a `multipart/form-data` content type, read strictly so it is the one the platform's parser uses:
 * exactly one `boundary` parameter, a token or a quoted string without escapes, of RFC 2046's characters. Anything
 * else is null (the body is then refused as malformed).
 */
export function boundaryOf(contentType: string): string | null {
  const params = contentType.split(';').slice(1).map((p) => p.replace(/^[\t\n\r ]+/, ''));
  const found = params.filter((p) => /^boundary=/i.test(p));
  if (found.length !== 1) return null;
  let value = found[0]!.slice('boundary='.length).replace(/[\t\n\r ]+$/, '');
  if (value.startsWith('"')) {
    if (!/^"[^"\\]*"$/.test(value)) return null;
    value = value.slice(1, -1);
  }
  return /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/.test(value) ? value : null;
}

/**
 * Bounds the parser's work before it runs: at most {@link MAX_MULTIPART_PARTS} parts (delimiters counted on the raw
 * bytes; a delimiter-like run inside a file counts too, which only errs on the side of refusing) and at most
 * {@link MAX_PART_HEADER_BYTES} of headers per part. Throws `malformed` otherwise.
 */
export function checkMultipartShape(bytes: Buffer, contentType: string): void {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new MultipartError('malformed', 'the multipart boundary is missing or unclear');
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let delimiters = 0;
  for (let at = bytes.indexOf(delimiter); at >= 0; at = bytes.indexOf(delimiter, at + delimiter.length)) {
    if (++delimiters > MAX_MULTIPART_PARTS + 1) throw new MultipartError('malformed', `a body has at most ${MAX_MULTIPART_PARTS} parts`);
    const after = at + delimiter.length;
    if (bytes[after] === 0x2d && bytes[after + 1] === 0x2d) continue; // the closing delimiter
    const headersEnd = bytes.indexOf('\r\n\r\n', after, 'latin1');
    if ((headersEnd >= 0 ? headersEnd : bytes.length) - after > MAX_PART_HEADER_BYTES) {
      throw new MultipartError('malformed', `a part's headers are at most ${MAX_PART_HEADER_BYTES} bytes`);
    }
  }
}

async function parseForm(body: MultipartRequestBody, maxBytes: number): Promise<MultipartForm> {
  const bytes = await collect(body.payload, maxBytes);
  checkMultipartShape(bytes, body.contentType);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': body.contentType } }).formData();
  } catch {
    throw new MultipartError('malformed', 'the multipart body is malformed or truncated');
  }
  const parts: { name: string; value: string | MultipartFile }[] = [];
  for (const [name, value] of form) {
    if (typeof value === 'string') parts.push({ name, value });
    else parts.push({ name, value: { filename: value.name ?? '', bytes: new Uint8Array(await value.arrayBuffer()) } });
  }
  return { parts };
}

function collect(payload: Readable, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let over = false;
    const timer = setTimeout(() => {
      if (over) return;
      over = true;
      chunks.length = 0;
      reject(new MultipartError('malformed', `the upload took longer than ${MULTIPART_READ_TIMEOUT_MS / 1000} s`));
      payload.destroy();
    }, MULTIPART_READ_TIMEOUT_MS);
    timer.unref();
    const onData = (chunk: Buffer) => {
      if (over) return;
      total += chunk.length;
      if (total > maxBytes) {
        over = true;
        chunks.length = 0;
        reject(new MultipartError('tooLarge', `the body is larger than ${maxBytes} bytes`));
        return; // keep reading (and dropping) the rest: the client gets the answer instead of a reset
      }
      chunks.push(chunk);
    };
    payload.on('data', onData);
    let ended = false;
    payload.once('end', () => { ended = true; clearTimeout(timer); if (!over) resolve(Buffer.concat(chunks)); });
    payload.once('close', () => {
      clearTimeout(timer);
      if (!ended && !over) { over = true; reject(new MultipartError('malformed', 'the upload was interrupted')); }
    });
    // `on`, not `once`: a second error event of a broken connection must find a listener too.
    payload.on('error', () => { if (!over) { over = true; reject(new MultipartError('malformed', 'the upload was interrupted')); } });
    payload.on('aborted', () => { if (!over) { over = true; reject(new MultipartError('malformed', 'the upload was interrupted')); } });
  });
}

/** The error a route that takes no multipart answers with (415, a numeric code). */
function unsupported(): Error & { statusCode: number; code: string } {
  return Object.assign(new Error('this call does not take multipart/form-data'), { statusCode: 415, code: 'MULTIPART_REFUSED', errorCode: API_ERROR_CODES.UNSUPPORTED_MEDIA });
}

/**
 * Registers the one `multipart/form-data` parser of the API, at start (before Fastify is ready): routes with
 * {@link MULTIPART_ROUTE} get a {@link MultipartRequestBody}; every other route answers 415 as before.
 */
@Injectable()
export class MultipartParsing implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly host: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.host.httpAdapter?.getInstance?.() as FastifyInstance | undefined;
    if (!fastify || typeof fastify.addContentTypeParser !== 'function' || fastify.hasContentTypeParser(MULTIPART)) return;
    fastify.addContentTypeParser(MULTIPART, (request, payload, done) => {
      const config = request.routeOptions?.config as { multipart?: unknown } | undefined;
      if (config?.multipart !== true) {
        payload.resume(); // drain: the refusal must reach the client
        return done(unsupported(), undefined);
      }
      const length = Number(request.headers['content-length']);
      done(null, new MultipartRequestBody(payload as Readable, String(request.headers['content-type'] ?? ''), Number.isFinite(length) ? length : null, request.ip));
    });
  }
}
