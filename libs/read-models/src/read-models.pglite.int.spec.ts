import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from './db/read-model-db.js';
import { checkAuctionMessageColumnAdded, checkLotVehicleColumnsAdded, checkUsernameColumnsDropped } from './testing/dropped-columns.test-support.js';
import { describeDeliverySuite } from './testing/delivery-suite.test-support.js';
import type { SuiteDb } from './testing/int-support.test-support.js';
import { describeQuerySuite } from './testing/query-suite.test-support.js';
import { describeRebuildSuite } from './testing/rebuild-suite.test-support.js';

let db: ReadModelDb;
const suite = (): SuiteDb => ({ db, schema: 'read_model', cleanup: async () => {} });

beforeAll(async () => {
  db = await createReadModelDb({});
});
afterAll(async () => {
  await db.close();
});

describe('PGlite read-model database', () => {
  it('runs PostgreSQL with the small buffer pool of the embedded default (shared_buffers 16MB, not PGlite\'s 128MB)', async () => {
    expect(await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
  });

  it('adds the message and regulation document columns of auctions to an existing table of an earlier release', async () => {
    await checkAuctionMessageColumnAdded(db, 'read_model_old_auctions');
  });

  it('adds the vehicle columns of lots (#22) to an existing table of an earlier release', async () => {
    await checkLotVehicleColumnsAdded(db, 'read_model_old_lots');
  });

  it('drops the username columns of an earlier release from existing tables (they refused inserts and held personal data)', async () => {
    await checkUsernameColumnsDropped(db, 'read_model_old_usernames');
  });

  it('serializes concurrent transactions on its one session: none is lost, none interleaves', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS public.serial_check (n integer)');
    await Promise.all(Array.from({ length: 20 }, (_, i) => db.transaction(async (tx) => {
      await tx.query('INSERT INTO public.serial_check VALUES ($1)', [i]);
      await new Promise((resolve) => setTimeout(resolve, 1));
      // A query through the database inside a transaction runs in that transaction (no deadlock).
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.serial_check WHERE n = $1', [i]);
      if (i % 4 === 0) throw new Error(`rollback ${row!.n}`);
    }).catch(() => {})));
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.serial_check');
    expect(count!.n).toBe(15);
  });

  it('refuses a second PGlite database in the same process', async () => {
    await expect(createReadModelDb({})).rejects.toThrow(/already open/);
  });

  it('exposes the tables as TypeORM entities', async () => {
    expect(await db.dataSource.getRepository('ReadModelAuction').count()).toBeGreaterThanOrEqual(0);
  });
});

describeDeliverySuite('pglite', suite);
describeQuerySuite('pglite', suite);
describeRebuildSuite('pglite', suite);
