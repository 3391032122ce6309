import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamId, toIso } from '@auction/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AedesSink } from './aedes-sink.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { LivePublisher } from './live-publisher.js';
import { END, NOW, TestEngine, until } from './live.test-support.js';
import { startMosquittoBridge, type MosquittoBridge } from './mosquitto-bridge.js';
import { MqttClientSink } from './mqtt-client-sink.js';
import {
  retainedArriving, retainedInAedes, retainedOnMosquitto, startPrivateMosquitto, type PrivateMosquitto,
} from './retained.test-support.js';

interface Got { topic: string; raw: string; retain: boolean }

/**
 * Final live states are cleared from the brokers: by the publisher some time after they were published (embedded
 * aedes, Mosquitto and, through the bridge, every edge), and at a bridge's start for history older than that.
 * Mosquitto is this file's own (see `startPrivateMosquitto`): another API's bridge on a shared one clears the final
 * states these tests stamp with the specs' clock. Every wait is for a condition (a counter, a message, a marker), none
 * for a time: what happens within a delay is checked at once, what happens after it is polled for.
 */
describe('retained live state of final lots and auctions is cleared (real Mosquitto and aedes)', () => {
  const run = randomBytes(4).toString('hex');
  let mosquitto: PrivateMosquitto;
  let url: string;
  let username: string;
  let password: string;
  let http: Server;
  let port: number;
  let edge: EmbeddedBroker;
  let sink: MqttClientSink;
  const bridges: MosquittoBridge[] = [];
  const clients: MqttClient[] = [];
  let engine: TestEngine;

  beforeAll(async () => {
    mosquitto = await startPrivateMosquitto();
    ({ url, username, password } = mosquitto);
    sink = new MqttClientSink(url, username, password);
    await sink.ready();
    http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
    edge = await startEmbeddedBroker({
      httpServer: http,
      authenticate: (user, token) => (user === 'alice' && token === 'token-alice' ? { idUser: 'u-alice', username: 'alice' } : null),
    });
    engine = await TestEngine.start();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await Promise.all(bridges.map((b) => b.close()));
    await sink?.close();
    await edge?.close();
    await engine?.store.close();
    await new Promise((resolve) => http?.close(resolve));
    await mosquitto?.dispose();
  }, 120_000);

  /** Everything a client subscribing `filter` gets from now on (retained state first). */
  const collect = async (client: MqttClient, filter: string): Promise<Got[]> => {
    const got: Got[] = [];
    client.on('message', (topic, payload, packet) => got.push({ topic, raw: payload.toString(), retain: packet.retain }));
    await client.subscribeAsync(filter, { qos: 1 });
    return got;
  };
  const edgeClient = async () => {
    const client = await connectAsync(`ws://127.0.0.1:${port}/mqtt`, { username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0 });
    clients.push(client);
    return client;
  };
  const mosquittoClient = async () => {
    const client = await connectAsync(url, { username, password, protocolVersion: 4, reconnectPeriod: 0 });
    clients.push(client);
    return client;
  };
  /** The retained topics of Mosquitto under auction `id` (a fresh subscriber's, complete: see `retainedOnMosquitto`). */
  const inMosquitto = async (id: string) => (await retainedOnMosquitto(await mosquittoClient(), `auction/${id}/#`, `auction/${id}`)).map((g) => g.topic);
  const inEdge = async (filter: string) => retainedInAedes(edge.broker, filter);

  it('a bridge starting on old history copies only live lots, and clears the final ones in Mosquitto', async () => {
    const id = `rc-${run}-history`;
    const old = toIso(Date.now() - 2 * 3_600_000);
    const topics = { sold: `auction/${id}/lot/sold`, unsold: `auction/${id}/lot/unsold`, live: `auction/${id}/lot/live`, auction: `auction/${id}` };
    // What a stopped publisher left in Mosquitto two hours ago, and a lot still running.
    await sink.publish(topics.sold, { idAuction: id, idLot: 'sold', status: 'AWA', serverTime: old, position: 10 }, { retain: true, qos: 1 });
    await sink.publish(topics.unsold, { idAuction: id, idLot: 'unsold', status: 'CLD', serverTime: old, position: 11 }, { retain: true, qos: 1 });
    await sink.publish(topics.auction, { idAuction: id, status: 'CLD', serverTime: old, position: 12 }, { retain: true, qos: 1 });
    await sink.publish(topics.live, { idAuction: id, idLot: 'live', status: 'RUN', serverTime: old, position: 13 }, { retain: true, qos: 1 });

    const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: 60_000 });
    bridges.push(bridge);
    await bridge.ready();
    // Dropped and cleared (acknowledged by Mosquitto), the running lot and the three clears copied into the edge.
    await until(() => bridge.stats().finalDropped === 3 && bridge.stats().cleared === 3 && bridge.stats().copied >= 4, 15_000, 'the bridge\'s start');
    expect(bridge.stats()).toMatchObject({ finalDropped: 3, cleared: 3, copied: 4 });

    // The edge holds the running lot only (the bridge copied the three clears it caused, which store nothing).
    expect((await inEdge(`auction/${id}/#`)).map((g) => [g.topic, JSON.parse(g.raw).status])).toEqual([[topics.live, 'RUN']]);
    // Mosquitto too: its history of final states is gone.
    expect(await inMosquitto(id)).toEqual([topics.live]);
  });

  it('server mode: a lot and its auction are cleared everywhere after their final state; a subscriber meanwhile gets it, a running lot stays', async () => {
    const id = `rc-${run}-server`;
    const [lot1, lot2] = await engine.scheduleAuction(id, 2) as [string, string];
    await engine.startAuction(id);
    await engine.offer(id, lot1, 'dealer-a', 5000);
    const topics = { lot1: `auction/${id}/lot/${lot1}`, lot2: `auction/${id}/lot/${lot2}`, auction: `auction/${id}` };
    let clock = NOW;
    // Long enough that a new subscriber on a loaded machine is served well within it; the clear itself is polled for.
    const delayMs = 4_000;
    const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: delayMs, now: () => clock });
    bridges.push(bridge);
    await bridge.ready();
    const own = new MqttClientSink(url, username, password);
    await own.ready();
    const publisher = new LivePublisher({ store: engine.store, sinks: [own], now: () => clock, clearFinalAfterMs: delayMs });
    await publisher.handle(await engine.eventsAfter(0));

    // A client subscribing to a live lot gets its retained state.
    const watcher = await edgeClient();
    const seen = await collect(watcher, `auction/${id}/#`);
    await until(() => seen.some((g) => g.topic === topics.lot1 && g.retain));
    expect(JSON.parse(seen.find((g) => g.topic === topics.lot1)!.raw)).toMatchObject({ status: 'RUN', bestOffer: 5000 });

    // Lot 1 ends and is awarded; the auction goes on with lot 2.
    clock = END + 1_000;
    const from = await engine.store.headPosition();
    await engine.closeAndAward(id, lot1);
    const publishedAt = Date.now();
    await publisher.handle(await engine.eventsAfter(from));
    expect(publisher.stats()).toMatchObject({ clearsPending: 1, retainedCleared: 0 });
    await until(() => seen.some((g) => g.topic === topics.lot1 && g.raw.includes('"AWA"')));
    // Within the delay a new subscriber still gets the final state, as retained state (waited for: it comes or the test fails).
    const early = await retainedArriving(await edgeClient(), topics.lot1, [topics.lot1]);
    expect(early.map((g) => JSON.parse(g.raw).status)).toEqual(['AWA']);

    // After it: the watcher gets the clear (an empty message), and neither the edge nor Mosquitto retains the lot.
    await until(() => seen.some((g) => g.topic === topics.lot1 && g.raw === '') && publisher.stats().retainedCleared >= 1, delayMs + 15_000, 'the clear of lot 1');
    // Not before the delay (the timer counts from the delivery, after `publishedAt`).
    expect(Date.now() - publishedAt).toBeGreaterThanOrEqual(delayMs - 5);
    expect(publisher.stats()).toMatchObject({ clearsPending: 0, retainedCleared: 1 });
    expect((await inEdge(`auction/${id}/#`)).map((g) => g.topic)).toEqual([topics.auction, topics.lot2].sort());
    expect(await inMosquitto(id)).toEqual([topics.auction, topics.lot2].sort());

    // Lot 2 closes unsold, the auction closes and is awarded: the rest goes too (no check within this delay: short).
    publisher.setClearFinalAfterMs(300);
    const from2 = await engine.store.headPosition();
    await engine.closeAndAward(id, lot2);
    await engine.followLots(id, [{ ended: true, awardStatus: 'AWA' }, { ended: true, awardStatus: 'NAW' }]);
    await publisher.handle(await engine.eventsAfter(from2));
    await until(() => [topics.lot2, topics.auction].every((t) => seen.some((g) => g.topic === t && g.raw === '')) && publisher.stats().retainedCleared >= 3, 15_000, 'the clears of lot 2 and the auction');
    expect(publisher.stats()).toMatchObject({ clearsPending: 0, retainedCleared: 3 });
    expect(await inEdge(`auction/${id}/#`)).toEqual([]);
    expect(await inMosquitto(id)).toEqual([]);
    await publisher.close();
  });

  it('embedded mode: the publisher clears the final lot in aedes; the running one stays retained', async () => {
    const id = `rc-${run}-embedded`;
    const [lot1, lot2] = await engine.scheduleAuction(id, 2) as [string, string];
    await engine.startAuction(id);
    let clock = NOW;
    // The retained state right after the publication is read at once (a few ms); the clear, 2 s later, is polled for.
    const publisher = new LivePublisher({ store: engine.store, sinks: [new AedesSink(edge.broker)], now: () => clock, clearFinalAfterMs: 2_000 });
    await publisher.prime();
    clock = END + 1_000;
    const from = await engine.store.headPosition();
    await engine.closeAndAward(id, lot1);
    // Lot 2 gets a later end: still running.
    await engine.store.append(streamId.lot(lot2), (await engine.store.readStream(streamId.lot(lot2))).length, [{
      type: 'LotEndRescheduled', data: { idLot: lot2, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: `end-${run}` },
    }]);
    // The prime scheduled the clears of the other tests' final states too: this auction's are watched on its topics.
    const seen = await collect(await edgeClient(), `auction/${id}/#`);
    const publishedAt = Date.now();
    await publisher.handle(await engine.eventsAfter(from));
    expect((await inEdge(`auction/${id}/lot/+`)).map((g) => JSON.parse(g.raw).status).sort()).toEqual(['CLD', 'RUN']);
    await until(() => seen.some((g) => g.topic === `auction/${id}/lot/${lot1}` && g.raw === ''), 15_000, 'the clear of the closed lot');
    // Not before the delay (its timer counts from the delivery, after `publishedAt`).
    expect(Date.now() - publishedAt).toBeGreaterThanOrEqual(2_000 - 5);
    expect(seen.filter((g) => g.raw === '').map((g) => g.topic)).toEqual([`auction/${id}/lot/${lot1}`]);
    const after = await inEdge(`auction/${id}/#`);
    expect(after.map((g) => [g.topic, JSON.parse(g.raw).status]).sort()).toEqual([[`auction/${id}`, 'RUN'], [`auction/${id}/lot/${lot2}`, 'RUN']]);
    await publisher.close();
  });
});
