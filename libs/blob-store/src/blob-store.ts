import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** What is known of a stored file besides its bytes. */
export interface BlobMeta {
  /** Random and unguessable (24 random bytes, 32 URL-safe characters): knowing an id is never enough to read a file. */
  readonly idFile: string;
  /** The type sniffed from the content when it was stored, never the client's word. */
  readonly mediaType: string;
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
  /**
   * Who may reference it: `user:<idUser>` (an upload), `dealer:<idDealer>` (a registration document) or
   * `vehicle:<idVehicle>` (a vehicle's photo or document, once the vehicle is saved).
   */
  readonly owner: string;
  readonly createdAt: string;
}

/**
 * Decides a streamed file's type from its first bytes (at most {@link PutStreamOptions.headBytes}): the media type
 * stored, or a refusal (`{ refused: reason }`), after which nothing of the file is kept.
 */
export type ContentJudge = (head: Uint8Array) => string | { readonly refused: string };

/** How {@link BlobStore.putStream} takes a file. */
export interface PutStreamOptions {
  readonly owner: string;
  /** Most bytes taken; one more and the write stops, the partial file is removed and {@link BlobTooLargeError} thrown. */
  readonly maxBytes: number;
  /** Judges the content by its first bytes; a refusal removes the partial file and throws {@link BlobRefusedError}. */
  readonly judge: ContentJudge;
  /** How many first bytes the judge sees (fewer when the file is shorter). Default 4,096. */
  readonly headBytes?: number;
}

/** A streamed write passed its byte limit: nothing was kept. */
export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

/** A streamed write's content was refused by its judge: nothing was kept. */
export class BlobRefusedError extends Error {
  constructor(readonly reason: string) {
    super(`the file's content is refused: ${reason}`);
    this.name = 'BlobRefusedError';
  }
}

/**
 * The port of stored files (registration documents, uploads, vehicle photos and documents): one interface, two
 * adapters chosen at start (a data folder in embedded mode, a PostgreSQL table in server mode), both passing
 * `blobStoreContract`. A file is written whole or not at all: `put` takes bytes already bounded by the caller,
 * `putStream` takes a stream with a byte limit and never holds the whole file in memory.
 */
export interface BlobStore {
  /** Stores `bytes` and answers the new file's description (its id chosen here). */
  put(bytes: Uint8Array, mediaType: string, owner: string): Promise<BlobMeta>;
  /**
   * Stores a file from a stream, chunk by chunk, judged by its first bytes. Past `maxBytes`, on a refused content or
   * a failing source, the partial file is removed and the error thrown ({@link BlobTooLargeError},
   * {@link BlobRefusedError}, or the source's); the source is then left unread for the caller to drain or destroy.
   */
  putStream(source: AsyncIterable<Uint8Array>, options: PutStreamOptions): Promise<BlobMeta>;
  /** A file and its description, or null when unknown (or the id is not one this store could have made). */
  get(idFile: string): Promise<{ meta: BlobMeta; bytes: Buffer } | null>;
  /** A file's bytes as a stream (never whole in memory), or null when unknown. */
  open(idFile: string): Promise<{ meta: BlobMeta; stream: Readable } | null>;
  /** A file's description without its bytes, or null. */
  meta(idFile: string): Promise<BlobMeta | null>;
  /** Gives a file another owner (an uploaded photo becomes its vehicle's); false when unknown. */
  setOwner(idFile: string, owner: string): Promise<boolean>;
  /** Deletes a file; true when it existed. */
  delete(idFile: string): Promise<boolean>;
  /** Deletes every file of an owner (`user:<idUser>`, `dealer:<idDealer>`: the right to erasure); the ids deleted. */
  deleteOwnedBy(owner: string): Promise<string[]>;
}

/** Injection token of the {@link BlobStore}. */
export const BLOB_STORE = Symbol('BLOB_STORE');

/** The shape of ids this store makes; anything else is unknown without touching the storage (no path tricks). */
export const BLOB_ID = /^[A-Za-z0-9_-]{32}$/;

/** A new, random file id. */
export function newBlobId(): string {
  return randomBytes(24).toString('base64url');
}

/** The description of new bytes (id, hash, size, time). */
export function describeBlob(bytes: Uint8Array, mediaType: string, owner: string): BlobMeta {
  return {
    idFile: newBlobId(), mediaType, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), owner,
    createdAt: new Date().toISOString(),
  };
}
