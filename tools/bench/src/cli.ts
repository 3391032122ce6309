#!/usr/bin/env node
/**
 * `npm run bench`: builds what it needs, starts the server stack (tools/infra), runs the k6 scenarios against a fresh
 * API per scenario and mode while sampling the processes, checks correctness after each scenario, measures the
 * PostgreSQL baseline (pgbench), the rebuild from N events and the API's RSS with 10,000 running lots, then writes
 * load-tests/results/<date>.json and the generated section of BENCHMARKS.md, and prints the table.
 *
 * Exit code: 0 when the bench ran (missed targets included), 1 when a correctness check failed or a step broke,
 * 2 for bad arguments.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiNodeFlags, openFilesAvailable, overrideApiNodeFlags, startApi, type ApiProcess } from './api-process.js';
import { MAX_PGBENCH_CLIENTS, prepareBaseline, runPgbench, type BaselineKind } from './baseline.js';
import { profileText, summarizeProfileFile } from './cpu-profile.js';
import { InspectorProfiler } from './inspector-profiler.js';
import { checkEmbedded, checkServer, verdictLine } from './correctness.js';
import { heapSnapshotOf, measureLotsRss, measureRebuild } from './extras.js';
import { measureVehicleUpload } from './vehicle-upload.js';
import { Api, DEFAULT_PASSWORD, waitQuietAndProjected } from './http.js';
import {
  socketUrl, startMosquittoEdge, createDatabase, deleteTopics, dropDatabase, ensureServices, infraEnv, postgresVersion, servicePid, stopServices, type InfraEnv, type Service,
} from './infra.js';
import { clearRunRetained, retainedAuctionTopics } from './retained.js';
import { K6, SCENARIOS, buildK6, startK6 } from './k6.js';
import { buildFanoutSub, filesWanted, fanoutPlan, prepareFanout, startHarness, withinOpenFiles, type HarnessRun } from './fanout-harness.js';
import { fanoutLine, joinFanout, readTimedOfferAcks, type FanoutFigures } from './fanout-join.js';
import {
  consoleReport, markdownOf, runFailures, writeBetweenMarkers, type BaselineAtClients, type MachineInfo, type Results, type ScenarioRun,
} from './report.js';
import { parseRssLots } from './rss-lots.js';
import { ProcessSampler, rssMbNow, waitQuiet, type SampleTarget } from './sampler.js';
import { evaluateTargets } from './targets.js';
import { REPO_ROOT, errorText, freePort, run, runOk, sleep, step } from './util.js';

const USAGE = `npm run bench [-- options]

  (no option)             short profile, server stack for every scenario + embedded for spread, hot-lot and fanout
  --full                  the full profile (same as --profile full)
  --profile P             short | full | smoke
  --scenarios a,b         among ${SCENARIOS.join(', ')}; none: only the extras (no k6 build, no baseline);
                          default: all but fanout-20k, which the full profile adds
  --mode M                server | embedded | both (default both)
  --embedded-scenarios    scenarios run in embedded mode when --mode both (default spread,hot-lot,fanout, and
                          fanout-20k in the full profile)
  --subscribers N         live subscribers of \`fanout\` (default by profile: smoke 20, short 1,000, full 5,000;
                          fanout-20k always holds 20,000)
  --fanout-subscriber S   harness (default): the subscribers are held by tools/fanout-sub (Go, built like k6);
                          k6: by k6's JavaScript MQTT client (~150 µs of CPU per message: it measures k6)
  --fanout-qos Q          QoS of the harness's subscriptions, 0 or 1 (default: the web client's)
  --fanout-edge E         api (default): the harness's subscribers connect to the API's live endpoint (/mqtt), as
                          browsers do; mosquitto (the server stack's runs; embedded runs keep the API's own broker):
                          the API with LIVE_EDGE=mosquitto, Mosquitto restarted with the live edge plugin
                          (tools/mosquitto-edge), each subscriber on Mosquitto's WebSocket listener with a live token
                          of its own, checked by the plugin through the API
  --extras a,b            rebuild, rss, rss-embedded, vehicle-upload (default rebuild,rss,vehicle-upload; rss measures
                          the server stack's API, or the embedded one with --mode embedded; rss-embedded adds the
                          embedded API; vehicle-upload loads a 5,000-row XLSX in each mode run; --no-extras: none)
  --rss-heap-snapshots    the rss extra has the API write a V8 heap snapshot (into the run's raw folder) after each
                          reading, running and after the offers (the next reading waits for it)
  --rss-lots AxL          the rss extra's running lots as A auctions of L lots each (default by profile: smoke
                          2x100, short and full 10x1000), e.g. 100x1000 for issue 25's 100,000 running lots;
                          at most 2,000 lots per auction (the API's limit) and 1,000,000 in all
  --keep                  keep the databases, data folders and Kafka topics of the run
  --no-write              do not write load-tests/results nor BENCHMARKS.md
  --built                 the workspace is already built (npm run bench builds it first)
  --api-node-flags="F"    Node flags of the API instead of those of npm start (A/B of V8 settings; ="" for none)
  --rate N                spread and hot-lot as an open model: N iterations started per second (k6's
                          constant-arrival-rate) instead of a closed loop of VUs; the latency at a load below saturation
  --pg-socket             the bench, the API and the rebuild reach PostgreSQL over its Unix socket (the directory the
                          server reports in unix_socket_directories, as \`?host=<dir>\` in DATABASE_URL) instead of
                          loopback TCP: a deployment with PostgreSQL on the API's machine can do the same
  --cpu-prof              profile the API during each scenario's load phase (V8's sampler over the inspector, the
                          format of node --cpu-prof): <scenario>.api.cpuprofile beside k6's output (open it in Chrome
                          DevTools or speedscope for the flame graph) and a self-time summary per component`;

/** Rows of the vehicle-upload item's file (issue 22: a 5,000-row file under 10 s embedded, 5 s in server mode). */
const VEHICLE_UPLOAD_ROWS = 5_000;

interface Profile {
  baselineSeconds: number;
  rebuildEvents: number;
  rss: { auctions: number; lots: number; offersPerLot: number; settleSeconds: number };
  k6TimeoutMs: number;
  defaultClients: number;
}

const PROFILES: Record<string, Profile> = {
  smoke: { baselineSeconds: 2, rebuildEvents: 20_000, rss: { auctions: 2, lots: 100, offersPerLot: 1, settleSeconds: 2 }, k6TimeoutMs: 300_000, defaultClients: 8 },
  short: { baselineSeconds: 5, rebuildEvents: 100_000, rss: { auctions: 10, lots: 1000, offersPerLot: 1, settleSeconds: 5 }, k6TimeoutMs: 900_000, defaultClients: 32 },
  full: { baselineSeconds: 15, rebuildEvents: 1_000_000, rss: { auctions: 10, lots: 1000, offersPerLot: 2, settleSeconds: 10 }, k6TimeoutMs: 2_400_000, defaultClients: 64 },
};

const DEALERS = 500;
/** How long the API rests after its start before its idle RSS is read. */
/** When the API counts as idle after its start (see `waitQuiet`). */
const IDLE_WAIT = { belowPct: 5, windowMs: 5_000, maxMs: 45_000 } as const;
/** Scenarios with live subscribers (load-tests/scenarios/fanout.js). */
const FANOUT_SCENARIOS = ['fanout', 'fanout-20k'];
const THROUGHPUT_SCENARIOS = ['spread', 'hot-lot', 'closing-rush'];
/** Scenarios that take RATE (an open model). */
const OPEN_MODEL_SCENARIOS = ['spread', 'hot-lot'];
const PASSWORD = process.env.DEMO_PASSWORD ?? DEFAULT_PASSWORD;

// Everything started here, stopped on the way out whatever happens.
const running = { apis: new Set<ApiProcess>(), k6: new Set<number>(), harnesses: new Set<HarnessRun>() };
let startedServices: Service[] = [];
/** Databases of this run, dropped on an interrupt too (unless --keep). */
const created = { adminUrl: '', databases: [] as string[], keep: false };

async function main(): Promise<number> {
  const { values: opts } = parseArgs({
    options: {
      full: { type: 'boolean' }, profile: { type: 'string' }, scenarios: { type: 'string' }, mode: { type: 'string' },
      'embedded-scenarios': { type: 'string' }, extras: { type: 'string' }, 'no-extras': { type: 'boolean' }, keep: { type: 'boolean' },
      'no-write': { type: 'boolean' }, built: { type: 'boolean' }, 'cpu-prof': { type: 'boolean' }, 'pg-socket': { type: 'boolean' }, 'api-node-flags': { type: 'string' }, 'rss-heap-snapshots': { type: 'boolean' }, rate: { type: 'string' },
      subscribers: { type: 'string' }, 'rss-lots': { type: 'string' }, 'fanout-subscriber': { type: 'string' }, 'fanout-edge': { type: 'string' }, 'fanout-qos': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const profileName = opts.full ? 'full' : (opts.profile ?? 'short');
  const profile = PROFILES[profileName];
  const mode = opts.mode ?? 'both';
  const list = (v: string | undefined, all: readonly string[]) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [...all]);
  // fanout-20k (20,000 subscribers, a two-minute ramp) belongs to the full profile unless named.
  const defaultScenarios = SCENARIOS.filter((s) => s !== 'fanout-20k' || profileName === 'full');
  const scenarios = opts.scenarios === 'none' ? [] : list(opts.scenarios, defaultScenarios);
  const embeddedDefault = mode === 'embedded' ? scenarios : ['spread', 'hot-lot', 'fanout', 'fanout-20k'];
  const embeddedScenarios = list(opts['embedded-scenarios'], embeddedDefault).filter((s) => scenarios.includes(s) || opts['embedded-scenarios']);
  const extras = opts['no-extras'] ? [] : list(opts.extras, ['rebuild', 'rss', 'vehicle-upload']);
  const bad = [
    ...(!profile ? [`unknown profile ${profileName}`] : []),
    ...(!['server', 'embedded', 'both'].includes(mode) ? [`unknown mode ${mode}`] : []),
    ...[...scenarios, ...embeddedScenarios].filter((s) => !(SCENARIOS as readonly string[]).includes(s)).map((s) => `unknown scenario ${s}`),
    ...extras.filter((e) => !['rebuild', 'rss', 'rss-embedded', 'vehicle-upload'].includes(e)).map((e) => `unknown extra ${e}`),
  ];
  const rssLots = opts['rss-lots'] === undefined ? undefined : parseRssLots(opts['rss-lots']);
  if (rssLots && 'error' in rssLots) bad.push(rssLots.error);
  if (bad.length || !profile) {
    console.error(`${bad.join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const rate = opts.rate === undefined ? 0 : Number(opts.rate);
  if (!Number.isInteger(rate) || rate < 0) {
    console.error(`--rate must be a whole number of iterations per second\n\n${USAGE}`);
    return 2;
  }
  const subscribers = opts.subscribers === undefined ? undefined : Number(opts.subscribers);
  const fanoutSubscriber = opts['fanout-subscriber'] ?? 'harness';
  if ((subscribers !== undefined && (!Number.isInteger(subscribers) || subscribers < 1)) || !['harness', 'k6'].includes(fanoutSubscriber)) {
    console.error(`--subscribers must be a positive whole number, --fanout-subscriber harness or k6\n\n${USAGE}`);
    return 2;
  }
  const fanoutEdge = opts['fanout-edge'] ?? 'api';
  if (!['api', 'mosquitto'].includes(fanoutEdge) || (fanoutEdge === 'mosquitto' && (mode === 'embedded' || fanoutSubscriber !== 'harness'))) {
    console.error(`--fanout-edge is api or mosquitto; mosquitto needs the server stack (--mode server or both) and the harness\n\n${USAGE}`);
    return 2;
  }
  const fanoutQos = opts['fanout-qos'] === undefined ? undefined : Number(opts['fanout-qos']);
  if (fanoutQos !== undefined && fanoutQos !== 0 && fanoutQos !== 1) {
    console.error(`--fanout-qos is 0 or 1\n\n${USAGE}`);
    return 2;
  }
  const modes: ('server' | 'embedded')[] = mode === 'both' ? ['server', 'embedded'] : [mode as 'server' | 'embedded'];
  const plan = modes.flatMap((m) => (m === 'server' ? scenarios : mode === 'both' ? embeddedScenarios : scenarios).map((scenario) => ({ scenario, mode: m })));

  const startedAt = new Date();
  // Two runs started in the same minute must not share raw files, databases or topics: the second gets a suffix.
  const minute = startedAt.toISOString().slice(0, 16).replace(':', '-');
  let stamp = minute;
  for (let n = 2; existsSync(path.join(REPO_ROOT, '.bench', stamp)); n++) stamp = `${minute}-${n}`;
  const id = stamp.toLowerCase().replace(/[^a-z0-9]/g, '');
  const rawDir = path.join(REPO_ROOT, '.bench', stamp);
  const resultsPath = path.join('load-tests/results', `${stamp}.json`);
  mkdirSync(rawDir, { recursive: true });
  const failures: string[] = [];
  if (opts['api-node-flags'] !== undefined) overrideApiNodeFlags(opts['api-node-flags'].split(/\s+/).filter(Boolean));
  step(`profile ${profileName}; API node flags: ${apiNodeFlags().join(' ') || 'none'}; runs: ${plan.map((p) => `${p.scenario}/${p.mode}`).join(', ')}; extras: ${extras.join(', ') || 'none'}; raw files in ${path.relative(REPO_ROOT, rawDir)}`);

  // 1. Build.
  if (!opts.built) {
    step('building the workspace (npx tsc -b tsconfig.build.json)');
    await runOk('npx', ['tsc', '-b', 'tsconfig.build.json'], { echo: true, timeoutMs: 1_800_000 });
  }
  if (plan.length) {
    step('building k6 (bash tools/k6/build-k6.sh)');
    await buildK6();
  }
  if (fanoutSubscriber === 'harness' && plan.some((p) => FANOUT_SCENARIOS.includes(p.scenario))) {
    step('building the fan-out subscriber harness (bash tools/fanout-sub/build.sh)');
    await buildFanoutSub();
  }

  // 2. Services: Kafka and Mosquitto for the server stack; PostgreSQL for it, for the baseline and for the rebuild. An
  // embedded-only run of scenarios without an engine-bound rate (fanout, showcase-rush) and without the rebuild needs no
  // infrastructure at all, and measures no baseline.
  const needsPostgres = modes.includes('server') || extras.includes('rebuild') || plan.some((p) => THROUGHPUT_SCENARIOS.includes(p.scenario));
  const services: Service[] = modes.includes('server') ? ['postgres', 'kafka', 'mosquitto'] : needsPostgres ? ['postgres'] : [];
  await ensureServices(services, startedServices);
  let env: InfraEnv = services.length ? await infraEnv(services) : { databaseUrl: '' };
  if (opts['pg-socket'] && env.databaseUrl) env = { ...env, databaseUrl: await socketUrl(env.databaseUrl) };
  const edge = fanoutEdge === 'mosquitto' ? await startMosquittoEdge(randomBytes(24).toString('hex'), await freePort()) : undefined;
  if (edge) step(`Mosquitto restarted with the live edge plugin (tools/mosquitto-edge), asking the API on 127.0.0.1:${edge.apiPort}`);
  const pids: Partial<Record<Service, number>> = {};
  for (const s of services) pids[s] = (await servicePid(s)) ?? undefined;
  step(services.length ? `services: PostgreSQL ${env.databaseUrl} (pid ${pids.postgres})` +
    (env.kafkaBrokers ? `, Kafka ${env.kafkaBrokers} (pid ${pids.kafka})` : '') + (env.mqtt ? `, Mosquitto ${env.mqtt.url} (pid ${pids.mosquitto})` : '')
    : 'services: none (embedded scenarios without a baseline)');
  const machine = await machineInfo(env, pids.kafka);
  // The auctions retained in Mosquitto before this run: those that appear during it are its own, cleared at its end.
  const retainedBefore = env.mqtt ? await retainedAuctionTopics(env.mqtt).catch((error: unknown) => {
    step(`retained live state not listed (no clearing at the end): ${errorText(error).split('\n')[0]}`);
    return null;
  }) : null;

  // 3. The bench database with the baseline's scratch schema.
  const databases: string[] = created.databases;
  created.adminUrl = env.databaseUrl;
  created.keep = !!opts.keep;
  const topics: string[] = [];
  const benchDb = `bench_${id}`;
  const benchUrl = needsPostgres ? await createDatabase(env.databaseUrl, benchDb) : '';
  if (needsPostgres) {
    databases.push(benchDb);
    await prepareBaseline(benchUrl, rawDir);
  }
  const baselines = new Map<number, BaselineAtClients>();
  const baselineAt = async (wanted: number): Promise<BaselineAtClients> => {
    const clients = Math.max(1, Math.min(MAX_PGBENCH_CLIENTS, Math.round(wanted)));
    const known = baselines.get(clients);
    if (known) return known;
    const b: BaselineAtClients = { clients };
    baselines.set(clients, b);
    try {
      for (const kind of ['insert', 'store-tx', 'batch100'] as BaselineKind[]) {
        b[kind] = await runPgbench(benchUrl, rawDir, kind, clients, profile.baselineSeconds);
      }
      step(`baseline at ${clients} clients: ${b.insert!.eventsPerSecond.toLocaleString('en')} events/s (1 event/tx), ` +
        `${b['store-tx']!.eventsPerSecond.toLocaleString('en')} (the store's transaction), ${b.batch100!.eventsPerSecond.toLocaleString('en')} (100 events/tx)`);
    } catch (error) {
      b.error = errorText(error);
      failures.push(`baseline at ${clients} clients: ${b.error.split('\n')[0]}`);
      step(`baseline at ${clients} clients broke: ${b.error}`);
    }
    return b;
  };

  // 4. Scenarios.
  const runs: ScenarioRun[] = [];
  for (const { scenario, mode: m } of plan) {
    const result = await runScenario({
      scenario, mode: m, profileName, profile, env, pids, id, rawDir, databases, topics, keep: !!opts.keep, cpuProf: !!opts['cpu-prof'],
      rate: rate && OPEN_MODEL_SCENARIOS.includes(scenario) ? rate : 0, subscribers, fanoutSubscriber: fanoutSubscriber as 'harness' | 'k6', edge,
      ...(fanoutQos === undefined ? {} : { fanoutQos: fanoutQos as 0 | 1 }),
    });
    runs.push(result);
    failures.push(...runFailures(result));
    // Ratios to the baseline for the scenarios whose rate the engine sets (fanout's offers come at a fixed rate,
    // showcase-rush makes one burst of purchases).
    if (!result.error && THROUGHPUT_SCENARIOS.includes(scenario)) {
      const b = await baselineAt(result.clients ?? profile.defaultClients);
      const base = b.insert?.eventsPerSecond ?? null;
      const o = result.summary?.offers;
      const r = (v: number | null | undefined) => (base && typeof v === 'number' ? Math.round((v / base) * 100) / 100 : null);
      result.baselineEventsPerSecond = base;
      result.ratios = { accepted: r(o?.acceptedPerSecond), refused: r(o?.refusedPerSecond), processed: r(o?.processedPerSecond) };
    }
  }
  if (baselines.size === 0 && plan.length && needsPostgres) await baselineAt(profile.defaultClients);

  // 5. Extras.
  const extrasOut: Results['extras'] = {};
  if (extras.includes('rebuild')) {
    const name = `bench_${id}_rebuild`;
    try {
      const url = await createDatabase(env.databaseUrl, name);
      databases.push(name);
      extrasOut.rebuild = await measureRebuild({
        databaseUrl: url, events: profile.rebuildEvents, logDir: rawDir, apiBase: { password: PASSWORD, dealers: DEALERS },
        profileFile: opts['cpu-prof'] ? path.join(rawDir, 'rebuild.api.cpuprofile') : undefined,
      });
      step(`rebuild: ${extrasOut.rebuild.rebuild.events.toLocaleString('en')} events in ${extrasOut.rebuild.rebuild.seconds} s ` +
        `(${extrasOut.rebuild.rebuild.eventsPerSecond.toLocaleString('en')} events/s)`);
      if (opts['cpu-prof']) reportProfile(path.join(rawDir, 'rebuild.api.cpuprofile'), 'rebuild API CPU profile');
    } catch (error) {
      extrasOut.rebuild = { error: errorText(error) };
      failures.push(`rebuild measurement: ${errorText(error).split('\n')[0]}`);
      step(`rebuild measurement broke: ${errorText(error)}`);
    }
    if (!opts.keep) await dropDatabase(env.databaseUrl, name);
  }
  const rssModes = [
    ...(extras.includes('rss') ? [modes.includes('server') ? 'server' as const : 'embedded' as const] : []),
    ...(extras.includes('rss-embedded') ? ['embedded' as const] : []),
  ].filter((m, i, all) => all.indexOf(m) === i);
  if (rssModes.length) {
    extrasOut.lotsRss = {};
    for (const m of rssModes) {
      let api: ApiProcess | null = null;
      let storage: Storage | null = null;
      try {
        storage = await freshStorage(m, `lots`, { env, id, rawDir, databases, topics });
        const snapshots = opts['rss-heap-snapshots'] === true;
        api = track(await startApi({
          ...storage, password: PASSWORD, dealers: DEALERS, logFile: path.join(rawDir, `${m}-lots.api.log`),
          ...(snapshots ? { nodeFlags: [...apiNodeFlags(), '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${rawDir}`] } : {}),
        }));
        const rss = rssLots && !('error' in rssLots) ? { ...profile.rss, ...rssLots } : profile.rss;
        step(`rss (${m}): API at ${api.baseUrl}/api (pid ${api.pid}); creating ${rss.auctions} auctions × ${rss.lots} lots`);
        const lotsApi = api;
        const figures = await measureLotsRss(api, PASSWORD, rss, snapshots ? async (label) => {
          const file = await heapSnapshotOf(lotsApi.pid, rawDir);
          step(`rss (${m}): heap snapshot ${label}: ${file ?? 'not written within 10 min'}`);
        } : undefined);
        extrasOut.lotsRss[m] = figures;
        step(`rss (${m}): ${figures.runningLots} running lots: ${figures.rssRunningMb} MB (heap used ${figures.heapUsedRunningMb} MB); ` +
          `after ${figures.offersAccepted} offers: ${figures.rssAfterOffersMb} MB (heap used ${figures.heapUsedAfterOffersMb} MB)`);
      } catch (error) {
        extrasOut.lotsRss[m] = { error: errorText(error) };
        failures.push(`rss measurement (${m}): ${errorText(error).split('\n')[0]}`);
        step(`rss measurement (${m}) broke: ${errorText(error)}`);
      } finally {
        if (api) await untrack(api).stop();
        if (storage?.dataDir && !opts.keep) rmSync(storage.dataDir, { recursive: true, force: true });
      }
    }
  }

  if (extras.includes('vehicle-upload')) {
    extrasOut.vehicleUpload = {};
    for (const m of modes) {
      let api: ApiProcess | null = null;
      let storage: Storage | null = null;
      try {
        storage = await freshStorage(m, 'vehicles', { env, id, rawDir, databases, topics });
        api = track(await startApi({ ...storage, password: PASSWORD, dealers: DEALERS, logFile: path.join(rawDir, `${m}-vehicles.api.log`) }));
        step(`vehicle-upload (${m}): API at ${api.baseUrl}/api (pid ${api.pid})`);
        extrasOut.vehicleUpload[m] = await measureVehicleUpload(api, PASSWORD, VEHICLE_UPLOAD_ROWS);
      } catch (error) {
        extrasOut.vehicleUpload[m] = { error: errorText(error) };
        failures.push(`vehicle-upload measurement (${m}): ${errorText(error).split('\n')[0]}`);
        step(`vehicle-upload measurement (${m}) broke: ${errorText(error)}`);
      } finally {
        if (api) await untrack(api).stop();
        if (storage?.dataDir && !opts.keep) rmSync(storage.dataDir, { recursive: true, force: true });
      }
    }
  }

  // 6. Clean up what this run created, then write the results.
  if (!opts.keep) {
    for (const name of databases.splice(0)) await dropDatabase(env.databaseUrl, name);
    if (env.kafkaBrokers) await deleteTopics(env.kafkaBrokers, topics);
    // Their databases are gone: so is every auction their retained live state names.
    if (env.mqtt && retainedBefore) {
      await clearRunRetained(env.mqtt, retainedBefore).then(
        (r) => step(`retained live state of this run's ${r.auctions} auctions cleared in Mosquitto (${r.topics} topics); ${r.left} retained auction topics left`),
        (error: unknown) => step(`retained live state not cleared: ${errorText(error).split('\n')[0]}`),
      );
    }
  }
  const finishedAt = new Date();
  const baseline = [...baselines.values()].sort((a, b) => a.clients - b.clients);
  const partial = { runs, extras: extrasOut, profile: profileName, machine, baseline };
  const results: Results = {
    version: 1, startedAt: startedAt.toISOString(), finishedAt: finishedAt.toISOString(),
    durationSeconds: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000), profile: profileName, modes,
    command: `npm run bench${process.argv.slice(2).filter((a) => a !== '--built').length ? ` -- ${process.argv.slice(2).filter((a) => a !== '--built').join(' ')}` : ''}`,
    machine, apiNodeFlags: apiNodeFlags(), services: { postgres: env.databaseUrl, kafka: env.kafkaBrokers, mosquitto: env.mqtt?.url },
    baseline, runs, extras: extrasOut, targets: evaluateTargets(partial),
    failures, exitCode: failures.length ? 1 : 0, rawDir: path.relative(REPO_ROOT, rawDir),
  };
  // The results file keeps the summaries without their ids (setup_data: thousands of lot ids; they stay in the raw files).
  for (const run of results.runs) if (run.summary?.setup_data) run.summary.setup_data = digest(run.summary.setup_data) as never;
  if (!opts['no-write']) {
    mkdirSync(path.join(REPO_ROOT, 'load-tests/results'), { recursive: true });
    writeFileSync(path.join(REPO_ROOT, resultsPath), `${JSON.stringify(results, null, 2)}\n`);
    writeBetweenMarkers(path.join(REPO_ROOT, 'BENCHMARKS.md'), markdownOf(results, resultsPath));
    step(`wrote ${resultsPath} and the tables of BENCHMARKS.md`);
  } else {
    writeFileSync(path.join(rawDir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    writeFileSync(path.join(rawDir, 'BENCHMARKS.section.md'), markdownOf(results, path.relative(REPO_ROOT, path.join(rawDir, 'results.json'))));
  }
  console.log(consoleReport(results, opts['no-write'] ? path.relative(REPO_ROOT, path.join(rawDir, 'results.json')) : resultsPath));
  return results.exitCode;
}

interface RunContext {
  scenario: string;
  mode: 'server' | 'embedded';
  profileName: string;
  profile: Profile;
  env: InfraEnv;
  pids: Partial<Record<Service, number>>;
  id: string;
  rawDir: string;
  databases: string[];
  topics: string[];
  keep: boolean;
  cpuProf: boolean;
  /** Open model: iterations started per second (0: closed loop). */
  rate: number;
  /** `--subscribers`: live subscribers of `fanout` instead of the profile's. */
  subscribers?: number;
  /** Who holds the fan-out's subscribers. */
  fanoutSubscriber: 'harness' | 'k6';
  /** `--fanout-qos`: the QoS of the harness's subscriptions instead of the profile's (the web client's). */
  fanoutQos?: 0 | 1;
  /**
   * `--fanout-edge mosquitto`: the API runs with LIVE_EDGE=mosquitto and its edge check on this port, and the harness's
   * subscribers connect to Mosquitto's WebSocket listener, each with a live token of its own checked by the plugin.
   */
  edge?: { secret: string; apiPort: number };
}

type Storage = { databaseUrl?: string; dataDir?: string; kafka?: { brokers: string; topic: string; groupPrefix: string }; mqtt?: InfraEnv['mqtt'] };

/** A fresh database + topic (server) or data folder (embedded) for one API. */
async function freshStorage(mode: 'server' | 'embedded', label: string, c: Pick<RunContext, 'env' | 'id' | 'rawDir' | 'databases' | 'topics'>): Promise<Storage> {
  const safe = label.replace(/[^a-z0-9]/gi, '_').toLowerCase();
  if (mode === 'embedded') {
    const dataDir = path.join(c.rawDir, `embedded-${safe}-data`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return { dataDir };
  }
  const name = `bench_${c.id}_${safe}`;
  const databaseUrl = await createDatabase(c.env.databaseUrl, name);
  c.databases.push(name);
  const topic = `bench-${c.id}-${safe}`;
  c.topics.push(topic);
  return {
    databaseUrl,
    kafka: c.env.kafkaBrokers ? { brokers: c.env.kafkaBrokers, topic, groupPrefix: `${topic}-` } : undefined,
    mqtt: c.env.mqtt,
  };
}

function track(api: ApiProcess): ApiProcess {
  running.apis.add(api);
  return api;
}
function untrack(api: ApiProcess): ApiProcess {
  running.apis.delete(api);
  return api;
}

async function runScenario(c: RunContext): Promise<ScenarioRun> {
  const result: ScenarioRun = { scenario: c.scenario, mode: c.mode, ...(c.rate ? { rate: c.rate } : {}) };
  const outDir = path.join(c.rawDir, c.mode);
  mkdirSync(outDir, { recursive: true });
  let api: ApiProcess | null = null;
  let harness: { run: HarnessRun; idAuction: string } | null = null;
  const profiled = FANOUT_SCENARIOS.includes(c.scenario) ? fanoutPlan(c.profileName, c.scenario, c.subscribers) : null;
  const asked = profiled && c.fanoutQos !== undefined ? { ...profiled, qos: c.fanoutQos } : profiled;
  const edge = c.edge && c.mode === 'server' ? 'mosquitto' : 'api';
  const plan = asked && withinOpenFiles(asked, openFilesAvailable(filesWanted(asked.subscribers, edge)), edge);
  const notes = [
    ...(plan?.capped ? [`${plan.subscribers.toLocaleString('en')} subscribers instead of ${plan.capped.asked.toLocaleString('en')}: ${plan.capped.reason}`] : []),
    ...(plan && c.edge && c.mode === 'server' ? [`subscribers on Mosquitto's own WebSocket listener (--fanout-edge mosquitto: LIVE_EDGE=mosquitto, one live token per subscriber, checked by the auth plugin), not on the API's /mqtt`] : []),
  ];
  if (notes.length) {
    result.fanoutNote = notes.join('; ');
    step(`${c.scenario}/${c.mode}: ${result.fanoutNote}`);
  }
  try {
    const storage = await freshStorage(c.mode, c.scenario, c);
    const inspectPort = c.cpuProf ? await freePort() : undefined;
    api = track(await startApi({
      ...storage, password: PASSWORD, dealers: DEALERS, logFile: path.join(outDir, `${c.scenario}.api.log`), inspectPort,
      // One descriptor per live connection, when the API holds them.
      maxOpenFiles: plan && edge === 'api' ? filesWanted(plan.subscribers, edge) : undefined,
      env: c.edge && c.mode === 'server' ? edgeApiEnv(c.edge, c.env.mqtt?.wsUrl) : undefined,
    }));
    result.apiUrl = `${api.baseUrl}/api`;
    result.apiStartSeconds = Math.round(api.startMs / 100) / 10;
    // The idle figure (the embedded default's "RSS below 400 MB idle"): once the start's own work is over (the demo's
    // photos, the first collections, V8's memory reducer): the API's CPU under 5 % of a core for 5 s, read at most 45 s after "listening".
    const idleWait = await waitQuiet(api.pid, IDLE_WAIT);
    result.apiIdleRssMb = rssMbNow(api.pid);
    result.apiIdleAfterSeconds = Math.round((api.startMs + idleWait.waitedMs) / 100) / 10;
    if (!idleWait.quiet) result.apiIdleNote = (`API not idle ${Math.round(idleWait.waitedMs / 1000)} s after listening (CPU ${Math.round(idleWait.lastWindowCpuPct ?? 0)} % of a core over the last 5 s): idle RSS read anyway`);
    step(`${c.scenario}/${c.mode}: API at ${api.baseUrl}/api (pid ${api.pid}, up in ${result.apiStartSeconds} s; OpenAPI ${api.baseUrl}/api/docs, ` +
      `metrics ${api.baseUrl}/metrics, live ws://127.0.0.1:${api.port}/mqtt; RSS ${result.apiIdleRssMb ?? '?'} MB idle at ${result.apiIdleAfterSeconds} s${result.apiIdleNote ? `: ${result.apiIdleNote}` : ''})` +
      (storage.databaseUrl ? ` on ${storage.databaseUrl}, Kafka topic ${storage.kafka?.topic}` : ` on ${storage.dataDir}`));
    let fanoutEnv: Record<string, string> = {};
    if (plan && c.fanoutSubscriber === 'harness') {
      harness = await startFanoutHarness(c, api, plan, outDir);
      fanoutEnv = { SUBSCRIBER: 'harness', AUCTION_ID: harness.idAuction, BIDDERS: String(plan.bidders), LIVE_ACCOUNTS: String(plan.liveAccounts) };
    } else if (plan) {
      fanoutEnv = { SUBSCRIBER: 'k6', SUBSCRIBERS: String(plan.subscribers), RAMP: String(plan.rampSeconds), LIVE_ACCOUNTS: String(plan.liveAccounts) };
    }
    const k6 = startK6({
      scenario: c.scenario, baseUrl: api.baseUrl, profile: c.profileName, outDir, mode: c.mode, password: PASSWORD, dealers: DEALERS,
      extraEnv: { ...(c.mode === 'server' && c.env.mqtt?.wsUrl ? { MQTT_WS_URL: c.env.mqtt.wsUrl } : {}), ...(c.rate ? { RATE: String(c.rate) } : {}), ...fanoutEnv },
      timeoutMs: c.profile.k6TimeoutMs,
    });
    running.k6.add(k6.pid);
    step(`${c.scenario}/${c.mode}: k6 running (pid ${k6.pid}, profile ${c.profileName}); output in ${path.relative(REPO_ROOT, outDir)}/${c.scenario}.*`);
    const targets: SampleTarget[] = [{ name: 'api', pid: api.pid }, { name: 'k6', pid: k6.pid }];
    if (harness) targets.push({ name: 'fanout-sub', pid: harness.run.pid });
    if (c.mode === 'server') {
      if (c.pids.postgres) targets.push({ name: 'postgres', pid: c.pids.postgres, tree: true });
      if (c.pids.kafka) targets.push({ name: 'kafka', pid: c.pids.kafka });
      if (c.pids.mosquitto) targets.push({ name: 'mosquitto', pid: c.pids.mosquitto });
    }
    const sampler = new ProcessSampler(targets).start();
    const profiling = inspectPort ? profileLoad(inspectPort, k6.acksFile, k6.done) : null;
    const outcome = await k6.done;
    const exitedAt = performance.now();
    running.k6.delete(k6.pid);
    if (harness && plan) {
      // The last offers' messages are still on their way: the harness stays a few seconds more.
      await sleep(plan.tailSeconds * 1000);
      const figures = await finishFanoutHarness(harness.run, outcome.acksFile);
      harness = null;
      if ('error' in figures) result.fanoutError = figures.error;
      else result.fanout = figures;
    }
    sampler.stop();
    // The load phase: the last `durationSeconds` before k6 exited (less ~1 s of graceful stop and summary).
    const loadSeconds = outcome.summary?.durationSeconds;
    result.processes = sampler.figures(typeof loadSeconds === 'number' && loadSeconds > 0
      ? { from: exitedAt - (loadSeconds + 1) * 1000, to: exitedAt - 1000 } : undefined);
    result.k6 = { code: outcome.code, seconds: Math.round(outcome.seconds), summaryFile: rel(outcome.summaryFile), acksFile: rel(outcome.acksFile), stdoutFile: rel(outcome.stdoutFile), summaryError: outcome.summaryError };
    result.summary = outcome.summary;
    const s = outcome.summary;
    if (typeof s?.clients === 'number' && s.clients > 0) result.clients = s.clients;
    step(`${c.scenario}/${c.mode}: k6 exited ${outcome.code} after ${Math.round(outcome.seconds)} s: ` +
      (s ? `${fmt(s.offers?.acceptedPerSecond)} accepted/s, ${fmt(s.offers?.refusedPerSecond)} refused/s, p99 ${fmt(s.latencyMs?.p99, 1)} ms, errors ${fmt(s.offers?.errors)}` +
        (s.fanout ? `, fan-out p99 ${fmt(s.fanout.p99, 1)} ms to ${fmt(s.fanout.subscribers)} subscribers (k6's subscribers)` : '') : outcome.summaryError));
    if (result.fanout) step(`${c.scenario}/${c.mode}: ${fanoutLine(result.fanout)}`);
    if (result.fanoutError) step(`${c.scenario}/${c.mode}: fan-out figures missing: ${result.fanoutError}`);
    if (!s) throw new Error(`${outcome.summaryError}; k6 said:\n${outcome.outputTail.slice(-2000)}`);

    if (profiling) {
      const file = await profiling;
      if (file) result.cpuProfile = reportProfile(file, `${c.scenario}/${c.mode} API CPU profile (load phase)`);
    }
    step(`${c.scenario}/${c.mode}: correctness check (acknowledged writes vs log, read models vs rebuild)`);
    const counts = { offers: s.offers?.accepted ?? null, purchases: s.purchases?.ok ?? null };
    if (c.mode === 'server') {
      const admin = await Api.login(api.baseUrl, 'admin', PASSWORD);
      result.correctness = await checkServer(admin, storage.databaseUrl!, { acksFiles: [outcome.acksFile], summaryCounts: counts });
      await untrack(api).stop();
    } else {
      const admin = await Api.login(api.baseUrl, 'admin', PASSWORD);
      await waitQuietAndProjected(admin, 600_000);
      await untrack(api).stop();
      result.correctness = await checkEmbedded(storage.dataDir!, { acksFiles: [outcome.acksFile], summaryCounts: counts });
    }
    api = null;
    step(`${c.scenario}/${c.mode}: ${verdictLine(result.correctness)} [${result.correctness.seconds} s]`);
    if (!c.keep && result.correctness.pass && storage.dataDir) rmSync(storage.dataDir, { recursive: true, force: true });
  } catch (error) {
    result.error = errorText(error);
    step(`${c.scenario}/${c.mode} broke: ${result.error}`);
  } finally {
    if (harness) await harness.run.stop(10_000).finally(() => running.harnesses.delete(harness!.run));
    if (api) await untrack(api).stop();
  }
  return result;
}

/**
 * Fan-out with the harness: the auction and the live accounts' tokens, then the harness, which connects its
 * subscribers over the ramp; resolves once every connection attempt is over and the retained burst has settled.
 */
async function startFanoutHarness(c: RunContext, api: ApiProcess, plan: ReturnType<typeof fanoutPlan>, outDir: string): Promise<{ run: HarnessRun; idAuction: string }> {
  const onMosquitto = c.mode === 'server' && c.edge && c.env.mqtt?.wsUrl;
  const wsUrl = onMosquitto ? c.env.mqtt!.wsUrl! : `ws://127.0.0.1:${api.port}/mqtt`;
  // The longest hold: the harness is stopped (SIGTERM) once k6's bidders are done.
  const holdSeconds = Math.ceil(c.profile.k6TimeoutMs / 1000);
  step(`${c.scenario}/${c.mode}: creating the fan-out auction and logging ${plan.liveAccounts} live accounts in`);
  const setup = await prepareFanout(api.baseUrl, PASSWORD, plan, plan.rampSeconds + holdSeconds);
  const run = startHarness({
    // On Mosquitto: each subscriber with a live token of its own (GET live-credentials), as browsers get them.
    wsUrl, setup: onMosquitto ? { ...setup, accounts: await liveTokens(api.baseUrl, setup.accounts, plan.subscribers) } : setup,
    plan, holdSeconds, outDir, name: c.scenario,
  });
  running.harnesses.add(run);
  step(`${c.scenario}/${c.mode}: fan-out harness (pid ${run.pid}) connecting ${plan.subscribers.toLocaleString('en')} subscribers to ${wsUrl} ` +
    `over ${plan.rampSeconds} s (${plan.liveAccounts} accounts, QoS ${plan.qos}); log ${rel(run.logFile)}`);
  try {
    const ready = await run.ready((plan.rampSeconds + 600) * 1000);
    const errors = Object.entries(ready.errors ?? {}).map(([reason, n]) => `${n} × ${reason}`).join('; ');
    step(`${c.scenario}/${c.mode}: harness ready after ${ready.rampSeconds.toFixed(1)} s: ${ready.subscribed.toLocaleString('en')} subscribed, ` +
      `${ready.refused} refused, ${ready.failed} failed${errors ? ` (${errors})` : ''}; bidders start in ${plan.settleSeconds} s`);
    await sleep(plan.settleSeconds * 1000);
  } catch (error) {
    await run.stop(10_000).finally(() => running.harnesses.delete(run));
    throw error;
  }
  return { run, idAuction: setup.idAuction };
}

/** Stops the harness and joins its deliveries with k6's acknowledged offers. */
async function finishFanoutHarness(run: HarnessRun, acksFile: string): Promise<FanoutFigures | { error: string }> {
  try {
    const harnessResult = await run.stop();
    if (!harnessResult) return { error: `the harness wrote no result; see ${rel(run.logFile)}` };
    return joinFanout(await readTimedOfferAcks(acksFile), harnessResult);
  } catch (error) {
    return { error: errorText(error) };
  } finally {
    running.harnesses.delete(run);
  }
}


const rel = (p: string) => path.relative(REPO_ROOT, p);

/**
 * Profiles the API from k6's first acknowledgement (setup done, load running) until k6 exits; resolves with the
 * `.cpuprofile` file, or null (with a progress line) when the inspector could not be driven.
 */
async function profileLoad(port: number, acksFile: string, k6Done: Promise<unknown>): Promise<string | null> {
  let finished = false;
  void k6Done.then(() => (finished = true));
  try {
    const profiler = await InspectorProfiler.connect(port);
    while (!finished && !(existsSync(acksFile) && statSync(acksFile).size > 0)) await sleep(100);
    if (finished) {
      profiler.close();
      return null;
    }
    await profiler.start();
    await k6Done;
    const file = acksFile.replace(/\.acks\.ndjson$/, '.api.cpuprofile');
    await profiler.stop(file);
    profiler.close();
    return file;
  } catch (error) {
    step(`CPU profile not taken: ${errorText(error)}`);
    return null;
  }
}

/** Summarizes a `.cpuprofile` into `<file>.summary.txt` and the results. */
function reportProfile(file: string, title: string): ScenarioRun['cpuProfile'] {
  const summary = summarizeProfileFile(file);
  const text = profileText(title, summary);
  const summaryFile = `${file}.summary.txt`;
  writeFileSync(summaryFile, `${text}\n`);
  step(`${text}\n  (flame graph: open ${rel(file)} in Chrome DevTools or speedscope)`);
  return {
    file: rel(file), summaryFile: rel(summaryFile), busySeconds: summary.busyMs / 1000, idleSeconds: summary.idleMs / 1000,
    components: summary.components.slice(0, 10).map(({ name, busyPercent }) => ({ name, busyPercent })),
  };
}

/** Arrays replaced by their length, recursively (for the results file). */
function digest(value: unknown): unknown {
  if (Array.isArray(value)) return { count: value.length };
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digest(v)]));
  return value;
}
const fmt = (v: number | null | undefined, digits = 0) => (typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: digits }) : '–');

async function machineInfo(env: InfraEnv, kafkaPid?: number): Promise<MachineInfo> {
  const cpus = os.cpus();
  const quiet = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 }).trim();
    } catch {
      return null;
    }
  };
  const k6 = quiet(K6, ['version']);
  const mosquitto = (await run('mosquitto', ['-h'], { timeoutMs: 10_000 }).catch(() => null))?.stdout.split('\n')[0]?.trim() || null;
  let kafka: string | null = null;
  try {
    // tools/infra runs the broker from a folder named kafka-<version>.
    if (kafkaPid) kafka = /kafka[-_][\d.]*?-?(\d+\.\d+\.\d+)\/libs/.exec(readFileSync(`/proc/${kafkaPid}/cmdline`, 'utf8'))?.[1] ?? null;
  } catch {
    kafka = null;
  }
  return {
    cpuModel: cpus[0]?.model.trim() ?? '?', cores: cpus.length, memoryGb: Math.round(os.totalmem() / 1e9), kernel: os.release(), node: process.version,
    k6: k6 ? (/k6 (v[\w.\-+]+)/.exec(k6)?.[1] ?? k6.split('\n')[0]!) : null,
    postgres: env.databaseUrl ? ((await postgresVersion(env.databaseUrl).catch(() => null))?.split(' on ')[0] ?? null) : null,
    kafka,
    mosquitto,
    commit: quiet('git', ['rev-parse', '--short', 'HEAD']),
    dirty: (() => { const s = quiet('git', ['status', '--porcelain']); return s === null ? null : s.length > 0; })(),
  };
}

/**
 * Stops what the run started, once: the signal handler and main()'s own end may both ask (an interrupted scenario makes
 * main() end too), and a second pass would drop databases and hold connections while the first stops PostgreSQL.
 */
let stopping: Promise<void> | null = null;
function shutdown(): Promise<void> {
  stopping ??= stopEverything();
  return stopping;
}

async function stopEverything(): Promise<void> {
  for (const pid of running.k6) {
    try { process.kill(pid, 'SIGTERM'); } catch { /* gone */ }
  }
  await Promise.all([...running.harnesses].map((h) => h.stop(10_000).catch(() => null)));
  running.harnesses.clear();
  await Promise.all([...running.apis].map((api) => api.stop(5_000).catch(() => {})));
  running.apis.clear();
  if (!created.keep) for (const name of created.databases.splice(0)) await dropDatabase(created.adminUrl, name);
  await stopServices(startedServices).catch(() => {});
  startedServices = [];
}

// kafkajs (topic clean-up) sets a negative timeout on Node 24: harmless, but Node prints a warning for it.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') process.stderr.write(`${warning.name}: ${warning.message}\n`);
});

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    step(`${signal}: stopping what this run started`);
    shutdown().finally(() => process.exit(130));
  });
}

main().then(
  async (code) => {
    await shutdown();
    process.exit(code);
  },
  async (error: unknown) => {
    step(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    await shutdown();
    process.exit(1);
  },
);

/** The API's environment with `--fanout-edge mosquitto`: LIVE_EDGE=mosquitto, its edge check where the plugin asks. */
function edgeApiEnv(edge: { secret: string; apiPort: number }, wsUrl: string | undefined): Record<string, string> {
  return {
    LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: wsUrl ?? 'ws://127.0.0.1:9001', LIVE_EDGE_AUTH_PORT: String(edge.apiPort),
    LIVE_EDGE_AUTH_SECRET: edge.secret,
    // A run lasts longer than the default 10 minutes: an expired token would be disconnected by the plugin mid-run.
    LIVE_TOKEN_TTL_SECONDS: '14400',
  };
}

/** `count` live tokens (`GET /api/v1/secure/live-credentials`), one per subscriber, spread over the accounts' sessions. */
async function liveTokens(baseUrl: string, accounts: readonly { username: string; token: string }[], count: number, parallel = 50): Promise<{ username: string; token: string }[]> {
  const out: { username: string; token: string }[] = new Array(count);
  for (let i = 0; i < count; i += parallel) {
    await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, async (_, k) => {
      const account = accounts[(i + k) % accounts.length]!;
      const res = await fetch(`${baseUrl}/api/v1/secure/live-credentials`, { headers: { token: account.token }, signal: AbortSignal.timeout(30_000) });
      const body = (await res.json().catch(() => ({}))) as { password?: string };
      if (res.status !== 200 || typeof body.password !== 'string') throw new Error(`live-credentials of ${account.username}: ${res.status} ${JSON.stringify(body)}`);
      out[i + k] = { username: account.username, token: body.password };
    }));
  }
  return out;
}
