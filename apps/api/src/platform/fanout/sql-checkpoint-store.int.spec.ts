/**
 * The relay's checkpoint table is created once however many instances start at once on a fresh database: fresh-clone
 * run 39 had one of two servers started together fail with `type "fanout_checkpoints" already exists` (two
 * `CREATE TABLE IF NOT EXISTS` colliding in the catalog). PostgreSQL (DATABASE_URL, as npm test sets it).
 */
import { describe, expect, test } from '@jest/globals';
import { createReadModelDb } from '@auction/read-models';
import { createStorage } from '../../testing/server.test-support.js';
import { SqlCheckpointStore } from './sql-checkpoint-store.js';

describe('SqlCheckpointStore on PostgreSQL', () => {
  test('four instances loading and saving at once on a fresh database all succeed; the highest position stays', async () => {
    for (let round = 0; round < 8; round++) {
      const storage = await createStorage('postgres');
      const dbs = [];
      try {
        for (let i = 0; i < 4; i++) dbs.push(await createReadModelDb({ databaseUrl: storage.databaseUrl!, poolSize: 2 }));
        const stores = dbs.map((db) => new SqlCheckpointStore(db));
        const loaded = await Promise.allSettled(stores.map((store) => store.load('relay')));
        expect(loaded.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([0, 0, 0, 0]);
        await Promise.all(stores.map((store, i) => store.save('relay', 10 + i)));
        expect(await stores[0]!.load('relay')).toBe(13);
      } finally {
        for (const db of dbs) await db.close();
        await storage.dispose();
      }
    }
  }, 120_000);
});
