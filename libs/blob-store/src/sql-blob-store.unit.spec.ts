import { afterAll } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { blobStoreContract } from './contract.test-support.js';
import { SqlBlobStore, type BlobSql } from './sql-blob-store.js';

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
