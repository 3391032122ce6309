import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { LivePublisher } from './live-publisher.js';
import { FakeSink, NOW, TestEngine } from './live.test-support.js';
import { startMosquittoBridge, type MosquittoBridge } from './mosquitto-bridge.js';
import { MqttClientSink } from './mqtt-client-sink.js';
import { retainedInAedes } from './retained.test-support.js';

const { MQTT_URL: url, MQTT_USERNAME: username, MQTT_PASSWORD: password } = process.env;
if (!url) {
  throw new Error(
    'MQTT_URL is not set: the Mosquitto suite needs a broker. Run `bash tools/infra/infra.sh start mosquitto` and ' +
      '`eval "$(bash tools/infra/infra.sh env mosquitto)"` (sets MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD), then run the tests again.',
  );
}

interface Got { topic: string; body: Record<string, unknown>; retain: boolean }

describe('server mode: publisher → Mosquitto → bridge → embedded edge broker → WebSocket client', () => {
  const run = randomBytes(4).toString('hex');
  const idAuction = `int-${run}`;
  let http: Server;
  let port: number;
  let edge: EmbeddedBroker;
  let bridge: MosquittoBridge;
  let sink: MqttClientSink;
  const forwarded = new FakeSink();
  const clients: MqttClient[] = [];
  const retainedTopics = new Set<string>();

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
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    // Leave Mosquitto as found: an empty retained message deletes the retained state.
    await Promise.all([...retainedTopics].map((t) => sink.client.publishAsync(t, '', { retain: true, qos: 1 })));
    await bridge?.close();
    await sink?.close();
    await edge?.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  const wsClient = async () => {
    const client = await connectAsync(`ws://127.0.0.1:${port}/mqtt`, { username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0 });
    clients.push(client);
    const got: Got[] = [];
    client.on('message', (topic, payload, packet) => got.push({ topic, body: JSON.parse(payload.toString()), retain: packet.retain }));
    return { client, got };
  };

  it('copies retained state published before the bridge started, then live updates with their retain flag', async () => {
    const topic = `auction/${idAuction}/lot/l1`;
    retainedTopics.add(topic);
    await sink.publish(topic, { idLot: 'l1', bestOffer: 5000, position: 1 }, { retain: true, qos: 1 });

    bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, forward: [forwarded] });
    await bridge.ready();
    // Mosquitto sends its retained messages right after the SUBACK. Wait for this topic's copy in the edge broker, not for
    // any copy: on the shared Mosquitto of a test run other servers' retained states come too, and a client subscribing
    // before this copy lands gets it as a live message (retain false).
    for (let tries = 0; (await retainedInAedes(edge.broker, topic)).length === 0; tries++) {
      if (tries > 150) throw new Error(`${topic} never retained in the edge broker`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const first = await wsClient();
    await first.client.subscribeAsync(`auction/${idAuction}/#`, { qos: 1 });
    await until(() => first.got.length >= 1);
    expect(first.got[0]).toEqual({ topic, body: { idLot: 'l1', bestOffer: 5000, position: 1 }, retain: true });

    await sink.publish(topic, { idLot: 'l1', bestOffer: 5100, position: 2 }, { retain: true, qos: 1 });
    await until(() => first.got.length >= 2);
    expect(first.got[1]!.body).toEqual({ idLot: 'l1', bestOffer: 5100, position: 2 });

    // A client arriving now gets the newest state as the edge's retained message.
    const late = await wsClient();
    await late.client.subscribeAsync(topic, { qos: 1 });
    await until(() => late.got.length >= 1);
    expect(late.got).toEqual([{ topic, body: { idLot: 'l1', bestOffer: 5100, position: 2 }, retain: true }]);
    expect(forwarded.on(topic).map((r) => r.payload['position'])).toEqual([1, 2]);
  });

  it('copies per-user notifications without retaining them', async () => {
    const { client, got } = await wsClient();
    await client.subscribeAsync('user/u-alice/#', { qos: 1 });
    await sink.publish('user/u-alice/outbid', { idAuction, idLot: 'l1', bestOffer: 5200, yourBestOffer: 5100, position: 3 }, { retain: false, qos: 1 });
    await until(() => got.some((g) => g.body['idAuction'] === idAuction));
    expect(got.filter((g) => g.body['idAuction'] === idAuction)).toEqual([
      { topic: 'user/u-alice/outbid', body: expect.objectContaining({ bestOffer: 5200, position: 3 }), retain: false },
    ]);
  });

  it('carries the live publisher\'s lot views end to end', async () => {
    const engine = await TestEngine.start();
    try {
      const id = `${idAuction}-e2e`;
      const [lot1] = await engine.scheduleAuction(id, 1) as [string];
      await engine.startAuction(id);
      await engine.offer(id, lot1, 'dealer-a', 5000);
      const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => NOW });
      await publisher.handle(await engine.eventsAfter(0));
      retainedTopics.add(`auction/${id}`).add(`auction/${id}/lot/${lot1}`);

      const { client, got } = await wsClient();
      await client.subscribeAsync(`auction/${id}/#`, { qos: 1 });
      await until(() => got.length >= 2);
      expect(got.find((g) => g.topic === `auction/${id}/lot/${lot1}`)).toMatchObject({ retain: true, body: { idLot: lot1, bestOffer: 5000, status: 'RUN' } });
      expect(got.find((g) => g.topic === `auction/${id}`)).toMatchObject({ retain: true, body: { idAuction: id, status: 'RUN' } });
      // The lot's state before the offer and after it (every state a command left), the auction's, and the bidder's own-offer notice.
      expect(publisher.stats()).toMatchObject({ messagesPublished: 4, pendingMessages: 0 });
    } finally {
      await engine.store.close();
    }
  });

  it('holds a message until the read side has applied its position, and keeps the order of those after it', async () => {
    const held = new FakeSink();
    let readSide = 60;
    const releases: (() => void)[] = [];
    const waiting = bridgeWith(held, (position) => (position <= readSide ? null : new Promise<void>((r) => releases.push(r))));
    await waiting.ready();
    const [a, b] = [`auction/${idAuction}-held/lot/a`, `auction/${idAuction}-held/lot/b`];
    await sink.publish(a, { bestOffer: 1, position: 100 }, { retain: false, qos: 1 });
    await sink.publish(b, { bestOffer: 2, position: 50 }, { retain: false, qos: 1 });
    await until(() => waiting.stats().received >= 2);
    await new Promise((r) => setTimeout(r, 100));
    // Position 100 is beyond the read side: held, and position 50 (already applied) waits behind it.
    expect([...held.on(a), ...held.on(b)]).toEqual([]);
    readSide = 100;
    releases.forEach((release) => release());
    await until(() => held.on(b).length === 1);
    expect(held.received.map((r) => r.payload['position'])).toEqual([100, 50]);
    // Once nothing is held, a message the read side already has goes at once.
    await sink.publish(b, { bestOffer: 3, position: 90 }, { retain: false, qos: 1 });
    await until(() => held.on(b).length === 2 && waiting.stats().copied === 3);
    expect(waiting.stats()).toMatchObject({ held: 2, copied: 3 });
    await waiting.close();
  });

  it('waits for the read side at most readSideWaitMs from each message\'s arrival, not once per message held before it', async () => {
    const stale = new FakeSink();
    // A read side that never gets there (positions from before a restore of the database): every message waits.
    const waiting = bridgeWith(stale, (_position, withinMs) => new Promise<void>((r) => setTimeout(r, withinMs)), 500);
    await waiting.ready();
    const topic = `auction/${idAuction}-held/lot/stale`;
    const sent = Date.now();
    for (let i = 1; i <= 5; i++) await sink.publish(topic, { bestOffer: i, position: 1_000_000 + i }, { retain: false, qos: 1 });
    await until(() => stale.on(topic).length === 5);
    // Five held messages, half a second each if the waits were chained: all out within about one wait.
    expect(Date.now() - sent).toBeLessThan(1_500);
    expect(stale.on(topic).map((r) => r.payload['bestOffer'])).toEqual([1, 2, 3, 4, 5]);
    await waiting.close();
  });

  const bridgeWith = (forward: FakeSink, readSideAt: (position: number, withinMs: number) => Promise<void> | null, readSideWaitMs?: number) =>
    startMosquittoBridge({
      url, username, password, broker: edge.broker, forward: [forward], topics: [`auction/${idAuction}-held/#`], readSideAt, readSideWaitMs,
    });
});

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
