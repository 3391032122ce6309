/**
 * A fresh read-model database per describe block, for the integration specs of stores that live beside the read models.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { createReadModelDb, type ReadModelDb } from '@auction/read-models';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshClustersFor } from '../platform/storage/pglite-template.js';
import { createStorage, type ServerStorage } from './server.test-support.js';

/**
 * The fresh cluster a new PGlite database starts from in the product (pglite-template.ts, kept in its default folder),
 * for an in-memory one: loading it costs ~0.5 s instead of an initdb's 2-4 s of CPU.
 */
export async function freshPgliteCluster(): Promise<Blob | undefined> {
  // A path that holds no database asks for the fresh cluster (an in-memory database holds none). The folder is the
  // product's (PGLITE_TEMPLATE_DIR: unset = its default, `off` = none, so an initdb as in the product).
  const folder = process.env.PGLITE_TEMPLATE_DIR;
  const inMemory = path.join(tmpdir(), `pglite-in-memory-${randomBytes(6).toString('hex')}`);
  const [image] = folder === undefined ? await freshClustersFor([inMemory]) : await freshClustersFor([inMemory], folder === 'off' ? null : folder);
  return image;
}

/** Where the integration specs run: PGlite in memory always, PostgreSQL too when DATABASE_URL is set. */
export const READ_MODEL_MODES = ['pglite', ...(process.env.DATABASE_URL ? ['postgres' as const] : [])] as const;
export type ReadModelMode = (typeof READ_MODEL_MODES)[number];

/**
 * Registers the hooks that open `count` connections to one fresh read-model database on `mode` before the block's tests
 * (a new PostgreSQL database; on PGlite, one process's database, every "instance" is the same connection), hands them to
 * `onOpen`, and closes them and drops the database after.
 */
export function withFreshReadModelDb(mode: ReadModelMode, onOpen: (dbs: ReadModelDb[]) => void, count = 1): void {
  let storage: ServerStorage | undefined;
  const dbs: ReadModelDb[] = [];
  beforeAll(async () => {
    storage = mode === 'postgres' ? await createStorage('postgres') : undefined;
    const loadDataDir = mode === 'pglite' ? await freshPgliteCluster() : undefined;
    for (let i = 0; i < count; i++) {
      dbs.push(i > 0 && mode === 'pglite' ? dbs[0]! : await createReadModelDb({ databaseUrl: storage?.databaseUrl, ...(loadDataDir ? { loadDataDir } : {}) }));
    }
    onOpen([...dbs]);
  });
  afterAll(async () => {
    for (const db of new Set(dbs)) await db.close();
    await storage?.dispose();
  });
}
