import { createHash, randomBytes } from 'node:crypto';

/** What is known of a stored file besides its bytes. */
export interface BlobMeta {
  /** Random and unguessable (24 random bytes, 32 URL-safe characters): knowing an id is never enough to read a file. */
  readonly idFile: string;
  /** The type sniffed from the content when it was stored, never the client's word. */
  readonly mediaType: string;
  readonly size: number;
  /** Hex SHA-256 of the bytes. */
  readonly sha256: string;
  /** Who may reference it: `user:<idUser>` (an upload) or `dealer:<idDealer>` (a registration document). */
  readonly owner: string;
  readonly createdAt: string;
}

/**
 * The port of stored files (registration documents, uploads): one interface, two adapters chosen at start (a data
 * folder in embedded mode, a PostgreSQL table in server mode). Files are written whole or not at all, and a refused
 * registration deletes what it stored. The API never serves them but to administrators (`GET /admin/file/{idFile}`).
 */
export interface BlobStore {
  /** Stores `bytes` and answers the new file's description (its id chosen here). */
  put(bytes: Uint8Array, mediaType: string, owner: string): Promise<BlobMeta>;
  /** A file and its description, or null when unknown (or the id is not one this store could have made). */
  get(idFile: string): Promise<{ meta: BlobMeta; bytes: Buffer } | null>;
  /** A file's description without its bytes, or null. */
  meta(idFile: string): Promise<BlobMeta | null>;
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
