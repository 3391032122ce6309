import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventStoreSql } from './internal/sql-schema.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema } from './postgres.test-support.js';

// The plans of the store's statements, prepared once per session (postgres-statements.int.spec.ts): PostgreSQL may keep
// a generic plan for a read, which must look rows up by index; a write transaction plans for its parameters.

const { databaseUrl, schema } = postgresTestSchema('es_plans');
const offer = (i: number) => ({ type: 'OfferPlaced', data: { amount: 10_000 + i } });

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
  const growSchema = schema;
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
    const store = new PostgresEventStore(databaseUrl, { schema: growSchema, pool: { max: 1 }, listen: false });
    await store.init();
    const executor = (store as unknown as { executor: SqlExecutor }).executor;
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
