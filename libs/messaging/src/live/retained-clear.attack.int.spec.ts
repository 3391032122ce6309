import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamId, toIso } from '@auction/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { startMosquittoBridge, type MosquittoBridge } from './mosquitto-bridge.js';
import { LivePublisher } from './live-publisher.js';
import { END, TestEngine } from './live.test-support.js';
import { MqttClientSink } from './mqtt-client-sink.js';

const { MQTT_URL: url, MQTT_USERNAME: username, MQTT_PASSWORD: password } = process.env;
if (!url) throw new Error('MQTT_URL is not set: run `bash tools/infra/infra.sh start mosquitto` and eval its `env` first.');

/**
 * A final state published live (not history) reaches the clients of every edge, whatever LIVE_CLEAR_FINAL_AFTER_MS
 * (0 included) and with the bridge's clock a few seconds ahead of the publisher's (real Mosquitto and aedes).
 */
describe('Mosquitto bridge: a live final state is copied to the edge (attack review)', () => {
  const run = randomBytes(4).toString('hex');
  let http: Server;
  let edge: EmbeddedBroker;
  let port: number;
  let sink: MqttClientSink;
  const bridges: MosquittoBridge[] = [];
  const clients: MqttClient[] = [];
  const touched = new Set<string>();

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
    await Promise.all([...touched].map((t) => sink.clear(t)));
    await Promise.all(bridges.map((b) => b.close()));
    await sink?.close();
    await edge?.close();
    await new Promise((resolve) => http?.close(resolve));
  });

  it('server mode, API restarted within the delay: the new instance clears the final lot its predecessor left retained', async () => {
    const engine = await TestEngine.start();
    try {
      const id = `rca-${run}-restart`;
      const [lot1, lot2] = (await engine.scheduleAuction(id, 2)) as [string, string];
      await engine.startAuction(id);
      const topics = [`auction/${id}`, `auction/${id}/lot/${lot1}`, `auction/${id}/lot/${lot2}`];
      topics.forEach((t) => touched.add(t));
      await engine.closeAndAward(id, lot1);
      // Lot 2 gets a later end: still running.
      await engine.store.append(streamId.lot(lot2), (await engine.store.readStream(streamId.lot(lot2))).length, [{
        type: 'LotEndRescheduled', data: { idLot: lot2, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: `end-${run}` },
      }]);
      // The first instance publishes the closed lot, and stops before its clear (2 s) is due.
      const first = new LivePublisher({ store: engine.store, sinks: [new MqttClientSink(url!, username, password)], now: () => END + 1_000, clearFinalAfterMs: 2_000 });
      await first.handle(await engine.eventsAfter(0));
      await first.close();
      // The second starts (bridge, then prime) at once.
      const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: 2_000, now: () => END + 1_200 });
      bridges.push(bridge);
      await bridge.ready();
      const second = new LivePublisher({ store: engine.store, sinks: [new MqttClientSink(url!, username, password)], now: () => END + 1_200, clearFinalAfterMs: 2_000 });
      await second.prime();
      const probe = async () => {
        const c = await connectAsync(url!, { username, password, protocolVersion: 4, reconnectPeriod: 0 });
        const got: string[] = [];
        c.on('message', (topic, payload, packet) => { if (packet.retain && payload.length) got.push(topic); });
        await c.subscribeAsync(`auction/${id}/#`, { qos: 1 });
        await new Promise((resolve) => setTimeout(resolve, 400));
        await c.endAsync(true);
        return got.sort();
      };
      expect(await probe()).toContain(topics[1]);
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      // The running lot and its auction stay; the closed lot is gone (cleared by the second instance's publisher).
      expect(await probe()).toEqual([topics[0], topics[2]].sort());
      expect(second.stats().retainedCleared).toBeGreaterThanOrEqual(1);
      await second.close();
    } finally {
      await engine.store.close();
    }
  });

  const cases = [
    { name: 'LIVE_CLEAR_FINAL_AFTER_MS=0, same clock', clearFinalAfterMs: 0, skewMs: 0 },
    { name: 'LIVE_CLEAR_FINAL_AFTER_MS=1000, bridge clock 5 s ahead', clearFinalAfterMs: 1_000, skewMs: 5_000 },
  ];
  for (const c of cases) {
    it(`${c.name}: a client on the edge gets the lot's CLD message`, async () => {
      const id = `rca-${run}-${c.clearFinalAfterMs}-${c.skewMs}`;
      const topic = `auction/${id}/lot/l1`;
      touched.add(topic);
      const bridge = startMosquittoBridge({
        url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: c.clearFinalAfterMs, now: () => Date.now() + c.skewMs,
      });
      bridges.push(bridge);
      await bridge.ready();
      const watcher = await connectAsync(`ws://127.0.0.1:${port}/mqtt`, { username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0 });
      clients.push(watcher);
      const got: string[] = [];
      watcher.on('message', (_t, payload) => got.push(payload.toString()));
      await watcher.subscribeAsync(topic, { qos: 1 });
      await sink.publish(topic, { idAuction: id, idLot: 'l1', status: 'RUN', serverTime: toIso(Date.now()), position: 1 }, { retain: true, qos: 1 });
      await sink.publish(topic, { idAuction: id, idLot: 'l1', status: 'CLD', serverTime: toIso(Date.now()), position: 2 }, { retain: true, qos: 1 });
      const deadline = Date.now() + 3_000;
      while (!got.some((raw) => raw.includes('"CLD"')) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(got.map((raw) => (raw === '' ? '' : JSON.parse(raw).status)).filter((s) => s !== '')).toEqual(['RUN', 'CLD']);
    });
  }
});
