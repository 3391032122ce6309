/**
 * Review of issue 24 (forwarded writes, open point 1): the mobile app's offers (GETs without an Idempotency-Key) reach
 * the instance that does not write their auction and are passed to the one that does, which is SIGKILLed in the
 * middle of the burst. A forward cut by the kill may have run on the dead owner: the sender asks the new owner again
 * with the key it gave the forward, so an offer the dead one stored is answered from that run (the lot's recent keys,
 * the idempotency record), never stored twice nor refused as lower than itself; one the dead one did not store runs
 * once. Every offer answered 200 is stored once, every offer refused or answered 503001 is not stored, and an answer
 * 503515 (outcome unknown) names a key whose retry tells the outcome. Two instances on a fresh database of the shared
 * PostgreSQL and a topic of their own, on ports of this file's own.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import {
  ApiClient, ServerClock, createStorage, describeResult, isCleanError, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import { createAuctionBody, eventually, getReport, paths, pollStatus, runPool, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';
import { queryDb } from '../../testing/fanout.test-support.js';
import { shardOf } from './writer-ownership.js';

const SHARDS = 32;
const LEASE_MS = 2_000;
const LOTS = 20;
const DEALERS = 20;
const REQUESTS = 600;
const CONCURRENCY = 24;
const KILL_AFTER_ANSWERS = 150;
const BASE_PRICE = 100;
const PORTS = [4220, 4221];

interface Sent {
  readonly j: number;
  readonly idLot: string;
  readonly dealer: number;
  readonly amount: number;
  answer?: ApiResult<{ idOffer?: string; offer?: number; errorCode?: number }>;
  /** The answer of a retry with the key a 503515 named. */
  settled?: ApiResult<{ idOffer?: string; offer?: number; errorCode?: number }>;
}

describe('forwarded offers when the owner is SIGKILLed mid-request', () => {
  let storage: ServerStorage;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    storage = await createStorage('postgres');
    const env = {
      KAFKA_BROKERS: process.env.KAFKA_BROKERS!, KAFKA_TOPIC: `forward-kill-${runTag()}`,
      WRITER_LEASE_MS: String(LEASE_MS), WRITER_SHARDS: String(SHARDS), SESSION_SECRET: `forward-kill-${runTag()}-0123456789abcdef`,
    };
    servers.push(await startServer(storage, { ...env, PORT: String(PORTS[0]) }));
    servers.push(await startServer(storage, { ...env, PORT: String(PORTS[1]), DEMO_DATA: 'false' }));
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await storage?.dispose();
  }, 120_000);

  const leaseOwners = async () => {
    const rows = await queryDb<{ shard: number; url: string }>(storage.databaseUrl!,
      `SELECT w.shard, i.url FROM writer_leases w JOIN api_instances i ON i.id = w.owner
       WHERE w.expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`);
    return new Map(rows.map((r) => [Number(r.shard), r.url]));
  };

  test('every offer answered 200 is stored once, none refused or unanswered is stored', async () => {
    const [a, b] = servers;
    const { value: owners } = await eventually(leaseOwners, (o) => expect(new Set(o.values()).size).toBe(2), 60_000);
    const auctioneer = await ApiClient.login(b.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 4_000);
    const tag = runTag();
    let auction: AuctionView | undefined;
    for (let i = 0; !auction || owners.get(shardOf(auction.idAuction, SHARDS)) !== a.baseUrl; i++) {
      if (i >= 12) throw new Error('no auction fell on the first instance in 12 tries');
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `E2E forward kill ${tag} ${i}`, startMs, endMs: startMs + 600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: Array.from({ length: LOTS }, (_, k) => ({ licensePlate: `FK${tag}${i}L${k}`, basePrice: BASE_PRICE, minIncrement: 1 })),
        }),
      });
      expect(describeResult(created)).toMatch(/^201/);
      auction = created.body;
    }
    const { idAuction } = auction;
    await pollStatus(auctioneer, clock, idAuction, 'RUN', startMs + 10_000);
    const dealers = await Promise.all(Array.from({ length: DEALERS }, (_, i) => ApiClient.login(b.baseUrl, `dealer${i + 1}`)));
    // Offer j: lot j % LOTS, amounts rising on each lot through the burst, dealers taking turns on a lot.
    const sent: Sent[] = Array.from({ length: REQUESTS }, (_, j) => ({
      j, idLot: auction!.lots[j % LOTS].idLot, dealer: (j + Math.floor(j / LOTS)) % DEALERS, amount: BASE_PRICE + Math.floor(j / LOTS),
    }));
    const offerPath = (x: Sent) => `/api/v1/mobile/auction/${idAuction}/offer/${x.idLot}?offer=${x.amount}`;
    let answers = 0;
    let killedAt = 0;
    await runPool(sent, CONCURRENCY, async (x) => {
      // As the app sends it: a GET, no Idempotency-Key, to the instance that passes it on.
      x.answer = await dealers[x.dealer].get(offerPath(x));
      if (++answers === KILL_AFTER_ANSWERS) {
        killedAt = Date.now();
        process.kill(a.pid, 'SIGKILL');
      }
    });
    expect(killedAt).toBeGreaterThan(0);
    expect((await a.exited).signal).toBe('SIGKILL');
    // An outcome the sender could not learn: the key it names tells it.
    for (const x of sent.filter((y) => y.answer?.body?.errorCode === API_ERROR_CODES.WRITE_OUTCOME_UNKNOWN)) {
      x.settled = await dealers[x.dealer].get(offerPath(x), { idempotencyKey: x.answer!.headers.get('idempotency-key')! });
    }
    const final = (x: Sent) => x.settled ?? x.answer!;
    const accepted = sent.filter((x) => final(x).status === 200);
    const refused = sent.filter((x) => final(x).status !== 200);
    const others = refused.filter((x) => !isCleanError(final(x)) && final(x).body?.errorCode !== API_ERROR_CODES.UNAVAILABLE);
    const report = await eventually(() => getReport(auctioneer, idAuction), (rows) => expect(rows.length).toBeGreaterThanOrEqual(accepted.length), 30_000);
    const stored = new Map<string, number>();
    for (const row of report.value) stored.set(`${row.idLot} ${row.offer}`, (stored.get(`${row.idLot} ${row.offer}`) ?? 0) + 1);
    const storedOf = (x: Sent) => stored.get(`${x.idLot} ${x.amount}`) ?? 0;
    console.log(`forward kill: ${JSON.stringify({
      requests: REQUESTS, accepted: accepted.length, refused: refused.length, stored: report.value.length,
      unknownOutcome: sent.filter((x) => x.settled).length, answers: countBy(sent.map((x) => `${final(x).status} ${final(x).body?.errorCode ?? ''}`)),
    })}`);
    expect(others.map((x) => describeResult(final(x)))).toEqual([]);
    expect([...stored.entries()].filter(([, n]) => n > 1)).toEqual([]);
    // An offer stored but answered as refused or unavailable was acknowledged to nobody.
    expect(refused.filter((x) => storedOf(x) > 0).map((x) => `${x.j}: ${x.amount} ${describeResult(final(x))}`)).toEqual([]);
    expect(accepted.filter((x) => storedOf(x) !== 1).map((x) => `${x.j}: ${x.amount}`)).toEqual([]);
    expect(report.value.length).toBe(accepted.length);
  }, 300_000);
});

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
