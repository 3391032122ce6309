/**
 * A fresh read-model database per describe block, for the integration specs of stores that live beside the read models.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { createReadModelDb, type ReadModelDb } from '@auction/read-models';
import { defaultTemplateFolder, freshCluster } from '../platform/storage/pglite-template.js';
import { createStorage, type ServerStorage } from './server.test-support.js';

/**
 * The fresh cluster a new PGlite database starts from in the product (pglite-template.ts), for an in-memory one:
 * loading it costs ~0.5 s instead of an initdb's 2-4 s of CPU. Its folder is the product's (PGLITE_TEMPLATE_DIR: unset
 * = the default, `off` = none: undefined, an initdb as in the product).
 */
export async function freshPgliteCluster(): Promise<Blob | undefined> {
  const folder = process.env.PGLITE_TEMPLATE_DIR;
  return folder === 'off' ? undefined : freshCluster(folder ?? defaultTemplateFolder());
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
