import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelDb, type ReadModelDb } from './db/read-model-db.js';
import { checkAuctionMessageColumnAdded, checkLotVehicleColumnsAdded, checkUsernameColumnsDropped } from './testing/dropped-columns.test-support.js';
import { describeDeliverySuite } from './testing/delivery-suite.test-support.js';
import type { SuiteDb } from './testing/int-support.test-support.js';
import { describeQuerySuite } from './testing/query-suite.test-support.js';
import { describeRebuildSuite } from './testing/rebuild-suite.test-support.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  throw new Error(
    'DATABASE_URL is not set: the PostgreSQL suite needs a server. Run `bash tools/infra/infra.sh start postgres` ' +
      'and `eval "$(bash tools/infra/infra.sh env postgres)"`, then run the tests again.',
  );
}
// One schema family per run of this file, so parallel runs do not share tables.
const schema = `rm_test_${process.pid}_${Date.now().toString(36)}`;
let db: ReadModelDb;
const suite = (): SuiteDb => ({ db, schema, cleanup: async () => {} });

beforeAll(async () => {
  db = await createReadModelDb({ databaseUrl, schema });
});
afterAll(async () => {
  const rows = await db.query<{ name: string }>(`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE $1`, [`${schema}%`]);
  for (const { name } of rows) await db.dropSchema(name);
  await db.close();
});

describe('PostgreSQL read-model database', () => {
  it('adds the message and regulation document columns of auctions to an existing table of an earlier release', async () => {
    await checkAuctionMessageColumnAdded(db, `${schema}_old_auctions`);
  });

  it('adds the vehicle columns of lots (#22) to an existing table of an earlier release', async () => {
    await checkLotVehicleColumnsAdded(db, `${schema}_old_lots`);
  });

  it('drops the username columns of an earlier release from existing tables (they refused inserts and held personal data)', async () => {
    await checkUsernameColumnsDropped(db, `${schema}_old_usernames`);
  });

  it('creates the schema idempotently, even from concurrent starts', async () => {
    await Promise.all([db.ensureSchema(), db.ensureSchema(`${schema}_x`), db.ensureSchema(`${schema}_x`)]);
    expect(await db.schemaExists(`${schema}_x`)).toBe(true);
  });

  it('runs transactions on their own connection and rolls back on error', async () => {
    await db.query(`CREATE TABLE ${schema}_x.t (n integer)`);
    await expect(db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${schema}_x.t VALUES (1)`);
      await db.query(`INSERT INTO ${schema}_x.t VALUES (2)`);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await db.query(`SELECT * FROM ${schema}_x.t`)).toEqual([]);
  });
});

describeDeliverySuite('postgres', suite);
describeQuerySuite('postgres', suite);
describeRebuildSuite('postgres', suite);
