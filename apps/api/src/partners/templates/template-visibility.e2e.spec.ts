/**
 * Who sees what (#23 item 1, the rule), against the built server, embedded: an auction on template A is invisible to a
 * dealer enabled only for template B (its detail, its lots' offers, the socket.io live channel and the MQTT topics are
 * refused exactly as an unknown auction's), while staff and its owner see it; once the administrator enables template A
 * for the dealer, it sees the auction and bids; disabled again, the MQTT messages of the auction stop reaching it.
 * Both modes: embedded, and server mode (PostgreSQL, Kafka, Mosquitto), where the rule must hold on the edge broker
 * that Mosquitto feeds: dealer1's live connections go to a second instance, which learns the rights from the log.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { ServerClock } from '../../testing/api-client.test-support.js';
import { createAuctionBody, paths, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';
import { LiveSocketRecorder, MqttRecorder, liveServerEnv, until } from '../../testing/live.test-support.js';

const S = '/api/v1/secure';
const A = '/api/v1/admin';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Server mode: PostgreSQL, Kafka and Mosquitto of tools/infra; the browser's MQTT edge broker is fed from Mosquitto.
describe.each(['embedded', 'server'] as const)('templates decide who sees what (%s)', (mode) => {
  /** How long the live server may take to learn a dealer's new rights: another instance (server mode), within seconds. */
  const LEARN_MS = mode === 'server' ? 5_000 : 0;
  let storage: ServerStorage;
  let server: RunningServer;
  /** Where dealer1's live connections go: in server mode a second instance, so the rights must reach it from the log. */
  let liveServer: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  let auctioneer: ApiClient;
  let dealer1: ApiClient;
  let dealer2: ApiClient;
  const open: { close(): void }[] = [];

  beforeAll(async () => {
    storage = await createStorage(mode === 'embedded' ? 'embedded' : 'postgres');
    const shared = mode === 'server' ? liveServerEnv('e2e-template') : {};
    server = await startServer(storage, { MQTT_TCP_PORT: '0', ...shared });
    liveServer = mode === 'server' ? await startServer(storage, { MQTT_TCP_PORT: '0', ...shared }) : server;
    [admin, customer, auctioneer, dealer1, dealer2] = await Promise.all(
      ['admin', 'customer', 'auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server.baseUrl, u)));
  }, 120_000);

  afterAll(async () => {
    for (const c of open) c.close();
    if (liveServer !== server) await liveServer?.stop();
    await server?.stop();
    await storage?.dispose();
  });

  test('an auction on template A: refused to a dealer enabled only for B as if it did not exist; enabled for A, the dealer bids', async () => {
    const template = async (templateName: string) => {
      const res = await auctioneer.post(`${S}/template`, { body: { templateName, idMarket: 'IT', provenance: 'RENT-IT' } });
      expect(res.status).toBe(201);
      return res.body.idTemplate as string;
    };
    const [tA, tB] = [await template(`A ${runTag()}`), await template(`B ${runTag()}`)];
    const enable = async (idUser: string, idTemplate: string, flgEnabled: boolean) =>
      expect((await admin.put(`${A}/user-buyer-template`, { body: { idUser, idTemplate, flgEnabled } })).status).toBe(200);
    await enable('dealer1', tB, true);
    await enable('dealer2', tA, true);

    const clock = await ServerClock.sync(auctioneer);
    // Scheduled long enough for the checks of a scheduled auction below to run before it starts: at 3 s, a loaded run
    // (the library tests beside) found it already running, so out of the scheduled list dealer2 was asked for.
    const startMs = wholeSecondAfter(clock, 8_000);
    const body = {
      ...createAuctionBody({
        name: `Template A ${runTag()}`, startMs, endMs: startMs + 120_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: [{ licensePlate: `TA${runTag()}`, basePrice: 1000, minIncrement: 100 }],
      }),
      idTemplate: tA,
    };
    const created = await auctioneer.post<AuctionView>(paths.auctions, { body });
    expect(created.status).toBe(201);
    const id = created.body.idAuction;
    const idLot = created.body.lots[0]!.idLot;

    // The detail: refused to dealer1 exactly as an auction that does not exist; seen by staff, the owner and dealer2.
    const unknown = await dealer1.get(paths.auction('no-such-auction'));
    const hidden = await dealer1.get(paths.auction(id));
    expect({ status: hidden.status, code: hidden.body?.errorCode }).toEqual({ status: unknown.status, code: unknown.body?.errorCode });
    expect(hidden.status).toBe(404);
    for (const client of [admin, customer, auctioneer, dealer2]) expect((await client.get(paths.auction(id))).status).toBe(200);

    // The lists: the scheduled auctions and the auctions by id leave it out for dealer1, show it to dealer2 and the staff.
    const listed = async (client: ApiClient, path: string) =>
      ((await client.get(path)).body.items as { idAuction: string }[]).some((a) => a.idAuction === id);
    let seenBy2 = false;
    for (let i = 0; i < 20 && !seenBy2; i++) {
      seenBy2 = await listed(dealer2, `${S}/scheduled-auctions?limit=100`);
      if (!seenBy2) await sleep(100);
    }
    expect(seenBy2).toBe(true);
    expect(await listed(admin, `${S}/scheduled-auctions?limit=100`)).toBe(true);
    expect(await listed(dealer1, `${S}/scheduled-auctions?limit=100`)).toBe(false);
    expect(await listed(dealer1, `${S}/auction?ids=${id}`)).toBe(false);
    expect(await listed(dealer2, `${S}/auction?ids=${id}`)).toBe(true);

    // Live: socket.io answers as for an unknown auction; MQTT refuses the subscription.
    const socket = await LiveSocketRecorder.connect(liveServer.baseUrl, { token: dealer1.credentials.token });
    open.push({ close: () => socket.socket.disconnect() });
    const [unknownLive, hiddenLive] = [await socket.subscribe('no-such-auction'), await socket.subscribe(id)];
    expect(hiddenLive).toEqual(unknownLive);
    expect(hiddenLive.errorCode).toBe(unknown.body.errorCode);
    const mqtt = await MqttRecorder.connect(liveServer.baseUrl, dealer1.username!, dealer1.credentials.token!, 'd1');
    open.push({ close: () => mqtt.client.end(true) });
    expect((await mqtt.subscribe([`auction/${id}`, `auction/${id}/lot/${idLot}`])).granted).toEqual([128, 128]);

    // The offer, once the auction runs: refused as for an unknown auction.
    await sleep(Math.max(0, startMs - clock.now()) + 1_500);
    const refused = await dealer1.post(paths.offer(id, idLot), { body: { offer: 1100 } });
    const unknownOffer = await dealer1.post(paths.offer('no-such-auction', 'no-such-lot'), { body: { offer: 1100 } });
    const otherAuction = await dealer1.post(paths.offer('no-such-auction', idLot), { body: { offer: 1100 } });
    expect(otherAuction.body?.errorCode).toBe(unknownOffer.body?.errorCode);
    expect({ status: refused.status, code: refused.body?.errorCode }).toEqual({ status: unknownOffer.status, code: unknownOffer.body?.errorCode });
    expect(refused.status).toBe(404);

    expect(await listed(dealer1, `${S}/running-auctions?limit=100`)).toBe(false);

    // The administrator enables template A for dealer1: it sees the auction, lists it, subscribes and bids.
    await enable('dealer1', tA, true);
    expect((await dealer1.get(paths.auction(id))).status).toBe(200);
    expect(await listed(dealer1, `${S}/running-auctions?limit=100`)).toBe(true);
    // In server mode the live server is another instance: it learns the new rights within seconds, not at once (README,
    // "Several instances"), so the subscription is tried until granted for at most LEARN_MS (it failed once when tried
    // only once). One instance (embedded) knows at once: tried once.
    const enabledAt = Date.now();
    let subscribed = await socket.subscribe(id);
    while (!subscribed.auction && Date.now() - enabledAt < LEARN_MS) {
      await sleep(100);
      subscribed = await socket.subscribe(id);
    }
    expect(subscribed.auction).toBeTruthy();
    const enableLearnedMs = Date.now() - enabledAt;
    expect((await mqtt.subscribe([`auction/${id}/lot/${idLot}`])).granted).toEqual([1]);
    const bid = await dealer1.post(paths.offer(id, idLot), { body: { offer: 1100 } });
    expect(bid.status).toBe(201);
    await until(() => mqtt.messages.some((m) => m.topic === `auction/${id}/lot/${idLot}` && m.payload?.bestOffer === 1100), 10_000, () => 'the offer on MQTT');

    await until(() => socket.of('lot').some((m) => m.payload?.bestOffer === 1100), 10_000, () => 'the offer on socket.io');

    // Disabled again: the auction's messages no longer reach dealer1 on MQTT nor socket.io (dealer2's offer is not
    // forwarded), and it is refused again.
    await enable('dealer1', tA, false);
    // Within seconds, not at once, on the live server when it is another instance (server mode): the template's events
    // and the auction's reach it on different partitions, so an offer made at once could be forwarded before the change.
    // A second socket of dealer1 (not the one under test, whose subscription must end by itself) is refused first (at
    // once on one instance, embedded).
    const probe = await LiveSocketRecorder.connect(liveServer.baseUrl, { token: dealer1.credentials.token });
    open.push({ close: () => probe.socket.disconnect() });
    const disabledAt = Date.now();
    while ((await probe.subscribe(id)).auction && Date.now() - disabledAt < LEARN_MS) await sleep(100);
    expect((await probe.subscribe(id)).auction).toBeFalsy();
    console.log(`${mode}: the live server learned the enabling in ${enableLearnedMs} ms, the disabling in ${Date.now() - disabledAt} ms`);
    expect((await dealer2.post(paths.offer(id, idLot), { body: { offer: 1200 } })).status).toBe(201);
    await sleep(1_500);
    expect(mqtt.messages.some((m) => m.payload?.bestOffer === 1200)).toBe(false);
    expect(socket.of('lot').some((m) => m.payload?.bestOffer === 1200)).toBe(false);
    expect((await dealer1.get(paths.auction(id))).status).toBe(404);
  }, 90_000);

  test('an auction edited into a template the dealer is not enabled for: its live messages stop reaching the dealer', async () => {
    const created = await auctioneer.post(`${S}/template`, { body: { templateName: `C ${runTag()}`, idMarket: 'IT', provenance: 'RENT-IT' } });
    expect(created.status).toBe(201);
    const tC = created.body.idTemplate as string;
    expect((await admin.put(`${A}/user-buyer-template`, { body: { idUser: 'dealer2', idTemplate: tC, flgEnabled: true } })).status).toBe(200);
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 6_000);
    const body = createAuctionBody({
      name: `Moved ${runTag()}`, startMs, endMs: startMs + 120_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [{ licensePlate: `TC${runTag()}`, basePrice: 1000, minIncrement: 100 }],
    });
    const auction = await auctioneer.post<AuctionView>(paths.auctions, { body });
    expect(auction.status).toBe(201);
    const id = auction.body.idAuction;
    // The default channel: dealer1 follows it on socket.io and MQTT.
    const socket = await LiveSocketRecorder.connect(liveServer.baseUrl, { token: dealer1.credentials.token });
    open.push({ close: () => socket.socket.disconnect() });
    expect((await socket.subscribe(id)).auction).toBeTruthy();
    const mqtt = await MqttRecorder.connect(liveServer.baseUrl, dealer1.username!, dealer1.credentials.token!, 'd1-moved');
    open.push({ close: () => mqtt.client.end(true) });
    expect((await mqtt.subscribe([`auction/${id}`])).granted).toEqual([1]);
    // The owner moves it to template C, which dealer1 is not enabled for (dealer2 is).
    expect((await auctioneer.put(paths.auctions, { body: { ...body, idAuction: id, idTemplate: tC } })).status).toBe(200);
    const movedAt = Date.now();
    while ((await dealer1.get(paths.auction(id))).status !== 404 && Date.now() - movedAt < 5_000) await sleep(100);
    expect((await dealer1.get(paths.auction(id))).status).toBe(404);
    const watcher = await LiveSocketRecorder.connect(liveServer.baseUrl, { token: dealer2.credentials.token });
    open.push({ close: () => watcher.socket.disconnect() });
    let watched = await watcher.subscribe(id);
    while (!watched.auction && Date.now() - movedAt < LEARN_MS) {
      await sleep(100);
      watched = await watcher.subscribe(id);
    }
    expect(watched.auction).toBeTruthy();
    // It starts: dealer2 is told, dealer1 is not (its socket left the auction's room at the edit; MQTT asks per message).
    await until(() => watcher.of('auction').some((m) => m.payload?.idAuction === id && m.payload?.status === 'RUN'),
      Math.max(0, startMs - clock.now()) + 10_000, () => 'the start on dealer2\'s socket');
    await sleep(1_000);
    const running = (payload: any) => payload?.idAuction === id && payload?.status === 'RUN';
    expect(socket.of('auction').some((m) => running(m.payload))).toBe(false);
    expect(mqtt.messages.some((m) => m.topic === `auction/${id}` && running(m.payload))).toBe(false);
  }, 60_000);
});
