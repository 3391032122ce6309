import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type StoredFileView } from '@auction/contracts';
import { MAX_DOCUMENT_BYTES, REGISTRATION_ERROR_CODES, type DealerDocumentMediaType } from '@auction/domain';
import { hasRole, type Actor } from '../actor.js';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { judgeDocument } from './documents.js';
import { MULTIPART_BUSY_RETRY_AFTER_SECONDS, MultipartError, discardMultipart, readMultipart } from './multipart.js';
import { LIMIT_WINDOWS } from '../../platform/engine/tokens.js';
import { RequestLimiter, type LimitWindows } from '../passwords/request-limiter.js';
import { Refusal } from './refusal.js';

/**
 * Uploads admitted per user in a window: nothing deletes an upload that is never referenced, so without a ceiling one
 * logged-in account could fill the disk (10 MiB a call). Beyond: 429001 with Retry-After, before the body is read.
 */
export const UPLOAD_LIMITS = { perUser: 30, windowMs: 60 * 60_000 } as const;

/** Largest `POST /secure/file` body: one file of {@link MAX_DOCUMENT_BYTES} (10 MiB) and the form's overhead. */
export const MAX_UPLOAD_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

/**
 * A logged-in user's uploads (`POST /secure/file`): one part `file`, judged by content as a legal document (JPEG, PNG,
 * PDF or EPS, at most 10 MiB), stored under the caller's name. Only its owner or the back office may reference it
 * later ({@link mayReference}).
 */
@Injectable()
export class UploadsService {
  private readonly perUser: RequestLimiter;

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore, @Inject(LIMIT_WINDOWS) windows?: LimitWindows) {
    this.perUser = new RequestLimiter(UPLOAD_LIMITS.perUser, UPLOAD_LIMITS.windowMs, undefined, windows ? { windows, name: 'uploads' } : undefined);
  }

  /** Counts an upload of the caller (before its body is read); a 429 {@link Refusal} beyond {@link UPLOAD_LIMITS}. */
  async admit(actor: Actor, body: unknown, now = Date.now()): Promise<void> {
    const waitMs = await this.perUser.hit(actor.idUser, now);
    if (waitMs <= 0) return;
    discardMultipart(body);
    throw new Refusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, `at most ${UPLOAD_LIMITS.perUser} uploads an hour: retry later`, undefined, waitMs / 1000);
  }

  /** Stores the caller's upload; throws a {@link Refusal} for a bad body or file. */
  async upload(actor: Actor, body: unknown): Promise<StoredFileView> {
    let form;
    try {
      form = await readMultipart(body, MAX_UPLOAD_BYTES);
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      if (error.problem === 'notMultipart') throw new Refusal(415, API_ERROR_CODES.UNSUPPORTED_MEDIA, 'an upload is multipart/form-data with one part `file`');
      if (error.problem === 'busy') throw new Refusal(429, API_ERROR_CODES.TOO_MANY_REQUESTS, error.message, undefined, MULTIPART_BUSY_RETRY_AFTER_SECONDS);
      if (error.problem === 'tooLarge') throw new Refusal(413, API_ERROR_CODES.PAYLOAD_TOO_LARGE, `an upload is at most ${MAX_DOCUMENT_BYTES} bytes`);
      throw new Refusal(400, API_ERROR_CODES.BAD_REQUEST, error.message, [{ field: 'body', rule: 'malformed' }]);
    }
    const other = form.parts.find((p) => p.name !== 'file');
    if (other || form.parts.length > 1) {
      throw new Refusal(400, API_ERROR_CODES.BAD_REQUEST, 'an upload has exactly one part, `file`', [{ field: (other?.name ?? 'file').slice(0, 64), rule: 'unknownPart' }]);
    }
    const part = form.parts[0];
    if (!part || typeof part.value === 'string' || part.value.bytes.length === 0) {
      throw new Refusal(422, REGISTRATION_ERROR_CODES.DOCUMENT_INVALID, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
    }
    return this.store(actor, part.value);
  }

  /**
   * Judges one file by content (JPEG, PNG, PDF or EPS, at most 10 MiB) and stores it under the caller's name: what
   * `POST /secure/file` does with its part once read (the demo's partner logos are stored through it too).
   */
  async store(actor: Actor, file: { filename: string; bytes: Uint8Array }): Promise<StoredFileView> {
    const verdict = judgeDocument('doc', file);
    if (!verdict.ok) throw new Refusal(422, REGISTRATION_ERROR_CODES.DOCUMENT_INVALID, 'the file is too large or of a refused type (JPEG, PNG, PDF or EPS)', [{ field: 'file', rule: verdict.reason }]);
    const meta = await this.blobs.put(verdict.bytes, verdict.mediaType, `user:${actor.idUser}`);
    return { idFile: meta.idFile, mediaType: meta.mediaType as DealerDocumentMediaType, size: meta.size };
  }

  /** The description of a stored file the caller may reference (its owner, or the back office), else null. */
  async mayReference(actor: Actor, idFile: string): Promise<BlobMeta | null> {
    const meta = await this.blobs.meta(idFile);
    if (!meta) return null;
    return meta.owner === `user:${actor.idUser}` || hasRole(actor, ['ADMIN', 'CUSTOMER_CENTER']) ? meta : null;
  }
}
