/**
 * The fan-out scenario's subscribers, held outside k6 by tools/fanout-sub (Go): built like k6, started beside it on an
 * auction the bench creates, with live tokens of the LIVE_ACCOUNTS dealers, and stopped after k6's bidders are done.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { HarnessResult } from './fanout-join.js';
import { Api, loginTokens } from './http.js';
import { REPO_ROOT, runOk, sleep } from './util.js';

export const FANOUT_SUB = path.join(REPO_ROOT, '.tools/bin/fanout-sub');
export const BUILD_FANOUT_SUB = path.join(REPO_ROOT, 'tools/fanout-sub/build.sh');

/** Builds `.tools/bin/fanout-sub` with tools/fanout-sub/build.sh (a no-op when its sources did not change). */
export async function buildFanoutSub(): Promise<void> {
  await runOk('bash', [BUILD_FANOUT_SUB], { echo: true, timeoutMs: 1_800_000 });
  if (!existsSync(FANOUT_SUB)) throw new Error(`${BUILD_FANOUT_SUB} ran but ${FANOUT_SUB} does not exist`);
}

/** How one fan-out run is held. `bidders` and the account numbering follow load-tests/scenarios/fanout.js. */
export interface FanoutPlan {
  readonly subscribers: number;
  readonly rampSeconds: number;
  readonly bidders: number;
  readonly liveAccounts: number;
  readonly qos: 0 | 1;
  /** After every subscriber is in, before the bidders start (the retained burst, the broker's post-subscribe window). */
  readonly settleSeconds: number;
  /** After k6's last offer, before the harness is stopped. */
  readonly tailSeconds: number;
  /** Set when fewer subscribers than asked are held: the number asked, and why. */
  readonly capped?: { readonly asked: number; readonly reason: string };
}

/** Descriptors the API keeps for itself besides the live connections (database, Kafka, logs, PGlite's files). */
export const API_RESERVED_FILES = 1024;
/**
 * Descriptors Mosquitto and the harness keep besides the live connections (listeners, log, persistence, the plugin's
 * socket to the API; the harness's poller and log): Mosquitto started by tools/infra holds 12 before any client
 * (`ls /proc/PID/fd`), the plugin adds one socket; kept with a margin.
 */
export const EDGE_RESERVED_FILES = 64;

/** Who holds the subscribers' connections: the API (`/mqtt`) or Mosquitto (`--fanout-edge mosquitto`). */
export type FanoutEdge = 'api' | 'mosquitto';

/** The descriptors a process holding `subscribers` live connections asks for on `edge`. */
export function filesWanted(subscribers: number, edge: FanoutEdge): number {
  return subscribers + (edge === 'api' ? API_RESERVED_FILES : EDGE_RESERVED_FILES);
}

/**
 * The plan within what one process may open: every live connection is a descriptor in the process that holds it (the
 * API, or Mosquitto on its edge) and in the harness, and the hard limit may not be raisable (prlimit needs
 * CAP_SYS_RESOURCE). `available` is what one process can be given (null: unknown, no cap).
 */
export function withinOpenFiles(plan: FanoutPlan, available: number | null, edge: FanoutEdge = 'api'): FanoutPlan {
  const wanted = filesWanted(plan.subscribers, edge);
  if (available === null || available >= wanted) return plan;
  const reserved = wanted - plan.subscribers;
  const subscribers = Math.max(1, available - reserved);
  const holder = edge === 'api' ? 'the API' : 'Mosquitto and the harness each';
  return {
    ...plan, subscribers,
    capped: { asked: plan.subscribers, reason: `a process may open ${available.toLocaleString('en')} files here (hard limit, not raisable: prlimit needs CAP_SYS_RESOURCE), and ${holder} need${edge === 'api' ? 's' : ''} one per connection plus ${reserved.toLocaleString('en')}` },
  };
}

/** The QoS the web client subscribes at (LIVE_SUBSCRIBE_QOS, apps/web/src/live/mqtt-broker.actor.ts): the subscribers are browsers. */
const WEB_CLIENT_QOS = 0;
const PLANS: Record<string, FanoutPlan> = {
  smoke: { subscribers: 20, rampSeconds: 2, bidders: 2, liveAccounts: 2, qos: WEB_CLIENT_QOS, settleSeconds: 2, tailSeconds: 3 },
  short: { subscribers: 1000, rampSeconds: 10, bidders: 2, liveAccounts: 10, qos: WEB_CLIENT_QOS, settleSeconds: 3, tailSeconds: 5 },
  full: { subscribers: 5000, rampSeconds: 40, bidders: 2, liveAccounts: 20, qos: WEB_CLIENT_QOS, settleSeconds: 5, tailSeconds: 5 },
};
/** Connections opened per second at most when a count is given (the API authenticates and authorizes each). */
const CONNECTS_PER_SECOND = 200;

/** The plan of a fan-out scenario: `fanout` by profile (or `subscribers`), `fanout-20k` 20,000 subscribers. */
export function fanoutPlan(profile: string, scenario: string, subscribers?: number): FanoutPlan {
  const base = PLANS[profile] ?? PLANS.short!;
  const count = scenario === 'fanout-20k' ? 20_000 : (subscribers ?? base.subscribers);
  if (count === base.subscribers) return base;
  return { ...base, subscribers: count, rampSeconds: Math.max(base.rampSeconds, Math.ceil(count / CONNECTS_PER_SECOND)), liveAccounts: Math.max(base.liveAccounts, 20) };
}

/** The auction the subscribers follow and k6's bidders bid on, and the live accounts' tokens. */
export interface FanoutSetup {
  readonly idAuction: string;
  readonly accounts: { username: string; token: string }[];
}

/**
 * Creates the auction as `auctioneer` (one lot per bidder, running from an hour ago until well after the run, no
 * extension) and logs the live accounts in: dealers `bidders + 1 … bidders + liveAccounts`, as fanout.js names them.
 */
export async function prepareFanout(baseUrl: string, password: string, plan: FanoutPlan, runSeconds: number): Promise<FanoutSetup> {
  const auctioneer = await Api.login(baseUrl, 'auctioneer', password);
  const run = Date.now().toString(36).toUpperCase();
  const body = {
    auctionName: `bench fan-out ${run}`, idMarket: 'IT', auctionType: 'OTH', startDate: new Date(Date.now() - 3_600_000).toISOString(),
    endDate: new Date(Date.now() + (runSeconds + 900) * 1000).toISOString(), regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
    lots: Array.from({ length: plan.bidders }, (_, i) => ({
      licensePlate: `FO${run}X${String(i + 1).padStart(4, '0')}`.slice(0, 20), brand: 'Fiat', model: 'Panda 1.2', basePrice: 1000, minIncrement: 10,
    })),
  };
  const auction = await auctioneer.ok<{ idAuction: string }>('POST', '/api/v1/secure/auction', body);
  const names = Array.from({ length: plan.liveAccounts }, (_, i) => `dealer${plan.bidders + i + 1}`);
  const tokens = await loginTokens(baseUrl, names, password);
  return { idAuction: auction.idAuction, accounts: names.map((username) => ({ username, token: tokens[username]! })) };
}

/** The harness's `{"event":"ready"}` line: every connection attempt is over. */
export interface HarnessReady {
  readonly connected: number;
  readonly subscribed: number;
  readonly refused: number;
  readonly failed: number;
  readonly rampSeconds: number;
  readonly errors: Record<string, number>;
}

export interface HarnessRun {
  readonly pid: number;
  readonly resultFile: string;
  readonly logFile: string;
  /** Resolves at the ready line; rejects when the harness exits before it or `timeoutMs` passes. */
  ready(timeoutMs: number): Promise<HarnessReady>;
  /** SIGTERM (the harness writes its result and exits), SIGKILL after `graceMs`; the result, or null without one. */
  stop(graceMs?: number): Promise<HarnessResult | null>;
}

export interface HarnessOptions {
  readonly wsUrl: string;
  readonly setup: FanoutSetup;
  readonly plan: FanoutPlan;
  /** The longest hold: the harness is normally stopped before (SIGTERM). */
  readonly holdSeconds: number;
  readonly outDir: string;
  readonly name: string;
}

/** Starts the harness; its configuration (with the tokens) goes through standard input, never to a file or argv. */
export function startHarness(o: HarnessOptions): HarnessRun {
  const resultFile = path.join(o.outDir, `${o.name}.fanout-sub.json`);
  const logFile = path.join(o.outDir, `${o.name}.fanout-sub.log`);
  const config = {
    url: o.wsUrl, auction: o.setup.idAuction, topic: 'auction/{auction}/lot/+', subscribers: o.plan.subscribers, accounts: o.setup.accounts,
    qos: o.plan.qos, rampSeconds: o.plan.rampSeconds, holdSeconds: o.holdSeconds, maxInFlight: 64, out: resultFile,
    clientIdPrefix: `bench-${o.name}-${Date.now().toString(36)}`,
  };
  const child = spawn(FANOUT_SUB, ['-config', '-'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  // A harness that refuses its configuration exits at once: the write then fails (EPIPE), which its exit code reports.
  child.stdin.on('error', () => {});
  child.stdin.end(JSON.stringify(config));
  const log = createWriteStream(logFile);
  child.stderr.on('data', (chunk: Buffer) => log.write(chunk));
  let exitCode: number | null | undefined;
  // 'close': the process has exited and its output is all read; the log ends then.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => {
    exitCode = code;
    log.end(() => resolve(code));
  }));
  child.once('error', (error) => { log.write(`[bench] the harness did not start: ${error.message}\n`); });
  let onReady: (r: HarnessReady) => void = () => {};
  const readyLine = new Promise<HarnessReady>((resolve) => (onReady = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    log.write(`${line}\n`);
    try {
      const e = JSON.parse(line) as { event?: string } & HarnessReady;
      if (e.event === 'ready') onReady(e);
    } catch {
      // not an event line
    }
  });
  const tail = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '');
  return {
    pid: child.pid ?? -1, resultFile, logFile,
    ready: (timeoutMs) => Promise.race([
      readyLine,
      exited.then((code) => { throw new Error(`the fan-out harness exited (code ${code}) before it was ready; see ${logFile}:\n${tail()}`); }),
      sleep(timeoutMs).then(() => { throw new Error(`the fan-out harness was not ready after ${timeoutMs} ms; see ${logFile}`); }),
    ]),
    stop: async (graceMs = 60_000) => {
      if (exitCode === undefined) {
        child.kill('SIGTERM');
        const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
        if (!done) {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await exited;
      return existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, 'utf8')) as HarnessResult) : null;
    },
  };
}
