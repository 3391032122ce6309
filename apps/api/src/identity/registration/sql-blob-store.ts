import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../../platform/engine/side-table.js';
import { BLOB_ID, describeBlob, type BlobMeta, type BlobStore } from './blob-store.js';

const TABLE = 'public.stored_files';

interface Row { id_file: string; media_type: string; size: number; sha256: string; owner: string; created_at: Date | string; bytes?: Uint8Array }

/**
 * Stored files as one PostgreSQL table (server mode: `bytea`, on the read models' connection, outside the read-model
 * schema that a rebuild drops: files are not derived from the log). Every instance of the API sees the same files.
 */
export class SqlBlobStore implements BlobStore {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db, 'stored_files', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id_file text PRIMARY KEY, media_type text NOT NULL, size integer NOT NULL, sha256 text NOT NULL,
        owner text NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), bytes bytea NOT NULL)`,
    ]);
  }

  async put(bytes: Uint8Array, mediaType: string, owner: string): Promise<BlobMeta> {
    await this.ensure();
    const meta = describeBlob(bytes, mediaType, owner);
    await this.db.query(
      `INSERT INTO ${TABLE} (id_file, media_type, size, sha256, owner, created_at, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [meta.idFile, meta.mediaType, meta.size, meta.sha256, meta.owner, meta.createdAt, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)],
    );
    return meta;
  }

  async get(idFile: string): Promise<{ meta: BlobMeta; bytes: Buffer } | null> {
    if (!BLOB_ID.test(idFile)) return null;
    await this.ensure();
    const rows = await this.db.query<Row>(`SELECT id_file, media_type, size, sha256, owner, created_at, bytes FROM ${TABLE} WHERE id_file = $1`, [idFile]);
    const row = rows[0];
    return row?.bytes ? { meta: metaOf(row), bytes: Buffer.from(row.bytes) } : null;
  }

  async meta(idFile: string): Promise<BlobMeta | null> {
    if (!BLOB_ID.test(idFile)) return null;
    await this.ensure();
    const rows = await this.db.query<Row>(`SELECT id_file, media_type, size, sha256, owner, created_at FROM ${TABLE} WHERE id_file = $1`, [idFile]);
    return rows[0] ? metaOf(rows[0]) : null;
  }

  async delete(idFile: string): Promise<boolean> {
    if (!BLOB_ID.test(idFile)) return false;
    await this.ensure();
    const rows = await this.db.query(`DELETE FROM ${TABLE} WHERE id_file = $1 RETURNING id_file`, [idFile]);
    return rows.length > 0;
  }

  async deleteOwnedBy(owner: string): Promise<string[]> {
    await this.ensure();
    const rows = await this.db.query<{ id_file: string }>(`DELETE FROM ${TABLE} WHERE owner = $1 RETURNING id_file`, [owner]);
    return rows.map((r) => r.id_file).sort();
  }
}

function metaOf(row: Row): BlobMeta {
  return {
    idFile: row.id_file, mediaType: row.media_type, size: Number(row.size), sha256: row.sha256, owner: row.owner,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
