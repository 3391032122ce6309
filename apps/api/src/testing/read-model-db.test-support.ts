/**
 * A fresh read-model database per describe block, for the integration specs of stores that live beside the read models.
 */
import { afterAll, beforeAll } from '@jest/globals';
import { createReadModelDb, type ReadModelDb } from '@auction/read-models';
import { createStorage, type ServerStorage } from './server.test-support.js';

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
    for (let i = 0; i < count; i++) {
      dbs.push(i > 0 && mode === 'pglite' ? dbs[0]! : await createReadModelDb({ databaseUrl: storage?.databaseUrl }));
    }
    onOpen([...dbs]);
  });
  afterAll(async () => {
    for (const db of new Set(dbs)) await db.close();
    await storage?.dispose();
  });
}
