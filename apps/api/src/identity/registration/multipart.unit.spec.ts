import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import {
  MAX_CONCURRENT_MULTIPART_READS, MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS, MAX_MULTIPART_PARTS, MAX_PART_HEADER_BYTES, MultipartError, MultipartRequestBody, boundaryOf,
  readMultipart,
} from './multipart.js';

const CRLF = '\r\n';
const body = (parts: string) => `${parts}--B--${CRLF}`;
const part = (name: string, value: string, filename?: string) =>
  `--B${CRLF}Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}${CRLF}${CRLF}${value}${CRLF}`;

/** A multipart body as the parser hands it to a handler: an unread stream. */
function request(text: string, options: { contentType?: string; declared?: number | null; chunkSize?: number; address?: string } = {}) {
  const stream = new PassThrough();
  const bytes = Buffer.from(text, 'latin1');
  const size = options.chunkSize ?? bytes.length;
  setImmediate(() => {
    for (let i = 0; i < bytes.length; i += size) stream.write(bytes.subarray(i, i + size));
    stream.end();
  });
  return new MultipartRequestBody(stream, options.contentType ?? 'multipart/form-data; boundary=B', options.declared === undefined ? bytes.length : options.declared, options.address);
}

const problemOf = (promise: Promise<unknown>) => promise.then(() => 'parsed', (e: unknown) => (e instanceof MultipartError ? e.problem : `other: ${String(e)}`));

describe('readMultipart', () => {
  it('reads text and file parts in order, with the client\'s file name as a label only', async () => {
    const form = await readMultipart(request(body(part('dealerFullDTO', '{"a":1}') + part('doc', '%PDF-1.4', '../x.pdf')), { chunkSize: 7 }), 1000);
    expect(form.parts.map((p) => p.name)).toEqual(['dealerFullDTO', 'doc']);
    expect(form.parts[0]!.value).toBe('{"a":1}');
    const file = form.parts[1]!.value as { filename: string; bytes: Uint8Array };
    expect(Buffer.from(file.bytes).toString()).toBe('%PDF-1.4');
    expect(typeof file.filename).toBe('string');
  });

  it('refuses a body over the limit, announced or streamed (chunked, without Content-Length)', async () => {
    const text = body(part('doc', 'x'.repeat(5000), 'a.pdf'));
    expect(await problemOf(readMultipart(request(text), 1000))).toBe('tooLarge');
    expect(await problemOf(readMultipart(request(text, { declared: null, chunkSize: 100 }), 1000))).toBe('tooLarge');
  });

  it('calls a truncated body, a missing boundary or another media type malformed or not multipart, never throwing anything else', async () => {
    const text = body(part('dealerFullDTO', '{}') + part('doc', 'abc', 'a.pdf'));
    expect(await problemOf(readMultipart(request(text.slice(0, text.length - 20)), 1000))).toBe('malformed');
    expect(await problemOf(readMultipart(request(text, { contentType: 'multipart/form-data' }), 1000))).toBe('malformed');
    expect(await problemOf(readMultipart(request('garbage'), 1000))).toBe('malformed');
    expect(await problemOf(readMultipart({ businessName: 'x' }, 1000))).toBe('notMultipart');
    expect(await problemOf(readMultipart(undefined, 1000))).toBe('notMultipart');
  });

  it('reads a bounded number of bodies at once (busy beyond), and an interrupted upload is malformed', async () => {
    const streams = Array.from({ length: MAX_CONCURRENT_MULTIPART_READS }, () => new PassThrough());
    const pending = streams.map((s) => problemOf(readMultipart(new MultipartRequestBody(s, 'multipart/form-data; boundary=B', null), 1000)));
    expect(await problemOf(readMultipart(request(body(part('a', 'b'))), 1000))).toBe('busy');
    streams.forEach((s, i) => (i === 0 ? s.destroy() : s.end(body(part('a', 'b')))));
    const outcomes = await Promise.all(pending);
    expect(outcomes[0]).toBe('malformed');
    expect(outcomes.slice(1).every((o) => o === 'parsed')).toBe(true);
    expect(await problemOf(readMultipart(request(body(part('a', 'b'))), 1000))).toBe('parsed');
  });

  it('refuses more parts than a route takes before the platform parser runs (580k tiny parts blocked the event loop 12 s)', async () => {
    const enough = body(Array.from({ length: MAX_MULTIPART_PARTS }, (_, i) => part(`p${i}`, 'a')).join(''));
    expect(await problemOf(readMultipart(request(enough), 100_000))).toBe('parsed');
    const tooMany = body(Array.from({ length: MAX_MULTIPART_PARTS + 1 }, (_, i) => part(`p${i}`, 'a')).join(''));
    expect(await problemOf(readMultipart(request(tooMany), 100_000))).toBe('malformed');
    const flood = body(part('a', 'a').repeat(200_000));
    const started = Date.now();
    expect(await problemOf(readMultipart(request(flood), 10 * 1024 * 1024))).toBe('malformed');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a part whose headers are longer than a browser ever sends (3.5 M header lines blocked the event loop 14 s)', async () => {
    const headers = (size: number) => `--B${CRLF}Content-Disposition: form-data; name="doc"; filename="a.pdf"${CRLF}${'X-A: a\r\n'.repeat(Math.ceil(size / 8))}${CRLF}%PDF-${CRLF}`;
    expect(await problemOf(readMultipart(request(body(headers(MAX_PART_HEADER_BYTES / 2))), 10_000_000))).toBe('parsed');
    expect(await problemOf(readMultipart(request(body(headers(MAX_PART_HEADER_BYTES * 2))), 10_000_000))).toBe('malformed');
    expect(await problemOf(readMultipart(request(body(headers(2_000_000))), 30_000_000))).toBe('malformed');
  });

  it('reads the boundary strictly: one parameter, token or plain quoted string; anything unclear is malformed', async () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryA1b2')).toBe('----WebKitFormBoundaryA1b2');
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; BOUNDARY="a b:c"')).toBe('a b:c');
    for (const unclear of ['multipart/form-data', 'multipart/form-data; boundary=a; boundary=b', 'multipart/form-data; boundary="a\\"b"',
      'multipart/form-data; boundary=', `multipart/form-data; boundary=${'x'.repeat(71)}`, 'multipart/form-data; boundary=a\u0000']) {
      expect(boundaryOf(unclear)).toBeNull();
    }
    expect(await problemOf(readMultipart(request(body(part('a', 'b')), { contentType: 'multipart/form-data; boundary=B; boundary=C' }), 1000))).toBe('malformed');
  });

  it('reads at most a few bodies at once for one client address: a trickling client cannot hold every slot', async () => {
    const streams = Array.from({ length: MAX_CONCURRENT_MULTIPART_READS_PER_ADDRESS }, () => new PassThrough());
    const pending = streams.map((s) => problemOf(readMultipart(new MultipartRequestBody(s, 'multipart/form-data; boundary=B', null, '192.0.2.1'), 1000)));
    expect(await problemOf(readMultipart(request(body(part('a', 'b')), { address: '192.0.2.1' }), 1000))).toBe('busy');
    expect(await problemOf(readMultipart(request(body(part('a', 'b')), { address: '192.0.2.2' }), 1000))).toBe('parsed');
    streams.forEach((s) => s.end(body(part('a', 'b'))));
    expect(await Promise.all(pending)).toEqual(streams.map(() => 'parsed'));
    expect(await problemOf(readMultipart(request(body(part('a', 'b')), { address: '192.0.2.1' }), 1000))).toBe('parsed');
  });

  it('serialises as its declared length only (the idempotency fingerprint is taken before the body is read)', () => {
    expect(JSON.stringify(request('x'))).toBe('{"length":1}');
    expect(JSON.stringify(request('x'.repeat(300)))).toBe('{"length":300}');
    expect(JSON.stringify(request('x', { declared: null }))).toBe('{"length":null}');
  });
});
