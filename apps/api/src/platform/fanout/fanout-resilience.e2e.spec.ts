/**
 * The Kafka fan-out under failure, against the real built server on PostgreSQL and a real Kafka broker:
 *
 * 1. the broker stops in the middle of a burst of offers and comes back: offers keep being accepted (the event
 *    store is the outbox, Kafka only the fan-out), and the read models converge to exactly what a rebuild from
 *    the log produces;
 * 2. the same with the projection consumer stopped and started through the admin API;
 * 3. a rebuild of every read model on a log of ≥ 100,000 events while the API keeps answering queries.
 *
 * Each part has its own database, topic and consumer-group prefix, and stops its server in afterAll. Part 1 stops
 * and starts a broker of its own (private-infra.test-support.ts: tools/infra in a state folder of its own, on free
 * ports), so the shared broker of `$KAFKA_BROKERS`, which parts 2 and 3 use, stays up for the tests running beside it.
 * The server runs on the Kafka client that `KAFKA_CLIENT` in this process's environment names (the config's default if unset).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ERROR_CODES } from '@auction/domain';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiClient, type ApiResult, ServerClock, type RunningServer, type ServerStorage,
  createStorage, describeResult, sleep, startServer,
} from '../../testing/server.test-support.js';
import {
  type AuctionView, type OfferAnswer, createAuctionBody, duplicateIds, getReport, paths, pollStatus, runTag, wholeSecondAfter,
} from '../../testing/auction.test-support.js';
import {
  type BacklogRecovery, type Convergence, type KafkaSettings, type ReadModelStatus, type SchemaDump, adminPaths, deleteTopics, diffDumps,
  dumpSchema, dumpSizes, fanoutLogLines, getStatus, kafkaSettings, latencyStats, metricValue, rebuildThroughApi, replayCli, waitConverged,
  watchBacklog,
} from '../../testing/fanout.test-support.js';
import { startPrivateInfra, type PrivateInfra } from '../../testing/private-infra.test-support.js';
import { type GeneratedLog, generateOfferLog } from '../../testing/fanout-log.test-support.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// Parts 1 and 2: a paced burst of offers with a disruption in the middle.
// ---------------------------------------------------------------------------------------------------------------

const DEALERS = 40;
const LOTS = 4;
const BASE_PRICE = 1000;
const CONCURRENCY = 20;
/** Each worker pauses this long after each answer: ~30 offers/s, so a few hundred offers span the disruption. */
const PACE_MS = 600;
/** Answers before the disruption, and after the service is back, before the burst ends. */
const ANSWERS_BEFORE = 60;
const ANSWERS_AFTER = 60;
/** How long the offers go on while the broker (or the projector) is down. */
const OUTAGE_MS = 4_000;
const MAX_REQUESTS = 3_000;
const CONVERGE_MS = 90_000;
const REBUILD_MS = 60_000;
/** A query answering while a part of the fan-out is down (the read-after-write wait is bounded by 3 s). */
const QUERY_WHILE_DOWN_MS = 5_000;

interface Attempt {
  readonly j: number;
  readonly lot: number;
  readonly dealer: number;
  readonly amount: number;
  readonly key: string;
  readonly sentAt: number;
  answeredAt?: number;
  res?: ApiResult<OfferAnswer>;
  error?: string;
}

interface BurstContext {
  /** Resolves once `n` answers have arrived in total. */
  waitAnswers(n: number): Promise<void>;
  answered(): number;
  attempts: readonly Attempt[];
}

interface Setup {
  storage: ServerStorage;
  server: RunningServer;
  kafka: KafkaSettings;
  admin: ApiClient;
  auctioneer: ApiClient;
  dealers: ApiClient[];
  clock: ServerClock;
  id: string;
  lotIds: string[];
}

/** Starts the server in Kafka mode (on `kafka`), logs everyone in, and creates a running auction with `LOTS` lots. */
async function setUp(label: string, kafka: KafkaSettings = kafkaSettings()): Promise<Setup> {
  const storage = await createStorage('postgres');
  let server: RunningServer | undefined;
  try {
    server = await startServer(storage, kafka.env);
    const base = server.baseUrl;
    const [admin, auctioneer, dealers] = await Promise.all([
      ApiClient.login(base, 'admin'), ApiClient.login(base, 'auctioneer'),
      Promise.all(Array.from({ length: DEALERS }, (_, i) => ApiClient.login(base, `dealer${i + 1}`))),
    ]);
    const status = await getStatus(admin);
    if (status.transport !== 'kafka' || !status.projecting) {
      throw new Error(`the server should project through Kafka (KAFKA_BROKERS=${kafka.brokers.join(',')}), status: ${JSON.stringify(status)}`);
    }
    const clock = await ServerClock.sync(auctioneer);
    const tag = runTag();
    const startMs = wholeSecondAfter(clock, 2_000);
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      idempotencyKey: `create-${tag}`,
      body: createAuctionBody({
        name: `E2E fan-out ${label} ${tag}`, startMs, endMs: startMs + 15 * 60_000, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: Array.from({ length: LOTS }, (_, i) => ({ licensePlate: `FO${tag}${i}`, basePrice: BASE_PRICE, minIncrement: 1 })),
      }),
    });
    if (created.status !== 201) throw new Error(`POST auction: ${describeResult(created)}`);
    const id = created.body.idAuction;
    const lotIds = created.body.lots.map((l) => l.idLot);
    await pollStatus(auctioneer, clock, id, 'RUN', startMs + 10_000);
    return { storage, server, kafka, admin, auctioneer, dealers, clock, id, lotIds };
  } catch (error) {
    await server?.stop();
    await storage.dispose();
    throw error;
  }
}

async function tearDown(s: Setup | undefined): Promise<void> {
  if (!s) return;
  await s.server.stop();
  await s.storage.dispose();
  await deleteTopics(s.kafka.brokers, [s.kafka.topic]);
}

/**
 * Offers from `DEALERS` dealers on `LOTS` lots, `CONCURRENCY` at a time, each with its own Idempotency-Key:
 * request j goes to lot j % LOTS at BASE_PRICE + j (so each lot's amounts grow with j; concurrent ones may be
 * refused as below the increment). Runs until `disrupt` resolves; `disrupt` decides when to break things.
 */
async function burst(s: Setup, disrupt: (ctx: BurstContext) => Promise<void>): Promise<Attempt[]> {
  const attempts: Attempt[] = [];
  let answered = 0;
  let finished = false;
  const tag = runTag();
  const ctx: BurstContext = {
    attempts,
    answered: () => answered,
    waitAnswers: async (n) => {
      const t0 = Date.now();
      while (answered < n) {
        if (finished || attempts.length >= MAX_REQUESTS || Date.now() - t0 > 60_000) {
          throw new Error(`waited for ${n} answers, have ${answered} of ${attempts.length} requests after ${Date.now() - t0} ms`);
        }
        await sleep(20);
      }
    },
  };
  const worker = async () => {
    while (!finished && attempts.length < MAX_REQUESTS) {
      const j = attempts.length;
      const a: Attempt = {
        j, lot: j % LOTS, dealer: (Math.floor(j / LOTS) % DEALERS) + 1, amount: BASE_PRICE + j, key: `fanout-${tag}-${j}`, sentAt: Date.now(),
      };
      attempts.push(a);
      try {
        a.res = await s.dealers[a.dealer - 1]!.post<OfferAnswer>(paths.offer(s.id, s.lotIds[a.lot]!), {
          body: { offer: a.amount, clickAndBuy: false }, idempotencyKey: a.key,
        });
      } catch (error) {
        a.error = error instanceof Error ? error.message : String(error);
      }
      a.answeredAt = Date.now();
      answered++;
      await sleep(PACE_MS);
    }
  };
  const controller = disrupt(ctx).finally(() => { finished = true; });
  const results = await Promise.allSettled([controller, ...Array.from({ length: CONCURRENCY }, worker)]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
  return attempts;
}

/** Every answer is a 201 or the clean refusal of an offer overtaken by a concurrent higher one. */
function unexpectedAnswers(attempts: readonly Attempt[]): string[] {
  return attempts.flatMap((a) => {
    if (a.error) return [`#${a.j} ${a.key}: no answer (${a.error})`];
    const r = a.res as ApiResult;
    if (r.status === 201) return [];
    if (r.status === 422 && r.body?.errorCode === ERROR_CODES.OFFER_BELOW_MIN_INCREMENT) return [];
    return [`#${a.j} ${a.key} dealer${a.dealer} ${a.amount}: ${describeResult(r)}`];
  });
}

/** The status never says "caught up" (lag 0) while streams are still behind the log. */
function noteStatusAhead(c: Convergence): void {
  expect({ status: c.statusAtZero, behind: c.behindAtStatusZero.slice(0, 5) }).toEqual({ status: c.statusAtZero, behind: [] });
}

/** Polls the status until `check` holds; returns that status, or throws with the last one. */
async function statusUntil(admin: ApiClient, what: string, check: (s: ReadModelStatus) => boolean, timeoutMs: number): Promise<ReadModelStatus> {
  const t0 = Date.now();
  for (;;) {
    const status = await getStatus(admin);
    if (check(status)) return status;
    if (Date.now() - t0 > timeoutMs) throw new Error(`${what}: not seen within ${timeoutMs} ms; last status ${JSON.stringify(status)}`);
    await sleep(100);
  }
}

/** A GET that must answer 200 within `maxMs`; returns its latency. */
async function timedGet(client: ApiClient, pathAndQuery: string, maxMs: number): Promise<{ ms: number; res: ApiResult }> {
  const t0 = Date.now();
  const res = await client.get(pathAndQuery);
  const ms = Date.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${pathAndQuery} as ${client.username}: expected 200, got ${describeResult(res)}`);
  if (ms > maxMs) throw new Error(`GET ${pathAndQuery} as ${client.username} took ${ms} ms (limit ${maxMs} ms)`);
  return { ms, res };
}

/**
 * After the burst: the read models converge (bounded), the offers report is exactly the accepted offers,
 * retried keys return their first answer, and the live tables equal what a rebuild from position 0 produces.
 */
async function expectConvergedAndEqualToRebuild(s: Setup, attempts: readonly Attempt[], backAt: number, timings: Record<string, unknown>) {
  expect(unexpectedAnswers(attempts)).toEqual([]);
  const accepted = attempts.filter((a) => a.res?.status === 201);
  timings.requests = attempts.length;
  timings.accepted = accepted.length;
  timings.refusedOvertaken = attempts.length - accepted.length;
  expect(accepted.length).toBeGreaterThan(ANSWERS_BEFORE);
  for (const a of accepted) {
    if (a.res!.body.offer !== a.amount) throw new Error(`${a.key}: offered ${a.amount}, answer ${JSON.stringify(a.res!.body)}`);
  }
  expect(duplicateIds(accepted.map((a) => a.res!.body))).toEqual([]);

  const url = s.storage.databaseUrl!;
  let convergence: Convergence;
  const waitFrom = Date.now();
  try {
    convergence = await waitConverged(s.admin, url, CONVERGE_MS);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- server output ---\n${s.server.output().slice(-6_000)}`);
  }
  // Measured from the moment the broker (or the projector) was back.
  timings.relayLagZeroAfterBackMs = convergence.relayZeroMs === null ? null : waitFrom - backAt + convergence.relayZeroMs;
  timings.statusLagZeroAfterBackMs = waitFrom - backAt + convergence.statusZeroMs;
  timings.convergedAfterBackMs = waitFrom - backAt + convergence.convergedMs;
  timings.streamsBehindWhenStatusSaidZero = convergence.behindAtStatusZero.length;
  timings.statusSaidZeroBeforeConvergedMs = convergence.convergedMs - convergence.statusZeroMs;
  noteStatusAhead(convergence);
  expect(convergence.status.projecting).toBe(true);

  // Retries with the same keys after recovery: the first answer again, nothing written.
  const sample = accepted.filter((_, i) => i % Math.max(1, Math.floor(accepted.length / 10)) === 0).slice(0, 10);
  const retries = await Promise.all(sample.map((a) => s.dealers[a.dealer - 1]!.post<OfferAnswer>(paths.offer(s.id, s.lotIds[a.lot]!), {
    body: { offer: a.amount, clickAndBuy: false }, idempotencyKey: a.key,
  })));
  expect(retries.map((r) => `${r.status} ${r.body?.idOffer}`)).toEqual(sample.map((a) => `201 ${a.res!.body.idOffer}`));

  // The offers report (read model) is exactly the accepted offers: every 201 once, nothing else.
  const report = await getReport(s.auctioneer, s.id);
  const byId = new Map(report.map((r) => [r.idOffer, r]));
  expect(duplicateIds(report)).toEqual([]);
  const missing = accepted.filter((a) => !byId.has(a.res!.body.idOffer)).map((a) => `${a.key} ${a.res!.body.idOffer} dealer${a.dealer} ${a.amount}`);
  expect(missing).toEqual([]);
  const acceptedIds = new Set(accepted.map((a) => a.res!.body.idOffer));
  expect(report.filter((r) => !acceptedIds.has(r.idOffer)).map((r) => JSON.stringify(r))).toEqual([]);
  const wrongRows = accepted.flatMap((a) => {
    const row = byId.get(a.res!.body.idOffer)!;
    const expected = { username: `dealer${a.dealer}`, offer: a.amount, idLot: s.lotIds[a.lot] };
    const got = { username: row.username, offer: row.offer, idLot: row.idLot };
    return JSON.stringify(got) === JSON.stringify(expected) ? [] : [`${a.key} ${row.idOffer}: expected ${JSON.stringify(expected)}, report has ${JSON.stringify(got)}`];
  });
  expect(wrongRows).toEqual([]);

  // The live tables equal a full rebuild from the log.
  const head = (await getStatus(s.admin)).head;
  const live = await dumpSchema(url);
  // This auction's offers (the demo data has offers of its own: the demo partners' rated auctions).
  expect({ offerRowsInReadModel: live.offers?.filter((r) => r['id_auction'] === s.id).length }).toEqual({ offerRowsInReadModel: accepted.length });
  const t0 = Date.now();
  const { final } = await rebuildThroughApi(s.admin, REBUILD_MS);
  timings.rebuildMs = Date.now() - t0;
  timings.rebuildEvents = final.events;
  if (final.position !== head) {
    throw new Error(`the log moved between the live dump (head ${head}) and the rebuild (position ${final.position}): the comparison would be void`);
  }
  const rebuilt = await dumpSchema(url);
  timings.tables = dumpSizes(rebuilt);
  expect(diffDumps(live, rebuilt, ['live read models', 'rebuilt from the log'])).toEqual([]);
  // Still projecting after the swap.
  expect((await getStatus(s.admin)).projecting).toBe(true);
}

describe('fan-out resilience: the Kafka broker stops in the middle of a burst of offers', () => {
  let s: Setup | undefined;
  let infra: PrivateInfra | undefined;
  let brokerDown = false;
  const timings: Record<string, unknown> = {};

  beforeAll(async () => {
    const t0 = Date.now();
    infra = await startPrivateInfra(['kafka']);
    timings.privateBrokerStartMs = Date.now() - t0;
    s = await setUp('broker', kafkaSettings(infra.kafkaBrokers));
  }, 360_000);

  afterAll(async () => {
    // The topic is deleted through the broker: start it again if the test failed while it was down.
    if (brokerDown) await infra?.start('kafka').catch((error: unknown) => out(`[fanout] could not restart the broker: ${String(error)}`));
    await tearDown(s);
    await infra?.dispose();
    out(`[fanout] broker outage (KAFKA_CLIENT=${process.env.KAFKA_CLIENT ?? 'default'}): ${JSON.stringify(timings)}`);
  }, 240_000);

  test('offers are accepted while the broker is down; after it returns the read models converge to a rebuild of the log', async () => {
    if (!s || !infra) throw new Error('not run: the set-up failed');
    const broker = infra;
    const marks = { downAt: 0, startAt: 0, upAt: 0 };
    const queryWhileDown: number[] = [];
    let recovery: Promise<BacklogRecovery> | undefined;
    const attempts = await burst(s, async (ctx) => {
      await ctx.waitAnswers(ANSWERS_BEFORE);
      brokerDown = true;
      timings.brokerStopMs = await broker.stop('kafka');
      marks.downAt = Date.now();
      if (await broker.running('kafka')) throw new Error('`infra.sh stop kafka` returned but `infra.sh status kafka` still says running');
      // The relay notices (its lag grows, on the status and on /metrics) and queries keep answering.
      const down = await statusUntil(s!.admin, 'relayLag > 0 while the broker is down', (st) => (st.relayLag ?? 0) > 0, 10_000);
      expect({ relayLagMetric: (await metricValue(s!.admin, 'relay_lag_events'))! > 0 }).toEqual({ relayLagMetric: true });
      queryWhileDown.push((await timedGet(s!.dealers[0]!, adminPaths.auctionFull(s!.id), QUERY_WHILE_DOWN_MS)).ms);
      queryWhileDown.push((await timedGet(s!.auctioneer, paths.report(s!.id), QUERY_WHILE_DOWN_MS)).ms);
      await sleep(marks.downAt + OUTAGE_MS - Date.now());
      timings.relayLagBeforeRestart = (await getStatus(s!.admin)).relayLag;
      timings.relayLagFirstSeenWhileDown = down.relayLag;
      marks.startAt = Date.now();
      timings.brokerStartMs = await broker.start('kafka');
      brokerDown = false;
      marks.upAt = Date.now();
      // From the broker being up: the backlog built while it was down goes through the relay and the projector.
      recovery = watchBacklog(s!.admin, s!.storage.databaseUrl!, CONVERGE_MS);
      recovery.catch(() => {});
      await ctx.waitAnswers(ctx.answered() + ANSWERS_AFTER);
    });
    const whileDown = attempts.filter((a) => a.sentAt >= marks.downAt && (a.answeredAt ?? Infinity) <= marks.startAt);
    const acceptedWhileDown = whileDown.filter((a) => a.res?.status === 201).length;
    const offerLatency = latencyStats(whileDown.map((a) => a.answeredAt! - a.sentAt));
    timings.offersWhileDown = whileDown.length;
    timings.acceptedWhileDown = acceptedWhileDown;
    timings.offerLatencyWhileDownMs = offerLatency;
    timings.queryMsWhileDown = queryWhileDown;
    expect(unexpectedAnswers(whileDown)).toEqual([]);
    // The event store is the outbox: offers go on being accepted, without waiting for Kafka.
    expect({ acceptedWhileDown: acceptedWhileDown >= 20, maxOfferMsBelow5s: offerLatency.max < 5_000 })
      .toEqual({ acceptedWhileDown: true, maxOfferMsBelow5s: true });
    const backlog = await recovery!;
    timings.recoveryAfterBrokerUp = backlog;
    if (backlog.projectedMs > 10_000) {
      const iso = (ms: number) => new Date(ms).toISOString();
      out(`[fanout] slow recovery after the broker restart (${backlog.projectedMs} ms): broker stopped at ${iso(marks.downAt)}, ` +
        `start began ${iso(marks.startAt)}, broker up ${iso(marks.upAt)}; the server's fan-out log since the stop:\n  ` +
        fanoutLogLines(s.server.output(), marks.downAt, 60).join('\n  '));
    }
    out(`[fanout] broker back: backlog of ${backlog.relayBacklog} events published ${backlog.relayMs} ms and projected ${backlog.projectedMs} ms ` +
      `after \`infra.sh start kafka\` returned (the start itself took ${String(timings.brokerStartMs)} ms)`);
    await expectConvergedAndEqualToRebuild(s, attempts, marks.upAt, timings);
  }, 240_000);
});

describe('fan-out resilience: the projection consumer stops in the middle of a burst of offers', () => {
  let s: Setup | undefined;
  const timings: Record<string, unknown> = {};

  beforeAll(async () => {
    s = await setUp('projector');
  }, 120_000);

  afterAll(async () => {
    await tearDown(s);
    out(`[fanout] projector outage: ${JSON.stringify(timings)}`);
  }, 60_000);

  test('queries answer (stale) while the projector is stopped; after /projector/start the read models converge to a rebuild', async () => {
    if (!s) throw new Error('not run: the set-up failed');
    const marks = { downAt: 0, startAt: 0, upAt: 0 };
    const queryWhileStopped: number[] = [];
    let recovery: Promise<BacklogRecovery> | undefined;
    const attempts = await burst(s, async (ctx) => {
      await ctx.waitAnswers(ANSWERS_BEFORE);
      const stop = await s!.admin.post(adminPaths.projectorStop);
      if (stop.status !== 204) throw new Error(`POST ${adminPaths.projectorStop}: expected 204, got ${describeResult(stop)}`);
      marks.downAt = Date.now();
      expect((await getStatus(s!.admin)).projecting).toBe(false);
      // The lag grows while offers go on; the relay keeps publishing.
      const stopped = await statusUntil(s!.admin, 'projectionLag > 0 while the projector is stopped', (st) => (st.projectionLag ?? 0) > 0, 10_000);
      timings.projectionLagWhileStopped = stopped.projectionLag;
      expect(await metricValue(s!.admin, 'projection_lag_events')).toBeGreaterThan(0);
      // Queries keep answering from what was projected: possibly stale, never an error.
      const acceptedSoFar = ctx.attempts.filter((a) => a.res?.status === 201).length;
      queryWhileStopped.push((await timedGet(s!.dealers[0]!, adminPaths.auctionFull(s!.id), QUERY_WHILE_DOWN_MS)).ms);
      queryWhileStopped.push((await timedGet(s!.dealers[1]!, adminPaths.runningAuctions, QUERY_WHILE_DOWN_MS)).ms);
      const report = await timedGet(s!.auctioneer, paths.report(s!.id), QUERY_WHILE_DOWN_MS);
      queryWhileStopped.push(report.ms);
      await sleep(marks.downAt + OUTAGE_MS - Date.now());
      const reportLate = await s!.auctioneer.get<{ total: number }>(paths.report(s!.id));
      timings.reportRowsWhileStopped = { atStop: (report.res.body as { total: number }).total, acceptedAtStop: acceptedSoFar, later: reportLate.body.total };
      marks.startAt = Date.now();
      const start = await s!.admin.post(adminPaths.projectorStart);
      if (start.status !== 204) throw new Error(`POST ${adminPaths.projectorStart}: expected 204, got ${describeResult(start)}`);
      marks.upAt = Date.now();
      recovery = watchBacklog(s!.admin, s!.storage.databaseUrl!, CONVERGE_MS);
      recovery.catch(() => {});
      expect((await getStatus(s!.admin)).projecting).toBe(true);
      await ctx.waitAnswers(ctx.answered() + ANSWERS_AFTER);
    });
    const whileStopped = attempts.filter((a) => a.sentAt >= marks.downAt && (a.answeredAt ?? Infinity) <= marks.startAt);
    const acceptedWhileStopped = whileStopped.filter((a) => a.res?.status === 201).length;
    timings.offersWhileStopped = whileStopped.length;
    timings.acceptedWhileStopped = acceptedWhileStopped;
    timings.queryMsWhileStopped = queryWhileStopped;
    expect(unexpectedAnswers(whileStopped)).toEqual([]);
    expect({ acceptedWhileStopped: acceptedWhileStopped >= 20 }).toEqual({ acceptedWhileStopped: true });
    const backlog = await recovery!;
    timings.recoveryAfterProjectorStart = backlog;
    out(`[fanout] projector back: backlog of ${backlog.projectionBacklog}+ events projected ${backlog.projectedMs} ms after /projector/start`);
    await expectConvergedAndEqualToRebuild(s, attempts, marks.upAt, timings);
  }, 240_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Part 3: rebuild on ≥ 100,000 events while the API answers.
// ---------------------------------------------------------------------------------------------------------------

const LOG_EVENTS = 100_000;
const GEN_AUCTIONS = 12;
const GEN_LOTS = 8;
const GET_LIMIT_MS = 2_000;
const LOAD_CLIENTS = 3;

describe('rebuild of every read model on a log of 100,000 events while the API keeps answering', () => {
  let kafka: KafkaSettings | undefined;
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let workDir: string | undefined;
  let log: GeneratedLog | undefined;
  let serverStartedAt = 0;
  const timings: Record<string, unknown> = {};

  beforeAll(async () => {
    kafka = kafkaSettings();
    workDir = await mkdtemp(path.join(tmpdir(), 'fanout-e2e-'));
    // The demo data of a fresh server (users, demo auction, showcase), exported with the replay CLI.
    let t0 = Date.now();
    const first = await createStorage('postgres');
    try {
      const seeded = await startServer(first);
      try {
        await replayCli(['export', '--out', path.join(workDir, 'demo.ndjson'), '--database-url', first.databaseUrl!]);
      } finally {
        await seeded.stop();
      }
    } finally {
      await first.dispose();
    }
    timings.seedAndExportMs = Date.now() - t0;
    // + auctions and offers decided by the real deciders, up to LOG_EVENTS events.
    t0 = Date.now();
    log = await generateOfferLog({
      exportFile: path.join(workDir, 'demo.ndjson'), outFile: path.join(workDir, 'log.ndjson'), totalEvents: LOG_EVENTS,
      auctions: GEN_AUCTIONS, lotsPerAuction: GEN_LOTS, run: 25, now: Date.now(),
    });
    timings.generateMs = Date.now() - t0;
    // Imported into a second fresh database, on which the server starts in Kafka mode.
    t0 = Date.now();
    storage = await createStorage('postgres');
    await replayCli(['import', path.join(workDir, 'log.ndjson'), '--database-url', storage.databaseUrl!], 150_000);
    timings.importMs = Date.now() - t0;
    t0 = Date.now();
    server = await startServer(storage, kafka.env);
    serverStartedAt = Date.now();
    timings.serverStartMs = serverStartedAt - t0;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    if (kafka) await deleteTopics(kafka.brokers, [kafka.topic]);
    if (workDir) await rm(workDir, { recursive: true, force: true });
    out(`[fanout] rebuild on ${log?.total ?? '?'} events: ${JSON.stringify(timings)}`);
  }, 60_000);

  test('the rebuild swaps in tables equal to the live ones; every GET meanwhile answers 200 within 2 s', async () => {
    if (!server || !storage || !log) throw new Error('not run: the set-up failed');
    const url = storage.databaseUrl!;
    const base = server.baseUrl;
    const [admin, auctioneer, dealer] = await Promise.all([
      ApiClient.login(base, 'admin'), ApiClient.login(base, 'auctioneer'), ApiClient.login(base, log.dealers[0]!),
    ]);
    expect(log.total).toBeGreaterThanOrEqual(LOG_EVENTS);
    const initial = await getStatus(admin);
    expect({ transport: initial.transport, projecting: initial.projecting }).toEqual({ transport: 'kafka', projecting: true });
    expect(initial.head).toBeGreaterThanOrEqual(log.total);

    // The whole log goes through the relay, Kafka and the projector first.
    const converged = await waitConverged(admin, url, 150_000);
    // From the server being healthy (relay and projector started) until every stream is projected.
    timings.initialProjectionMs = Date.now() - serverStartedAt;
    timings.head = converged.status.head;
    timings.streamsBehindWhenStatusSaidZero = converged.behindAtStatusZero.length;
    timings.statusSaidZeroBeforeConvergedMs = converged.convergedMs - converged.statusZeroMs;
    noteStatusAhead(converged);
    let t0 = Date.now();
    const live: SchemaDump = await dumpSchema(url);
    timings.dumpMs = Date.now() - t0;
    timings.tables = dumpSizes(live);
    // The generated auctions' offers (the demo export has a few offers of its own: the demo partners' rated auctions).
    const generated = new Set(log.auctions.map((a) => a.idAuction));
    expect({ offerRowsInReadModel: live.offers?.filter((r) => generated.has(String(r['id_auction']))).length }).toEqual({ offerRowsInReadModel: log.offers });

    // GETs in a loop from a few clients while the rebuild runs.
    const big = log.auctions[0]!;
    const targets: { name: string; client: ApiClient; path: string }[] = [
      { name: 'auctionFull', client: dealer, path: adminPaths.auctionFull(big.idAuction) },
      { name: 'running-auctions', client: dealer, path: adminPaths.runningAuctions },
      { name: 'offers-report', client: auctioneer, path: paths.report(big.idAuction) },
    ];
    const latencies = new Map<string, number[]>(targets.map((t) => [t.name, []]));
    const failures: string[] = [];
    const firstAnswers = new Map<string, string>();
    let duringRebuild = 0;
    let loading = true;
    let rebuildRunning = false;
    const load = async (worker: number) => {
      for (let i = worker; loading; i++) {
        const target = targets[i % targets.length]!;
        const running = rebuildRunning;
        const t = Date.now();
        let res: ApiResult;
        try {
          res = await target.client.get(target.path);
        } catch (error) {
          failures.push(`${target.name}: no answer after ${Date.now() - t} ms (${(error as Error).message})`);
          continue;
        }
        const ms = Date.now() - t;
        latencies.get(target.name)!.push(ms);
        if (running) duringRebuild++;
        if (res.status !== 200) failures.push(`${target.name}: ${describeResult(res)}`);
        else if (ms > GET_LIMIT_MS) failures.push(`${target.name}: ${ms} ms`);
        if (res.status !== 200) continue;
        // Nothing is written meanwhile: every answer must be the first one, before, during and after the swap.
        const text = JSON.stringify(res.body);
        const first = firstAnswers.get(target.name);
        if (first === undefined) firstAnswers.set(target.name, text);
        else if (text !== first) {
          let at = 0;
          while (at < text.length && text[at] === first[at]) at++;
          failures.push(`${target.name} changed ${running ? 'during' : 'around'} the rebuild at character ${at}: ` +
            `first ${first.slice(Math.max(0, at - 80), at + 120)} … now ${text.slice(Math.max(0, at - 80), at + 120)}`);
        }
        if (target.name === 'offers-report' && (res.body as { total: number }).total !== big.offers) {
          failures.push(`offers-report: ${(res.body as { total: number }).total} rows, the log holds ${big.offers} offers of ${big.idAuction}`);
        }
      }
    };
    // A baseline before the rebuild, then the rebuild under load.
    const loaders = Array.from({ length: LOAD_CLIENTS }, (_, w) => load(w));
    await sleep(1_500);
    const baseline = new Map([...latencies].map(([k, v]) => [k, v.length]));
    rebuildRunning = true;
    t0 = Date.now();
    let rebuild;
    try {
      rebuild = await rebuildThroughApi(admin, 150_000, 250);
    } finally {
      rebuildRunning = false;
      loading = false;
      await Promise.all(loaders);
    }
    const rebuildWallMs = Date.now() - t0;
    const { final, polls } = rebuild;
    // It was really seen in progress while the GETs ran, moving forward.
    const progress = polls.filter((p) => p.state === 'running').map((p) => p.position);
    timings.rebuildPolls = { running: progress.length, positions: progress.slice(0, 40) };
    expect({ runningPolls: progress.length >= 2, monotonic: progress.every((p, i) => i === 0 || p >= progress[i - 1]!) })
      .toEqual({ runningPolls: true, monotonic: true });
    const during = (name: string) => latencies.get(name)!.slice(baseline.get(name)!);
    const figures = {
      events: final.events, seconds: Number(final.seconds.toFixed(2)), eventsPerSecond: Math.round(final.eventsPerSecond ?? 0), wallMs: rebuildWallMs,
    };
    timings.rebuild = figures;
    timings.getsDuringRebuild = duringRebuild;
    timings.baselineMs = Object.fromEntries(targets.map((t) => [t.name, latencyStats(latencies.get(t.name)!.slice(0, baseline.get(t.name)!))]));
    timings.duringRebuildMs = Object.fromEntries(targets.map((t) => [t.name, latencyStats(during(t.name))]));
    const all = latencyStats(targets.flatMap((t) => during(t.name)));
    timings.allGetsDuringRebuildMs = all;
    out(`[fanout] rebuild of ${final.events} events in ${figures.seconds} s = ${figures.eventsPerSecond} events/s (wall ${rebuildWallMs} ms)`);
    out(`[fanout] GETs during the rebuild: ${all.n}, p50 ${all.p50} ms, p99 ${all.p99} ms, max ${all.max} ms; ` +
      targets.map((t) => `${t.name} ${JSON.stringify(latencyStats(during(t.name)))}`).join(', '));

    expect(failures.slice(0, 20)).toEqual([]);
    expect(duringRebuild).toBeGreaterThanOrEqual(10);
    expect(final.events).toBeGreaterThanOrEqual(LOG_EVENTS);
    expect(final.position).toBe(converged.status.head);

    // Swapped in: equal to the live tables it replaced.
    const rebuilt = await dumpSchema(url);
    expect(diffDumps(live, rebuilt, ['live read models', 'rebuilt from the log'])).toEqual([]);
    const after = await getStatus(admin);
    expect({ projecting: after.projecting, projectionLag: after.projectionLag }).toEqual({ projecting: true, projectionLag: 0 });
  }, 240_000);
});
