/**
 * Starts the real product for the browser tests: `node apps/api/dist/main.js` (which serves the built client of
 * `apps/web/dist` at `/`) as a child process on a port of its own choosing, with demo data, over a temp data
 * directory. When `DATABASE_URL`, `KAFKA_BROKERS` and `MQTT_URL` are set (as `npm test` does from tools/infra) it runs
 * in server mode on a FRESH PostgreSQL database, its own Kafka topic and consumer-group prefix, and Mosquitto;
 * otherwise embedded. Mirrors `apps/api/src/testing/server.test-support.ts` (which this package may not import).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const MAIN_JS = path.join(REPO_ROOT, 'apps/api/dist/main.js');
export const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
/** Password of every demo user (the server is started with it). */
export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo#2026!';
/** Number of `dealerN` demo users. */
export const DEMO_DEALERS = 4;

/** Time a start may take; `E2E_START_TIMEOUT_MS` raises it on a busy machine. */
const START_TIMEOUT_MS = Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);
const STOP_GRACE_MS = 10_000;
const LISTENING = /API listening on http:\/\/localhost:(\d+)\/api/;
const READY = /demo logins:/;

export interface Product {
  /** `http://127.0.0.1:<port>`: the web client at `/`, the API at `/api`. */
  readonly baseUrl: string;
  readonly port: number;
  /** The pid of the running process (changes with a restart). */
  readonly pid: number;
  readonly mode: 'embedded' | 'server';
  /** The last 64 KB of the process's stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; then the temp directory and the fresh database are removed. */
  stop(): Promise<void>;
  /** Stops the process only (its data and database stay): the server is gone until {@link restart}. */
  kill(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts the killed product again on the same port, data directory and database; resolves once it is ready. */
  restart(): Promise<void>;
}

/** Server mode when the shared services are named in the environment. */
function serverServices(): { databaseUrl: string; kafkaBrokers: string; mqttUrl: string } | null {
  const { DATABASE_URL, KAFKA_BROKERS, MQTT_URL } = process.env;
  return DATABASE_URL && KAFKA_BROKERS && MQTT_URL ? { databaseUrl: DATABASE_URL, kafkaBrokers: KAFKA_BROKERS, mqttUrl: MQTT_URL } : null;
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

/**
 * Starts the product and resolves once it listens and its live channel is up; `logFile` receives all its output;
 * `embedded`: the embedded default even when the shared services are named.
 */
export async function startProduct(options: { logFile?: string; env?: Readonly<Record<string, string>>; embedded?: boolean } = {}): Promise<Product> {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} does not exist: run \`npx tsc -b tsconfig.build.json\` at the repository root first`);
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html does not exist: build the web client first (\`npm run build -w @auction/web\`)`);
  }
  const tag = randomBytes(5).toString('hex');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'auction-web-e2e-'));
  const services = options.embedded ? null : serverServices();
  let dropDatabase: (() => Promise<void>) | null = null;
  const modeEnv: Record<string, string> = {};
  if (services) {
    const name = `auction_web_e2e_${tag}`;
    await adminQuery(services.databaseUrl, `CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(services.databaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(services.databaseUrl);
    url.pathname = `/${name}`;
    Object.assign(modeEnv, {
      DATABASE_URL: url.toString(),
      KAFKA_BROKERS: services.kafkaBrokers, KAFKA_TOPIC: `web-e2e-${tag}`, KAFKA_GROUP_PREFIX: `web-e2e-${tag}-`,
      MQTT_URL: services.mqttUrl,
      ...(process.env.MQTT_USERNAME ? { MQTT_USERNAME: process.env.MQTT_USERNAME } : {}),
      ...(process.env.MQTT_PASSWORD ? { MQTT_PASSWORD: process.env.MQTT_PASSWORD } : {}),
    });
  }
  // Nothing inherited may choose the storage or the services: only what this run created.
  const {
    DATABASE_URL: _db, EVENTSTORE_URL: _es, NODE_OPTIONS: _no, NODE_ENV: _ne, DATA_DIR: _dd, PORT: _p, HOST: _h,
    KAFKA_BROKERS: _kb, KAFKA_TOPIC: _kt, KAFKA_GROUP_PREFIX: _kg, MQTT_URL: _mu, MQTT_USERNAME: _mn, MQTT_PASSWORD: _mp,
    LOG_LEVEL: _ll, LOG_FORMAT: _lf, SMTP_URL: _su, MAIL_FROM: _mf, ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: '0', HOST: '127.0.0.1', MQTT_TCP_PORT: '0', LOG_FORMAT: 'json', LOG_LEVEL: 'info',
    DEMO_DATA: 'true', DEMO_DEALERS: String(DEMO_DEALERS), DEMO_PASSWORD,
    // Short auctions keep the scenarios short (the default minimum is 60 s).
    MIN_AUCTION_SECONDS: '5',
    // Every browser of the suite signs in from 127.0.0.1: the per-address ceiling on the issuer's sign-in pages is raised.
    SSO_ADDRESS_MAX_REQUESTS: '100000',
    DATA_DIR: dataDir, WEB_DIST,
    ...modeEnv,
    ...options.env,
  };
  const out = { stdout: '', stderr: '' };
  const log = options.logFile ? (mkdirSync(path.dirname(options.logFile), { recursive: true }), createWriteStream(options.logFile)) : null;
  let port = 0;
  let current = launch(env, out, log);
  const output = () => `--- stderr ---\n${out.stderr}\n--- stdout ---\n${out.stdout}`;

  let stopped = false;
  const cleanUp = async () => {
    log?.end();
    await rm(dataDir, { recursive: true, force: true });
    if (dropDatabase) await dropDatabase().catch((e: unknown) => console.warn(`could not drop the e2e database: ${String(e)}`));
  };
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await current.terminate('SIGTERM');
    await cleanUp();
  };
  const ready = async (running: Running) => {
    try {
      port = await running.ready(port);
    } catch (error) {
      await stop();
      throw new Error(`${(error as Error).message}\n${output()}`);
    }
  };
  await ready(current);
  const product = {
    get baseUrl() { return `http://127.0.0.1:${port}`; }, port, get pid() { return current.pid; },
    mode: services ? 'server' as const : 'embedded' as const, output, stop,
    async kill(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') { await current.terminate(signal); },
    async restart() {
      if (!current.exited) throw new Error('restart: kill the product first');
      current = launch({ ...env, PORT: String(port) }, out, log);
      await ready(current);
    },
  };
  return product;
}

/** One process of the product. */
interface Running {
  readonly pid: number;
  readonly exited: boolean;
  /** Resolves with the port once it listens and its live channel is up (`port`: the one it must take, 0 any). */
  ready(port: number): Promise<number>;
  /** The signal, then SIGKILL after a grace period; resolves once it has exited. */
  terminate(signal: NodeJS.Signals): Promise<void>;
}

function launch(env: NodeJS.ProcessEnv, out: { stdout: string; stderr: string }, log: NodeJS.WritableStream | null): Running {
  const child: ChildProcess = spawn(process.execPath, [MAIN_JS], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A worker that dies without afterAll must not leave the server behind.
  const killOnExit = () => { if (child.pid && child.exitCode === null) child.kill('SIGKILL'); };
  process.once('exit', killOnExit);
  if (log) {
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
  }
  let port = 0;
  let isReady = false;
  let wake: () => void = () => undefined;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    out.stdout = (out.stdout + text).slice(-65_536);
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const listening = LISTENING.exec(line);
      if (listening) { port = Number(listening[1]); wake(); }
      if (READY.test(line)) { isReady = true; wake(); }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => { out.stderr = (out.stderr + chunk.toString()).slice(-65_536); });
  let exitedWith: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exited = new Promise<void>((resolve) => child.once('exit', (code, signal) => {
    exitedWith = { code, signal };
    process.removeListener('exit', killOnExit);
    wake();
    resolve();
  }));
  return {
    pid: child.pid!,
    get exited() { return exitedWith !== null; },
    async ready(wanted) {
      const deadline = Date.now() + START_TIMEOUT_MS;
      while (!(port && isReady)) {
        if (exitedWith) {
          const { code, signal } = exitedWith as { code: number | null; signal: NodeJS.Signals | null };
          throw new Error(`the product exited before it was ready (code ${code}, signal ${signal})`);
        }
        if (Date.now() > deadline) {
          await this.terminate('SIGKILL');
          throw new Error(`the product was not ready within ${START_TIMEOUT_MS / 1000} s (port ${port || 'unknown'})`);
        }
        await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, 250); });
      }
      if (wanted && port !== wanted) throw new Error(`the product listens on ${port}, not on ${wanted}`);
      return port;
    },
    async terminate(signal) {
      if (exitedWith || !child.pid) return;
      process.kill(child.pid, signal);
      let timer: NodeJS.Timeout | undefined;
      const gone = await Promise.race([exited.then(() => true), new Promise<boolean>((r) => { timer = setTimeout(() => r(false), STOP_GRACE_MS); })]);
      clearTimeout(timer);
      if (!gone && !exitedWith) {
        process.kill(child.pid, 'SIGKILL');
        await exited;
      }
    },
  };
}
