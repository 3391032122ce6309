/**
 * Two API instances on one PostgreSQL and one Kafka topic share the auctions: each auction is written by the instance
 * holding its shard's lease (writer-leases.ts), the other passes its writes on (forward-writes.ts). One instance is
 * SIGKILLed in the middle of a burst of offers on 200 lots spread over auctions of both: the other takes the dead one's
 * auctions over within 5 s, no acknowledged offer is lost or stored twice, each lot's offers stay in order, every lot
 * closes exactly once, and the read models equal a rebuild of the log.
 *
 * Then PostgreSQL, Kafka and Mosquitto are restarted in turn during a second burst: nothing acknowledged is lost, and
 * the read models and the live topics converge to what the log says.
 *
 * The clients play the proxy's part: each offer goes to either instance (round robin); a request whose connection
 * fails is sent again, with the same Idempotency-Key, to the instance left. The servers are this file's own
 * (private-infra.test-support.ts): restarting them does not disturb the tests running beside it.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, DEMO_PASSWORD, ServerClock, createStorage, describeResult, isCleanError, sleep, startServer,
  type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import {
  createAuctionBody, duplicateIds, eventually, getReport, orderViolations, paths, pollStatus, runPool, runTag, wholeSecondAfter,
  type AuctionView, type OfferAnswer, type OfferReportRow,
} from '../../testing/auction.test-support.js';
import { queryDb } from '../../testing/fanout.test-support.js';
import { MqttRecorder } from '../../testing/live.test-support.js';
import { startPrivateInfra, type InfraService, type PrivateInfra } from '../../testing/private-infra.test-support.js';
import { checkReadModelsThroughApi } from '../../../../../tools/bench/src/correctness.js';
import { Api, waitQuietAndProjected } from '../../../../../tools/bench/src/http.js';
import { shardOf } from './writer-ownership.js';

const SHARDS = 32;
const LEASE_MS = 2000;
const AUCTIONS = 4;
const LOTS_PER_AUCTION = 50;
const DEALERS = 60;
const REQUESTS = 1600;
const CONCURRENCY = 40;
const KILL_AFTER_ANSWERS = 400;
const BASE_PRICE = 100;
/** How long one offer is retried (connection lost, or 503 while its auction has no writer). */
const RETRY_FOR_MS = 15_000;

interface Attempt {
  readonly j: number;
  readonly idAuction: string;
  readonly idLot: string;
  readonly dealer: number;
  readonly amount: number;
  readonly key: string;
  answer?: ApiResult<OfferAnswer>;
  answeredAt?: number;
  /** When the send that got the answer left. */
  sentAt?: number;
  sends: number;
}

describe('two API instances, one killed', () => {
  let storage: ServerStorage;
  let infra: PrivateInfra;
  let env: Record<string, string>;
  const servers: RunningServer[] = [];
  const figures: Record<string, unknown> = {};
  const s = {} as { auctions: AuctionView[]; ownerOf: Map<string, string>; attempts: Attempt[]; killed: RunningServer; survivor: RunningServer; endMs: number };

  beforeAll(async () => {
    const t0 = Date.now();
    infra = await startPrivateInfra(['postgres', 'kafka', 'mosquitto']);
    figures.privateInfraStartMs = Date.now() - t0;
    storage = await createStorage('postgres', infra.databaseUrl);
    const { KAFKA_BROKERS, MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD } = infra.env;
    env = {
      KAFKA_BROKERS: KAFKA_BROKERS!, KAFKA_TOPIC: 'auction-events', MQTT_URL: MQTT_URL!, MQTT_USERNAME: MQTT_USERNAME!, MQTT_PASSWORD: MQTT_PASSWORD!,
      WRITER_LEASE_MS: String(LEASE_MS), WRITER_SHARDS: String(SHARDS), SESSION_SECRET: `two-instances-${runTag()}-0123456789abcdef`,
    };
    servers.push(await startServer(storage, env));
    servers.push(await startServer(storage, { ...env, DEMO_DATA: 'false' }));
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await storage?.dispose();
    await infra?.dispose();
    console.log(`two instances: ${JSON.stringify(figures)}`);
  }, 120_000);

  const leaseOwners = async () => {
    const rows = await queryDb<{ shard: number; url: string }>(storage.databaseUrl!,
      `SELECT w.shard, i.url FROM writer_leases w JOIN api_instances i ON i.id = w.owner
       WHERE w.expires_at > (extract(epoch from clock_timestamp()) * 1000)::bigint`);
    return new Map(rows.map((r) => [Number(r.shard), r.url]));
  };

  test('the second instance takes half of the shards', async () => {
    const { value: owners, waitedMs } = await eventually(leaseOwners, (o) => {
      const counts = [...o.values()].reduce((m, url) => m.set(url, (m.get(url) ?? 0) + 1), new Map<string, number>());
      expect([...counts.values()].sort()).toEqual([SHARDS / 2, SHARDS / 2]);
    }, 15_000);
    figures.balancedAfterMs = waitedMs;
    expect(new Set(owners.values())).toEqual(new Set(servers.map((x) => x.baseUrl)));
  });

  test('a burst of offers on 200 lots is cut by SIGKILL of one instance: the other takes over within 5 s, nothing acknowledged is lost or doubled', async () => {
    const [a, b] = servers;
    const auctioneer = await ApiClient.login(a.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 4_000);
    s.endMs = startMs + 45_000;
    const tag = runTag();
    const owners = await leaseOwners();
    s.auctions = [];
    // Auctions until both instances write some (the shard of a new id is a coin toss).
    for (let i = 0; s.auctions.length < AUCTIONS || new Set(s.auctions.map((x) => owners.get(shardOf(x.idAuction, SHARDS)))).size < 2; i++) {
      if (i >= 12) throw new Error('no auction fell on one of the instances in 12 tries');
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `E2E two ${tag} ${i}`, startMs, endMs: s.endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: Array.from({ length: LOTS_PER_AUCTION }, (_, k) => ({ licensePlate: `TW${tag}${i}L${k}`, basePrice: BASE_PRICE, minIncrement: 1 })),
        }),
      });
      expect(describeResult(created)).toMatch(/^201/);
      s.auctions.push(created.body);
    }
    s.ownerOf = new Map(s.auctions.map((x) => [x.idAuction, owners.get(shardOf(x.idAuction, SHARDS))!]));
    const lots = s.auctions.flatMap((x) => x.lots.map((l) => ({ idAuction: x.idAuction, idLot: l.idLot })));
    figures.lots = lots.length;
    for (const x of s.auctions) await pollStatus(auctioneer, clock, x.idAuction, 'RUN', startMs + 8_000);

    const clientsOf = async (server: RunningServer) => Promise.all(Array.from({ length: DEALERS }, (_, i) => ApiClient.login(server.baseUrl, `dealer${i + 1}`)));
    const dealers = new Map([[a.baseUrl, await clientsOf(a)], [b.baseUrl, await clientsOf(b)]]);
    // Kill the instance writing the first auction; the other survives.
    s.killed = servers.find((x) => x.baseUrl === s.ownerOf.get(s.auctions[0].idAuction))!;
    s.survivor = servers.find((x) => x !== s.killed)!;
    // A live subscriber connected through the instance about to die, watching the first 20 lots.
    const watched = lots.slice(0, 20).map((l) => `auction/${l.idAuction}/lot/${l.idLot}`);
    const watcher = await ApiClient.login(s.killed.baseUrl, 'dealer61');
    const before = await MqttRecorder.connect(s.killed.baseUrl, watcher.username!, watcher.credentials.token!, 'before-kill');
    expect((await before.subscribe(watched, 15_000)).error).toBeNull();
    // Offer j goes to lot j % lots with amount base + floor(j / lots): each lot's amounts rise through the burst.
    s.attempts = Array.from({ length: REQUESTS }, (_, j) => {
      const lot = lots[j % lots.length];
      return { j, ...lot, dealer: (j % DEALERS) + 1, amount: BASE_PRICE + Math.floor(j / lots.length), key: `two-${tag}-${j}`, sends: 0 };
    });
    let answers = 0;
    let killedAt = 0;
    const send = async (attempt: Attempt) => {
      const deadline = Date.now() + RETRY_FOR_MS;
      let target = attempt.j % 2 === 0 ? a : b;
      for (;;) {
        if (killedAt > 0 && target === s.killed) target = s.survivor;
        attempt.sends++;
        const sentAt = Date.now();
        try {
          const answer = await dealers.get(target.baseUrl)![attempt.dealer - 1].post<OfferAnswer>(
            paths.offer(attempt.idAuction, attempt.idLot), { body: { offer: attempt.amount }, idempotencyKey: attempt.key });
          if (answer.status === 503 && Date.now() < deadline) { await sleep(200); continue; }
          attempt.answer = answer;
          attempt.answeredAt = Date.now();
          attempt.sentAt = sentAt;
          if (++answers === KILL_AFTER_ANSWERS) {
            killedAt = Date.now();
            process.kill(s.killed.pid, 'SIGKILL');
          }
          return;
        } catch {
          if (Date.now() > deadline) return;
          target = target === a ? b : a;
          await sleep(100);
        }
      }
    };
    const t0 = Date.now();
    await runPool(s.attempts, CONCURRENCY, send);
    figures.burstMs = Date.now() - t0;
    expect(killedAt).toBeGreaterThan(0);
    expect((await s.killed.exited).signal).toBe('SIGKILL');

    const answered = s.attempts.filter((x) => x.answer);
    const acked = answered.filter((x) => x.answer!.status === 201);
    // Every answer is an acknowledgement or a clean refusal (a lower offer than the best: 4xx with an errorCode).
    expect(answered.filter((x) => x.answer!.status !== 201 && !isCleanError(x.answer!)).map((x) => describeResult(x.answer!)).slice(0, 5)).toEqual([]);
    // The dead instance's auctions: the first acknowledgement of an offer sent after the kill says when the survivor took
    // them over (an answer the dead one sent just before dying may still be read after the kill).
    const deadAuctions = new Set(s.auctions.filter((x) => s.ownerOf.get(x.idAuction) === s.killed.baseUrl).map((x) => x.idAuction));
    const firstAfter = Math.min(...acked.filter((x) => deadAuctions.has(x.idAuction) && x.sentAt! > killedAt).map((x) => x.answeredAt!));
    Object.assign(figures, {
      sent: s.attempts.reduce((n, x) => n + x.sends, 0), offers: REQUESTS, answered: answered.length, acknowledged: acked.length,
      unanswered: REQUESTS - answered.length, takeOverMs: firstAfter - killedAt,
      answers: answered.reduce<Record<string, number>>((m, x) => {
        const code = (x.answer!.body as { errorCode?: number } | undefined)?.errorCode;
        const k = `${x.answer!.status}${code ? `/${code}` : ''}`;
        return { ...m, [k]: (m[k] ?? 0) + 1 };
      }, {}),
      resent: s.attempts.filter((x) => x.sends > 1).length,
      ackedAfterKillOnDeadAuctions: acked.filter((x) => deadAuctions.has(x.idAuction) && x.sentAt! > killedAt).length,
    });
    expect(firstAfter - killedAt).toBeLessThanOrEqual(5_000);
    expect(REQUESTS - answered.length).toBe(0);

    // Stored: every acknowledged offer once, with its dealer and amount, and each lot's offers rising.
    const owner = await ApiClient.login(s.survivor.baseUrl, 'auctioneer');
    const stored = new Map<string, OfferReportRow[]>();
    for (const x of s.auctions) {
      const ackedIds = acked.filter((y) => y.idAuction === x.idAuction).map((y) => y.answer!.body.idOffer);
      const { value: rows } = await eventually(() => getReport(owner, x.idAuction), (r) => {
        const ids = new Set(r.map((row) => row.idOffer));
        expect(ackedIds.filter((id) => !ids.has(id))).toEqual([]);
      }, 20_000);
      stored.set(x.idAuction, rows);
      expect(duplicateIds(rows)).toEqual([]);
      for (const l of x.lots) expect(orderViolations(rows.filter((r) => r.idLot === l.idLot), BASE_PRICE, 1)).toEqual([]);
    }
    const byId = new Map([...stored.values()].flat().map((r) => [r.idOffer, r]));
    for (const x of acked) expect(`${byId.get(x.answer!.body.idOffer)?.username} ${byId.get(x.answer!.body.idOffer)?.offer}`).toBe(`dealer${x.dealer} ${x.amount}`);
    figures.stored = byId.size;

    // The subscriber lost its connection with the instance; it connects again (through the proxy: to the survivor) and
    // catches up: each watched lot's retained state is the stored best offer.
    expect(before.closedAt).not.toBeNull();
    await before.end();
    const after = await MqttRecorder.connect(s.survivor.baseUrl, watcher.username!, watcher.credentials.token!, 'after-kill');
    try {
      const t1 = Date.now();
      expect((await after.subscribe(watched, 15_000)).error).toBeNull();
      for (const topic of watched) {
        const idLot = topic.split('/').at(-1)!;
        const rows = [...stored.values()].flat().filter((r) => r.idLot === idLot);
        await after.waitFor<{ bestOfferId: string | null; offersCount: number }>(topic,
          (m) => m.bestOfferId === (rows.at(-1)?.idOffer ?? null) && m.offersCount === rows.length, 30_000, `the stored best offer of ${idLot}`);
      }
      Object.assign(figures, { liveReceivedBeforeKill: before.messages.length, liveCaughtUpAfterKillMs: Date.now() - t1 });
    } finally {
      await after.end();
    }
  }, 240_000);

  test('every lot closes exactly once, and the read models equal a rebuild of the log', async () => {
    if (!s.survivor) throw new Error('not run: the burst failed');
    const owner = await ApiClient.login(s.survivor.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(owner);
    for (const x of s.auctions) await pollStatus(owner, clock, x.idAuction, 'CLD', s.endMs + 15_000);
    const closings = await queryDb<{ stream_id: string; n: string }>(storage.databaseUrl!,
      `SELECT stream_id, count(*) AS n FROM event_store.events WHERE type = 'LotClosed' AND stream_id = ANY($1) GROUP BY stream_id`,
      [s.auctions.flatMap((x) => x.lots.map((l) => `lot-${l.idLot}`))]);
    figures.lotsClosed = closings.length;
    expect(closings.length).toBe(s.auctions.length * LOTS_PER_AUCTION);
    expect(closings.filter((c) => Number(c.n) !== 1)).toEqual([]);

    const admin = await Api.login(s.survivor.baseUrl, 'admin', DEMO_PASSWORD);
    await waitQuietAndProjected(admin, 60_000);
    const check = await checkReadModelsThroughApi(admin, storage.databaseUrl!, 120_000);
    Object.assign(figures, { readModelRows: check.rows, rebuiltEvents: check.rebuiltEvents });
    expect(check.differences).toEqual([]);
    expect(check.equal).toBe(true);
  }, 180_000);

  test('PostgreSQL, Kafka and Mosquitto restarted in turn during a burst: nothing acknowledged is lost, read models and live topics converge', async () => {
    if (!s.survivor) throw new Error('not run: the burst failed');
    // Two instances again: the killed one comes back.
    const back = await startServer(storage, { ...env, DEMO_DATA: 'false' });
    servers.splice(servers.indexOf(s.killed), 1, back);
    const [a, b] = [s.survivor, back];
    const auctioneer = await ApiClient.login(a.baseUrl, 'auctioneer');
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 3_000);
    const endMs = startMs + 120_000;
    const tag = runTag();
    const auctions: AuctionView[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `E2E restarts ${tag} ${i}`, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: Array.from({ length: 25 }, (_, k) => ({ licensePlate: `RS${tag}${i}L${k}`, basePrice: BASE_PRICE, minIncrement: 1 })),
        }),
      });
      expect(describeResult(created)).toMatch(/^201/);
      auctions.push(created.body);
    }
    for (const x of auctions) await pollStatus(auctioneer, clock, x.idAuction, 'RUN', startMs + 8_000);
    const lots = auctions.flatMap((x) => x.lots.map((l) => ({ idAuction: x.idAuction, idLot: l.idLot })));
    const clientsOf = async (server: RunningServer) => Promise.all(Array.from({ length: 20 }, (_, i) => ApiClient.login(server.baseUrl, `dealer${i + 1}`)));
    const dealers = new Map([[a.baseUrl, await clientsOf(a)], [b.baseUrl, await clientsOf(b)]]);

    // Offers for 40 s, 8 at a time, each retried with its key until it has an answer (at most 60 s).
    const acked: { idOffer: string; dealer: number; amount: number; idAuction: string }[] = [];
    const refusals: Record<string, number> = {};
    let j = 0;
    let unanswered = 0;
    const stopAt = Date.now() + 40_000;
    const worker = async () => {
      while (Date.now() < stopAt) {
        const n = j++;
        const lot = lots[n % lots.length]!;
        const dealer = (n % 20) + 1;
        const amount = BASE_PRICE + Math.floor(n / lots.length);
        const key = `rs-${tag}-${n}`;
        const deadline = Date.now() + 60_000;
        for (let attempt = 0; ; attempt++) {
          const target = (n + attempt) % 2 === 0 ? a : b;
          const r = await dealers.get(target.baseUrl)![dealer - 1].post<OfferAnswer>(paths.offer(lot.idAuction, lot.idLot), { body: { offer: amount }, idempotencyKey: key })
            .catch(() => null);
          if (r && r.status === 201) { acked.push({ idOffer: r.body.idOffer, dealer, amount, idAuction: lot.idAuction }); break; }
          // "Still running" (409100 on a key whose first request is pending) says: retry in a moment.
          const stillRunning = r?.status === 409 && (r.body as { errorMsg?: string }).errorMsg?.includes('still running') === true;
          if (r && r.status < 500 && isCleanError(r) && !stillRunning) {
            const code = `${r.status}/${(r.body as { errorCode?: number }).errorCode}`;
            refusals[code] = (refusals[code] ?? 0) + 1;
            break;
          }
          if (Date.now() > deadline) { unanswered++; break; }
          await sleep(250);
        }
      }
    };
    const restarts: Record<string, { stopMs: number; downMs: number; startMs: number }> = {};
    const restart = async (service: InfraService, atMs: number) => {
      await sleep(atMs);
      const stopMs = await infra.stop(service);
      await sleep(2_000);
      const startMs = await infra.start(service);
      restarts[service] = { stopMs, downMs: stopMs + 2_000 + startMs, startMs };
    };
    const t0 = Date.now();
    await Promise.all([
      ...Array.from({ length: 8 }, worker),
      (async () => { await restart('postgres', 4_000); await restart('kafka', 3_000); await restart('mosquitto', 3_000); })(),
    ]);
    Object.assign(figures, { restartBurstMs: Date.now() - t0, restartOffers: j, restartAcked: acked.length, restartRefused: refusals, restartUnanswered: unanswered, restarts });
    // Both instances lived through the restarts (an instance that exits on a lost connection fails here, with its log).
    for (const server of [a, b]) {
      const alive = await fetch(`${server.baseUrl}/api/health`).then((r) => r.status, () => 0);
      if (alive !== 200) {
        const exit = await Promise.race([server.exited.then((e) => `exited (code ${e.code}, signal ${e.signal})`), sleep(200).then(() => `answers ${alive}`)]);
        throw new Error(`instance ${server.baseUrl} is gone after the restarts: ${exit}\n${server.output().slice(-6000)}`);
      }
    }
    expect(Object.keys(restarts).sort()).toEqual(['kafka', 'mosquitto', 'postgres']);
    expect(unanswered).toBe(0);
    expect(acked.length).toBeGreaterThan(100);

    // Every acknowledged offer stored once, in order; the read models equal a rebuild.
    const owner = await ApiClient.login(a.baseUrl, 'auctioneer');
    const t1 = Date.now();
    const rowsByLot = new Map<string, OfferReportRow[]>();
    for (const x of auctions) {
      const ids = acked.filter((y) => y.idAuction === x.idAuction).map((y) => y.idOffer);
      const { value: rows } = await eventually(() => getReport(owner, x.idAuction), (r) => {
        const stored = new Set(r.map((row) => row.idOffer));
        expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      }, 60_000);
      expect(duplicateIds(rows)).toEqual([]);
      for (const l of x.lots) {
        const lotRows = rows.filter((r) => r.idLot === l.idLot);
        expect(orderViolations(lotRows, BASE_PRICE, 1)).toEqual([]);
        rowsByLot.set(l.idLot, lotRows);
      }
    }
    figures.restartReportConvergedMs = Date.now() - t1;
    const admin = await Api.login(a.baseUrl, 'admin', DEMO_PASSWORD);
    await waitQuietAndProjected(admin, 90_000);
    const check = await checkReadModelsThroughApi(admin, storage.databaseUrl!, 120_000);
    expect(check.differences).toEqual([]);
    expect(check.equal).toBe(true);

    // The live topics: each lot's retained state, read through the other instance, is the stored best offer.
    const watcher = await ApiClient.login(b.baseUrl, 'dealer30');
    const recorder = await MqttRecorder.connect(b.baseUrl, watcher.username!, watcher.credentials.token!, 'restarts');
    try {
      const topics = lots.map((l) => `auction/${l.idAuction}/lot/${l.idLot}`);
      expect((await recorder.subscribe(topics, 15_000)).error).toBeNull();
      const t2 = Date.now();
      for (const l of lots) {
        const last = rowsByLot.get(l.idLot)!.at(-1);
        await recorder.waitFor<{ bestOfferId: string | null; offersCount: number }>(`auction/${l.idAuction}/lot/${l.idLot}`,
          (m) => m.bestOfferId === (last?.idOffer ?? null) && m.offersCount === rowsByLot.get(l.idLot)!.length, 30_000, `the stored best offer ${last?.idOffer}`);
      }
      figures.liveConvergedMs = Date.now() - t2;
    } finally {
      await recorder.end();
    }
  }, 400_000);
});
