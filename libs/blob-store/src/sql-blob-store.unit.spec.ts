import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { blobStoreContract } from './contract.test-support.js';
import { SQL_CHUNK_BYTES, SqlBlobStore, type BlobSql } from './sql-blob-store.js';

/** The SQL adapter on PGlite (the same SQL as PostgreSQL; server mode runs it on `pg`). */
function sqlOf(pg: PGlite): BlobSql {
  const query = async <R>(sql: string, params?: unknown[]) => (await pg.query<R>(sql, params)).rows;
  return { query, transaction: (work) => pg.transaction((tx) => work({ query: async <R>(sql: string, params?: unknown[]) => (await tx.query<R>(sql, params)).rows })) };
}

// One database for the whole suite: starting PGlite takes seconds; every test counts what it adds.
let shared: PGlite | null = null;
afterAll(() => shared?.close());

blobStoreContract('SqlBlobStore', async () => {
  const pg = (shared ??= new PGlite());
  const sql = sqlOf(pg);
  const count = async () => {
    const [files] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM public.stored_files');
    const [chunks] = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM public.stored_file_chunks');
    return files!.n + chunks!.n;
  };
  const store = new SqlBlobStore(sql);
  await store.meta('A'.repeat(32)); // creates the tables
  return { store, count, dispose: async () => undefined };
});

describe('SqlBlobStore chunks', () => {
  it('stores a file given in one big piece (as sharp hands its output) in rows of 256 KiB', async () => {
    const pg = (shared ??= new PGlite());
    const sql = sqlOf(pg);
    const store = new SqlBlobStore(sql);
    async function* onePiece() { yield new Uint8Array(SQL_CHUNK_BYTES * 3 + 10).fill(7); }
    const meta = await store.putStream(onePiece(), { owner: 'user:chunks', maxBytes: 10 * SQL_CHUNK_BYTES, judge: () => 'application/octet-stream' });
    const rows = await sql.query<{ size: number }>('SELECT length(bytes) AS size FROM public.stored_file_chunks WHERE id_file = $1 ORDER BY seq', [meta.idFile]);
    expect(rows.map((r) => Number(r.size))).toEqual([SQL_CHUNK_BYTES, SQL_CHUNK_BYTES, SQL_CHUNK_BYTES, 10]);
    expect((await store.get(meta.idFile))?.bytes.length).toBe(SQL_CHUNK_BYTES * 3 + 10);
  });
});
