/**
 * Helpers for the fan-out end-to-end tests (PostgreSQL + Kafka): Kafka settings of one test, the admin read-model calls, convergence checks against the log, and
 * canonical dumps of the `read_model` schema read directly with `pg`.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { type ApiClient, describeResult, sleep } from './api-client.test-support.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const REPLAY_CLI = path.join(REPO_ROOT, 'tools/replay/dist/cli.js');

export const adminPaths = {
  status: '/api/v1/admin/read-models/status',
  rebuild: '/api/v1/admin/read-models/rebuild',
  projectorStop: '/api/v1/admin/read-models/projector/stop',
  projectorStart: '/api/v1/admin/read-models/projector/start',
  auctionFull: (id: string) => `/api/v1/secure/auctionFull?idAuction=${encodeURIComponent(id)}`,
  runningAuctions: '/api/v1/secure/running-auctions',
  metrics: '/metrics',
};

/** The Kafka settings of one test: the brokers (default `$KAFKA_BROKERS`), a topic and consumer-group prefix of its own. */
export interface KafkaSettings {
  readonly brokers: string[];
  readonly topic: string;
  readonly groupPrefix: string;
  /** For `startServer(storage, env)`. */
  readonly env: Record<string, string>;
}

export function kafkaSettings(
  brokers: readonly string[] = (process.env.KAFKA_BROKERS ?? '').split(',').map((b) => b.trim()).filter(Boolean),
): KafkaSettings {
  if (brokers.length === 0) {
    throw new Error(
      'KAFKA_BROKERS is not set: the fan-out end-to-end suite needs a Kafka broker. Start one with ' +
        '`bash tools/infra/infra.sh start kafka && eval "$(bash tools/infra/infra.sh env kafka)"`, or run `npm test` at the root.',
    );
  }
  const tag = randomBytes(4).toString('hex');
  const topic = `e2e-${tag}`;
  const groupPrefix = `e2e-${tag}-`;
  return { brokers: [...brokers], topic, groupPrefix, env: { KAFKA_BROKERS: brokers.join(','), KAFKA_TOPIC: topic, KAFKA_GROUP_PREFIX: groupPrefix } };
}

/** Deletes test topics, best effort (a leftover topic is harmless). */
export async function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ clientId: 'fanout-e2e', brokers, logLevel: logLevel.NOTHING, retry: { retries: 2 } }).admin();
  try {
    await admin.connect();
    await admin.deleteTopics({ topics, timeout: 10_000 });
  } catch {
    // best effort
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** `GET /api/v1/admin/read-models/status`. */
export interface ReadModelStatus {
  projecting: boolean;
  transport: string;
  head: number;
  projected: number;
  /** null while Kafka cannot be asked (unknown, not zero). */
  projectionLag: number | null;
  relayLag: number | null;
  projectorErrors: number;
}

/** `GET /api/v1/admin/read-models/rebuild`. */
export interface RebuildState {
  state: 'idle' | 'running' | 'done' | 'failed';
  position: number;
  head: number;
  events: number;
  seconds: number;
  eventsPerSecond?: number;
  error?: string;
}

export async function getStatus(admin: ApiClient): Promise<ReadModelStatus> {
  const res = await admin.get<ReadModelStatus>(adminPaths.status);
  if (res.status !== 200 || (typeof res.body?.projectionLag !== 'number' && res.body?.projectionLag !== null)) throw new Error(`GET ${adminPaths.status}: ${describeResult(res)}`);
  return res.body;
}

/** A gauge of `GET /metrics` (Prometheus text), or null when absent. */
export async function metricValue(client: ApiClient, name: string): Promise<number | null> {
  const res = await client.get<string>(adminPaths.metrics, { headers: { accept: 'text/plain' } });
  if (res.status !== 200 || typeof res.body !== 'string') throw new Error(`GET /metrics: ${describeResult(res)}`);
  const line = res.body.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.trim().split(/\s+/).at(-1)) : null;
}

/** Runs one query on a fresh connection to `databaseUrl`. */
export async function queryDb<R extends pg.QueryResultRow = Record<string, unknown>>(databaseUrl: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Projected streams whose read-model checkpoint is behind their last event in the log
 * (`event_store.events` vs `read_model.checkpoints`): empty once the read models have applied the whole log.
 */
export async function streamsBehind(databaseUrl: string): Promise<string[]> {
  const rows = await queryDb<{ stream_id: string; last: string; applied: string | null }>(databaseUrl, `
    SELECT e.stream_id, e.last, c.position AS applied
    FROM (SELECT stream_id, max(position) AS last FROM event_store.events
          WHERE stream_id ~ '^(auction|lot|vehicle|user)-' GROUP BY stream_id) e
    LEFT JOIN read_model.checkpoints c ON c.projection = 'read_models' AND c.stream_id = e.stream_id
    WHERE c.position IS NULL OR c.position < e.last
    ORDER BY e.stream_id`);
  return rows.map((r) => `${r.stream_id}: checkpoint ${r.applied ?? 'none'} < last event ${r.last}`);
}

/**
 * Projected streams with an event at or before `position` that their read-model checkpoint has not reached
 * (empty once the read models hold everything up to `position`).
 */
export async function streamsBehindAt(databaseUrl: string, position: number): Promise<string[]> {
  const rows = await queryDb<{ stream_id: string; last: string; applied: string | null }>(databaseUrl, `
    SELECT e.stream_id, e.last, c.position AS applied
    FROM (SELECT stream_id, max(position) AS last FROM event_store.events
          WHERE position <= $1 AND stream_id ~ '^(auction|lot|vehicle|user)-' GROUP BY stream_id) e
    LEFT JOIN read_model.checkpoints c ON c.projection = 'read_models' AND c.stream_id = e.stream_id
    WHERE c.position IS NULL OR c.position < e.last
    ORDER BY e.stream_id`, [position]);
  return rows.map((r) => `${r.stream_id}: checkpoint ${r.applied ?? 'none'} < ${r.last}`);
}

/** How fast a backlog went through once the fan-out was back. */
export interface BacklogRecovery {
  /** Head of the log when the watch began: the backlog is everything up to it. */
  readonly position: number;
  /** Events the relay had not published when the watch began. */
  readonly relayBacklog: number;
  /** Events not in the read models when the watch began (head − max checkpoint, a lower bound). */
  readonly projectionBacklog: number;
  /** ms until the relay's checkpoint passed `position`. */
  readonly relayMs: number;
  /** ms until every stream's checkpoint covered its events up to `position`. */
  readonly projectedMs: number;
}

/**
 * Watches, from now on, the backlog up to the current head go through the relay (Kafka) and into the read
 * models, polling every `everyMs`; works while new events keep arriving. Throws after `timeoutMs`.
 */
export async function watchBacklog(admin: ApiClient, databaseUrl: string, timeoutMs: number, everyMs = 100): Promise<BacklogRecovery> {
  const t0 = Date.now();
  const first = await getStatus(admin);
  const position = first.head;
  let relayMs: number | null = null;
  for (let status = first; ; status = await getStatus(admin)) {
    const now = Date.now() - t0;
    if (relayMs === null && status.head - (status.relayLag ?? 0) >= position) relayMs = now;
    if (relayMs !== null && (await streamsBehindAt(databaseUrl, position)).length === 0) {
      return {
        position, relayBacklog: first.relayLag ?? 0, projectionBacklog: first.projectionLag ?? Number.NaN, relayMs, projectedMs: Date.now() - t0,
      };
    }
    if (Date.now() - t0 > timeoutMs) {
      throw new Error(
        `the backlog up to position ${position} did not go through within ${timeoutMs} ms: relay ${relayMs === null ? 'not caught up' : `caught up after ${relayMs} ms`}; ` +
          `last status ${JSON.stringify(status)}; behind: ${(await streamsBehindAt(databaseUrl, position)).slice(0, 10).join('; ')}`,
      );
    }
    await sleep(everyMs);
  }
}

export interface Convergence {
  /** ms from the call until the status showed projectionLag 0 and relayLag 0 (or null). */
  statusZeroMs: number;
  /** ms until the relay lag was first seen 0. */
  relayZeroMs: number | null;
  /** ms until every stream's checkpoint reached its last event. */
  convergedMs: number;
  /** Streams still behind when the status first said lag 0 (the status claimed more than was true). */
  behindAtStatusZero: string[];
  /** The status that first said lag 0. */
  statusAtZero: ReadModelStatus;
  status: ReadModelStatus;
}

/**
 * Waits (at most `timeoutMs`) until the status says projectionLag 0 and relayLag 0, then until every projected
 * stream's checkpoint has reached its last event in the log. Fails with the last status and the streams behind.
 */
export async function waitConverged(admin: ApiClient, databaseUrl: string, timeoutMs: number): Promise<Convergence> {
  const t0 = Date.now();
  let status = await getStatus(admin);
  let relayZeroMs: number | null = null;
  let behindAtStatusZero: string[] | null = null;
  let statusAtZero = status;
  let statusZeroMs = -1;
  for (;;) {
    if (relayZeroMs === null && status.relayLag === 0) relayZeroMs = Date.now() - t0;
    if (status.projectionLag === 0 && (status.relayLag ?? 0) === 0) {
      const behind = await streamsBehind(databaseUrl);
      if (behindAtStatusZero === null) {
        behindAtStatusZero = behind;
        statusAtZero = status;
        statusZeroMs = Date.now() - t0;
      }
      if (behind.length === 0) return { statusZeroMs, relayZeroMs, convergedMs: Date.now() - t0, behindAtStatusZero, statusAtZero, status };
    }
    if (Date.now() - t0 > timeoutMs) {
      const behind = await streamsBehind(databaseUrl);
      throw new Error(
        `the read models did not converge within ${timeoutMs} ms: last status ${JSON.stringify(status)}; ` +
          `${behind.length} streams behind the log: ${behind.slice(0, 10).join('; ')}`,
      );
    }
    await sleep(200);
    status = await getStatus(admin);
  }
}

/** Starts a rebuild through the API (202) and polls it until `done` (or fails at `failed` / `timeoutMs`). */
export async function rebuildThroughApi(admin: ApiClient, timeoutMs: number, everyMs = 100): Promise<{ final: RebuildState; polls: RebuildState[] }> {
  const started = await admin.post<RebuildState>(adminPaths.rebuild);
  if (started.status !== 202) throw new Error(`POST ${adminPaths.rebuild}: expected 202, got ${describeResult(started)}`);
  const t0 = Date.now();
  const polls: RebuildState[] = [started.body];
  for (;;) {
    const res = await admin.get<RebuildState>(adminPaths.rebuild);
    if (res.status !== 200) throw new Error(`GET ${adminPaths.rebuild}: ${describeResult(res)}`);
    polls.push(res.body);
    if (res.body.state === 'done') return { final: res.body, polls };
    if (res.body.state === 'failed' || res.body.state === 'idle') {
      throw new Error(`the rebuild ended in state ${res.body.state}: ${JSON.stringify(res.body)}`);
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`the rebuild was not done after ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await sleep(everyMs);
  }
}

/** Every table of a schema: name → rows in primary-key order (text keys in byte order). */
export type SchemaDump = Record<string, Record<string, unknown>[]>;

/**
 * Reads every table of `schema` (default `read_model`) in one REPEATABLE READ snapshot, all rows, ordered by
 * primary key (text columns with `COLLATE "C"`, so the order does not depend on the locale).
 */
export async function dumpSchema(databaseUrl: string, schema = 'read_model'): Promise<SchemaDump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = (await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY table_name COLLATE "C"`,
      [schema],
    )).rows.map((r) => r.table_name);
    const dump: SchemaDump = {};
    for (const table of tables) {
      const keys = (await client.query<{ column_name: string; data_type: string }>(
        `SELECT a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS data_type
         FROM pg_index i
         JOIN pg_class c ON c.oid = i.indrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
         JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
         WHERE n.nspname = $1 AND c.relname = $2 AND i.indisprimary
         ORDER BY k.ord`,
        [schema, table],
      )).rows;
      const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
      const textual = (type: string) => /^(text|character varying|character|varchar|citext)/.test(type);
      const order = keys.length > 0
        ? keys.map((k) => (textual(k.data_type) ? `${quote(k.column_name)} COLLATE "C"` : quote(k.column_name))).join(', ')
        : 't::text COLLATE "C"';
      dump[table] = (await client.query(`SELECT * FROM ${quote(schema)}.${quote(table)} t ORDER BY ${order}`)).rows;
    }
    await client.query('COMMIT');
    return dump;
  } finally {
    await client.end();
  }
}

/** Row counts per table, for messages. */
export function dumpSizes(dump: SchemaDump): Record<string, number> {
  return Object.fromEntries(Object.entries(dump).map(([t, rows]) => [t, rows.length]));
}

const canonical = (value: unknown): string => JSON.stringify(value, (_k, v) =>
  v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
    : v);

/**
 * What differs between two dumps, table by table: missing tables, row counts, and the first rows that differ
 * (at most `limit` per table). Empty when equal.
 */
export function diffDumps(a: SchemaDump, b: SchemaDump, labels: [string, string], limit = 5): string[] {
  const problems: string[] = [];
  const tables = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const table of tables) {
    const ra = a[table];
    const rb = b[table];
    if (!ra || !rb) {
      problems.push(`table ${table}: only in ${ra ? labels[0] : labels[1]}`);
      continue;
    }
    const sa = ra.map(canonical);
    const sb = rb.map(canonical);
    const inA = new Set(sa);
    const inB = new Set(sb);
    const onlyA = sa.filter((r) => !inB.has(r));
    const onlyB = sb.filter((r) => !inA.has(r));
    if (onlyA.length === 0 && onlyB.length === 0 && sa.length === sb.length) {
      if (sa.some((r, i) => r !== sb[i])) problems.push(`table ${table}: same rows in another order`);
      continue;
    }
    problems.push(
      `table ${table}: ${ra.length} rows in ${labels[0]}, ${rb.length} in ${labels[1]}; ${onlyA.length} only in ${labels[0]}, ${onlyB.length} only in ${labels[1]}` +
        onlyA.slice(0, limit).map((r) => `\n    only in ${labels[0]}: ${r.slice(0, 400)}`).join('') +
        onlyB.slice(0, limit).map((r) => `\n    only in ${labels[1]}: ${r.slice(0, 400)}`).join(''),
    );
  }
  return problems;
}

/** The server's log lines about the fan-out (relay, Kafka consumer, projector), for diagnostics; the last `max`. */
export function fanoutLogLines(output: string, sinceMs = 0, max = 40): string[] {
  const timeOf = (line: string) => Date.parse(/"time":"([^"]+)"/.exec(line)?.[1] ?? '') || 0;
  return output.split('\n')
    .filter((l) => /Fanout|relay|consumer|kafka|projection/i.test(l) && timeOf(l) >= sinceMs)
    .slice(-max).map((l) => l.slice(0, 400));
}

/** Percentiles of latencies (ms). */
export function latencyStats(samples: readonly number[]): { n: number; p50: number; p99: number; max: number } {
  if (samples.length === 0) return { n: 0, p50: 0, p99: 0, max: 0 };
  const sorted = [...samples].sort((x, y) => x - y);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)! };
}

/** Runs the replay CLI (`node tools/replay/dist/cli.js ...args`); throws with its output when it fails. */
export async function replayCli(args: string[], timeoutMs = 120_000): Promise<{ stdout: string; stderr: string }> {
  try {
    return await promisify(execFile)(process.execPath, [REPLAY_CLI, ...args], {
      timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, cwd: REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
  } catch (error) {
    const e = error as { stderr?: string; stdout?: string; message: string };
    throw new Error(`replay ${args.join(' ')} failed: ${e.message}\n${(e.stderr ?? '').slice(-2000)}`);
  }
}
