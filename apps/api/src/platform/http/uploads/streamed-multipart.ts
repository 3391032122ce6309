import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import { BlobRefusedError, BlobTooLargeError } from '@auction/blob-store';
import {
  MULTIPART_READ_TIMEOUT_MS, MultipartError, MultipartRequestBody, withReadingSlot,
} from '../../../identity/registration/multipart.js';

/** How one upload route reads its body: one file part `file` and a few short text fields. */
export interface StreamedUploadSpec<T> {
  /** Text fields the route takes (any other part is refused). */
  readonly fields: readonly string[];
  /** Most bytes of the file; busboy stops handing bytes one past it, and `onFile` refuses them. */
  readonly maxFileBytes: number;
  /** Consumes the file as a stream (to the blob store); its refusal is the upload's answer. */
  readonly onFile: (file: AsyncIterable<Uint8Array>, filename: string) => Promise<T>;
  /** Undoes a stored file when the rest of the body is refused after it (a broken end, an unknown part). */
  readonly discard: (result: T) => Promise<unknown>;
}

/** What a streamed upload brought: its text fields and the file's result (null when no file part came). */
export interface StreamedUpload<T> {
  readonly fields: Readonly<Record<string, string>>;
  readonly file: T | null;
}

/** Most bytes of a text field (a provenance, a tempId, a tupla: short texts). */
const MAX_FIELD_BYTES = 1024;

/**
 * Reads a multipart upload with `@fastify/busboy`, streaming: the file part goes to `onFile` as it arrives (never
 * whole in memory), text fields are kept (at most {@link MAX_FIELD_BYTES} each). The same reading slots as the
 * registration's bound how many bodies are read at once ({@link withReadingSlot}), and a body has
 * {@link MULTIPART_READ_TIMEOUT_MS} to arrive. Broken multipart, an unknown or repeated part, a truncated field:
 * `malformed`; a file past its limit: {@link BlobTooLargeError}. The body is read to its end before answering (the
 * rest of a refused file drained, never kept), so the client reads the answer rather than a reset.
 */
export async function readStreamedUpload<T>(body: unknown, spec: StreamedUploadSpec<T>): Promise<StreamedUpload<T>> {
  if (!(body instanceof MultipartRequestBody)) throw new MultipartError('notMultipart', 'the body must be multipart/form-data');
  return withReadingSlot(body, () => parse(body, spec));
}

function parse<T>(body: MultipartRequestBody, spec: StreamedUploadSpec<T>): Promise<StreamedUpload<T>> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let problem: unknown = null;
    let fileWork: Promise<T> | null = null;
    let fileStream: BusboyFileStream | null = null;
    let finished = false;
    const fail = (error: unknown) => { problem ??= error; };
    let parser;
    try {
      parser = Busboy({
        headers: { 'content-type': body.contentType },
        limits: { fileSize: spec.maxFileBytes + 1, files: 1, fields: spec.fields.length, parts: spec.fields.length + 1, fieldSize: MAX_FIELD_BYTES, headerPairs: 8 },
      });
    } catch {
      body.payload.on('error', () => undefined).resume();
      reject(new MultipartError('malformed', 'the multipart boundary is missing or unclear'));
      return;
    }
    const timer = setTimeout(() => {
      fail(new MultipartError('malformed', `the upload took longer than ${MULTIPART_READ_TIMEOUT_MS / 1000} s`));
      body.payload.destroy();
    }, MULTIPART_READ_TIMEOUT_MS);
    timer.unref();
    const settle = async () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const file = fileWork ? await fileWork.then((v) => v, (error: unknown) => { fail(error); return null; }) : null;
      if (problem && file !== null) await spec.discard(file).catch(() => undefined);
      if (problem) reject(problem);
      else resolve({ fields, file });
    };
    parser.on('file', (name: string, stream: BusboyFileStream, filename: string) => {
      if (name !== 'file' || fileWork || problem) {
        fail(new MultipartError('malformed', name === 'file' ? 'an upload has one file' : `unknown part ${name.slice(0, 64)}`));
        stream.resume();
        return;
      }
      fileStream = stream;
      // destroyOnReturn false: a consumer that stops early leaves the stream to be drained here, not destroyed (busboy
      // would then wait for ever for its file part to be read).
      fileWork = spec.onFile(stream.iterator({ destroyOnReturn: false }), filename).catch((error: unknown) => {
        setImmediate(() => stream.resume()); // the rest of a refused file is drained, never kept
        throw error;
      });
      fileWork.catch(() => undefined);
    });
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (!spec.fields.includes(name) || name in fields || valueTruncated) {
        fail(new MultipartError('malformed', valueTruncated ? `the field ${name.slice(0, 64)} is too long` : `unknown or repeated part ${name.slice(0, 64)}`));
        return;
      }
      fields[name] = value;
    });
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => fail(new MultipartError('malformed', 'too many parts')));
    }
    parser.on('error', (error: unknown) => {
      fail(new MultipartError('malformed', `the multipart body is malformed or truncated${error instanceof Error ? `: ${error.message}` : ''}`));
      body.payload.unpipe(parser);
      fileStream?.destroy(new MultipartError('malformed', 'the multipart body is malformed or truncated'));
      body.payload.on('error', () => undefined).resume();
      void settle();
    });
    parser.on('finish', () => void settle());
    const interrupted = () => {
      fail(new MultipartError('malformed', 'the upload was interrupted'));
      fileStream?.destroy(new MultipartError('malformed', 'the upload was interrupted'));
      void settle();
    };
    body.payload.on('error', interrupted);
    body.payload.on('aborted', interrupted);
    body.payload.pipe(parser);
  });
}

/** True for the errors an upload's file part answers with itself (too large, refused content). */
export function isFileRefusal(error: unknown): error is BlobTooLargeError | BlobRefusedError {
  return error instanceof BlobTooLargeError || error instanceof BlobRefusedError;
}
