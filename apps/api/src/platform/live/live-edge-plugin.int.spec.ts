/**
 * Mosquitto's edge plugin (tools/mosquitto-edge) against a stub of the API's edge check, where a test needs the API to
 * answer in a way the real one does only by chance: here, a token that stops holding while its client is connected
 * over MQTT/TCP, where Mosquitto disconnects inside the plugin's kick.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectAsync, type MqttClient } from 'mqtt';
import { sleep } from '../../testing/server.test-support.js';
import { EDGE_SERVICE_USER, buildEdgePlugin, startEdgeMosquitto, type EdgeMosquitto } from '../../testing/mosquitto-edge.test-support.js';
import { EDGE_CONTROL_TOPIC } from './live-edge.js';

describe('auction_edge plugin with a stub edge check', () => {
  const secret = randomBytes(24).toString('hex');
  const revoked = new Set<string>();
  let api: Server;
  let broker: EdgeMosquitto;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    const plugin = buildEdgePlugin();
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const token = form.get('t') ?? '';
        const ok = req.headers.authorization === `Bearer ${secret}` && token.startsWith('tok-') && !revoked.has(token);
        const out = req.url === '/edge/connect' ? (ok ? `ok ${token.split('-')[1]} ${Date.now() + 3_600_000}` : 'no') : ok ? 'ok' : 'no';
        res.writeHead(req.url === '/edge/connect' && !ok ? 403 : 200, { 'content-length': Buffer.byteLength(out) });
        res.end(out);
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    broker = await startEdgeMosquitto({ plugin, apiPort: (api.address() as AddressInfo).port, secret, recheckSeconds: 60, maxFilters: 16 });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await broker?.stop();
    await new Promise((resolve) => api?.close(resolve));
  });

  it('a logout (recheck-user) of clients on MQTT/TCP disconnects them and Mosquitto stays up', async () => {
    // Before: the kick ran the client's disconnect, which freed its record, inside the loop over the records: Mosquitto
    // died of SIGSEGV in on_control (gdb), every browser and the API's publisher cut off.
    const service = await connectAsync(broker.mqttUrl, { ...EDGE_SERVICE_USER, clientId: 'stub-service', reconnectPeriod: 0 });
    clients.push(service);
    const live: MqttClient[] = [];
    for (const [i, options] of [{ protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 3_600 } }, { protocolVersion: 4, clean: true }].entries()) {
      const c = await connectAsync(broker.mqttUrl, { username: `u${i}`, password: `tok-U1-${i}`, clientId: `stub-live-${i}`, reconnectPeriod: 0, ...options } as never);
      c.on('error', () => {});
      clients.push(c);
      live.push(c);
      await c.subscribeAsync('user/U1/#', { qos: 1 });
    }
    revoked.add('tok-U1-0').add('tok-U1-1');
    await service.publishAsync(EDGE_CONTROL_TOPIC, 'recheck-user U1', { qos: 1 });
    await sleep(1_000);
    expect(live.map((c) => c.connected)).toEqual([false, false]);
    expect(broker.log()).not.toMatch(/Segmentation|SIGSEGV/);
    expect(service.connected).toBe(true);
    const other = await connectAsync(broker.mqttUrl, { username: 'u2', password: 'tok-U2', clientId: 'stub-live-other', reconnectPeriod: 0 });
    clients.push(other);
    expect(other.connected).toBe(true);
  }, 30_000);
});
