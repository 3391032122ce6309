/**
 * Smoke version of the load test (issue 5), in `npm test`: the real built server on a fresh PostgreSQL database with
 * the server stack `npm test` provides (Kafka and Mosquitto when set), the k6 scenarios `spread`, `showcase-rush` and
 * `fanout` with PROFILE=smoke (a few seconds each, a handful of subscribers), then the bench's correctness check
 * (tools/bench/src/correctness.ts): every acknowledged offer and purchase in the log exactly once, offers strictly
 * increasing per lot, each vehicle sold at most once, read models equal to a rebuild. Only correctness is asserted,
 * never speed.
 *
 * The embedded default gets the same for `spread`: the server on a fresh data folder (PGlite, in-process transport,
 * embedded broker), stopped after the load, then the log and the read models checked in this process.
 *
 * k6 is `.tools/bin/k6` (tools/test/run-all.sh builds it with tools/k6/build-k6.sh beside the build, and runs this file after it). When it is
 * missing this test builds it, and fails when that is impossible: it never skips.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkEmbedded, checkServer, verdictLine, type Verdict } from '../../../tools/bench/src/correctness.js';
import { Api, waitQuietAndProjected } from '../../../tools/bench/src/http.js';
import { K6, buildK6, startK6, type K6Outcome } from '../../../tools/bench/src/k6.js';
import { deleteTopics } from '../../../tools/bench/src/infra.js';
import { DEMO_DEALERS, DEMO_PASSWORD, type RunningServer, type ServerStorage, createStorage, startServer } from './testing/server.test-support.js';

const out = (line: string) => process.stdout.write(`${line}\n`);

/** The verdict passes and each acknowledged write was found exactly once. */
function expectSound(verdict: Verdict) {
  expect(verdict.problems).toEqual([]);
  const l = verdict.log!;
  expect({
    missing: l.missing, duplicatedInLog: l.duplicatedInLog, duplicateAcks: l.duplicateAcks, mismatched: l.mismatched,
    nonIncreasingLots: l.nonIncreasingLots, purchasesMissing: l.purchasesMissing, vehiclesSoldTwice: l.vehiclesSoldTwice,
    readModelsEqualRebuild: verdict.readModels?.equal,
  }).toEqual({
    missing: 0, duplicatedInLog: 0, duplicateAcks: 0, mismatched: 0, nonIncreasingLots: 0, purchasesMissing: 0, vehiclesSoldTwice: 0,
    readModelsEqualRebuild: true,
  });
  expect(verdict.pass).toBe(true);
}

describe('load smoke: k6 scenarios for a few seconds, then the correctness check', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let outDir: string | undefined;
  let topic: string | undefined;
  const verdicts: Record<string, string> = {};

  beforeAll(async () => {
    if (!existsSync(K6)) {
      out(`[load-smoke] ${K6} missing: building it with tools/k6/build-k6.sh`);
      await buildK6();
    }
    expect(existsSync(K6)).toBe(true);
    outDir = await mkdtemp(path.join(tmpdir(), 'load-smoke-'));
    storage = await createStorage('postgres');
    const extra: Record<string, string> = {};
    if (process.env.KAFKA_BROKERS) {
      topic = `smoke-${randomBytes(4).toString('hex')}`;
      Object.assign(extra, { KAFKA_BROKERS: process.env.KAFKA_BROKERS, KAFKA_TOPIC: topic, KAFKA_GROUP_PREFIX: `${topic}-` });
    }
    if (process.env.MQTT_URL) {
      Object.assign(extra, { MQTT_URL: process.env.MQTT_URL, MQTT_USERNAME: process.env.MQTT_USERNAME ?? '', MQTT_PASSWORD: process.env.MQTT_PASSWORD ?? '' });
    }
    server = await startServer(storage, extra);
  }, 1_200_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    if (topic && process.env.KAFKA_BROKERS) await deleteTopics(process.env.KAFKA_BROKERS, [topic]);
    const allPassed = Object.values(verdicts).every((v) => v.startsWith('pass'));
    if (outDir && allPassed) await rm(outDir, { recursive: true, force: true });
    out(`[load-smoke] ${JSON.stringify(verdicts)}${outDir && !allPassed ? ` (k6 output and acknowledgements kept in ${outDir})` : ''}`);
  }, 60_000);

  async function runAndCheck(scenario: string): Promise<{ outcome: K6Outcome; verdict: Verdict }> {
    if (!server || !storage?.databaseUrl || !outDir) throw new Error('not run: the set-up failed');
    const k6 = startK6({
      scenario, baseUrl: server.baseUrl, profile: 'smoke', outDir, mode: 'server', password: DEMO_PASSWORD, dealers: DEMO_DEALERS,
      extraEnv: process.env.MQTT_WS_URL ? { MQTT_WS_URL: process.env.MQTT_WS_URL } : {}, timeoutMs: 240_000,
    });
    const outcome = await k6.done;
    if (!outcome.summary) throw new Error(`${scenario}: ${outcome.summaryError}\n--- k6 ---\n${outcome.outputTail}\n--- server ---\n${server.output().slice(-3000)}`);
    const admin = await Api.login(server.baseUrl, 'admin', DEMO_PASSWORD);
    const verdict = await checkServer(admin, storage.databaseUrl, {
      acksFiles: [outcome.acksFile], summaryCounts: { offers: outcome.summary.offers?.accepted ?? null, purchases: outcome.summary.purchases?.ok ?? null },
    });
    verdicts[scenario] = verdictLine(verdict);
    out(`[load-smoke] ${scenario}: k6 exit ${outcome.code} in ${outcome.seconds.toFixed(1)} s; ${verdictLine(verdict)}`);
    return { outcome, verdict };
  }

  test('spread: every acknowledged offer is in the log exactly once, per-lot order holds, read models equal a rebuild', async () => {
    const { outcome, verdict } = await runAndCheck('spread');
    expect(verdict.log?.ackedOffers ?? 0).toBeGreaterThan(0);
    expect(outcome.summary?.offers?.accepted ?? 0).toBeGreaterThan(0);
    expectSound(verdict);
  }, 600_000);

  test('showcase-rush: every acknowledged purchase is in the log, no vehicle sold twice', async () => {
    const { verdict } = await runAndCheck('showcase-rush');
    expect(verdict.log?.ackedPurchases ?? 0).toBeGreaterThan(0);
    expectSound(verdict);
  }, 600_000);

  test('fanout (a handful of subscribers): messages arrive, the offers behind them are sound', async () => {
    const { outcome, verdict } = await runAndCheck('fanout');
    expect(verdict.log?.ackedOffers ?? 0).toBeGreaterThan(0);
    expect(outcome.summary?.fanout?.messages ?? 0).toBeGreaterThan(0);
    expectSound(verdict);
  }, 600_000);
});

describe('load smoke on the embedded default: spread, then the log and the read models checked with the server stopped', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let outDir: string | undefined;
  let verdict: Verdict | undefined;

  beforeAll(async () => {
    if (!existsSync(K6)) await buildK6();
    outDir = await mkdtemp(path.join(tmpdir(), 'load-smoke-embedded-'));
    storage = await createStorage('embedded');
    server = await startServer(storage);
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    if (outDir && verdict?.pass) await rm(outDir, { recursive: true, force: true });
    out(`[load-smoke embedded] ${verdict ? verdictLine(verdict) : 'not checked'}${outDir && !verdict?.pass ? ` (k6 output kept in ${outDir})` : ''}`);
  }, 60_000);

  test('spread: every acknowledged offer is in the log exactly once, per-lot order holds, read models equal a rebuild', async () => {
    if (!server || !storage?.dataDir || !outDir) throw new Error('not run: the set-up failed');
    const k6 = startK6({
      scenario: 'spread', baseUrl: server.baseUrl, profile: 'smoke', outDir, mode: 'embedded', password: DEMO_PASSWORD, dealers: DEMO_DEALERS,
      extraEnv: {}, timeoutMs: 240_000,
    });
    const outcome = await k6.done;
    if (!outcome.summary) throw new Error(`spread: ${outcome.summaryError}\n--- k6 ---\n${outcome.outputTail}\n--- server ---\n${server.output().slice(-3000)}`);
    // Projected to the head before the stop; the data folder is the server's alone while it runs.
    await waitQuietAndProjected(await Api.login(server.baseUrl, 'admin', DEMO_PASSWORD), 120_000);
    await server.stop();
    server = undefined;
    verdict = await checkEmbedded(storage.dataDir, {
      acksFiles: [outcome.acksFile], summaryCounts: { offers: outcome.summary.offers?.accepted ?? null, purchases: outcome.summary.purchases?.ok ?? null },
    });
    out(`[load-smoke embedded] spread: k6 exit ${outcome.code} in ${outcome.seconds.toFixed(1)} s; ${verdictLine(verdict)}`);
    expect(verdict.log?.ackedOffers ?? 0).toBeGreaterThan(0);
    expectSound(verdict);
  }, 600_000);
});
