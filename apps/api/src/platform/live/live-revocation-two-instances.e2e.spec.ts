/**
 * A logout on one API instance ends the live connections the other holds (issue 24 item 1). The revocation travels
 * through the shared database: a logout is an `EndSession`-like event on the user's stream in the one event log;
 * each instance's read model applies it and re-checks that user's connections (live-sessions.ts), closing those whose
 * session no longer holds. Two instances on one PostgreSQL database; the connections are on B, the logouts on A.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import type { LiveCredentials } from '@auction/contracts';
import { ApiClient, createStorage, describeResult, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { LiveSocketRecorder, MqttRecorder, until } from '../../testing/live.test-support.js';

/** How soon after a logout on A the connections on B must be closed, ms. */
const CLOSE_WITHIN_MS = 3_000;

let storage: ServerStorage;
let a: RunningServer;
let b: RunningServer;
const sockets: LiveSocketRecorder[] = [];
const mqtt: MqttRecorder[] = [];

beforeAll(async () => {
  storage = await createStorage('postgres');
  const shared = { SESSION_SECRET: randomBytes(36).toString('base64url'), DEMO_DEALERS: '5' };
  a = await startServer(storage, shared);
  b = await startServer(storage, shared);
}, 240_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(mqtt.map((c) => c.end()));
  await Promise.all([a?.stop(), b?.stop()]);
  await storage?.dispose();
});

function closedAt(socket: Socket): () => number | null {
  let at: number | null = null;
  socket.on('disconnect', () => { at ??= Date.now(); });
  return () => at;
}

async function logout(client: ApiClient): Promise<number> {
  const res = await client.post('/api/v1/secure/logout');
  if (res.status !== 204) throw new Error(`logout: ${describeResult(res)}`);
  return res.receivedAt;
}

describe('live-connection revocation across instances (#24 item 1)', () => {
  it('a browser session\'s logout on A closes its MQTT and socket.io connections on B; another session\'s stay', async () => {
    const { client } = await ApiClient.loginWithCookie(a.baseUrl, 'dealer2');
    const credentials = await client.get<LiveCredentials>('/api/v1/secure/live-credentials');
    expect(credentials.status).toBe(200);
    const live = credentials.body;
    const sub = await MqttRecorder.connect(b.baseUrl, 'dealer2', live.password, 'two-instances');
    mqtt.push(sub);
    const sio = await LiveSocketRecorder.connect(b.baseUrl, { token: live.password });
    sockets.push(sio);
    const sioClosedAt = closedAt(sio.socket);
    // Another session of the same dealer, opened on B, is not affected.
    const other = await ApiClient.loginWithCookie(b.baseUrl, 'dealer2');
    const otherLive = (await other.client.get<LiveCredentials>('/api/v1/secure/live-credentials')).body;
    const survivor = await MqttRecorder.connect(b.baseUrl, 'dealer2', otherLive.password, 'survivor');
    mqtt.push(survivor);

    const sentAt = Date.now();
    const loggedOutAt = await logout(client);
    await until(() => sub.closedAt !== null && sioClosedAt() !== null, CLOSE_WITHIN_MS, () => `still open on B: mqtt ${sub.closedAt}, socket.io ${sioClosedAt()}`);
    console.log(`logout sent to A (answered after ${loggedOutAt - sentAt} ms) closed B's connections ${sub.closedAt! - sentAt} ms (MQTT) and ${sioClosedAt()! - sentAt} ms (socket.io) after it was sent`);
    expect(sub.closedAt! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
    expect(sioClosedAt()! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
    await expect(LiveSocketRecorder.connect(b.baseUrl, { token: live.password })).rejects.toMatchObject({ data: { errorCode: 401001 } });
    expect(survivor.connected).toBe(true);
  });

  it('the mobile app\'s logout on A closes its socket.io connection on B', async () => {
    const app = await ApiClient.login(a.baseUrl, 'dealer3');
    const token = app.credentials.token!;
    const sio = await LiveSocketRecorder.connect(b.baseUrl, { token });
    sockets.push(sio);
    const sioClosedAt = closedAt(sio.socket);
    const loggedOutAt = await logout(app);
    await until(() => sioClosedAt() !== null, CLOSE_WITHIN_MS, () => 'socket.io still open on B');
    expect(sioClosedAt()! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
  });
});
