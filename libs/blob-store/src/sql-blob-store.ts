import { Readable } from 'node:stream';
import { BLOB_ID, describeBlob, newBlobId, type BlobMeta, type BlobStore, type PutStreamOptions } from './blob-store.js';
import { writeStream } from './stream-write.js';

/** What the SQL adapter needs of a database: statements, and transactions for the one-time DDL. */
export interface BlobSql {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  transaction<T>(work: (tx: { query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]> }) => Promise<T>): Promise<T>;
}

const TABLE = 'public.stored_files';
const CHUNKS = 'public.stored_file_chunks';
/** Bytes of one stored chunk of a streamed file: big enough for few rows, small enough to hold a few in memory. */
export const SQL_CHUNK_BYTES = 256 * 1024;

const DDL = [
  `CREATE TABLE IF NOT EXISTS ${TABLE} (id_file text PRIMARY KEY, media_type text NOT NULL, size integer NOT NULL, sha256 text NOT NULL,
    owner text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), bytes bytea NOT NULL)`,
  `ALTER TABLE ${TABLE} ADD COLUMN IF NOT EXISTS chunks integer NOT NULL DEFAULT 0`,
  `CREATE TABLE IF NOT EXISTS ${CHUNKS} (id_file text NOT NULL, seq integer NOT NULL, bytes bytea NOT NULL, PRIMARY KEY (id_file, seq))`,
];

interface Row { id_file: string; media_type: string; size: number; sha256: string; owner: string; created_at: Date | string; chunks: number; bytes?: Uint8Array }

/**
 * Stored files in PostgreSQL (server mode, on the read models' connection, outside the read-model schema that a
 * rebuild drops: files are not derived from the log). A file given whole is one row of `stored_files`; a streamed
 * file is written as chunks of {@link SQL_CHUNK_BYTES} in `stored_file_chunks` and becomes visible when its
 * `stored_files` row is written last, so a failed or refused write leaves nothing anyone can read (its chunks are
 * deleted). Every instance of the API sees the same files.
 */
export class SqlBlobStore implements BlobStore {
  private ready: Promise<void> | null = null;

  constructor(private readonly db: BlobSql) {}

  async put(bytes: Uint8Array, mediaType: string, owner: string): Promise<BlobMeta> {
    await this.ensure();
    const meta = describeBlob(bytes, mediaType, owner);
    await this.db.query(
      `INSERT INTO ${TABLE} (id_file, media_type, size, sha256, owner, created_at, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [meta.idFile, meta.mediaType, meta.size, meta.sha256, meta.owner, meta.createdAt, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
    return meta;
  }

  async putStream(source: AsyncIterable<Uint8Array>, options: PutStreamOptions): Promise<BlobMeta> {
    await this.ensure();
    const idFile = newBlobId();
    let pending: Uint8Array[] = [];
    let pendingSize = 0;
    let seq = 0;
    /** Writes what is pending in rows of {@link SQL_CHUNK_BYTES} (the last one shorter only when `all`). */
    const flush = async (all: boolean) => {
      if (pendingSize === 0) return;
      let bytes = Buffer.concat(pending);
      while (bytes.length >= SQL_CHUNK_BYTES || (all && bytes.length > 0)) {
        await this.db.query(`INSERT INTO ${CHUNKS} (id_file, seq, bytes) VALUES ($1, $2, $3)`, [idFile, seq++, bytes.subarray(0, SQL_CHUNK_BYTES)]);
        bytes = bytes.subarray(SQL_CHUNK_BYTES);
      }
      pending = bytes.length > 0 ? [bytes] : [];
      pendingSize = bytes.length;
    };
    try {
      const file = await writeStream(source, options, async (chunk) => {
        pending.push(chunk);
        pendingSize += chunk.length;
        if (pendingSize >= SQL_CHUNK_BYTES) await flush(false);
      });
      await flush(true);
      const meta: BlobMeta = { idFile, ...file, owner: options.owner, createdAt: new Date().toISOString() };
      await this.db.query(
        `INSERT INTO ${TABLE} (id_file, media_type, size, sha256, owner, created_at, bytes, chunks) VALUES ($1, $2, $3, $4, $5, $6, '\\x', $7)`,
        [meta.idFile, meta.mediaType, meta.size, meta.sha256, meta.owner, meta.createdAt, seq],
      );
      return meta;
    } catch (error) {
      pending = [];
      await this.db.query(`DELETE FROM ${CHUNKS} WHERE id_file = $1`, [idFile]).catch(() => undefined);
      throw error;
    }
  }

  async get(idFile: string): Promise<{ meta: BlobMeta; bytes: Buffer } | null> {
    const row = await this.row(idFile, true);
    if (!row) return null;
    if (row.chunks === 0) return { meta: metaOf(row), bytes: Buffer.from(row.bytes ?? []) };
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks(idFile, row.chunks)) parts.push(chunk);
    return { meta: metaOf(row), bytes: Buffer.concat(parts) };
  }

  async open(idFile: string): Promise<{ meta: BlobMeta; stream: Readable } | null> {
    const row = await this.row(idFile, false);
    if (!row) return null;
    if (row.chunks === 0) {
      const whole = await this.row(idFile, true);
      return whole ? { meta: metaOf(whole), stream: Readable.from([Buffer.from(whole.bytes ?? [])]) } : null;
    }
    return { meta: metaOf(row), stream: Readable.from(this.chunks(idFile, row.chunks)) };
  }

  async meta(idFile: string): Promise<BlobMeta | null> {
    const row = await this.row(idFile, false);
    return row ? metaOf(row) : null;
  }

  async setOwner(idFile: string, owner: string): Promise<boolean> {
    if (!BLOB_ID.test(idFile)) return false;
    await this.ensure();
    const rows = await this.db.query(`UPDATE ${TABLE} SET owner = $2 WHERE id_file = $1 RETURNING id_file`, [idFile, owner]);
    return rows.length > 0;
  }

  async delete(idFile: string): Promise<boolean> {
    if (!BLOB_ID.test(idFile)) return false;
    await this.ensure();
    const rows = await this.db.query(`DELETE FROM ${TABLE} WHERE id_file = $1 RETURNING id_file`, [idFile]);
    await this.db.query(`DELETE FROM ${CHUNKS} WHERE id_file = $1`, [idFile]);
    return rows.length > 0;
  }

  async deleteOwnedBy(owner: string): Promise<string[]> {
    await this.ensure();
    const rows = await this.db.query<{ id_file: string }>(`DELETE FROM ${TABLE} WHERE owner = $1 RETURNING id_file`, [owner]);
    const ids = rows.map((r) => r.id_file).sort();
    if (ids.length > 0) await this.db.query(`DELETE FROM ${CHUNKS} WHERE id_file = ANY($1::text[])`, [ids]);
    return ids;
  }

  private async row(idFile: string, withBytes: boolean): Promise<Row | null> {
    if (!BLOB_ID.test(idFile)) return null;
    await this.ensure();
    const rows = await this.db.query<Row>(
      `SELECT id_file, media_type, size, sha256, owner, created_at, chunks${withBytes ? ', bytes' : ''} FROM ${TABLE} WHERE id_file = $1`, [idFile],
    );
    return rows[0] ?? null;
  }

  /** A streamed file's chunks in order, read one at a time. */
  private async *chunks(idFile: string, count: number): AsyncGenerator<Buffer> {
    for (let seq = 0; seq < count; seq++) {
      const rows = await this.db.query<{ bytes: Uint8Array }>(`SELECT bytes FROM ${CHUNKS} WHERE id_file = $1 AND seq = $2`, [idFile, seq]);
      if (!rows[0]) throw new Error(`stored file ${idFile} lost its chunk ${seq}`);
      yield Buffer.from(rows[0].bytes);
    }
  }

  /**
   * Creates the tables once, in one transaction under an advisory lock (several instances may start at once and
   * `CREATE ... IF NOT EXISTS` can still collide in the catalog); a failed attempt is forgotten and tried again.
   */
  private ensure(): Promise<void> {
    this.ready ??= this.db
      .transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['stored_files-ddl']);
        for (const statement of DDL) await tx.query(statement);
      })
      .catch((error: unknown) => {
        this.ready = null;
        throw error;
      });
    return this.ready;
  }
}

function metaOf(row: Row): BlobMeta {
  return {
    idFile: row.id_file, mediaType: row.media_type, size: Number(row.size), sha256: row.sha256, owner: row.owner,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
