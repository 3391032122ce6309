/**
 * Live tokens and the end of live connections, against the real built server (PostgreSQL store, its own MQTT broker) started with a short
 * live-token lifetime: the browser's live credentials are a subscribe-only live token that the API refuses as a
 * credential; MQTT (`/mqtt`) and socket.io (`/live`) connections are closed within about a second when their token
 * expires or their session ends (logout), and an expired token is refused at CONNECT.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { LiveCredentials } from '@auction/contracts';
import {
  ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, sleep, startServer,
} from '../../testing/server.test-support.js';
import { LiveSocketRecorder, MqttRecorder, tryConnect, until } from '../../testing/live.test-support.js';

/** Lifetime of a live token in this server, seconds. */
const TTL_S = 5;
/** How soon after a logout or an expiry a connection must be closed, ms. */
const CLOSE_WITHIN_MS = 2_000;
const CREDENTIALS = '/api/v1/secure/live-credentials';


/** A browser-like login (session cookie + XSRF) and the live credentials its page gets. */
async function browserLogin(base: string, username: string) {
  const { client, cookies } = await ApiClient.loginWithCookie(base, username);
  const res = await client.get<LiveCredentials>(CREDENTIALS);
  if (res.status !== 200) throw new Error(`GET live-credentials: ${describeResult(res)}`);
  const profile = await client.get<{ idUser: string }>('/api/v1/secure/user');
  return { client, session: cookies.get('SESSION')!, live: res.body, idUser: profile.body.idUser, received: res };
}

async function logout(client: ApiClient): Promise<number> {
  const res = await client.post('/api/v1/secure/logout');
  if (res.status !== 204) throw new Error(`logout: ${describeResult(res)}`);
  return res.receivedAt;
}

function closedAt(socket: Socket): () => number | null {
  let at: number | null = null;
  socket.on('disconnect', () => { at ??= Date.now(); });
  return () => at;
}

describe(`live tokens (LIVE_TOKEN_TTL_SECONDS=${TTL_S}) and the end of live connections`, () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let base = '';
  const mqtt: MqttRecorder[] = [];
  const sockets: LiveSocketRecorder[] = [];

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { LIVE_TOKEN_TTL_SECONDS: String(TTL_S) });
    base = server.baseUrl;
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(mqtt.map((c) => c.end()));
    await server?.stop();
    await storage?.dispose();
  });

  const connectMqtt = async (username: string, password: string, label: string) => {
    const c = await MqttRecorder.connect(base, username, password, label);
    mqtt.push(c);
    return c;
  };
  const connectSocket = async (token: string) => {
    const c = await LiveSocketRecorder.connect(base, { token });
    sockets.push(c);
    return c;
  };

  it('live-credentials answers a live token, not the session token, valid for LIVE_TOKEN_TTL_SECONDS and not cached', async () => {
    const { session, live, received } = await browserLogin(base, 'dealer1');
    expect(LiveCredentials.safeParse(live).error).toBeUndefined();
    expect(live).toMatchObject({ username: 'dealer1', path: '/mqtt', expiresIn: TTL_S });
    expect(live.password).not.toBe(session);
    const lifetime = Date.parse(live.expiresAt) - Date.parse(received.headers.get('date') ?? '');
    expect(lifetime).toBeGreaterThan((TTL_S - 2) * 1000);
    expect(lifetime).toBeLessThanOrEqual((TTL_S + 1) * 1000);
    expect(received.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a live token as an API credential: as the token header, as the SESSION cookie, and to get new credentials', async () => {
    const { live } = await browserLogin(base, 'dealer2');
    const asHeader = new ApiClient(base, { token: live.password });
    const asCookie = new ApiClient(base, { cookie: `SESSION=${live.password}` });
    const outcomes = {
      headerGet: (await asHeader.get('/api/v1/secure/user')).status,
      headerOffer: (await asHeader.post('/api/v1/secure/auction/x/offer/y', { body: { offer: 1000, clickAndBuy: false } })).status,
      headerMobile: (await asHeader.get('/api/v1/mobile/user')).status,
      headerRenew: (await asHeader.get(CREDENTIALS)).status,
      cookieGet: (await asCookie.get('/api/v1/secure/user')).status,
      cookieRenew: (await asCookie.get(CREDENTIALS)).status,
    };
    expect(outcomes).toEqual({ headerGet: 401, headerOffer: 401, headerMobile: 401, headerRenew: 401, cookieGet: 401, cookieRenew: 401 });
  });

  it('a live token connects to MQTT over WebSocket and subscribes (its own user topic too); another user\'s name is refused', async () => {
    const { live, idUser } = await browserLogin(base, 'dealer3');
    const client = await connectMqtt('dealer3', live.password, 'live-token');
    expect(await client.subscribe(['auction/+', `user/${idUser}/outbid`])).toEqual({ granted: [1, 1], error: null, disconnected: false });
    expect((await tryConnect(base, 'dealer4', live.password)).connected).toBe(false);
    const sio = await connectSocket(live.password);
    expect(await sio.subscribe('no-such-auction')).toMatchObject({ errorCode: 404020 });
  });

  it('logout closes the session\'s MQTT and socket.io connections within 2 s, long before the token expires', async () => {
    const { client, live } = await browserLogin(base, 'dealer5');
    const issuedAt = Date.now();
    const sub = await connectMqtt('dealer5', live.password, 'logout');
    expect((await sub.subscribe(['auction/+'])).granted).toEqual([1]);
    const sio = await connectSocket(live.password);
    const sioClosedAt = closedAt(sio.socket);
    // Another session of the same dealer is not affected.
    const other = await browserLogin(base, 'dealer5');
    const survivor = await connectMqtt('dealer5', other.live.password, 'other-session');
    const loggedOutAt = await logout(client);
    expect(loggedOutAt - issuedAt).toBeLessThan((TTL_S * 1000) / 2);
    await until(() => sub.closedAt !== null && sioClosedAt() !== null, CLOSE_WITHIN_MS, () => `still open: mqtt ${sub.closedAt}, socket.io ${sioClosedAt()}`);
    expect(sub.closedAt! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
    expect(sioClosedAt()! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
    // The ended session's token is refused from now on.
    expect((await tryConnect(base, 'dealer5', live.password)).connected).toBe(false);
    await expect(connectSocket(live.password)).rejects.toMatchObject({ data: { errorCode: 401001 } });
    expect(survivor.connected).toBe(true);
  });

  it('an MQTT connection and a socket.io socket are closed when their live token expires; an expired token is refused at CONNECT', async () => {
    const { live } = await browserLogin(base, 'dealer6');
    const expiresAt = Date.parse(live.expiresAt);
    const sub = await connectMqtt('dealer6', live.password, 'expiry');
    expect((await sub.subscribe(['auction/+'])).granted).toEqual([1]);
    const sio = await connectSocket(live.password);
    const sioClosedAt = closedAt(sio.socket);
    await sleep(expiresAt - Date.now() - 500);
    expect(sub.connected).toBe(true);
    expect(sio.socket.connected).toBe(true);
    await until(() => sub.closedAt !== null && sioClosedAt() !== null, 500 + CLOSE_WITHIN_MS, () => `still open after the expiry`);
    expect(sub.closedAt! - expiresAt).toBeLessThan(CLOSE_WITHIN_MS);
    expect(sioClosedAt()! - expiresAt).toBeLessThan(CLOSE_WITHIN_MS);
    const refused = await tryConnect(base, 'dealer6', live.password);
    expect(refused.connected).toBe(false);
    expect([4, 5]).toContain(refused.code);
    await expect(connectSocket(live.password)).rejects.toMatchObject({ data: { errorCode: 401001 } });
  }, 30_000);

  it('the mobile app\'s session token stays accepted on the live channel, and its logout closes its socket.io connection within 2 s', async () => {
    const mobile = await ApiClient.login(base, 'dealer7');
    const token = mobile.credentials.token!;
    const sio = await connectSocket(token);
    const sioClosedAt = closedAt(sio.socket);
    const sub = await connectMqtt('dealer7', token, 'mobile');
    expect((await sub.subscribe(['auction/+'])).granted).toEqual([1]);
    // Past a live token's lifetime: a session token lives as long as its session.
    await sleep(TTL_S * 1000 + 1_500);
    expect(sio.socket.connected && sub.connected).toBe(true);
    const loggedOutAt = await logout(mobile);
    await until(() => sub.closedAt !== null && sioClosedAt() !== null, CLOSE_WITHIN_MS, () => 'still open after the logout');
    expect(sioClosedAt()! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
  }, 30_000);
});
