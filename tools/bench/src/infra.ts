/**
 * The server stack through `tools/infra/infra.sh`: which services run, starting the missing ones (and stopping at the
 * end only those this run started), their environment and pids, fresh databases, Kafka topic clean-up.
 */
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT, run, runOk, step } from './util.js';

const INFRA = path.join(REPO_ROOT, 'tools/infra/infra.sh');
export type Service = 'postgres' | 'kafka' | 'mosquitto';

export interface InfraEnv {
  /** `postgres://postgres@127.0.0.1:55432/auction`: the server's admin database. */
  readonly databaseUrl: string;
  readonly kafkaBrokers?: string;
  readonly mqtt?: { url: string; username: string; password: string; wsUrl?: string };
}

/** Runs `infra.sh status <service>`: the pid when it runs, else null. */
export async function servicePid(service: Service): Promise<number | null> {
  const result = await run('bash', [INFRA, 'status', service], { timeoutMs: 60_000 });
  if (result.code !== 0) return null;
  const m = /running \(pid (\d+)\)/.exec(result.stdout);
  return m ? Number(m[1]) : null;
}

/** Starts the services that do not run yet; returns those it started (to stop at the end). */
/**
 * Starts the services that are not running; returns those it started. Each is added to `started` (default: a new
 * list) as soon as it is up, so a run interrupted meanwhile stops what was already started.
 */
export async function ensureServices(services: readonly Service[], started: Service[] = []): Promise<Service[]> {
  for (const service of services) {
    if ((await servicePid(service)) !== null) {
      step(`${service} already running (left running at the end)`);
      continue;
    }
    step(`starting ${service} with tools/infra/infra.sh`);
    const result = await runOk('bash', [INFRA, 'start', service], { timeoutMs: 600_000, echo: true });
    // Someone else may have started it between the status and the start: then it is theirs to stop.
    if (new RegExp(`${service} (already running|.*is still starting)`).test(result.stderr)) {
      step(`${service} was started meanwhile by someone else (left running at the end)`);
      continue;
    }
    started.push(service);
  }
  return started;
}

/**
 * Restarts the running Mosquitto with the live edge's auth plugin (tools/mosquitto-edge, built by infra.sh) asking the
 * API's edge check on 127.0.0.1:`apiPort` with `secret` (the API's LIVE_EDGE_AUTH_PORT / LIVE_EDGE_AUTH_SECRET): the
 * generated config takes the plugin only at a start.
 */
export async function startMosquittoEdge(secret: string, apiPort: number): Promise<{ secret: string; apiPort: number }> {
  await runOk('bash', [INFRA, 'stop', 'mosquitto'], { timeoutMs: 60_000, echo: true });
  await runOk('bash', [INFRA, 'start', 'mosquitto'], {
    timeoutMs: 120_000, echo: true, env: { ...process.env, INFRA_MQTT_EDGE_SECRET: secret, INFRA_MQTT_EDGE_API_PORT: String(apiPort) },
  });
  return { secret, apiPort };
}

export async function stopServices(services: readonly Service[]): Promise<void> {
  if (services.length === 0) return;
  step(`stopping ${services.join(', ')} (started by this run)`);
  await run('bash', [INFRA, 'stop', ...services], { timeoutMs: 300_000 });
}

/** Parses `infra.sh env ...` (export lines). */
export async function infraEnv(services: readonly Service[]): Promise<InfraEnv> {
  const { stdout } = await runOk('bash', [INFRA, 'env', ...services], { timeoutMs: 60_000 });
  const vars: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('export ')) continue;
    for (const m of line.slice(7).matchAll(/([A-Z_]+)=((?:'[^']*'|\\.|[^\s\\'])*)/g)) {
      vars[m[1]!] = unquote(m[2]!);
    }
  }
  if (!vars.DATABASE_URL) throw new Error(`infra.sh env printed no DATABASE_URL:\n${stdout}`);
  return {
    databaseUrl: vars.DATABASE_URL,
    kafkaBrokers: vars.KAFKA_BROKERS,
    mqtt: vars.MQTT_URL ? { url: vars.MQTT_URL, username: vars.MQTT_USERNAME ?? '', password: vars.MQTT_PASSWORD ?? '', wsUrl: vars.MQTT_WS_URL } : undefined,
  };
}

/** Undoes bash's `printf %q` quoting ('...' and backslash escapes). */
function unquote(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === "'") {
      const end = value.indexOf("'", i + 1);
      out += value.slice(i + 1, end);
      i = end;
    } else if (c === '\\') {
      out += value[++i] ?? '';
    } else out += c;
  }
  return out;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrlOf(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery<R extends pg.QueryResultRow = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  // A connection ended by the server (PostgreSQL stopping) rejects the query; without a listener it would also throw.
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * `adminUrl` with `?host=` the directory of the server's Unix socket (its first `unix_socket_directories`): `pg` then
 * connects over the socket, same port and database, instead of TCP. Throws when the server has no socket directory.
 */
export async function socketUrl(adminUrl: string): Promise<string> {
  const [row] = await adminQuery<{ dirs: string }>(adminUrl, "SELECT current_setting('unix_socket_directories') AS dirs");
  const dir = (row?.dirs ?? '').split(',')[0]!.trim();
  if (!dir.startsWith('/')) throw new Error(`PostgreSQL at ${adminUrl} has no Unix socket directory (unix_socket_directories = '${row?.dirs ?? ''}')`);
  const url = new URL(adminUrl);
  url.searchParams.set('host', dir);
  const [check] = await adminQuery<{ tcp: string | null }>(url.toString(), 'SELECT inet_server_addr()::text AS tcp');
  if (check?.tcp) throw new Error(`${url} still reached PostgreSQL over TCP (${check.tcp})`);
  return url.toString();
}

/** Creates an empty database `name` (dropping a leftover of the same name); returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return databaseUrlOf(adminUrl, name);
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}

/** Deletes Kafka topics, best effort. */
export async function deleteTopics(brokers: string, topics: string[]): Promise<void> {
  if (topics.length === 0) return;
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ clientId: 'bench', brokers: brokers.split(','), logLevel: logLevel.NOTHING, retry: { retries: 2 } }).admin();
  try {
    await admin.connect();
    const existing = new Set(await admin.listTopics());
    const mine = topics.filter((t) => existing.has(t));
    if (mine.length > 0) await admin.deleteTopics({ topics: mine, timeout: 15_000 });
  } catch {
    // best effort: a leftover topic is harmless
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

/** PostgreSQL's version string, e.g. `PostgreSQL 15.14 (Debian ...)`. */
export async function postgresVersion(adminUrl: string): Promise<string> {
  const [row] = await adminQuery<{ version: string }>(adminUrl, 'SELECT version()');
  return row?.version ?? '?';
}
