/**
 * Starts the real built server (`apps/api/dist/main.js`) as a child process on the test's own Node binary,
 * with demo data, on a free port, over a fresh embedded data directory or a fresh PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuSecondsOf } from '../../../../tools/bench/src/sampler.js';
import { freePort } from '../../../../tools/bench/src/util.js';
import { DEMO_PASSWORD, sleep } from './api-client.test-support.js';

export { ApiClient, DEMO_PASSWORD, ServerClock, describeResult, isCleanError, okBody, sleep, statusAndCode } from './api-client.test-support.js';
export type { ApiResult, Credentials, RequestOptions } from './api-client.test-support.js';

export type StorageMode = 'embedded' | 'postgres';

/** Number of `dealerN` demo users the servers are started with. */
export const DEMO_DEALERS = 70;

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAIN_JS = path.join(REPO_ROOT, 'apps/api/dist/main.js');
const KEEP_DATA = process.env.E2E_KEEP_DATA === '1';

/** Where a server keeps its events; survives server restarts until `dispose()`. */
export interface ServerStorage {
  readonly mode: StorageMode;
  readonly dataDir?: string;
  readonly databaseUrl?: string;
  dispose(): Promise<void>;
}

/**
 * A fresh temp directory (embedded) or a fresh database `auction_e2e_<random>` on `$DATABASE_URL`'s server (or on
 * `adminUrl`'s: a test's own server, private-infra.test-support.ts).
 */
export async function createStorage(mode: StorageMode, adminUrl = process.env.DATABASE_URL): Promise<ServerStorage> {
  if (mode === 'embedded') {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'auction-e2e-'));
    return { mode, dataDir, dispose: async () => { if (!KEEP_DATA) await rm(dataDir, { recursive: true, force: true }); } };
  }
  if (!adminUrl) {
    throw new Error(
      'DATABASE_URL is not set: the PostgreSQL end-to-end suite needs a PostgreSQL server. Start one with ' +
        '`bash tools/infra/infra.sh start postgres && eval "$(bash tools/infra/infra.sh env postgres)"`, or run `npm test` at the root.',
    );
  }
  const name = `auction_e2e_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    mode,
    databaseUrl: url.toString(),
    dispose: async () => { if (!KEEP_DATA) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A running server process. */
export interface RunningServer {
  readonly baseUrl: string;
  readonly port: number;
  readonly pid: number;
  /** Resolves when the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the process wrote to stderr and stdout so far (the last 64 KB of each). */
  output(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves once the process is gone. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash); resolves once the process is gone. */
  kill(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => { for (const child of children) child.kill('SIGKILL'); });

/**
 * Starts `node apps/api/dist/main.js` on `storage` and waits until `GET /api/health` answers 200.
 * The port is free when chosen but may be taken before the server binds it (it is in the kernel's ephemeral range,
 * which outgoing connections to PostgreSQL and Kafka draw from too: seen once on CI as EADDRINUSE): a server that
 * exits for that reason is started again on another port, up to three times.
 */
export async function startServer(storage: ServerStorage, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(storage, extraEnv);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof PortTakenError)) throw error;
    }
  }
}

class PortTakenError extends Error {}

/**
 * True when a server's output says its port was taken (`listen EADDRINUSE: address already in use 127.0.0.1:<port>`).
 * A regular expression literal does not interpolate `${port}`: the check once never matched, and a taken port failed
 * the test instead of being chosen again (a fresh-clone run of 2026-11-26).
 */
export function portTaken(output: string, port: number): boolean {
  return new RegExp(`EADDRINUSE[^\\n]*:${port}\\b`).test(output);
}

async function startServerOnce(storage: ServerStorage, extraEnv: Record<string, string>): Promise<RunningServer> {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} does not exist: run \`npm run build\` at the repository root first`);
  const port = Number(extraEnv.PORT) || await freePort();
  // Nothing inherited may choose the storage for the server: only what this run created.
  const {
    DATABASE_URL: _db, EVENTSTORE_URL: _es, NODE_OPTIONS: _no, NODE_ENV: _ne, DATA_DIR: _dd,
    KAFKA_BROKERS: _kb, MQTT_URL: _mu, MQTT_USERNAME: _mn, MQTT_PASSWORD: _mp,
    // The embedded issuer unless a test names another.
    OIDC_ISSUER_URL: _oi, OIDC_CLIENT_ID: _oc, OIDC_CLIENT_SECRET: _os, PUBLIC_URL: _pu,
    // The embedded mail catcher unless a test names a relay (mailbox.test-support.ts: the real SMTP server).
    SMTP_URL: _su, MAIL_FROM: _mf, ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    DEMO_DEALERS: String(DEMO_DEALERS),
    // Drawing and storing the demo vehicles' photos costs a second or more a start: a test that needs them says so.
    DEMO_PHOTOS: 'false',
    // The demo banners are stored in the background after the start: a test counting stored files would see them land.
    DEMO_BANNERS: 'false',
    DEMO_PASSWORD,
    // The lowest password-hash cost allowed (2^14, not the default 2^17): ~70 demo users hash in ~1.5 s, logins cost ~40 ms.
    PASSWORD_HASH_COST: '14',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    // Auctions of a few seconds keep the scenarios short (the default minimum is 60 s); zero-length ones stay refused.
    MIN_AUCTION_SECONDS: '5',
    MQTT_TCP_PORT: '0',
    // Every test client logs in from 127.0.0.1: the per-address ceiling on login calls (failed or not) is raised.
    // Failed logins stay limited per address and per account as in production (login-protection.ts).
    LOGIN_ADDRESS_MAX_ATTEMPTS: '100000',
    // The same for the embedded issuer's sign-in starts and pages (sso.e2e.spec.ts and the browser tests sign in often).
    SSO_ADDRESS_MAX_REQUESTS: '100000',
    ...(storage.mode === 'embedded' ? { DATA_DIR: storage.dataDir! } : { DATABASE_URL: storage.databaseUrl! }),
    ...extraEnv,
  };
  const child = spawn(process.execPath, [MAIN_JS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const out = { stderr: '', stdout: '' };
  const keep = (key: 'stderr' | 'stdout') => (chunk: Buffer) => { out[key] = (out[key] + chunk.toString()).slice(-65_536); };
  child.stderr!.on('data', keep('stderr'));
  child.stdout!.on('data', keep('stdout'));
  let hasExited = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => { hasExited = true; children.delete(child); resolve({ code, signal }); });
  });
  const output = () => `--- stderr ---\n${out.stderr}\n--- stdout ---\n${out.stdout}`;
  let startCpuSeconds: number | undefined;
  const signalAndWait = async (signal: NodeJS.Signals, graceMs: number) => {
    if (hasExited) return;
    recordCpu(child.pid!, port, startCpuSeconds);
    process.kill(child.pid!, signal);
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
    clearTimeout(timer);
    if (!done && !hasExited) {
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    }
  };
  const server: RunningServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    exited,
    output,
    stop: () => signalAndWait('SIGTERM', 5_000),
    kill: () => signalAndWait('SIGKILL', 10_000),
  };
  // E2E_START_TIMEOUT_MS: more time on a loaded machine (a start takes ~10 s alone, over a minute beside many others:
  // two servers started at once beside the browser lane on CI missed 60 s). Below jest's 120 s test timeout.
  const startMs = Number(process.env.E2E_START_TIMEOUT_MS) || 110_000;
  const deadline = Date.now() + startMs;
  for (;;) {
    if (hasExited) {
      const { code, signal } = await exited;
      const message = `the server exited before it was healthy (code ${code}, signal ${signal})\n${output()}`;
      // Only a port this helper chose is chosen again; a port the test named is its own business.
      if (!extraEnv.PORT && portTaken(out.stderr + out.stdout, port)) throw new PortTakenError(message);
      throw new Error(message);
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        startCpuSeconds = cpuSecondsOf(child.pid!);
        return server;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`GET /api/health did not answer 200 within ${startMs / 1000} s\n${output()}`);
    }
    await sleep(200);
  }
}

/** The server of a storage mode shared by the files of one jest run (`sharedServer`). */
export interface SharedServer {
  readonly server: Pick<RunningServer, 'baseUrl' | 'port' | 'pid'>;
  readonly storage: Pick<ServerStorage, 'mode' | 'dataDir' | 'databaseUrl'>;
  /** Nothing for a shared server (the run's global teardown stops it); stops and removes a file's own one. */
  release(): Promise<void>;
}

interface SharedEntry { mode: StorageMode; baseUrl: string; port: number; pid: number; dataDir?: string; databaseUrl?: string; databaseName?: string; adminUrl?: string; startCpu?: string; files: number }

/**
 * The server of this jest run for `mode` (demo data, the default settings), started by the first file that asks and kept
 * for the next ones: each start costs ~5 s of CPU, and ~160 of them were a fifth of a CI run's CPU. jest runs the files
 * one after the other, each in a module registry of its own, so the server is found again through a JSON file in
 * TEST_SHARED_SERVERS_DIR, which the run's global setup makes; its global teardown stops the server and removes its
 * storage (src/testing/shared-servers.global.mjs).
 *
 * Only for files that change nothing another file sees: they read the demo data, add data of their own (named with
 * `runTag`), and assert nothing about the whole of a list or a count that other files' data would change. A file that
 * changes a demo user, a setting or a limit, needs settings of its own, stops or kills its server, or counts everything,
 * starts its own (`startServer`). Without TEST_SHARED_SERVERS_DIR (the file run by another runner), a server of the
 * file's own, stopped by `release`.
 */
export async function sharedServer(mode: StorageMode): Promise<SharedServer> {
  const dir = process.env.TEST_SHARED_SERVERS_DIR;
  if (!dir) {
    const storage = await createStorage(mode);
    const server = await startServer(storage);
    return { server, storage, release: async () => { await server.stop(); await storage.dispose(); } };
  }
  const file = path.join(dir, `${mode}.json`);
  if (existsSync(file)) {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as SharedEntry;
    if (isAlive(entry.pid)) {
      writeFileSync(file, JSON.stringify({ ...entry, files: entry.files + 1 }));
      return { server: entry, storage: entry, release: async () => {} };
    }
    throw new Error(`the shared ${mode} server (pid ${entry.pid}, ${entry.baseUrl}) is gone: a file before this one stopped or crashed it`);
  }
  const storage = await createStorage(mode);
  const server = await startServer(storage);
  const databaseName = storage.databaseUrl ? new URL(storage.databaseUrl).pathname.slice(1) : undefined;
  const entry: SharedEntry = {
    mode, baseUrl: server.baseUrl, port: server.port, pid: server.pid, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl,
    databaseName, adminUrl: databaseName ? process.env.DATABASE_URL : undefined, startCpu: cpuSecondsOf(server.pid)?.toFixed(2), files: 1,
  };
  writeFileSync(file, JSON.stringify(entry));
  return { server, storage, release: async () => {} };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * With `TEST_SERVER_CPU_LOG` set (tools/test/run-all.sh), appends one line per stopped server: the test file, the CPU its
 * start cost (until healthy) and its whole life's CPU; tools/test/server-cpu.mjs sums them after the run.
 */
function recordCpu(pid: number, port: number, startCpu: number | undefined): void {
  const log = process.env.TEST_SERVER_CPU_LOG;
  if (!log) return;
  const total = cpuSecondsOf(pid);
  if (total === undefined) return;
  const testPath = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect?.getState?.().testPath ?? '?';
  try {
    appendFileSync(log, `${path.relative(REPO_ROOT, testPath)}\t${port}\t${startCpu?.toFixed(2) ?? ''}\t${total.toFixed(2)}\n`);
  } catch {
    // a figure for the run's summary only
  }
}

export { freePort };
