import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
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

describe('postgres: another process appends (LISTEN/NOTIFY)', () => {
  // A poll interval of a minute: an event that arrives within seconds was announced, not polled.
  const open = async (listen: boolean) => {
    const store = new PostgresEventStore(databaseUrl, { schema, pollIntervalMs: 60_000, listen });
    await store.init();
    return store;
  };
  const firstArrival = async (listen: boolean, waitMs: number) => {
    const [writer, reader] = [await open(true), await open(listen)];
    try {
      const head = await reader.headPosition();
      const streamId = `notify-${listen}-${Date.now().toString(36)}`;
      let seen: string | null = null;
      const subscription = reader.subscribe(head, async (batch) => {
        seen ??= batch.find((e) => e.streamId === streamId)?.streamId ?? null;
      });
      await new Promise((r) => setTimeout(r, 200));
      await writer.append(streamId, 0, [{ type: 'Noticed', data: {} }]);
      const deadline = Date.now() + waitMs;
      while (!seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await subscription.close();
      return seen;
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  };

  test('a subscription of a listening store wakes on the other store\'s commit, not at its next poll', async () => {
    expect(await firstArrival(true, 5_000)).toMatch(/^notify-true-/);
  });

  test('without listening, the same commit waits for the poll (the test above could fail)', async () => {
    expect(await firstArrival(false, 1_000)).toBeNull();
  });
});
