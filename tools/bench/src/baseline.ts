/**
 * The baseline that tells what the figures mean: how fast PostgreSQL alone commits events, measured with pgbench on
 * the same server in the same run, into a scratch schema `bench_baseline` created by the event store's own DDL
 * (`PostgresEventStore.init()` with that schema: the same `events` and `streams` tables, indexes and
 * `reserve_positions`), so the real log is not touched.
 *
 * - `insert` (THE baseline): one event per transaction: the event store's INSERT of one row (same columns, a JSON
 *   offer of the product's size), committed alone, `-c` = the scenario's clients;
 * - `store-tx`: one event per transaction the way the store writes a flush: `reserve_positions(1)`, ensure and lock
 *   the stream row, INSERT, UPDATE of the stream version, COMMIT;
 * - `batch100`: 100 events per transaction (one INSERT ... SELECT of 100 rows), for reference: events/s = tps × 100.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PostgresEventStore } from '@auction/event-store';
import { adminQuery } from './infra.js';
import { run } from './util.js';

export const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
export const SCRATCH_SCHEMA = 'bench_baseline';
/** PostgreSQL of tools/infra allows 200 connections; the API's pools need some. */
export const MAX_PGBENCH_CLIENTS = 150;

export type BaselineKind = 'insert' | 'store-tx' | 'batch100';

export interface PgbenchResult {
  readonly kind: BaselineKind;
  readonly clients: number;
  readonly threads: number;
  readonly seconds: number;
  /** Transactions per second (without the initial connection time). */
  readonly tps: number;
  /** Events committed per second (tps × events per transaction). */
  readonly eventsPerSecond: number;
  readonly latencyAvgMs: number | null;
  readonly transactions: number | null;
  readonly failed: number | null;
}

const SCRIPTS: Record<BaselineKind, { eventsPerTx: number; sql: string }> = {
  insert: {
    eventsPerTx: 1,
    sql: `\\set k random(1, 1000000000)
INSERT INTO ${SCRATCH_SCHEMA}.events (position, stream_id, stream_version, type, data, metadata, schema_version)
SELECT p, 'lot-bench-' || :client_id, CAST(p AS int), 'OfferPlaced',
  CAST('{"idOffer":"bench' || p || '","idUser":"u-0000000000000000000000","username":"dealer' || :client_id || '","amount":' || (1000 + :k % 100000) || ',"clickAndBuy":false,"placedAt":"2026-11-21T12:00:00.000Z","idLot":"lot-00000000000000000000","idempotencyKey":"k' || :k || '"}' AS jsonb),
  CAST('{"userId":"u-0000000000000000000000","correlationId":"c-0000000000000000000000000000","idempotencyKey":"k' || :k || '","time":"2026-11-21T12:00:00.000Z","partitionKey":"auction-0000000000000000000"}' AS jsonb),
  1
FROM (SELECT nextval('${SCRATCH_SCHEMA}.events_position_seq') AS p) n;
`,
  },
  'store-tx': {
    eventsPerTx: 1,
    sql: `\\set s random(1, 1000000)
\\set k random(1, 1000000000)
BEGIN;
SELECT ${SCRATCH_SCHEMA}.reserve_positions(1) AS first \\gset
INSERT INTO ${SCRATCH_SCHEMA}.streams (stream_id, version) VALUES ('lot-bench-' || :s, 0) ON CONFLICT (stream_id) DO NOTHING;
SELECT version FROM ${SCRATCH_SCHEMA}.streams WHERE stream_id = 'lot-bench-' || :s FOR UPDATE \\gset
INSERT INTO ${SCRATCH_SCHEMA}.events (position, stream_id, stream_version, type, data, metadata, schema_version)
VALUES (:first, 'lot-bench-' || :s, :version + 1, 'OfferPlaced',
  CAST('{"idOffer":"bench' || :first || '","idUser":"u-0000000000000000000000","username":"dealer' || :client_id || '","amount":' || (1000 + :k % 100000) || ',"clickAndBuy":false,"placedAt":"2026-11-21T12:00:00.000Z","idLot":"lot-00000000000000000000","idempotencyKey":"k' || :k || '"}' AS jsonb),
  CAST('{"userId":"u-0000000000000000000000","correlationId":"c-0000000000000000000000000000","idempotencyKey":"k' || :k || '","time":"2026-11-21T12:00:00.000Z","partitionKey":"auction-0000000000000000000"}' AS jsonb),
  1);
UPDATE ${SCRATCH_SCHEMA}.streams SET version = :version + 1 WHERE stream_id = 'lot-bench-' || :s;
COMMIT;
`,
  },
  batch100: {
    eventsPerTx: 100,
    sql: `\\set k random(1, 1000000000)
INSERT INTO ${SCRATCH_SCHEMA}.events (position, stream_id, stream_version, type, data, metadata, schema_version)
SELECT p, 'lot-bench-' || :client_id, CAST(p AS int), 'OfferPlaced',
  CAST('{"idOffer":"bench' || p || '","idUser":"u-0000000000000000000000","username":"dealer' || :client_id || '","amount":' || (1000 + p % 100000) || ',"clickAndBuy":false,"placedAt":"2026-11-21T12:00:00.000Z","idLot":"lot-00000000000000000000","idempotencyKey":"k' || p || '"}' AS jsonb),
  CAST('{"userId":"u-0000000000000000000000","correlationId":"c-0000000000000000000000000000","idempotencyKey":"k' || p || '","time":"2026-11-21T12:00:00.000Z","partitionKey":"auction-0000000000000000000"}' AS jsonb),
  1
FROM (SELECT nextval('${SCRATCH_SCHEMA}.events_position_seq') AS p FROM generate_series(1, 100)) n;
`,
  },
};

/** Creates the scratch schema with the event store's DDL in the database of `databaseUrl` and writes the scripts. */
export async function prepareBaseline(databaseUrl: string, dir: string): Promise<void> {
  const store = new PostgresEventStore(databaseUrl, { schema: SCRATCH_SCHEMA });
  await store.init();
  await store.close();
  for (const [kind, script] of Object.entries(SCRIPTS)) writeFileSync(path.join(dir, `pgbench-${kind}.sql`), script.sql);
}

/** Runs pgbench with one script against the scratch schema (emptied first). */
export async function runPgbench(databaseUrl: string, dir: string, kind: BaselineKind, clients: number, seconds: number): Promise<PgbenchResult> {
  await adminQuery(databaseUrl, `TRUNCATE ${SCRATCH_SCHEMA}.events, ${SCRATCH_SCHEMA}.streams`);
  await adminQuery(databaseUrl, 'CHECKPOINT');
  const url = new URL(databaseUrl);
  const c = Math.max(1, Math.min(MAX_PGBENCH_CLIENTS, Math.round(clients)));
  const threads = Math.min(2, c);
  const args = [
    '-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres'),
    '-n', '-c', String(c), '-j', String(threads), '-T', String(seconds), '-f', path.join(dir, `pgbench-${kind}.sql`),
    url.pathname.slice(1),
  ];
  const result = await run(PGBENCH, args, { timeoutMs: (seconds + 120) * 1000 });
  const out = `${result.stdout}\n${result.stderr}`;
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
  if (result.code !== 0 || !tps) throw new Error(`pgbench ${kind} -c ${c} failed (exit ${result.code}):\n${out.slice(-3000)}`);
  const num = (re: RegExp) => {
    const m = re.exec(out);
    return m ? Number(m[1]) : null;
  };
  const value = Number(tps[1]);
  return {
    kind, clients: c, threads, seconds, tps: Math.round(value), eventsPerSecond: Math.round(value * SCRIPTS[kind].eventsPerTx),
    latencyAvgMs: num(/latency average = ([\d.]+) ms/), transactions: num(/number of transactions actually processed: (\d+)/),
    failed: num(/number of failed transactions: (\d+)/),
  };
}
