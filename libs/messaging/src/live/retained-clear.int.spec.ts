import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamId, toIso } from '@auction/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AedesSink } from './aedes-sink.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { LivePublisher } from './live-publisher.js';
import { END, NOW, TestEngine } from './live.test-support.js';
import { startMosquittoBridge, type MosquittoBridge } from './mosquitto-bridge.js';
import { MqttClientSink } from './mqtt-client-sink.js';

const { MQTT_URL: url, MQTT_USERNAME: username, MQTT_PASSWORD: password } = process.env;
if (!url) {
  throw new Error(
    'MQTT_URL is not set: the Mosquitto suite needs a broker. Run `bash tools/infra/infra.sh start mosquitto` and ' +
      '`eval "$(bash tools/infra/infra.sh env mosquitto)"` (sets MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD), then run the tests again.',
  );
}

interface Got { topic: string; raw: string; retain: boolean }

/**
 * Final live states are cleared from the brokers: by the publisher some time after they were published (embedded
 * aedes, Mosquitto and, through the bridge, every edge), and at a bridge's start for history older than that.
 */
describe('retained live state of final lots and auctions is cleared (real Mosquitto and aedes)', () => {
  const run = randomBytes(4).toString('hex');
  let http: Server;
  let port: number;
  let edge: EmbeddedBroker;
  let sink: MqttClientSink;
  const bridges: MosquittoBridge[] = [];
  const clients: MqttClient[] = [];
  const touched = new Set<string>();
  let engine: TestEngine;

  beforeAll(async () => {
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
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    // Leave Mosquitto as found.
    const cleaner = new MqttClientSink(url, username, password);
    await cleaner.ready();
    await Promise.all([...touched].map((t) => cleaner.clear(t)));
    await cleaner.close();
    await Promise.all(bridges.map((b) => b.close()));
    await sink?.close();
    await edge?.close();
    await engine?.store.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  /** What a client subscribing `filter` gets within `ms` (retained state first). */
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
  /** The retained messages a fresh subscriber of `filter` gets on `client` (half a second to arrive). */
  const retainedOn = async (client: MqttClient, filter: string): Promise<Got[]> => {
    const got = await collect(client, filter);
    await new Promise((resolve) => setTimeout(resolve, 500));
    return got.filter((g) => g.retain).sort((a, b) => a.topic.localeCompare(b.topic));
  };

  it('a bridge starting on old history copies only live lots, and clears the final ones in Mosquitto', async () => {
    const id = `rc-${run}-history`;
    const old = toIso(Date.now() - 2 * 3_600_000);
    const topics = { sold: `auction/${id}/lot/sold`, unsold: `auction/${id}/lot/unsold`, live: `auction/${id}/lot/live`, auction: `auction/${id}` };
    Object.values(topics).forEach((t) => touched.add(t));
    // What a stopped publisher left in Mosquitto two hours ago, and a lot still running.
    await sink.publish(topics.sold, { idAuction: id, idLot: 'sold', status: 'AWA', serverTime: old, position: 10 }, { retain: true, qos: 1 });
    await sink.publish(topics.unsold, { idAuction: id, idLot: 'unsold', status: 'CLD', serverTime: old, position: 11 }, { retain: true, qos: 1 });
    await sink.publish(topics.auction, { idAuction: id, status: 'CLD', serverTime: old, position: 12 }, { retain: true, qos: 1 });
    await sink.publish(topics.live, { idAuction: id, idLot: 'live', status: 'RUN', serverTime: old, position: 13 }, { retain: true, qos: 1 });

    const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: 60_000 });
    bridges.push(bridge);
    await bridge.ready();
    await until(() => bridge.stats().finalDropped === 3 && bridge.stats().cleared === 3 && bridge.stats().copied >= 4);

    // The edge holds the running lot only (the bridge copied the three clears it caused, which store nothing).
    const atEdge = await retainedOn(await edgeClient(), `auction/${id}/#`);
    expect(atEdge.map((g) => [g.topic, JSON.parse(g.raw).status])).toEqual([[topics.live, 'RUN']]);
    // Mosquitto too: its history of final states is gone.
    const atMosquitto = await retainedOn(await mosquittoClient(), `auction/${id}/#`);
    expect(atMosquitto.map((g) => g.topic)).toEqual([topics.live]);
  });

  it('server mode: a lot and its auction are cleared everywhere after their final state; a subscriber meanwhile gets it, a running lot stays', async () => {
    const id = `rc-${run}-server`;
    const [lot1, lot2] = await engine.scheduleAuction(id, 2) as [string, string];
    await engine.startAuction(id);
    await engine.offer(id, lot1, 'dealer-a', 5000);
    const topics = { lot1: `auction/${id}/lot/${lot1}`, lot2: `auction/${id}/lot/${lot2}`, auction: `auction/${id}` };
    Object.values(topics).forEach((t) => touched.add(t));
    let clock = NOW;
    const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: 1_500, now: () => clock });
    bridges.push(bridge);
    await bridge.ready();
    const own = new MqttClientSink(url, username, password);
    await own.ready();
    const publisher = new LivePublisher({ store: engine.store, sinks: [own], now: () => clock, clearFinalAfterMs: 1_500 });
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
    await publisher.handle(await engine.eventsAfter(from));
    await until(() => seen.some((g) => g.topic === topics.lot1 && g.raw.includes('"AWA"')));
    // Within the delay a new subscriber still gets the final state.
    const early = await retainedOn(await edgeClient(), topics.lot1);
    expect(early.map((g) => JSON.parse(g.raw).status)).toEqual(['AWA']);

    // After it: the watcher got the clear (an empty message), and neither the edge nor Mosquitto retains the lot.
    await until(() => seen.some((g) => g.topic === topics.lot1 && g.raw === ''), 8_000);
    expect(publisher.stats().retainedCleared).toBe(1);
    expect((await retainedOn(await edgeClient(), `auction/${id}/#`)).map((g) => g.topic).sort()).toEqual([topics.auction, topics.lot2].sort());
    expect((await retainedOn(await mosquittoClient(), `auction/${id}/#`)).map((g) => g.topic).sort()).toEqual([topics.auction, topics.lot2].sort());

    // Lot 2 closes unsold, the auction closes and is awarded: the rest goes too.
    const from2 = await engine.store.headPosition();
    await engine.closeAndAward(id, lot2);
    await engine.followLots(id, [{ ended: true, awardStatus: 'AWA' }, { ended: true, awardStatus: 'NAW' }]);
    await publisher.handle(await engine.eventsAfter(from2));
    await until(() => seen.filter((g) => g.raw === '').length >= 3, 8_000);
    expect(await retainedOn(await edgeClient(), `auction/${id}/#`)).toEqual([]);
    expect(await retainedOn(await mosquittoClient(), `auction/${id}/#`)).toEqual([]);
    await publisher.close();
  });

  it('embedded mode: the publisher clears the final lot in aedes; the running one stays retained', async () => {
    const id = `rc-${run}-embedded`;
    const [lot1, lot2] = await engine.scheduleAuction(id, 2) as [string, string];
    await engine.startAuction(id);
    let clock = NOW;
    const publisher = new LivePublisher({ store: engine.store, sinks: [new AedesSink(edge.broker)], now: () => clock, clearFinalAfterMs: 300 });
    await publisher.prime();
    clock = END + 1_000;
    const from = await engine.store.headPosition();
    await engine.closeAndAward(id, lot1);
    // Lot 2 gets a later end: still running.
    await engine.store.append(streamId.lot(lot2), (await engine.store.readStream(streamId.lot(lot2))).length, [{
      type: 'LotEndRescheduled', data: { idLot: lot2, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: `end-${run}` },
    }]);
    await publisher.handle(await engine.eventsAfter(from));
    expect((await retainedOn(await edgeClient(), `auction/${id}/lot/+`)).map((g) => JSON.parse(g.raw).status).sort()).toEqual(['CLD', 'RUN']);
    await until(() => publisher.stats().retainedCleared >= 1, 5_000);
    const after = await retainedOn(await edgeClient(), `auction/${id}/#`);
    expect(after.map((g) => [g.topic, JSON.parse(g.raw).status]).sort()).toEqual([[`auction/${id}`, 'RUN'], [`auction/${id}/lot/${lot2}`, 'RUN']]);
    await publisher.close();
  });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
