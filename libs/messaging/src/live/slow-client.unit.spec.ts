import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectAsync, type MqttClient } from 'mqtt';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AedesSink } from './aedes-sink.js';
import { startEmbeddedBroker, type EmbeddedBroker } from './embedded-broker.js';
import { mqttConnect, mqttSubscribe, until } from './mqtt-packets.test-support.js';

const MAX_BACKLOG = 512 * 1024;

describe('a live client that stops reading', () => {
  let http: Server;
  let port: number;
  let live: EmbeddedBroker;
  let sink: AedesSink;
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];

  beforeAll(async () => {
    http = createHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
    live = await startEmbeddedBroker({
      httpServer: http, wsPath: '/mqtt', maxClientBacklogBytes: MAX_BACKLOG,
      authenticate: (username, token) => (token === `token-${username}` ? { idUser: `u-${username}`, username } : null),
      logger: { info: () => {}, warn: (msg, fields) => warnings.push({ msg, fields }), error: () => {} },
    });
    sink = new AedesSink(live.broker);
  });
  afterAll(async () => {
    await live.close();
    await new Promise((resolve) => http.close(resolve));
  });

  // At QoS 0 (as the web client subscribes) as at QoS 1: a QoS 0 delivery is not waited for either, nothing else bounds it.
  it.each([0, 1] as const)('is disconnected once its backlog passes the limit; everyone else keeps getting every message at once (QoS %i)', async (qos) => {
    warnings.length = 0;
    // The stalled client: a raw WebSocket that connects, subscribes to everything, then never reads again.
    const stalled = new WebSocket(`ws://127.0.0.1:${port}/mqtt`, 'mqtt');
    const frames: Buffer[] = [];
    stalled.on('message', (data) => frames.push(data as Buffer));
    await new Promise((resolve, reject) => { stalled.once('open', resolve); stalled.once('error', reject); });
    stalled.send(mqttConnect('stalled-1', 'mallory', 'token-mallory'));
    await until(() => frames.length >= 1);
    stalled.send(mqttSubscribe(1, 'auction/#', qos));
    await until(() => frames.length >= 2);
    (stalled as unknown as { _socket: { pause(): void } })._socket.pause();

    const watcher: MqttClient = await connectAsync(`ws://127.0.0.1:${port}/mqtt`, {
      username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0,
    });
    const received: number[] = [];
    watcher.on('message', (_topic, payload) => received.push((JSON.parse(payload.toString()) as { position: number }).position));
    await watcher.subscribeAsync('auction/#', { qos });

    // 40 MB in all: far past what the kernel's socket buffers and the backlog limit hold for the stalled client.
    const pad = 'x'.repeat(64 * 1024);
    const count = 600;
    const t0 = Date.now();
    for (let i = 1; i <= count; i++) await sink.publish(`auction/a1/lot/l${i % 7}`, { position: i, pad }, { retain: false, qos: 1 });
    await until(() => received.length >= count, 20_000);
    const seconds = (Date.now() - t0) / 1000;
    // The broker let go of the stalled client (which, not reading, does not notice).
    await until(() => live.connectedClients() === 1);
    stalled.terminate();
    await watcher.endAsync(true);

    expect(received).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(warnings.map((w) => w.msg)).toContain('MQTT client dropped: it did not read what it was sent');
    expect(Number(warnings[0]!.fields!['backlogBytes'])).toBeGreaterThan(MAX_BACKLOG);
    // A figure, not a limit: without the fix the watcher waited for the stalled client (aedes' drain timeout).
    console.log(`[slow client, QoS ${qos}] ${count} messages of 64 KB to the watcher in ${seconds.toFixed(2)} s while a client stalled`);
  }, 30_000);
});
