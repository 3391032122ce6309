/**
 * Starts the built API (`apps/api/dist/main.js`) on this Node as a child process with the bench's environment, waits
 * for its "API listening on" line, keeps its log in a file, and stops it by its pid.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, freePort, sleep } from './util.js';

export const MAIN_JS = path.join(REPO_ROOT, 'apps/api/dist/main.js');

let startScriptText: string | null = null;

/** The root package.json's `start` script, read once. */
function startScript(): string {
  startScriptText ??= (JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.start ?? '';
  return startScriptText;
}

/**
 * The Node flags `npm start` gives the API (`node <flags> apps/api/dist/main.js` in the root package.json), so the
 * bench runs the API as the product runs it.
 */
export function startScriptNodeFlags(): string[] {
  const match = /\bnode\s+((?:--\S+\s+)*)apps\/api\/dist\/main\.js/.exec(startScript());
  return match?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** Environment variables the `start` script sets before `node` unless they are set (`NAME=${NAME:-value}`). */
export function startScriptEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of startScript().matchAll(/\b([A-Z_][A-Z0-9_]*)=\$\{\1:-([^}\s]*)\}/g)) out[m[1]!] = process.env[m[1]!] ?? m[2]!;
  return out;
}

let flagsOverride: string[] | null = null;

/** Replaces the Node flags of every API this run starts (`--api-node-flags`). */
export function overrideApiNodeFlags(flags: string[]): void {
  flagsOverride = flags;
}

/** The Node flags the APIs of this run get. */
export function apiNodeFlags(): string[] {
  return flagsOverride ?? startScriptNodeFlags();
}

export interface ApiOptions {
  /** Server mode: the database; embedded: undefined (then `dataDir`). */
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  readonly kafka?: { brokers: string; topic: string; groupPrefix: string };
  readonly mqtt?: { url: string; username: string; password: string };
  readonly password: string;
  readonly dealers: number;
  readonly logFile: string;
  /** More variables (PROJECTIONS=false...). */
  readonly env?: Record<string, string>;
  readonly startTimeoutMs?: number;
  /** Open the inspector on 127.0.0.1:this port (the bench's CPU profiling drives it). */
  readonly inspectPort?: number;
  /** Node flags of the API (default: those of `npm start`, see {@link startScriptNodeFlags}). */
  readonly nodeFlags?: readonly string[];
  /**
   * Descriptors the API must be able to open (the fan-out's thousands of live connections). Node raises its soft limit
   * to the hard one; when the inherited hard limit is lower, the API is started through `prlimit` (as root).
   */
  readonly maxOpenFiles?: number;
}

export interface ApiProcess {
  readonly pid: number;
  readonly port: number;
  readonly baseUrl: string;
  /** ms from spawn to the "API listening on" line. */
  readonly startMs: number;
  /** The last lines of its output (for error messages). */
  tail(): string;
  /** SIGTERM, SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
  readonly exited: Promise<number | null>;
}

/** The hard limit of open files this process passes on (from /proc/self/limits), or null when unknown. */
export function hardOpenFilesLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
    const hard = line?.trim().split(/\s+/)[4];
    return hard === 'unlimited' ? Number.POSITIVE_INFINITY : hard ? Number(hard) : null;
  } catch {
    return null;
  }
}

const PRLIMIT = '/usr/bin/prlimit';
const raisable = new Map<number, boolean>();

/** May a child be given `wanted` open files through prlimit? (Root alone is not enough: it takes CAP_SYS_RESOURCE.) */
function mayRaiseTo(wanted: number): boolean {
  let ok = raisable.get(wanted);
  if (ok === undefined) {
    ok = existsSync(PRLIMIT) && spawnSync(PRLIMIT, [`--nofile=${wanted}:${wanted}`, 'true'], { stdio: 'ignore' }).status === 0;
    raisable.set(wanted, ok);
  }
  return ok;
}

/**
 * The open files an API started by this process can have, asked `wanted`: `wanted` when the inherited hard limit allows
 * it or prlimit can raise it, else the hard limit (null when unknown: no limit is assumed).
 */
export function openFilesAvailable(wanted: number): number | null {
  const hard = hardOpenFilesLimit();
  if (hard === null || hard >= wanted || mayRaiseTo(wanted)) return hard === null ? null : wanted;
  return hard;
}

/**
 * The command that runs `command args` with at least `wanted` open files: itself when the inherited hard limit allows
 * it (Node raises its soft limit to the hard one), else through util-linux's `prlimit`, which sets the limit and
 * executes the command in its own process (the pid is the API's), when that is permitted.
 */
function withOpenFiles(wanted: number | undefined, command: string, args: string[]): [string, string[]] {
  const hard = hardOpenFilesLimit();
  if (!wanted || hard === null || hard >= wanted || !mayRaiseTo(wanted)) return [command, args];
  return [PRLIMIT, [`--nofile=${wanted}:${wanted}`, '--', command, ...args]];
}

export async function startApi(o: ApiOptions): Promise<ApiProcess> {
  if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} does not exist: build first (npx tsc -b tsconfig.build.json)`);
  const port = await freePort();
  // Nothing inherited chooses the storage or the fan-out: only what the bench sets.
  const {
    DATABASE_URL: _a, EVENTSTORE_URL: _b, DATA_DIR: _c, KAFKA_BROKERS: _d, KAFKA_TOPIC: _e, KAFKA_GROUP_PREFIX: _f,
    MQTT_URL: _g, MQTT_USERNAME: _h, MQTT_PASSWORD: _i, NODE_OPTIONS: _j, PROJECTIONS: _k, ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    // As `npm start` (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_), unless set.
    ...startScriptEnv(),
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    DEMO_DEALERS: String(o.dealers),
    DEMO_PASSWORD: o.password,
    // The lowest password-hash cost allowed (not the default 2^17): hundreds of demo dealers are hashed at start-up and log in.
    PASSWORD_HASH_COST: '14',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    MQTT_TCP_PORT: '0',
    // k6 and the extras log thousands of dealers in from 127.0.0.1: the per-address ceiling on login calls is raised
    // (failed logins stay limited as in production).
    LOGIN_ADDRESS_MAX_ATTEMPTS: '1000000',
    // closing-rush creates auctions ending 3 to 30 s after their creation: the deployment's one-minute minimum
    // (422030 since issue 21 item 12) refused them, and the scenario broke in setup.
    MIN_AUCTION_SECONDS: '1',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : { DATA_DIR: o.dataDir! }),
    ...(o.kafka ? { KAFKA_BROKERS: o.kafka.brokers, KAFKA_TOPIC: o.kafka.topic, KAFKA_GROUP_PREFIX: o.kafka.groupPrefix } : {}),
    ...(o.mqtt ? { MQTT_URL: o.mqtt.url, MQTT_USERNAME: o.mqtt.username, MQTT_PASSWORD: o.mqtt.password } : {}),
    ...o.env,
  };
  const t0 = Date.now();
  const nodeArgs = [...(o.nodeFlags ?? apiNodeFlags()), ...(o.inspectPort ? [`--inspect=127.0.0.1:${o.inspectPort}`] : [])];
  const [command, args] = withOpenFiles(o.maxOpenFiles, process.execPath, [...nodeArgs, MAIN_JS]);
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(o.logFile);
  let tail = '';
  let listening = false;
  let lineBuffer = '';
  const onData = (chunk: Buffer) => {
    log.write(chunk);
    const text = chunk.toString();
    tail = (tail + text).slice(-8_000);
    if (!listening) {
      lineBuffer += text;
      if (lineBuffer.includes('API listening on')) listening = true;
      lineBuffer = lineBuffer.slice(-200);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    exitCode = code;
    log.end();
    resolve(code);
  }));
  const stop = async (graceMs = 15_000) => {
    if (exitCode !== undefined) return;
    process.kill(child.pid!, 'SIGTERM');
    const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
    if (!done && exitCode === undefined) {
      process.kill(child.pid!, 'SIGKILL');
      await exited;
    }
  };
  const deadline = t0 + (o.startTimeoutMs ?? 300_000);
  while (!listening) {
    if (exitCode !== undefined) throw new Error(`the API exited (code ${exitCode}) before listening; see ${o.logFile}:\n${tail.slice(-3000)}`);
    if (Date.now() > deadline) {
      await stop(2_000);
      throw new Error(`the API did not print "API listening on" within ${o.startTimeoutMs ?? 300_000} ms; see ${o.logFile}:\n${tail.slice(-3000)}`);
    }
    await sleep(100);
  }
  const startMs = Date.now() - t0;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The live channel starts right after the listening line; wait until health answers.
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return { pid: child.pid!, port, baseUrl, startMs, tail: () => tail, stop, exited };
}
