import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore, type StatementMode } from './postgres-event-store.js';
import { postgresTestSchema } from './postgres.test-support.js';

// How the store sends its statements (the `statements` option): by default prepared once per session, so a flush's
// statements are not parsed again at every execution. Their plans: postgres-plans.int.spec.ts.

const { databaseUrl, schema } = postgresTestSchema('es_statements');
const offer = (i: number) => ({ type: 'OfferPlaced', data: { amount: 10_000 + i } });

interface PreparedRow { statement: string; generic_plans: string; custom_plans: string }

/** A store on one session, so what it prepared is what that session holds. */
async function oneSessionStore(mode: StatementMode | undefined, suffix: string) {
  const store = new PostgresEventStore(databaseUrl, { schema: `${schema}_${suffix}`, pool: { max: 1 }, listen: false, ...(mode ? { statements: mode } : {}) });
  await store.init();
  const executor = (store as unknown as { executor: SqlExecutor }).executor;
  return { store, executor };
}

async function appendSome(store: PostgresEventStore, count: number): Promise<void> {
  let version = 0;
  for (let i = 0; i < count; i++) version = (await store.append('lot-1', version, [offer(i)])).nextVersion;
}

describe('postgres event store: prepared statements', () => {
  afterAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    for (const suffix of ['named', 'unnamed', 'refused', 'retyped', 'retyped_pool', 'retyped_tx']) await client.query(`DROP SCHEMA IF EXISTS ${schema}_${suffix} CASCADE`);
    await client.end();
  });

  test('by default each statement is prepared once per session and then only run, however often', async () => {
    const { store, executor } = await oneSessionStore(undefined, 'named');
    try {
      await appendSome(store, 12);
      await store.readStream('lot-1');
      await store.readAll(0, 100);
      const rows = await executor.query<PreparedRow>('SELECT statement, generic_plans::text, custom_plans::text FROM pg_prepared_statements');
      const writes = rows.filter((row) => row.statement.includes(`INSERT INTO ${schema}_named.events`));
      expect(writes).toHaveLength(1);
      // 12 flushes, one statement. Its plans: one per execution, or one for all once PostgreSQL finds a generic plan no
      // dearer (on a log of some size, after five executions; not on this tiny one).
      expect(Number(writes[0]!.custom_plans) + Number(writes[0]!.generic_plans)).toBeGreaterThanOrEqual(12);
      expect(rows.filter((row) => row.statement.includes(`INSERT INTO ${schema}_named.streams`))).toHaveLength(1);
      // A fixed few: one per statement of the store, whatever was run and how often.
      expect(rows.length).toBeLessThanOrEqual(12);
      expect(new Set(rows.map((row) => row.statement)).size).toBe(rows.length);
    } finally {
      await store.close();
    }
  });

  test("'unnamed' prepares nothing and works the same", async () => {
    const unnamed = await oneSessionStore('unnamed', 'unnamed');
    try {
      await appendSome(unnamed.store, 3);
      expect(await unnamed.executor.query('SELECT name FROM pg_prepared_statements')).toEqual([]);
      expect((await unnamed.store.readStream('lot-1')).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    } finally {
      await unnamed.store.close();
    }
  });

  test('a refused flush ends its session; the next session prepares the statements again and appends go on', async () => {
    const { store, executor } = await oneSessionStore(undefined, 'refused');
    try {
      await appendSome(store, 2);
      const [before] = await executor.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // A deadlock-like failure inside the flush's transaction (a unique violation is retried by the store): the
      // stream's row is made to refuse the version update, so the whole transaction fails.
      await executor.query(`ALTER TABLE ${schema}_refused.streams ADD CONSTRAINT small CHECK (version < 3)`);
      await expect(store.append('lot-1', 2, [offer(2)])).rejects.toThrow();
      await executor.query(`ALTER TABLE ${schema}_refused.streams DROP CONSTRAINT small`);
      const [after] = await executor.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(after!.pid).not.toBe(before!.pid);
      expect((await store.append('lot-1', 2, [offer(2)])).nextVersion).toBe(3);
      expect((await store.readStream('lot-1')).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    } finally {
      await store.close();
    }
  });

  // A prepared statement whose result columns changed type (a migration run while the store runs) is refused once by
  // PostgreSQL ("cached plan must not change result type"); unnamed statements never were, and the session that held
  // it is ended on the error, so the next one prepares it again: tried once more, the caller never sees it.
  test('a migration changing the type of a column the statements return fails neither a read nor an append', async () => {
    const { store, executor } = await oneSessionStore(undefined, 'retyped');
    try {
      await appendSome(store, 6);
      for (let i = 0; i < 6; i++) await store.readStream('lot-1');
      await executor.query(`ALTER TABLE ${schema}_retyped.events ALTER COLUMN schema_version TYPE bigint`);
      expect((await store.readStream('lot-1')).map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6]);
      // The read's failure ended the session: the next one prepares the write's statements before they are refused.
      for (let version = 6; version < 9; version++) await store.append('lot-1', version, [offer(version)]);
      await executor.query(`ALTER TABLE ${schema}_retyped.streams ALTER COLUMN version TYPE bigint`);
      expect((await store.append('lot-1', 9, [offer(9)])).nextVersion).toBe(10);
    } finally {
      await store.close();
    }
  });

  test('after such a migration, a read is not refused by the other pooled sessions that prepared it too', async () => {
    const store = new PostgresEventStore(databaseUrl, { schema: `${schema}_retyped_pool`, pool: { max: 4 }, listen: false });
    await store.init();
    try {
      await appendSome(store, 3);
      // Four reads at once, again and again: each of the four sessions prepares the read and runs it past five times.
      for (let i = 0; i < 8; i++) await Promise.all(Array.from({ length: 4 }, () => store.readStream('lot-1')));
      const executor = (store as unknown as { executor: SqlExecutor }).executor;
      await executor.query(`ALTER TABLE ${schema}_retyped_pool.events ALTER COLUMN schema_version TYPE bigint`);
      for (let i = 0; i < 4; i++) expect((await store.readStream('lot-1')).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    } finally {
      await store.close();
    }
  });

  test('after such a migration, a statement refused in a transaction is not refused again by the other sessions', async () => {
    const store = new PostgresEventStore(databaseUrl, { schema: `${schema}_retyped_tx`, pool: { max: 4 }, listen: false });
    await store.init();
    const executor = (store as unknown as { executor: SqlExecutor }).executor;
    const versionOf = `SELECT version FROM ${schema}_retyped_tx.streams WHERE stream_id = $1`;
    const inTransaction = () => executor.transaction(async (tx) => (await tx.query<{ version: number }>(versionOf, ['lot-1']))[0]?.version);
    try {
      await appendSome(store, 2);
      // Four transactions held open together: four sessions, each of which prepares the statement and runs it six times.
      let open = 0;
      let allOpen = () => {};
      const together = new Promise<void>((resolve) => (allOpen = resolve));
      await Promise.all(Array.from({ length: 4 }, () => executor.transaction(async (tx) => {
        if (++open === 4) allOpen();
        await together;
        for (let i = 0; i < 6; i++) await tx.query(versionOf, ['lot-1']);
      })));
      await executor.query(`ALTER TABLE ${schema}_retyped_tx.streams ALTER COLUMN version TYPE bigint`);
      await expect(inTransaction()).rejects.toThrow('cached plan must not change result type');
      for (let i = 0; i < 4; i++) expect(Number(await inTransaction())).toBe(2);
    } finally {
      await store.close();
    }
  });
});
