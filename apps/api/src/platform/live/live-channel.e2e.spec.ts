/**
 * The live channel end to end, against the real built server: one scripted auction watched over MQTT/WebSocket
 * (`/mqtt`) and socket.io (`/live`), run on the embedded default and in server mode (PostgreSQL + Kafka +
 * Mosquitto, the publisher writing to Mosquitto and the API's embedded broker bridging it to WebSocket clients).
 *
 * Script: the auctioneer creates an auction starting ~2 s later with 2 lots; dealer1 subscribes before the start;
 * start; 6 offers by dealer1..3 on lot 1, one step at a time; a buy-now on lot 2; an offer in lot 1's extension
 * window; close; award all; revert lot 1; award lot 1 to a non-best offer. Then: every change seen in order, the
 * retained state equals the read model, outbid notices, ACL refusals, a refused publish, socket.io, latencies.
 * Steps share state and run in order; once a step that sets up state fails, the later ones say so.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  ApiClient, type ApiResult, ServerClock, type RunningServer, type ServerStorage, type StorageMode,
  createStorage, describeResult, sleep, startServer,
} from '../../testing/server.test-support.js';
import {
  type AuctionView, type LotView, type OfferAnswer, createAuctionBody, eventually, getAuction, lotOf, paths, runTag,
  sleepUntil, wholeSecondAfter,
} from '../../testing/auction.test-support.js';
import {
  LiveSocketRecorder, MqttRecorder, dropRedeliveries, liveServerEnv, positionViolations, summarize, tryConnect, until, withoutStamp,
} from '../../testing/live.test-support.js';

const WINDOW_S = 4;
const EXTEND_S = 6;
/** Lot end after the start; the window opens at START + 6 s, well after the step-by-step offers. */
const DURATION_MS = 10_000;
/** Pause between two steps, after the previous step's message was delivered. */
const PAUSE_MS = 150;
const LOT1 = { basePrice: 1000, minIncrement: 100, reservePrice: 1200, buyNowPrice: 50_000 };
const LOT2 = { basePrice: 2000, minIncrement: 100, buyNowPrice: 3000 };
/** dealer index (0: dealer1 = the subscriber) and amount of each step on lot 1 before the window. */
const OFFERS: readonly [dealer: 0 | 1 | 2, amount: number][] = [[0, 1000], [1, 1100], [2, 1200], [0, 1300], [1, 1450], [2, 1550]];
/** dealer1's offer in the extension window. */
const LATE_OFFER = 1650;
/** Fields of the public lot view the API names (the live payload may carry more: all of them are compared). */
const LOT_FIELDS = ['idLot', 'licensePlate', 'brand', 'model', 'basePrice', 'minIncrement', 'buyNowPrice', 'status', 'awardStatus',
  'bestOffer', 'bestOfferId', 'offersCount', 'endDate', 'idOfferAwarded'];
const AUCTION_FIELDS = ['idAuction', 'status', 'startDate', 'endDate', 'auctionName'];

interface LotMsg extends LotView { serverTime: string; position: number; idAuction: string }
interface AuctionMsg { idAuction: string; status: string; startDate: string; endDate: string; auctionName: string; serverTime: string; position: number }
interface OutbidMsg { idAuction: string; idLot: string; bestOffer: number; yourBestOffer: number; position: number }

type Mode = 'embedded' | 'server';

function liveChannelScenario(mode: Mode) {
  const storageMode: StorageMode = mode === 'embedded' ? 'embedded' : 'postgres';
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const s = {} as {
    clock: ServerClock; auctioneer: ApiClient; dealers: [ApiClient, ApiClient, ApiClient]; idUsers: [string, string, string];
    id: string; lot1: string; lot2: string; startMs: number; endMs: number;
    topics: { lot1: string; lot2: string; auction: string; outbidA: string };
    sub: MqttRecorder; probe: MqttRecorder; sio: LiveSocketRecorder;
    /** Accepted offers on lot 1 in order, with their answers. */
    offers: { dealer: number; amount: number; res: ApiResult<OfferAnswer> }[];
    buyNow: ApiResult<OfferAnswer>; lateOffer: ApiResult<OfferAnswer>;
    /** socket.io subscribe answers before and right after the start. */
    snapBefore: { auction: AuctionMsg; lots: LotMsg[] }; snapAfterRun: { auction: AuctionMsg; lots: LotMsg[] };
  };
  const clients: { end(): Promise<void> }[] = [];
  const sockets: LiveSocketRecorder[] = [];
  const timings: Record<string, number | string> = {};
  /** offer 201 → first MQTT (resp. socket.io) message carrying it, ms (negative: the message came before the answer). */
  const latency = { mqtt: [] as number[], socketIo: [] as number[], mqttFromSend: [] as number[] };
  let broken: string | null = null;
  const step = (name: string, fn: () => Promise<void>, timeoutMs?: number) =>
    test(name, async () => {
      if (broken) throw new Error(`not run: the step "${broken}" failed`);
      try {
        await fn();
      } catch (error) {
        broken = name;
        throw error;
      }
    }, timeoutMs);
  /** Like step, but what it checks builds nothing later steps need. */
  const check = (name: string, fn: () => Promise<void>) =>
    test(name, async () => {
      if (broken) throw new Error(`not run: the step "${broken}" failed`);
      await fn();
    });

  const lot1Msgs = () => s.sub.on<LotMsg>(s.topics.lot1);
  const connectMqtt = async (dealer: ApiClient, label: string) => {
    const c = await MqttRecorder.connect(server!.baseUrl, dealer.username!, dealer.credentials.token!, label);
    clients.push(c);
    return c;
  };
  const connectSocket = async (auth?: Record<string, unknown>) => {
    const c = await LiveSocketRecorder.connect(server!.baseUrl, auth);
    sockets.push(c);
    return c;
  };
  /** Waits for the MQTT and socket.io messages that carry an accepted offer; records the latencies. */
  const delivered = async (res: ApiResult<OfferAnswer>, topic: string, idLot: string) => {
    const idOffer = res.body.idOffer;
    const msg = await s.sub.waitFor<LotMsg>(topic, (p) => p.bestOfferId === idOffer, 10_000, `the lot message of offer ${idOffer}`);
    latency.mqtt.push(msg.at - res.receivedAt);
    latency.mqttFromSend.push(msg.at - res.sentAt);
    await until(() => s.sio.of('lot').some((m) => m.payload.bestOfferId === idOffer), 10_000, () => `socket.io lot message of offer ${idOffer}`);
    const io = s.sio.of('lot').find((m) => m.payload.idLot === idLot && m.payload.bestOfferId === idOffer)!;
    latency.socketIo.push(io.at - res.receivedAt);
    return msg;
  };
  const offer = (dealer: ApiClient, idLot: string, amount: number, clickAndBuy = false) =>
    dealer.post<OfferAnswer>(paths.offer(s.id, idLot), { body: { offer: amount, clickAndBuy } });
  const expectStatus = (res: ApiResult, status: number | number[]) => {
    const ok = Array.isArray(status) ? status.includes(res.status) : res.status === status;
    if (!ok) throw new Error(`expected HTTP ${JSON.stringify(status)}, got ${describeResult(res)}`);
  };
  /** The read model's lot, restricted to the keys of a live payload (missing keys show up as undefined). */
  const readModelLot = (view: AuctionView, payload: LotMsg) => {
    const lot = lotOf(view, payload.idLot) as unknown as Record<string, unknown>;
    return Object.fromEntries(Object.keys(withoutStamp(payload as unknown as Record<string, unknown>)).map((k) => [k, lot[k]]));
  };
  const readModelAuction = (view: AuctionView, payload: AuctionMsg) => {
    const a = view as unknown as Record<string, unknown>;
    return Object.fromEntries(Object.keys(withoutStamp(payload as unknown as Record<string, unknown>)).map((k) => [k, a[k]]));
  };

  beforeAll(async () => {
    const t0 = Date.now();
    storage = await createStorage(storageMode);
    server = await startServer(storage, mode === 'server' ? liveServerEnv('e2e-live') : {});
    timings.serverStartMs = Date.now() - t0;
    const base = server.baseUrl;
    s.auctioneer = await ApiClient.login(base, 'auctioneer');
    s.dealers = await Promise.all([1, 2, 3].map((i) => ApiClient.login(base, `dealer${i}`))) as [ApiClient, ApiClient, ApiClient];
    s.idUsers = await Promise.all(s.dealers.map(async (d) => {
      const res = await d.get<{ idUser: string }>(paths.user);
      if (res.status !== 200 || typeof res.body?.idUser !== 'string') throw new Error(`GET user: ${describeResult(res)}`);
      return res.body.idUser;
    })) as [string, string, string];
    s.clock = await ServerClock.sync(s.auctioneer);
    s.offers = [];
  }, 90_000);

  afterAll(async () => {
    for (const c of sockets) c.close();
    await Promise.all(clients.map((c) => c.end()));
    await server?.stop();
    await storage?.dispose();
    const ms = (v: number) => Math.round(v);
    const fmt = (values: number[]) => {
      const x = summarize(values);
      return `p50 ${ms(x.p50)} ms, max ${ms(x.max)} ms, min ${ms(x.min)} ms (n=${x.n}) [${values.map(ms).join(', ')}]`;
    };
    console.log(
      `[live ${mode}] latency offer 201 → MQTT delivery: ${fmt(latency.mqtt)}\n` +
        `[live ${mode}] latency offer sent → MQTT delivery: ${fmt(latency.mqttFromSend)}\n` +
        `[live ${mode}] latency offer 201 → socket.io lot: ${fmt(latency.socketIo)}\n` +
        `[live ${mode}] timings: ${JSON.stringify(timings)}`,
    );
  });

  step('the auctioneer creates an auction starting ~2 s later with 2 lots: 201, SCH', async () => {
    const tag = runTag();
    s.startMs = wholeSecondAfter(s.clock, 2_000);
    s.endMs = s.startMs + DURATION_MS;
    const body = createAuctionBody({
      name: `E2E live ${mode} ${tag}`, startMs: s.startMs, endMs: s.endMs, regulationRequired: false,
      extension: { windowSeconds: WINDOW_S, extendSeconds: EXTEND_S },
      lots: [{ licensePlate: `LIV${tag}1`, ...LOT1 }, { licensePlate: `LIV${tag}2`, ...LOT2 }],
    });
    const res = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
    expectStatus(res, 201);
    expect(res.body.status).toBe('SCH');
    const byPlate = (n: string) => res.body.lots.find((l) => l.licensePlate === `LIV${tag}${n}`)!;
    s.id = res.body.idAuction;
    s.lot1 = byPlate('1').idLot;
    s.lot2 = byPlate('2').idLot;
    s.topics = {
      lot1: `auction/${s.id}/lot/${s.lot1}`, lot2: `auction/${s.id}/lot/${s.lot2}`, auction: `auction/${s.id}`,
      outbidA: `user/${s.idUsers[0]}/outbid`,
    };
  });

  step('before the start, dealer1 subscribes over MQTT/WebSocket with his token and gets the retained SCH state', async () => {
    const t0 = Date.now();
    s.sub = await connectMqtt(s.dealers[0], 'subscriber');
    const outcome = await s.sub.subscribe([s.topics.lot1, s.topics.lot2, s.topics.auction, s.topics.outbidA]);
    expect(outcome).toEqual({ granted: [1, 1, 1, 1], error: null, disconnected: false });
    for (const topic of [s.topics.lot1, s.topics.lot2]) {
      const first = await s.sub.waitFor<LotMsg>(topic, () => true, 5_000, 'the retained lot state');
      expect(first.payload).toMatchObject({ status: 'SCH', awardStatus: 'TBA', offersCount: 0, bestOffer: null, endDate: new Date(s.endMs).toISOString() });
    }
    const auction = await s.sub.waitFor<AuctionMsg>(s.topics.auction, () => true, 5_000, 'the retained auction state');
    expect(auction.payload).toMatchObject({ idAuction: s.id, status: 'SCH', startDate: new Date(s.startMs).toISOString() });
    timings.subscribeToRetainedMs = Date.now() - t0;
    expect(s.clock.now()).toBeLessThan(s.startMs);
  });

  step('before the start: a socket.io client with dealer1\'s token subscribes; the ack is the current state, equal to the read model', async () => {
    s.sio = await connectSocket({ token: s.dealers[0].credentials.token });
    const state = await s.sio.subscribe(s.id);
    s.snapBefore = state;
    expect(state?.errorCode).toBeUndefined();
    expect(state.auction).toMatchObject({ idAuction: s.id, status: 'SCH', position: expect.any(Number), serverTime: expect.any(String) });
    expect((state.lots as LotMsg[]).map((l) => l.idLot)).toEqual([s.lot1, s.lot2]);
    const { value: view } = await eventually(() => getAuction(s.dealers[0], s.id), (v) => expect(v.lots).toHaveLength(2), 5_000);
    for (const lot of state.lots as LotMsg[]) {
      expect(Object.keys(lot)).toEqual(expect.arrayContaining([...LOT_FIELDS, 'serverTime', 'position']));
      expect(readModelLot(view, lot)).toEqual(withoutStamp(lot as unknown as Record<string, unknown>));
    }
    expect(readModelAuction(view, state.auction)).toEqual(withoutStamp(state.auction));
    // The same content as the retained MQTT messages.
    expect(withoutStamp(state.lots[0])).toEqual(withoutStamp(lot1Msgs()[0]!.payload as unknown as Record<string, unknown>));
  });

  check('socket.io: a client without a token, or with a bad one, is refused', async () => {
    for (const auth of [undefined, { token: 'not-a-token' }]) {
      const error = await connectSocket(auth).then(() => null, (e: unknown) => e as Error & { data?: { errorCode?: number } });
      expect({ message: error?.message, data: error?.data }).toEqual({ message: 'not logged in', data: { errorCode: 401001 } });
    }
  });

  check('MQTT: a bad token, another user\'s token, or no credentials are refused at CONNECT', async () => {
    const base = server!.baseUrl;
    const outcomes = {
      badToken: await tryConnect(base, s.dealers[0].username!, 'not-a-token'),
      otherUsersToken: await tryConnect(base, s.dealers[1].username!, s.dealers[0].credentials.token!),
      noCredentials: await tryConnect(base, undefined, undefined),
    };
    timings.refusedConnect = JSON.stringify(Object.fromEntries(Object.entries(outcomes).map(([k, o]) => [k, o.code ?? o.message])));
    for (const o of Object.values(outcomes)) {
      expect(o.connected).toBe(false);
      // CONNACK 4 (bad username or password) or 5 (not authorized).
      expect([4, 5]).toContain(o.code);
    }
  });

  step('MQTT: subscribing to another user\'s outbid topic (or a wildcard reaching it) is refused', async () => {
    s.probe = await connectMqtt(s.dealers[0], 'probe');
    const results = [];
    for (const topic of [`user/${s.idUsers[1]}/outbid`, 'user/+/outbid', '#']) {
      const outcome = await s.probe.subscribe([topic]);
      results.push({ topic, ...outcome });
      if (outcome.disconnected) {
        s.probe = await connectMqtt(s.dealers[0], 'probe');
      } else {
        expect({ topic, granted: outcome.granted }).toEqual({ topic, granted: [128] });
      }
    }
    timings.refusedSubscribe = JSON.stringify(results.map((r) => `${r.topic}: ${r.disconnected ? 'disconnected' : r.granted}`));
  });

  step('start: lot 1, lot 2 and the auction turn RUN right after the startDate', async () => {
    const run1 = await s.sub.waitFor<LotMsg>(s.topics.lot1, (p) => p.status === 'RUN', s.startMs - s.clock.now() + 5_000, 'RUN');
    timings.runLagMs = s.clock.toServer(run1.at) - s.startMs;
    expect(timings.runLagMs).toBeGreaterThanOrEqual(-50);
    expect(timings.runLagMs).toBeLessThanOrEqual(1_500);
    expect(run1.payload).toMatchObject({ offersCount: 0, bestOffer: null });
    await s.sub.waitFor<LotMsg>(s.topics.lot2, (p) => p.status === 'RUN', 3_000, 'RUN');
    await s.sub.waitFor<AuctionMsg>(s.topics.auction, (p) => p.status === 'RUN', 3_000, 'RUN');
    // A socket.io client that (re)subscribes now gets the started state.
    s.snapAfterRun = await (await connectSocket({ token: s.dealers[1].credentials.token })).subscribe(s.id);
    expect((s.snapAfterRun.lots as LotMsg[]).map((l) => l.status)).toEqual(['RUN', 'RUN']);
  });

  step(`${OFFERS.length} offers by 3 dealers on lot 1, one step at a time: each 201 and each delivered`, async () => {
    for (const [dealer, amount] of OFFERS) {
      const res = await offer(s.dealers[dealer], s.lot1, amount);
      expectStatus(res, 201);
      expect(res.body).toMatchObject({ offer: amount, bestOffer: amount, leading: true });
      s.offers.push({ dealer, amount, res });
      await delivered(res, s.topics.lot1, s.lot1);
      await sleep(PAUSE_MS);
    }
    timings.offersDoneAfterStartMs = s.clock.now() - s.startMs;
  });

  step('a buy-now on lot 2: 201, lot 2 delivered as AWA at once', async () => {
    const res = await offer(s.dealers[2], s.lot2, LOT2.buyNowPrice, true);
    expectStatus(res, 201);
    s.buyNow = res;
    const msg = await delivered(res, s.topics.lot2, s.lot2);
    expect(msg.payload).toMatchObject({ status: 'AWA', awardStatus: 'AWA', bestOffer: LOT2.buyNowPrice, offersCount: 1, idOfferAwarded: res.body.idOffer });
    await sleep(PAUSE_MS);
  });

  step(`an offer in lot 1's extension window moves its end to now + ${EXTEND_S} s, delivered with the new endDate`, async () => {
    expect(s.clock.now()).toBeLessThan(s.endMs - WINDOW_S * 1000);
    await sleepUntil(s.clock, s.endMs - WINDOW_S * 1000 + 1_000);
    const res = await offer(s.dealers[0], s.lot1, LATE_OFFER);
    expectStatus(res, 201);
    s.lateOffer = res;
    s.offers.push({ dealer: 0, amount: LATE_OFFER, res });
    const newEnd = Date.parse(res.body.lotEndDate);
    expect(newEnd).toBeGreaterThan(s.endMs);
    expect(Math.abs(newEnd - (s.clock.toServer(res.sentAt) + EXTEND_S * 1000))).toBeLessThanOrEqual(1_000);
    const msg = await delivered(res, s.topics.lot1, s.lot1);
    expect(msg.payload).toMatchObject({ endDate: res.body.lotEndDate, bestOffer: LATE_OFFER, status: 'RUN' });
  });

  step('lot 1 closes at its extended end: CLD delivered, the auction CLD', async () => {
    const newEnd = Date.parse(s.lateOffer.body.lotEndDate);
    const cld = await s.sub.waitFor<LotMsg>(s.topics.lot1, (p) => p.status === 'CLD', newEnd - s.clock.now() + 5_000, 'CLD');
    timings.closeLagMs = s.clock.toServer(cld.at) - newEnd;
    expect(timings.closeLagMs).toBeGreaterThanOrEqual(-50);
    await s.sub.waitFor<AuctionMsg>(s.topics.auction, (p) => p.status === 'CLD', 5_000, 'CLD');
  });

  step('award all, revert lot 1, award lot 1 to a non-best offer: each delivered', async () => {
    const auctionMsgs = () => s.sub.on<AuctionMsg>(s.topics.auction);
    /** Runs one command, then waits for the lot 1 and auction messages that follow it (counted from before the call). */
    const act = async (what: string, call: () => Promise<ApiResult>, lotMatch: (p: LotMsg) => boolean, auctionStatus: string) => {
      const fromLot = lot1Msgs().length;
      const fromAuction = auctionMsgs().length;
      expectStatus(await call(), [200, 204]);
      await until(() => lot1Msgs().slice(fromLot).some((m) => lotMatch(m.payload)), 10_000,
        () => `lot 1 message after ${what}: ${JSON.stringify(lot1Msgs().slice(fromLot).map((m) => m.payload))}`);
      await until(() => auctionMsgs().slice(fromAuction).some((m) => m.payload.status === auctionStatus), 10_000,
        () => `auction ${auctionStatus} after ${what}: ${JSON.stringify(auctionMsgs().map((m) => m.payload.status))}`);
      await sleep(PAUSE_MS);
    };
    await act('award all', () => s.auctioneer.patch(paths.awardAll(s.id)),
      (p) => p.status === 'AWA' && p.idOfferAwarded === s.lateOffer.body.idOffer, 'AWA');
    await act('revert', () => s.auctioneer.patch(paths.revertAward(s.id, s.lot1)),
      (p) => p.status === 'CLD' && p.awardStatus === 'TBA' && p.idOfferAwarded === null, 'CLD');
    const chosen = s.offers[4]!.res.body.idOffer; // dealer2's 1450, not the best offer
    await act('award one', () => s.auctioneer.patch(paths.awardOne(s.id, s.lot1, chosen)),
      (p) => p.status === 'AWA' && p.idOfferAwarded === chosen, 'AWA');
  });

  check('the subscriber saw every change of lot 1 in order: positions strictly increasing, each offer, SCH→RUN→CLD→AWA→CLD→AWA, the extended end', async () => {
    const { kept: msgs, repeats } = dropRedeliveries(lot1Msgs().map((m) => m.payload));
    timings.lot1Redeliveries = repeats;
    expect(positionViolations(msgs)).toEqual([]);
    const end0 = new Date(s.endMs).toISOString();
    const shown = msgs.map((p) => ({
      status: p.status, awardStatus: p.awardStatus, bestOffer: p.bestOffer, bestOfferId: p.bestOfferId, offersCount: p.offersCount,
      endDate: p.endDate, idOfferAwarded: p.idOfferAwarded ?? null,
    }));
    const late = s.lateOffer.body;
    const best = { bestOffer: LATE_OFFER, bestOfferId: late.idOffer, offersCount: s.offers.length, endDate: late.lotEndDate };
    const expected = [
      { status: 'SCH', awardStatus: 'TBA', bestOffer: null, bestOfferId: null, offersCount: 0, endDate: end0, idOfferAwarded: null },
      { status: 'RUN', awardStatus: 'TBA', bestOffer: null, bestOfferId: null, offersCount: 0, endDate: end0, idOfferAwarded: null },
      ...s.offers.map((o, i) => ({
        status: 'RUN', awardStatus: 'TBA', bestOffer: o.amount, bestOfferId: o.res.body.idOffer, offersCount: i + 1,
        endDate: o.res.body.lotEndDate, idOfferAwarded: null,
      })),
      { status: 'CLD', awardStatus: 'TBA', ...best, idOfferAwarded: null },
      { status: 'AWA', awardStatus: 'AWA', ...best, idOfferAwarded: late.idOffer },
      { status: 'CLD', awardStatus: 'TBA', ...best, idOfferAwarded: null },
      { status: 'AWA', awardStatus: 'AWA', ...best, idOfferAwarded: s.offers[4]!.res.body.idOffer },
    ];
    expect(shown).toEqual(expected);
    // The offers before the window did not move the end.
    for (const o of s.offers.slice(0, OFFERS.length)) expect(o.res.body.lotEndDate).toBe(end0);
  });

  check('the subscriber saw lot 2 (SCH→RUN→AWA) and the auction (SCH→RUN→RUN with the extended end→CLD→AWA→CLD→AWA) in order', async () => {
    const { kept: lot2, repeats: lot2Repeats } = dropRedeliveries(s.sub.on<LotMsg>(s.topics.lot2).map((m) => m.payload));
    expect(positionViolations(lot2)).toEqual([]);
    expect(lot2.map((p) => [p.status, p.awardStatus, p.offersCount])).toEqual([['SCH', 'TBA', 0], ['RUN', 'TBA', 0], ['AWA', 'AWA', 1]]);
    const { kept: auction, repeats: auctionRepeats } = dropRedeliveries(s.sub.on<AuctionMsg>(s.topics.auction).map((m) => m.payload));
    timings.otherRedeliveries = lot2Repeats + auctionRepeats;
    expect(positionViolations(auction)).toEqual([]);
    // The auction shows its last lot's end (issue 11 item A8): lot 1's extension is announced on the auction's topic too.
    expect(auction.map((p) => p.status)).toEqual(['SCH', 'RUN', 'RUN', 'CLD', 'AWA', 'CLD', 'AWA']);
    expect(Date.parse(auction[2]!.endDate)).toBeGreaterThan(Date.parse(auction[1]!.endDate));
    expect(auction.slice(2).map((p) => p.endDate)).toEqual(auction.slice(2).map(() => auction[2]!.endDate));
  });

  check('dealer1 received his outbid notices on user/{idUser}/outbid; the refused subscriptions got nothing', async () => {
    const mine = () => s.sub.on<OutbidMsg>(s.topics.outbidA).filter((m) => m.payload.idAuction === s.id).map((m) => m.payload);
    // dealer1 led with 1000 (outbid by 1100) and with 1300 (outbid by 1450); he led last with 1650.
    await until(() => mine().length >= 2, 5_000, () => JSON.stringify(mine()));
    await sleep(200);
    expect(mine().map((p) => ({ idLot: p.idLot, bestOffer: p.bestOffer, yourBestOffer: p.yourBestOffer })))
      .toEqual([{ idLot: s.lot1, bestOffer: 1100, yourBestOffer: 1000 }, { idLot: s.lot1, bestOffer: 1450, yourBestOffer: 1300 }]);
    expect(positionViolations(mine())).toEqual([]);
    timings.outbidFromOtherAuctions = s.sub.on<OutbidMsg>(s.topics.outbidA).length - mine().length;
    // socket.io carries the same notices to dealer1's sockets.
    expect(s.sio.of('outbid').map((m) => m.payload).filter((p) => p.idAuction === s.id).map((p) => [p.bestOffer, p.yourBestOffer]))
      .toEqual([[1100, 1000], [1450, 1300]]);
    // dealer2 was outbid twice (by 1200 and 1550): the probe, refused on his topic, saw none of it, nor anything else.
    expect(s.probe.messages.map((m) => m.topic)).toEqual([]);
  });

  check('a publish by the dealer\'s client is refused: that client is disconnected, nobody receives it, the retained state is unchanged', async () => {
    const attacker = await connectMqtt(s.dealers[0], 'publisher');
    const marker = `forged-${randomBytes(4).toString('hex')}`;
    const last = lot1Msgs().at(-1)!.payload;
    const forged = { ...last, bestOffer: 999_999, offersCount: 999, position: last.position + 1_000_000, marker };
    const watcher = await connectMqtt(s.dealers[1], 'watcher');
    expect((await watcher.subscribe([s.topics.lot1])).granted).toEqual([1]);
    await watcher.waitFor(s.topics.lot1, () => true, 5_000, 'the retained state');
    const t0 = Date.now();
    attacker.client.publish(s.topics.lot1, JSON.stringify(forged), { qos: 1, retain: true }, () => {});
    attacker.client.publish(s.topics.outbidA, JSON.stringify({ marker }), { qos: 0 }, () => {});
    await until(() => attacker.closedAt !== null, 5_000, () => 'the publishing client is still connected');
    timings.publishDisconnectMs = attacker.closedAt! - t0;
    await sleep(500);
    const seen = [...s.sub.messages, ...watcher.messages].filter((m) => m.raw.includes(marker));
    expect(seen.map((m) => m.topic)).toEqual([]);
    expect(s.sub.connected && watcher.connected).toBe(true);
    // A new client gets the same retained state as before.
    const fresh = await connectMqtt(s.dealers[2], 'after-publish');
    await fresh.subscribe([s.topics.lot1]);
    const retained = await fresh.waitFor<LotMsg>(s.topics.lot1, () => true, 5_000, 'the retained state');
    expect(retained.raw.includes(marker)).toBe(false);
    expect(retained.payload.position).toBe(last.position);
    expect(withoutStamp(retained.payload as unknown as Record<string, unknown>)).toEqual(withoutStamp(last as unknown as Record<string, unknown>));
  });

  check('a NEW client subscribing at the end gets each topic\'s retained state at once, equal to the read model', async () => {
    const fresh = await connectMqtt(s.dealers[0], 'late-subscriber');
    const t0 = Date.now();
    const outcome = await fresh.subscribe([s.topics.lot1, s.topics.lot2, s.topics.auction]);
    expect(outcome.granted).toEqual([1, 1, 1]);
    const lot1 = await fresh.waitFor<LotMsg>(s.topics.lot1, () => true, 2_000, 'the retained state');
    const lot2 = await fresh.waitFor<LotMsg>(s.topics.lot2, () => true, 2_000, 'the retained state');
    const auction = await fresh.waitFor<AuctionMsg>(s.topics.auction, () => true, 2_000, 'the retained state');
    timings.retainedAfterSubscribeMs = Math.max(lot1.at, lot2.at, auction.at) - t0;
    expect([lot1, lot2, auction].map((m) => m.retain)).toEqual([true, true, true]);
    // The last message the subscriber saw on each topic is the retained one.
    for (const [topic, msg] of [[s.topics.lot1, lot1], [s.topics.lot2, lot2], [s.topics.auction, auction]] as const) {
      expect(msg.payload.position).toBe(s.sub.on<LotMsg>(topic).at(-1)!.payload.position);
    }
    expect(lot1.payload).toMatchObject({ status: 'AWA', idOfferAwarded: s.offers[4]!.res.body.idOffer, bestOffer: LATE_OFFER });
    const { value: view, waitedMs } = await eventually(() => getAuction(s.dealers[0], s.id), (v) => {
      expect(readModelLot(v, lot1.payload)).toEqual(withoutStamp(lot1.payload as unknown as Record<string, unknown>));
      expect(readModelLot(v, lot2.payload)).toEqual(withoutStamp(lot2.payload as unknown as Record<string, unknown>));
      expect(readModelAuction(v, auction.payload)).toEqual(withoutStamp(auction.payload as unknown as Record<string, unknown>));
    }, 5_000);
    timings.readModelWaitMs = waitedMs;
    for (const lot of view.lots) expect(Object.keys(lot)).toEqual(expect.arrayContaining(LOT_FIELDS));
    expect(Object.keys(lot1.payload)).toEqual(expect.arrayContaining([...LOT_FIELDS, 'serverTime', 'position']));
    expect(Object.keys(auction.payload)).toEqual(expect.arrayContaining([...AUCTION_FIELDS, 'serverTime', 'position']));
  });

  check('socket.io: lot messages for every offer in order with increasing positions; a new subscribe answers the final state = read model', async () => {
    const lot1 = s.sio.of('lot').map((m) => m.payload as LotMsg).filter((p) => p.idLot === s.lot1);
    const lot2 = s.sio.of('lot').map((m) => m.payload as LotMsg).filter((p) => p.idLot === s.lot2);
    expect(positionViolations(lot1)).toEqual([]);
    expect(positionViolations(lot2)).toEqual([]);
    const offersSeen = lot1.filter((p) => p.status === 'RUN' && p.bestOfferId).map((p) => [p.bestOfferId, p.bestOffer, p.offersCount]);
    expect(offersSeen).toEqual(s.offers.map((o, i) => [o.res.body.idOffer, o.amount, i + 1]));
    // The same messages as MQTT, after the subscribe answer.
    const first = lot1Msgs()[0]!.payload.position;
    expect(lot1.map((p) => p.position).filter((p) => p > first))
      .toEqual(dropRedeliveries(lot1Msgs().map((m) => m.payload)).kept.map((p) => p.position).filter((p) => p > first));
    expect(s.sio.of('auction').map((m) => m.payload.status)).toEqual(['RUN', 'RUN', 'CLD', 'AWA', 'CLD', 'AWA']);

    const again = await connectSocket({ token: s.dealers[1].credentials.token });
    const state = await again.subscribe(s.id);
    expect(state?.errorCode).toBeUndefined();
    const view = await getAuction(s.dealers[1], s.id);
    for (const lot of state.lots as LotMsg[]) expect(readModelLot(view, lot)).toEqual(withoutStamp(lot as unknown as Record<string, unknown>));
    expect(readModelAuction(view, state.auction)).toEqual(withoutStamp(state.auction));
    expect(state.lots[0].position).toBeLessThanOrEqual(lot1Msgs().at(-1)!.payload.position);
  });

  // A lot republished for an auction change (SCH→RUN at the start) carries the auction event's position, on the
  // topic and in the `subscribe` answer alike: a client that had SCH at P must get RUN above P, or it would drop it.
  check('socket.io: a re-subscribe after the start answers lot 1 RUN with a position above the SCH state the client had', async () => {
    const before = s.snapBefore.lots.find((l) => l.idLot === s.lot1)!;
    const after = s.snapAfterRun.lots.find((l) => l.idLot === s.lot1)!;
    expect(before.status).toBe('SCH');
    expect(after.status).toBe('RUN');
    expect(after.position).toBeGreaterThan(before.position);
    // The MQTT topic agrees with the contract: its RUN message is above its SCH message.
    const mqttRun = lot1Msgs().find((m) => m.payload.status === 'RUN')!.payload;
    expect(after.position).toBeGreaterThanOrEqual(mqttRun.position);
  });

  check('the offer 201 → MQTT delivery latency is measured (printed after the run)', async () => {
    expect(latency.mqtt).toHaveLength(s.offers.length + 1);
    expect(summarize(latency.mqtt).max).toBeLessThan(5_000);
    timings.mqttLatencyP50Ms = summarize(latency.mqtt).p50;
    timings.mqttLatencyMaxMs = summarize(latency.mqtt).max;
  });
}

describe.each<[string, Mode]>([
  ['embedded default', 'embedded'],
  ['server mode (PostgreSQL + Kafka + Mosquitto)', 'server'],
])('live channel end to end: %s', (_label, mode) => {
  liveChannelScenario(mode);
});
