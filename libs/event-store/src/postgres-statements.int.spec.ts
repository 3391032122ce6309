import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventStoreSql } from './internal/sql-schema.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore, type StatementMode } from './postgres-event-store.js';
import { postgresTestSchema } from './postgres.test-support.js';

// How the store sends its statements (the `statements` option): by default prepared once per session, so a flush's
// statements are not parsed again at every execution, and PostgreSQL may plan them once for all (generic plans), which
// must still look rows up by index (the second part).

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
    for (const suffix of ['named', 'unnamed', 'refused', 'retyped', 'grow']) await client.query(`DROP SCHEMA IF EXISTS ${schema}_${suffix} CASCADE`);
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
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function planNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan['Plans'] as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(planNodes)];
}

// A generic plan is made once for any parameters and kept by the session: it must look rows up by the log's indexes,
// never scan the log (PostgreSQL plans it again when the tables' statistics change).
describe('postgres event store: the generic plans of the hot statements look rows up, on a log of 30,000 events', () => {
  const logSchema = `${schema}_log`;
  const sql = eventStoreSql(logSchema);
  let client: pg.Client;

  beforeAll(async () => {
    const store = new PostgresEventStore(databaseUrl, { schema: logSchema, listen: false, maxBatchEvents: 5000 });
    await store.init();
    for (let done = 0; done < 30_000; done += 3000) {
      await Promise.all(Array.from({ length: 30 }, (_, k) => store.append(`lot-${done + k}`, 0, Array.from({ length: 100 }, (_, j) => offer(j)))));
    }
    await store.close();
    client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`ANALYZE ${logSchema}.events`);
    await client.query(`ANALYZE ${logSchema}.streams`);
    // What a session uses once it keeps the generic plan (EXPLAIN EXECUTE would otherwise show a custom plan).
    await client.query('SET plan_cache_mode = force_generic_plan');
  }, 120_000);

  afterAll(async () => {
    await client.query(`DROP SCHEMA IF EXISTS ${logSchema} CASCADE`);
    await client.end();
  });

  const explain = async (name: string, text: string, args: string): Promise<Record<string, unknown>[]> => {
    await client.query(`PREPARE ${name} AS ${text}`);
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(`EXPLAIN (FORMAT JSON) EXECUTE ${name}(${args})`);
    return planNodes(rows[0]!['QUERY PLAN'][0].Plan);
  };
  const scansOfEvents = (nodes: Record<string, unknown>[]) => nodes.filter((node) => node['Relation Name'] === 'events' && node['Node Type'] !== 'ModifyTable');

  test("the write (its check that no stream was overtaken) looks the streams' last events up by (stream, version)", async () => {
    const nodes = await explain('write_events', sql.writeEvents,
      "'{1}', '{lot-1}', '{101}', '{T}', '{\"{}\"}', '{\"{}\"}', '{1}', '{lot-1}', '{101}', NULL, '{100}'");
    const scans = scansOfEvents(nodes);
    expect(scans.length).toBeGreaterThan(0);
    expect(scans.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    expect(scans.every((node) => String(node['Index Name']).startsWith('events_stream_id'))).toBe(true);
  });

  test('a stream is read by its index, the log by its position', async () => {
    const stream = scansOfEvents(await explain('read_stream', sql.readStream, "'lot-1', 1, 100"));
    expect(stream.length).toBeGreaterThan(0);
    expect(stream.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    const page = scansOfEvents(await explain('read_all', sql.readAll, '29000, 500'));
    expect(page.map((node) => [node['Node Type'], node['Index Name']])).toEqual([['Index Scan', 'events_pkey']]);
  });
});

// PostgreSQL keeps a generic plan with the cost it had when made, and makes it again only when the tables' statistics
// change: a session that wrote on a small log, on a database whose log is not analysed as it grows (autovacuum off, or
// behind), kept the write's generic plan, whose overtaken check scanned the whole log (9.5 ms a flush at 100,000
// events, against 1.1 ms on a new session). Write transactions plan their statements for their parameters.
describe('postgres event store: a session that wrote on a small log does not scan the log once it grew unanalysed', () => {
  const growSchema = `${schema}_grow`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${growSchema} CASCADE`);
    await admin.end();
  });

  const sequentialScans = async (executor: SqlExecutor) => {
    // The session's counters reach the statistics at its next idle moment once asked to.
    await executor.query('SELECT pg_stat_force_next_flush()');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await admin.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await admin.query<{ seq_scan: string }>(
      'SELECT seq_scan::text FROM pg_stat_user_tables WHERE relid = $1::regclass', [`${growSchema}.events`]);
    return Number(rows[0]!.seq_scan);
  };

  test('appends on one long-lived session stay index look-ups after the log grew to 100,000 events', async () => {
    const { store, executor } = await oneSessionStore(undefined, 'grow');
    try {
      for (const table of ['events', 'streams']) await admin.query(`ALTER TABLE ${growSchema}.${table} SET (autovacuum_enabled = false)`);
      let version = 0;
      const appendMore = async (count: number) => {
        for (let i = 0; i < count; i++) version = (await store.append('lot-long', version, [offer(i)])).nextVersion;
      };
      await appendMore(20);
      const filler = new PostgresEventStore(databaseUrl, { schema: growSchema, listen: false, maxBatchEvents: 5000, statements: 'unnamed' });
      for (let done = 0; done < 100_000; done += 3000) {
        await Promise.all(Array.from({ length: 30 }, (_, k) => filler.append(`lot-${done + k}`, 0, Array.from({ length: 100 }, (_, j) => offer(j)))));
      }
      await filler.close();
      await appendMore(200);
      const before = await sequentialScans(executor);
      await appendMore(30);
      const after = await sequentialScans(executor);
      expect(after - before).toBe(0);
    } finally {
      await store.close();
    }
  }, 120_000);
});
