import pg from 'pg';
import { afterAll } from 'vitest';
import { describeEventStoreContract } from './contract.test-support.js';
import { describeConcurrentWriters } from './ordering.test-support.js';
import { PostgresEventStore } from './postgres-event-store.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  throw new Error(
    'DATABASE_URL is not set: the PostgreSQL suite needs a server. Run `tools/infra/infra.sh start postgres` ' +
      'and `eval "$(tools/infra/infra.sh env)"`, then run the tests again.',
  );
}
// One schema per run of this file, so parallel runs do not share tables.
const schema = `es_test_${process.pid}_${Date.now().toString(36)}`;

afterAll(async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

describeEventStoreContract(
  'postgres',
  async () => {
    const store = new PostgresEventStore(databaseUrl, { schema });
    await store.init();
    return store;
  },
  { stats: (store) => (store as PostgresEventStore).stats() },
);

describeConcurrentWriters(databaseUrl, schema);
