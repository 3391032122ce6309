/** Builds and runs k6 scenarios (load-tests/scenarios/*.js) and reads their summary files (load-tests/README.md). */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, runOk, sleep } from './util.js';

export const K6 = path.join(REPO_ROOT, '.tools/bin/k6');
export const BUILD_K6 = path.join(REPO_ROOT, 'tools/k6/build-k6.sh');
export const SCENARIOS = ['spread', 'hot-lot', 'closing-rush', 'fanout', 'fanout-20k', 'showcase-rush'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
/** Scenarios that run another scenario's script (with other settings): `fanout-20k` is `fanout` with 20,000 subscribers. */
const SCRIPT_OF: Record<string, string> = { 'fanout-20k': 'fanout' };

/** The script a scenario runs (load-tests/scenarios/<script>.js). */
export function scriptOf(scenario: string): string {
  return SCRIPT_OF[scenario] ?? scenario;
}

/** `load-tests/README.md` "Summary file". */
export interface ScenarioSummary {
  scenario?: string;
  profile?: string;
  durationSeconds?: number | null;
  clients?: number | null;
  offers?: {
    accepted?: number | null; refused?: number | null; errors?: number | null;
    acceptedPerSecond?: number | null; refusedPerSecond?: number | null; processedPerSecond?: number | null;
  } | null;
  latencyMs?: { avg?: number | null; p50?: number | null; p95?: number | null; p99?: number | null; max?: number | null } | null;
  fanout?: { subscribers?: number | null; messages?: number | null; p50?: number | null; p95?: number | null; p99?: number | null; max?: number | null } | null;
  purchases?: { ok?: number | null; refused?: number | null; errors?: number | null } | null;
  setup_data?: { auctions?: { idAuction: string; lotIds?: string[] }[]; vehicleIds?: string[] } | null;
  notes?: string;
  [key: string]: unknown;
}

/** Builds `.tools/bin/k6` with tools/k6/build-k6.sh (a no-op when it is up to date). */
export async function buildK6(): Promise<void> {
  if (!existsSync(BUILD_K6)) throw new Error(`${BUILD_K6} does not exist: cannot build k6`);
  await runOk('bash', [BUILD_K6], { echo: true, timeoutMs: 1_800_000 });
  if (!existsSync(K6)) throw new Error(`${BUILD_K6} ran but ${K6} does not exist`);
}

export interface K6Run {
  readonly pid: number;
  /** Where k6's console output (the acknowledgements) goes. */
  readonly acksFile: string;
  /** Resolves when k6 has exited. */
  readonly done: Promise<K6Outcome>;
}

export interface K6Outcome {
  readonly code: number | null;
  readonly seconds: number;
  readonly summaryFile: string;
  readonly acksFile: string;
  readonly stdoutFile: string;
  readonly summary: ScenarioSummary | null;
  /** Why the summary is missing or unreadable. */
  readonly summaryError?: string;
  readonly outputTail: string;
}

export interface K6Options {
  readonly scenario: string;
  readonly baseUrl: string;
  readonly profile: string;
  readonly outDir: string;
  readonly mode: 'server' | 'embedded';
  readonly password: string;
  /** Demo dealers the API has (passed as API_DEALERS; DEALERS would override the scenario's own count). */
  readonly dealers: number;
  readonly extraEnv?: Record<string, string>;
  readonly timeoutMs?: number;
}

/** Starts `k6 run` on one scenario; its acknowledgements go to `<outDir>/<scenario>.acks.ndjson`. */
export function startK6(o: K6Options): K6Run {
  const script = path.join(REPO_ROOT, 'load-tests/scenarios', `${scriptOf(o.scenario)}.js`);
  if (!existsSync(script)) throw new Error(`no scenario ${script}`);
  const acksFile = path.join(o.outDir, `${o.scenario}.acks.ndjson`);
  // k6 appends to --console-output: a file left by an earlier run would add its acknowledgements to this one's.
  rmSync(acksFile, { force: true });
  const summaryFile = path.join(o.outDir, `${o.scenario}.summary.json`);
  const stdoutFile = path.join(o.outDir, `${o.scenario}.k6.log`);
  const vars: Record<string, string> = {
    BASE_URL: o.baseUrl, PROFILE: o.profile, OUT_DIR: o.outDir, MODE: o.mode, PASSWORD: o.password, DEMO_PASSWORD: o.password,
    API_DEALERS: String(o.dealers), SCENARIO_NAME: o.scenario, ...o.extraEnv,
  };
  const args = ['run', '--quiet', ...Object.entries(vars).flatMap(([k, v]) => ['-e', `${k}=${v}`]), `--console-output=${acksFile}`, script];
  const t0 = Date.now();
  const child = spawn(K6, args, { cwd: REPO_ROOT, env: { ...process.env, K6_NO_USAGE_REPORT: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(stdoutFile);
  let tail = '';
  const keep = (chunk: Buffer) => {
    out.write(chunk);
    tail = (tail + chunk.toString()).slice(-6_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let timer: NodeJS.Timeout | undefined;
  if (o.timeoutMs) timer = setTimeout(() => { tail += `\n[bench] k6 killed after ${o.timeoutMs} ms`; child.kill('SIGKILL'); }, o.timeoutMs);
  const done = new Promise<K6Outcome>((resolve) => {
    child.once('close', async (code) => {
      clearTimeout(timer);
      out.end();
      const seconds = (Date.now() - t0) / 1000;
      // handleSummary writes its file just before k6 exits; give the file system a moment.
      let summary: ScenarioSummary | null = null;
      let summaryError: string | undefined;
      for (let i = 0; i < 10 && !existsSync(summaryFile); i++) await sleep(100);
      try {
        summary = normalizeSummary(JSON.parse(readFileSync(summaryFile, 'utf8')) as Record<string, unknown>);
      } catch (error) {
        summaryError = existsSync(summaryFile) ? `unreadable ${summaryFile}: ${(error as Error).message}` : `k6 wrote no ${summaryFile}`;
      }
      resolve({ code, seconds, summaryFile, acksFile, stdoutFile, summary, summaryError, outputTail: tail });
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, seconds: 0, summaryFile, acksFile, stdoutFile, summary: null, summaryError: `k6 did not start: ${error.message}`, outputTail: tail });
    });
  });
  return { pid: child.pid ?? -1, acksFile, done };
}

/**
 * The summary as the bench reads it, from what load-tests/lib/summary.js writes: `clients` (else the scenario's `vus`,
 * else its `dealers`), and `fanout` null unless the scenario had subscribers (`subscribed` → subscribers,
 * `deliveries` → messages); everything else as written.
 */
export function normalizeSummary(raw: Record<string, unknown>): ScenarioSummary {
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
  const f = (raw.fanout ?? null) as Record<string, unknown> | null;
  const subscribers = f ? (num(f.subscribers) ?? num(f.subscribed) ?? num(raw.subscribers)) : null;
  const messages = f ? (num(f.messages) ?? num(f.deliveries)) : null;
  const fanout = f && ((subscribers ?? 0) > 0 || (messages ?? 0) > 0)
    ? { subscribers, messages, p50: num(f.p50), p95: num(f.p95), p99: num(f.p99), max: num(f.max) }
    : null;
  return { ...raw, clients: num(raw.clients) ?? num(raw.vus) ?? num(raw.dealers), fanout, fanoutRaw: f } as ScenarioSummary;
}
