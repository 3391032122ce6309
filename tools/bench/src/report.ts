/** The run's results: the JSON file, the generated section of BENCHMARKS.md, the targets and the final table. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { MAX_PGBENCH_CLIENTS, type PgbenchResult } from './baseline.js';
import { closingsLine } from './closings.js';
import type { Verdict } from './correctness.js';
import { COST_PROCESSES, cpuCostOf } from './cpu-cost.js';
import type { LotsRssFigures, RebuildFigures } from './extras.js';
import type { FanoutFigures } from './fanout-join.js';
import type { VehicleUploadFigures } from './vehicle-upload.js';
import type { ScenarioSummary } from './k6.js';
import type { ProcessFigures } from './sampler.js';

export const START_MARKER = '<!-- bench:start -->';
export const END_MARKER = '<!-- bench:end -->';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGb: number;
  kernel: string;
  node: string;
  k6: string | null;
  postgres: string | null;
  kafka: string | null;
  mosquitto: string | null;
  commit: string | null;
  dirty: boolean | null;
}

export interface BaselineAtClients {
  clients: number;
  insert?: PgbenchResult;
  'store-tx'?: PgbenchResult;
  batch100?: PgbenchResult;
  error?: string;
}

export interface ScenarioRun {
  scenario: string;
  mode: 'server' | 'embedded';
  /** Set when a step broke (the API did not start, k6 wrote no summary, ...). */
  error?: string;
  apiUrl?: string;
  apiStartSeconds?: number;
  k6?: { code: number | null; seconds: number; summaryFile: string; acksFile: string; stdoutFile: string; summaryError?: string };
  summary?: ScenarioSummary | null;
  processes?: ProcessFigures[];
  clients?: number;
  /** Baseline `insert` events/s at `clients`, and the ratios of this run's rates to it. */
  baselineEventsPerSecond?: number | null;
  ratios?: { accepted: number | null; refused: number | null; processed: number | null };
  correctness?: Verdict;
  /** With `--rate`: iterations started per second (an open model) instead of a closed loop. */
  rate?: number;
  /** Fan-out with the subscriber harness (tools/fanout-sub): its deliveries joined with k6's acknowledged offers. */
  fanout?: FanoutFigures;
  /** Why the harness's figures are missing. */
  fanoutError?: string;
  /** Why the fan-out held fewer subscribers than its scenario asks (the machine's open-files limit). */
  fanoutNote?: string;
  /** The API's RSS after its start, before any load (MB): the embedded default's idle figure. */
  apiIdleRssMb?: number | null;
  /** When that RSS was read: seconds from the API's launch, once its CPU had been quiet for a while (`waitQuiet`). */
  apiIdleAfterSeconds?: number;
  /** Set when the API never went quiet before the idle RSS was read. */
  apiIdleNote?: string;
  /** With `--cpu-prof`: the API's profile file and its self time per component (top entries). */
  cpuProfile?: { file: string; summaryFile: string; busySeconds: number; idleSeconds: number; components: { name: string; busyPercent: number }[] };
}

/** " (at 12.3 s)" or " (at 30.1 s, not quiet)": when the idle RSS was read, from the API's launch. */
export function idleWhen(run: ScenarioRun): string {
  if (typeof run.apiIdleAfterSeconds !== 'number') return '';
  return ` (at ${run.apiIdleAfterSeconds} s${run.apiIdleNote ? ', not quiet' : ''})`;
}

export interface Target {
  id: string;
  target: string;
  mode: string;
  figure: string;
  met: 'yes' | 'no' | 'n/a';
  note?: string;
}

export interface Results {
  version: 1;
  startedAt: string;
  finishedAt: string;
  durationSeconds: number;
  profile: string;
  modes: string[];
  command: string;
  machine: MachineInfo;
  /** Node flags the APIs ran with (those of `npm start` unless `--api-node-flags`). */
  apiNodeFlags?: string[];
  services: Record<string, string | undefined>;
  baseline: BaselineAtClients[];
  runs: ScenarioRun[];
  extras: {
    rebuild?: RebuildFigures | { error: string };
    lotsRss?: Partial<Record<'server' | 'embedded', LotsRssFigures | { error: string }>>;
    vehicleUpload?: Partial<Record<'server' | 'embedded', VehicleUploadFigures | { error: string }>>;
  };
  targets: Target[];
  failures: string[];
  exitCode: number;
  rawDir: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------------------------

const n0 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : Math.round(v).toLocaleString('en'));
const n1 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : (Math.round(v * 10) / 10).toLocaleString('en'));
const ratio = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '' : ` (${v.toFixed(2)}×)`);
const isError = <T extends object>(v: T | { error: string } | undefined): v is { error: string } => !!v && 'error' in v;

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

function verdictCell(run: ScenarioRun): string {
  if (run.error) return `**broke**: ${run.error.split('\n')[0]!.slice(0, 160)}`;
  const v = run.correctness;
  if (!v) return '–';
  const l = v.log;
  const writes = [l?.ackedOffers ? `${n0(l.ackedOffers)} offers` : '', l?.ackedPurchases ? `${n0(l.ackedPurchases)} purchases` : ''].filter(Boolean).join(', ') || 'no write';
  const counts = l ? `${writes} checked${l.lots ? `, ${n0(l.lots)} lot${l.lots === 1 ? '' : 's'} in order` : ''}; read models ${v.readModels?.equal ? '=' : '≠'} rebuild (${n0(v.readModels?.rows)} rows)` : '';
  const closed = v.closings && (v.closings.closings || v.closings.notClosed) ? `; ${closingsLine(v.closings)}` : '';
  const warn = v.warnings.length ? ` ⚠ ${v.warnings.join('; ')}` : '';
  return v.pass ? `pass: ${counts}${closed}${warn}` : `**FAIL**: ${v.problems.slice(0, 3).join('; ').slice(0, 300)}${closed}${warn}`;
}

/** The processes table: the server side, k6 and the fan-out subscriber harness. */
const SAMPLED_NAMES = COST_PROCESSES;

function processCell(run: ScenarioRun, name: string): string {
  const p = run.processes?.find((x) => x.name === name);
  if (!p || p.samples === 0) return '–';
  return `${n0(p.maxRssMb)} MB / ${n0(p.meanCpuPct)} %`;
}

/** The fan-out figure of a run: the harness's when it held the subscribers, else k6's own subscribers'. */
export function fanoutP99(run: ScenarioRun): { p99: number | null; subscribers: number | null; by: 'harness' | 'k6' } | null {
  if (run.fanout) return { p99: run.fanout.latencyMs.p99, subscribers: run.fanout.subscribed, by: 'harness' };
  // The harness held the subscribers and broke: k6's summary has no subscribers to speak of.
  if (run.fanoutError) return { p99: null, subscribers: null, by: 'harness' };
  const f = run.summary?.fanout;
  return f ? { p99: f.p99 ?? null, subscribers: f.subscribers ?? null, by: 'k6' } : null;
}

/** Rows of the fan-out table: runs whose subscribers the harness held. */
export function fanoutRows(runs: readonly ScenarioRun[]): string[][] {
  return runs.filter((run) => run.fanout || run.fanoutError).map((run) => {
    if (!run.fanout) return [run.scenario, run.mode, `**broke**: ${run.fanoutError!.slice(0, 160)}`, '', '', '', '', '', '', '', '', '', '', ''];
    const f = run.fanout;
    const l = f.latencyMs;
    const api = run.processes?.find((p) => p.name === 'api' && p.samples > 0)?.meanCpuPct;
    const apiPerDelivery = typeof api === 'number' && f.deliveriesPerSecond > 0 ? `${n0(api)} % / ${n1((api / 100) * 1e6 / f.deliveriesPerSecond)} µs` : '–';
    const refusedOrFailed = f.refused + f.failed;
    return [
      run.scenario, run.mode, `${n0(f.subscribed)} of ${n0(f.subscribersAsked)}${refusedOrFailed ? ` (${n0(f.refused)} refused, ${n0(f.failed)} failed)` : ''}${f.lost ? `, ${n0(f.lost)} lost` : ''}`,
      n0(f.offersAcked), `${n0(f.deliveries)} of ${n0(f.deliveriesExpected)}`, n0(f.deliveriesPerSecond),
      `${n1(l.p50)} / ${n1(l.p95)} / **${n1(l.p99)}** / ${n1(l.max)}${l.negative ? ` (${n0(l.negative)} < 0)` : ''}`,
      `${n1(f.fromAcceptMs.p50)} / ${n1(f.fromAcceptMs.p99)}`, `${n1(f.answerMs.p50)} / ${n1(f.answerMs.p99)}`, `${n1(f.spreadMs.p50)} / ${n1(f.spreadMs.max)}`,
      `${n0(f.missing)} / ${n0(f.outOfOrder)}${f.offersSeenByNobody ? ` (${n0(f.offersSeenByNobody)} offers reached nobody)` : ''}` +
        `${f.offersOnOtherLot ? `, ${n0(f.offersOnOtherLot)} on another lot` : ''}${f.unparsed ? `, ${n0(f.unparsed)} unreadable` : ''}`,
      f.notAtFinalBest ? `**${n0(f.notAtFinalBest)} not**` : 'all', `${n1(f.harness.usPerMessageHold)} µs (${n0(f.harness.maxRssMb)} MB)`, apiPerDelivery,
    ];
  });
}

function clientsCell(run: ScenarioRun): string {
  if (!run.rate) return n0(run.clients);
  const dropped = (run.summary as { droppedIterations?: number } | null | undefined)?.droppedIterations ?? 0;
  return `up to ${n0(run.clients)}, open model ${n0(run.rate)}/s started${dropped ? `, ${n0(dropped)} not started` : ''}`;
}

function breakdownText(b: NonNullable<LotsRssFigures['breakdownRunning']>): string {
  return `V8 heap ${n0(b.heapCommittedMb)} MB committed / ${n0(b.heapUsedMb)} MB used (young generation ${n0(b.newSpaceCommittedMb)} MB committed, ` +
    `old space ${n0(b.oldSpaceCommittedMb)} / ${n0(b.oldSpaceUsedMb)} MB), outside the heap (Buffers) ${n0(b.externalMb)} MB; RSS anonymous ${n0(b.rssAnonMb)} MB, file-backed ${n0(b.rssFileMb)} MB`;
}

/** Rows of the CPU-per-offer table: every scenario with processed offers and process figures (cpu-cost.ts). */
export function cpuCostRows(r: Pick<Results, 'runs' | 'machine'> & Partial<Pick<Results, 'baseline'>>): string[][] {
  const rows: string[][] = [];
  const ms = (v: number | null) => (v === null ? '–' : v.toFixed(2));
  const cores = r.machine.cores;
  for (const run of r.runs) {
    const c = cpuCostOf(run, r);
    if (!c) continue;
    const pg = c.pgbench;
    // Table order: API, PostgreSQL, Kafka, Mosquitto, k6, harness (COST_PROCESSES' order).
    rows.push([run.scenario, run.mode, n0(c.rate), ...COST_PROCESSES.map((name) => ms(c.msOf[name])), `**${c.allMs.toFixed(2)}**`,
      `${c.coresBusy.toFixed(2)} of ${cores}`, c.allMs > 0 ? `${n0((cores * 1000) / c.allMs)}/s` : '–',
      c.serverMs === null ? '–' : `**${c.serverMs.toFixed(3)}**`, c.capacityPerSecond === null ? '–' : `**${n0(c.capacityPerSecond)}/s**`,
      pg ? `${pg.ms.toFixed(3)} (${n0(pg.eventsPerSecond)}/s at ${pg.clients} clients${pg.atScenarioClients ? '' : ', nearest'})` : '–',
      c.ratioToPgbench === null ? '–' : `**${c.ratioToPgbench.toFixed(2)}×**`]);
  }
  return rows;
}

/** Peak RSS of each sampled process of a run, for the console: `api 312, postgres 210 MB`. */
export function peakRssLine(run: ScenarioRun): string {
  const parts = (run.processes ?? []).filter((p) => p.samples > 0 && p.maxRssMb !== null).map((p) => `${p.name} ${n0(p.maxRssMb)}`);
  const idle = typeof run.apiIdleRssMb === 'number' ? `; API idle before the load ${n0(run.apiIdleRssMb)} MB${idleWhen(run)}` : '';
  return parts.length ? `${parts.join(', ')} MB${idle}` : `not sampled${idle}`;
}

/** The generated Markdown (between the markers of BENCHMARKS.md). */
export function markdownOf(r: Results, resultsPath: string): string {
  const m = r.machine;
  const lines: string[] = [];
  lines.push(`_Generated by \`${r.command}\` (${r.profile} profile, modes: ${r.modes.join(', ')}) on ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC in ` +
    `${Math.round(r.durationSeconds / 60)} min. Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGb} GB, Linux ${m.kernel}; load generator on the same machine. ` +
    `Node ${m.node}, ${m.postgres ?? 'PostgreSQL ?'}, k6 ${m.k6 ?? '?'}${m.kafka ? `, Kafka ${m.kafka}` : ''}${m.mosquitto ? `, ${m.mosquitto}` : ''}; ` +
    `commit ${m.commit ?? '?'}${m.dirty ? ' (with uncommitted changes)' : ''}; API node flags: ${r.apiNodeFlags?.length ? `\`${r.apiNodeFlags.join(' ')}\`` : 'none'}. All figures: \`${resultsPath}\`._`);
  lines.push('');
  if (r.failures.length) {
    lines.push(`**This run failed:** ${r.failures.join('; ')}`);
    lines.push('');
  }

  lines.push('#### Baseline: PostgreSQL alone (pgbench, same server, same run)');
  lines.push('');
  if (r.baseline.length === 0) lines.push('Not measured: this run had no scenario whose rate the engine sets, and no server stack.');
  else lines.push(table(
    ['clients', '1 event/tx: the store\'s INSERT (events/s)', '1 event/tx: the store\'s whole transaction', '100 events/tx (events/s)', 'latency avg, 1 event/tx'],
    r.baseline.map((b) => [
      String(b.clients), b.error ? `error: ${b.error.slice(0, 80)}` : `**${n0(b.insert?.eventsPerSecond)}**`, n0(b['store-tx']?.eventsPerSecond),
      n0(b.batch100?.eventsPerSecond), b.insert?.latencyAvgMs === null || b.insert?.latencyAvgMs === undefined ? '–' : `${b.insert.latencyAvgMs} ms`,
    ]),
  ));
  lines.push('');
  lines.push(`The ratio (×) beside a rate is that rate over the first column at the scenario's number of clients (pgbench runs at most ${MAX_PGBENCH_CLIENTS} clients: PostgreSQL of tools/infra accepts 200 connections).`);
  lines.push('');

  lines.push('#### Scenarios');
  lines.push('');
  lines.push(table(
    ['scenario', 'mode', 'clients', 'offers accepted/s', 'refused/s', 'processed/s', 'latency p50 / p95 / p99 ms', 'errors', 'fan-out p99 ms (subscribers)', 'correctness'],
    r.runs.map((run) => {
      const s = run.summary;
      const o = s?.offers;
      const lat = s?.latencyMs;
      const f = fanoutP99(run);
      return [
        run.scenario, run.mode, clientsCell(run), `${n0(o?.acceptedPerSecond)}${ratio(run.ratios?.accepted)}`, `${n0(o?.refusedPerSecond)}${ratio(run.ratios?.refused)}`,
        `${n0(o?.processedPerSecond)}${ratio(run.ratios?.processed)}`, lat ? `${n1(lat.p50)} / ${n1(lat.p95)} / ${n1(lat.p99)}` : '–', n0(o?.errors),
        f ? `${n1(f.p99)} (${n0(f.subscribers)}${f.by === 'k6' ? ', k6' : ''})` : '–', verdictCell(run),
      ];
    }),
  ));
  lines.push('');

  lines.push('#### Processes during each scenario (peak RSS / mean CPU, % of one core)');
  lines.push('');
  lines.push(table(
    ['scenario', 'mode', 'API idle RSS (after the start, before the load)', 'API (node)', 'PostgreSQL (all processes, PSS)', 'Kafka (java)', 'Mosquitto', 'k6', 'fan-out subscribers (Go)'],
    r.runs.map((run) => [run.scenario, run.mode, typeof run.apiIdleRssMb === 'number' ? `${n0(run.apiIdleRssMb)} MB${idleWhen(run)}` : '–', ...SAMPLED_NAMES.map((p) => processCell(run, p))]),
  ));
  lines.push('');

  const fanout = fanoutRows(r.runs);
  if (fanout.length) {
    lines.push('#### Fan-out: offer 201 → delivery at every subscriber (subscribers held by tools/fanout-sub)');
    lines.push('');
    lines.push(table(
      ['scenario', 'mode', 'subscribers', 'offers acknowledged', 'deliveries (of expected)', 'deliveries/s', '201 → delivery p50 / p95 / p99 / max ms',
        'accept → delivery p50 / p99 ms', 'accept → 201 read p50 / p99 ms', 'one offer to all p50 / max ms',
        'missing / out of order', 'ended at the final best offer', 'harness CPU per message (peak RSS)', 'API CPU: mean / per delivery'],
      fanout,
    ));
    lines.push('');
    for (const run of r.runs.filter((x) => x.fanoutNote)) lines.push(`- ${run.scenario}/${run.mode}: ${run.fanoutNote}.`);
    if (r.runs.some((x) => x.fanoutNote)) lines.push('');
    lines.push('Latency = the harness\'s receive time − the time k6 read the offer\'s 201, both Unix ms of the same clock, over every (subscriber, offer) pair ' +
      '(negative when the message arrived before k6 had read the answer: the live publisher and the HTTP answer race). "Accept": the instant the server ' +
      'accepted the offer (the message\'s bestOfferAt, stamped before the append); "one offer to all": from the first subscriber\'s delivery of an offer ' +
      'to the last one\'s. Expected deliveries = acknowledged offers × subscribers: the live publisher sends ' +
      'the lot\'s state after every command, so each accepted offer is a message of its own (only a sink\'s backlog after failed publishes conflates). ' +
      'Harness CPU: its own getrusage during the hold ÷ messages received meanwhile. API CPU per delivery: its mean CPU during the bids ÷ deliveries per second.');
    lines.push('');
  }

  const costRows = cpuCostRows(r);
  if (costRows.length) {
    lines.push(`#### CPU per processed offer (what the machine's ${r.machine.cores} cores are spent on, and what they allow)`);
    lines.push('');
    lines.push(table(
      ['scenario', 'mode', 'processed/s', 'API', 'PostgreSQL', 'Kafka', 'Mosquitto', 'k6', 'fan-out harness', 'all', 'cores busy', `ceiling at ${r.machine.cores} cores`,
        'server side ms', `capacity at ${r.machine.cores} cores without the load generator`, 'pgbench 1-event tx ms', 'server ÷ pgbench'],
      costRows,
    ));
    lines.push('');
    lines.push('CPU milliseconds per processed offer (accepted or refused) = mean CPU of the process during the load ÷ offers processed per second. ' +
      '"Ceiling" is the rate at which the machine\'s cores would be fully busy at this cost per offer, the load generator included: ' +
      'when "cores busy" is near the core count, the machine, not a lock or a queue, sets the rate. ' +
      '"Server side" = API + PostgreSQL + Kafka + Mosquitto (in embedded mode the API alone: its database and broker run inside it), k6 and the ' +
      `fan-out harness left out; its capacity = ${r.machine.cores} cores × 1000 ÷ that cost, the offers/s the machine would serve with the load generated elsewhere. ` +
      `pgbench's cost of one one-event transaction = ${r.machine.cores} cores × 1000 ÷ its "1 event/tx" events/s (the event store's INSERT of one row, committed alone) ` +
      'at the scenario\'s clients in this run ("nearest": no baseline at those clients, the nearest one): pgbench keeps the cores busy, so it is the ' +
      'machine\'s whole CPU per transaction, pgbench\'s own client work included.');
    lines.push('');
  }
  const profiled = r.runs.filter((run) => run.cpuProfile);
  if (profiled.length) {
    lines.push('#### API CPU profile during the load (`--cpu-prof`): self time by component, % of busy time');
    lines.push('');
    for (const run of profiled) {
      const p = run.cpuProfile!;
      const busy = p.busySeconds + p.idleSeconds > 0 ? Math.round((p.busySeconds / (p.busySeconds + p.idleSeconds)) * 100) : 0;
      lines.push(`- ${run.scenario}/${run.mode} (main thread busy ${busy} % of ${n1(p.busySeconds + p.idleSeconds)} s; \`${p.file}\`): ` +
        p.components.map((c) => `${c.name} ${c.busyPercent} %`).join(', '));
    }
    lines.push('');
  }

  lines.push('#### Rebuild and memory');
  lines.push('');
  const rb = r.extras.rebuild;
  if (rb) {
    lines.push(isError(rb)
      ? `- Rebuild of every read model: **broke**: ${rb.error.slice(0, 300)}`
      : `- Rebuild of every read model from ${n0(rb.rebuild.events)} events (server mode, admin API): **${rb.rebuild.seconds} s** = ${n0(rb.rebuild.eventsPerSecond)} events/s ` +
        `(projected for 1,000,000 events: ${rb.projectedSecondsFor1M} s); API RSS up to ${n0(rb.apiMaxRssMb)} MB meanwhile; offers rows = log: ${rb.offersRowsMatchLog ? 'yes' : '**no**'}. ` +
        `Log generated and appended in ${rb.generateAndAppendSeconds} s; the API started on it in ${rb.apiStartSeconds} s.`);
  }
  for (const [mode, x] of Object.entries(r.extras.lotsRss ?? {})) {
    if (!x) continue;
    lines.push(isError(x)
      ? `- API RSS with running lots (${mode}): **broke**: ${x.error.slice(0, 300)}`
      : `- API RSS (${mode}) with ${n0(x.runningLots)} running lots (${x.auctions} auctions × ${n0(x.lotsPerAuction)}): **${n0(x.rssRunningMb)} MB** ` +
        `(heap used ${n0(x.heapUsedRunningMb)} MB; ${n0(x.rssAfterStartMb)} MB before creating them), **${n0(x.rssAfterOffersMb)} MB** after ${n0(x.offersAccepted)} accepted offers on them ` +
        `(heap used ${n0(x.heapUsedAfterOffersMb)} MB), highest ${n0(x.maxRssMb)} MB; read ${x.settleSeconds} s after each step.` +
        (x.breakdownRunning ? ` Where it is, lots running: ${breakdownText(x.breakdownRunning)}.` : '') +
        (x.breakdownAfterOffers ? ` After the offers: ${breakdownText(x.breakdownAfterOffers)}.` : ''));
  }
  for (const [mode, x] of Object.entries(r.extras.vehicleUpload ?? {})) {
    if (!x) continue;
    lines.push(isError(x)
      ? `- Vehicle file of 5,000 rows (${mode}): **broke**: ${x.error.slice(0, 300)}`
      : `- Vehicle file (${mode}): ${n0(x.rows)} rows (${n0(Math.round(x.fileBytes / 1024))} KiB XLSX) uploaded and checked in ${x.uploadSeconds} s, saved as ${n0(x.vehiclesSaved)} vehicles in ${x.saveSeconds} s: `
        + `**${x.totalSeconds} s**; API RSS ${n0(x.rssBeforeMb)} MB before, peak **${n0(x.apiPeakRssMb)} MB**.`);
  }
  lines.push('');

  lines.push('#### Targets');
  lines.push('');
  lines.push(table(['target', 'mode', 'figure reached', 'met'], r.targets.map((t) => [t.target, t.mode, `${t.figure}${t.note ? ` (${t.note})` : ''}`, t.met === 'yes' ? 'yes' : t.met === 'no' ? '**no**' : 'n/a'])));
  return lines.join('\n');
}

/** Replaces the text between the markers of `file` (creating the file or the markers when missing). */
export function writeBetweenMarkers(file: string, generated: string): void {
  const block = `${START_MARKER}\n${generated}\n${END_MARKER}`;
  if (!existsSync(file)) {
    writeFileSync(file, `# Benchmarks\n\n${block}\n`);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(START_MARKER);
  const b = text.indexOf(END_MARKER);
  writeFileSync(file, a >= 0 && b > a ? `${text.slice(0, a)}${block}${text.slice(b + END_MARKER.length)}` : `${text.trimEnd()}\n\n${block}\n`);
}

/**
 * Why a scenario run fails the bench (a line each; any makes its exit code 1): a step broke, the correctness check
 * failed, the fan-out check failed, or the fan-out harness gave no figures (it crashed, was killed, wrote no result).
 */
export function runFailures(run: ScenarioRun): string[] {
  const name = `${run.scenario}/${run.mode}`;
  const out: string[] = [];
  if (run.error) out.push(`${name}: ${run.error.split('\n')[0]}`);
  else if (run.correctness && !run.correctness.pass) out.push(`${name}: correctness failed`);
  if (run.fanout && !run.fanout.pass) out.push(`${name}: fan-out check failed: ${run.fanout.problems.join('; ')}`);
  if (run.fanoutError) out.push(`${name}: fan-out figures missing: ${run.fanoutError.split('\n')[0]}`);
  return out;
}

/** The final table on stdout: scenarios, targets, verdicts. */
export function consoleReport(r: Results, resultsPath: string): string {
  const rows = r.runs.map((run) => {
    const s = run.summary;
    const o = s?.offers;
    const lat = s?.latencyMs;
    return [
      `${run.scenario}/${run.mode}`.padEnd(22), `${n0(o?.acceptedPerSecond)}${ratio(run.ratios?.accepted)}`.padStart(16), n0(o?.refusedPerSecond).padStart(9),
      (lat ? `${n1(lat.p50)}/${n1(lat.p95)}/${n1(lat.p99)}` : '–').padStart(18), n0(o?.errors).padStart(7), (fanoutP99(run) ? n1(fanoutP99(run)!.p99) : '–').padStart(9),
      run.error ? 'BROKE' : run.correctness?.pass ? 'pass' : 'FAIL',
    ].join('  ');
  });
  return [
    '',
    `${'scenario/mode'.padEnd(22)}  ${'accepted/s (×)'.padStart(16)}  ${'refused/s'.padStart(9)}  ${'p50/p95/p99 ms'.padStart(18)}  ${'errors'.padStart(7)}  ${'fanout99'.padStart(9)}  correctness`,
    ...rows,
    '',
    'baseline (pgbench, events/s): ' + r.baseline.map((b) => `${b.clients} clients: ${n0(b.insert?.eventsPerSecond)} (1/tx), ${n0(b['store-tx']?.eventsPerSecond)} (store tx), ${n0(b.batch100?.eventsPerSecond)} (100/tx)`).join('; '),
    '',
    'peak RSS per process (MB):',
    ...r.runs.map((run) => `  ${`${run.scenario}/${run.mode}`.padEnd(22)}  ${peakRssLine(run)}`),
    '',
    'targets:',
    ...r.targets.map((t) => `  [${t.met === 'yes' ? 'met' : t.met === 'no' ? 'NOT met' : 'n/a'}] ${t.target} (${t.mode}): ${t.figure}${t.note ? ` — ${t.note}` : ''}`),
    '',
    ...r.runs.filter((x) => x.correctness && !x.correctness.pass).map((x) => `correctness FAILED for ${x.scenario}/${x.mode}: ${x.correctness!.problems.slice(0, 5).join(' | ')}`),
    ...r.failures.map((f) => `failure: ${f}`),
    `results: ${resultsPath}; raw files: ${r.rawDir}; ${r.durationSeconds} s in all`,
  ].join('\n');
}
