import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamId, toIso } from '@auction/domain';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { startMosquittoBridge, type MosquittoBridge } from './mosquitto-bridge.js';
import { LivePublisher } from './live-publisher.js';
import { END, TestEngine, until } from './live.test-support.js';
import { MqttClientSink } from './mqtt-client-sink.js';
import { retainedOnMosquitto, startPrivateMosquitto, type PrivateMosquitto } from './retained.test-support.js';

/**
 * A final state published live (not history) reaches the clients of every edge, whatever LIVE_CLEAR_FINAL_AFTER_MS
 * (0 included) and with the bridge's clock a few seconds ahead of the publisher's (real Mosquitto and aedes). Mosquitto is
 * this file's own (see `startPrivateMosquitto`); every wait is for a condition, none for a time.
 */
describe('Mosquitto bridge: a live final state is copied to the edge (attack review)', () => {
  const run = randomBytes(4).toString('hex');
  let mosquitto: PrivateMosquitto;
  let url: string;
  let username: string;
  let password: string;
  let http: Server;
  let edge: EmbeddedBroker;
  let port: number;
  let sink: MqttClientSink;
  const bridges: MosquittoBridge[] = [];
  const clients: MqttClient[] = [];

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
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await Promise.all(bridges.map((b) => b.close()));
    await sink?.close();
    await edge?.close();
    await new Promise((resolve) => http?.close(resolve));
    await mosquitto?.dispose();
  }, 120_000);

  it('server mode, API restarted within the delay: the new instance clears the final lot its predecessor left retained', async () => {
    const engine = await TestEngine.start();
    try {
      const id = `rca-${run}-restart`;
      const [lot1, lot2] = (await engine.scheduleAuction(id, 2)) as [string, string];
      await engine.startAuction(id);
      const topics = [`auction/${id}`, `auction/${id}/lot/${lot1}`, `auction/${id}/lot/${lot2}`];
      await engine.closeAndAward(id, lot1);
      // Lot 2 gets a later end: still running.
      await engine.store.append(streamId.lot(lot2), (await engine.store.readStream(streamId.lot(lot2))).length, [{
        type: 'LotEndRescheduled', data: { idLot: lot2, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: `end-${run}` },
      }]);
      // The first instance publishes the closed lot, and stops before its clear (2 s) is due: `close` follows the
      // delivery at once (no timer can run in between) and drops the pending clear.
      const first = new LivePublisher({ store: engine.store, sinks: [new MqttClientSink(url, username, password)], now: () => END + 1_000, clearFinalAfterMs: 2_000 });
      await first.handle(await engine.eventsAfter(0));
      await first.close();
      /** The retained topics of Mosquitto under the auction (a fresh subscriber's, complete: see `retainedOnMosquitto`). */
      const probe = async () => {
        const c = await connectAsync(url, { username, password, protocolVersion: 4, reconnectPeriod: 0 });
        try {
          return (await retainedOnMosquitto(c, `auction/${id}/#`, `auction/${id}`)).map((g) => g.topic);
        } finally {
          await c.endAsync(true);
        }
      };
      // What it left retained: the auction, the closed lot, the running one.
      expect(await probe()).toEqual([...topics].sort());
      // The second starts (bridge, then prime), same delay (its clear is polled for, not timed).
      const bridge = startMosquittoBridge({ url, username, password, broker: edge.broker, topics: [`auction/${id}/#`], clearFinalAfterMs: 2_000, now: () => END + 1_200 });
      bridges.push(bridge);
      await bridge.ready();
      const second = new LivePublisher({ store: engine.store, sinks: [new MqttClientSink(url, username, password)], now: () => END + 1_200, clearFinalAfterMs: 2_000 });
      const primedAt = Date.now();
      await second.prime();
      // The closed lot's clear is scheduled, not done at once (within the delay a reconnecting client still gets it).
      expect(second.stats()).toMatchObject({ clearsPending: 1, retainedCleared: 0 });
      await until(() => second.stats().retainedCleared >= 1, 15_000, 'the second instance\'s clear');
      expect(Date.now() - primedAt).toBeGreaterThanOrEqual(2_000 - 5);
      // The running lot and its auction stay; the closed lot is gone (cleared by the second instance's publisher: the
      // bridge's own clear would come 10 s after the delay).
      expect(await probe()).toEqual([topics[0], topics[2]].sort());
      expect(second.stats()).toMatchObject({ clearsPending: 0, retainedCleared: 1 });
      await second.close();
    } finally {
      await engine.store.close();
    }
    // A bound, not a wait: beside 3 busy loops on a loaded machine (load ~15) this test, PGlite's start included (6 s of it
    // at load ~7), ran past vitest's default 30 s.
  }, 120_000);

  const cases = [
    { name: 'LIVE_CLEAR_FINAL_AFTER_MS=0, same clock', clearFinalAfterMs: 0, skewMs: 0 },
    { name: 'LIVE_CLEAR_FINAL_AFTER_MS=1000, bridge clock 5 s ahead', clearFinalAfterMs: 1_000, skewMs: 5_000 },
  ];
  for (const c of cases) {
    it(`${c.name}: a client on the edge gets the lot's CLD message`, async () => {
      const id = `rca-${run}-${c.clearFinalAfterMs}-${c.skewMs}`;
      const topic = `auction/${id}/lot/l1`;
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
      await until(() => got.some((raw) => raw.includes('"CLD"')), 15_000, 'the CLD message at the edge');
      expect(got.map((raw) => (raw === '' ? '' : JSON.parse(raw).status)).filter((s) => s !== '')).toEqual(['RUN', 'CLD']);
    });
  }
});
