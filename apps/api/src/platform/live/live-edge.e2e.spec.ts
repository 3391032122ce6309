/**
 * The live channel's edge on Mosquitto (LIVE_EDGE=mosquitto, issue 25 item 2), end to end: the real built server
 * (PostgreSQL, Kafka) and Debian's Mosquitto with the auth plugin built from tools/mosquitto-edge (a build failure fails
 * this file). Browsers get Mosquitto's WebSocket URL and a live token; the plugin asks the API at CONNECT and SUBSCRIBE
 * (the rule of the API's own /mqtt), decides deliveries in memory, refuses publishes, disconnects on logout (the API's
 * control message), at expiry, and, through its periodic re-check, when tokens stop holding without any message (an
 * API restarted with another session secret).
 */
import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LiveCredentials } from '@auction/contracts';
import {
  ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, freePort, sleep, startServer,
} from '../../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag } from '../../testing/auction.test-support.js';
import { MqttRecorder, liveServerEnv, tryConnect, until } from '../../testing/live.test-support.js';
import {
  EDGE_SERVICE_USER, buildEdgePlugin, startEdgeMosquitto, type EdgeMosquitto,
} from '../../testing/mosquitto-edge.test-support.js';

// Long enough for the restart test below (API stop, the plugin's pause growing to 8 s, API start: ~16 s quiet, over 20 s on a
// loaded machine, where its client's token expired before the check); the expiry test waits TTL_S + 5 s.
const TTL_S = 40;
const RECHECK_S = 2;
const MAX_FILTERS = 16;
const CLOSE_WITHIN_MS = 2_000;
const RESTART_CLOSE_WITHIN_MS = 3_000;
const CREDENTIALS = '/api/v1/secure/live-credentials';

describe('live edge on Mosquitto (LIVE_EDGE=mosquitto, auth plugin)', () => {
  let broker: EdgeMosquitto | undefined;
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let env: Record<string, string> = {};
  const clients: MqttRecorder[] = [];
  const s = {} as { id: string; lot1: string; topics: { lot1: string; auction: string }; idUsers: Record<string, string>; dealer1: MqttRecorder };
  const timings: Record<string, number> = {};

  const browserLogin = async (username: string) => {
    const { client } = await ApiClient.loginWithCookie(server!.baseUrl, username);
    const live = await client.get<LiveCredentials>(CREDENTIALS);
    if (live.status !== 200) throw new Error(`GET live-credentials: ${describeResult(live)}`);
    const profile = await client.get<{ idUser: string }>(paths.user);
    s.idUsers[username] = profile.body.idUser;
    return { client, live: live.body, idUser: profile.body.idUser };
  };
  const connect = async (username: string, password: string, label: string) => {
    const c = await MqttRecorder.connect(broker!.wsUrl, username, password, label);
    clients.push(c);
    return c;
  };
  const logout = async (client: ApiClient) => {
    const res = await client.post('/api/v1/secure/logout');
    if (res.status !== 204) throw new Error(`logout: ${describeResult(res)}`);
    return res.receivedAt;
  };

  beforeAll(async () => {
    const plugin = buildEdgePlugin();
    const secret = randomBytes(24).toString('hex');
    const apiPort = await freePort();
    broker = await startEdgeMosquitto({ plugin, apiPort, secret, recheckSeconds: RECHECK_S, maxFilters: MAX_FILTERS });
    storage = await createStorage('postgres');
    env = {
      ...liveServerEnv('e2e-edge'), MQTT_URL: broker.mqttUrl, MQTT_USERNAME: EDGE_SERVICE_USER.username, MQTT_PASSWORD: EDGE_SERVICE_USER.password,
      LIVE_EDGE: 'mosquitto', LIVE_EDGE_PUBLIC_URL: broker.wsUrl, LIVE_EDGE_AUTH_PORT: String(apiPort), LIVE_EDGE_AUTH_SECRET: secret,
      LIVE_TOKEN_TTL_SECONDS: String(TTL_S), SESSION_SECRET: randomBytes(32).toString('base64'), PORT: String(await freePort()),
    };
    server = await startServer(storage, env);
    s.idUsers = {};
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end()));
    await server?.stop();
    await storage?.dispose();
    await broker?.stop();
    console.log(`[live edge] ${JSON.stringify(timings)}`);
  });

  it('live-credentials names Mosquitto\'s WebSocket URL (LIVE_EDGE_PUBLIC_URL) beside the live token', async () => {
    const { live } = await browserLogin('dealer1');
    expect(LiveCredentials.safeParse(live).error).toBeUndefined();
    expect(live).toMatchObject({ username: 'dealer1', url: broker!.wsUrl, expiresIn: TTL_S });
  });

  it('forged, borrowed and missing tokens are refused at CONNECT', async () => {
    const { live } = await browserLogin('dealer1');
    for (const [username, password] of [['dealer1', 'forged.token'], ['dealer2', live.password], ['dealer1', undefined], ['dealer1', `${live.password}x`]] as const) {
      const outcome = await tryConnect(broker!.wsUrl, username, password);
      expect({ username, connected: outcome.connected }).toEqual({ username, connected: false });
    }
  });

  it('a subscriber gets the retained state of a lot and of its auction, and its own user topics', async () => {
    const auctioneer = await ApiClient.login(server!.baseUrl, 'auctioneer');
    const tag = runTag();
    // The server runs on this machine: one clock.
    const startMs = Math.ceil((Date.now() + 3_000) / 1000) * 1000;
    const res = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `E2E edge ${tag}`, startMs, endMs: startMs + 60_000, regulationRequired: false,
        extension: { windowSeconds: 5, extendSeconds: 5 }, lots: [{ licensePlate: `EDG${tag}1`, basePrice: 1000, minIncrement: 100 }],
      }),
    });
    expect(res.status).toBe(201);
    s.id = res.body.idAuction;
    s.lot1 = res.body.lots[0]!.idLot;
    s.topics = { lot1: `auction/${s.id}/lot/${s.lot1}`, auction: `auction/${s.id}` };
    const { live, idUser } = await browserLogin('dealer1');
    const t0 = Date.now();
    s.dealer1 = await connect('dealer1', live.password, 'dealer1');
    const outcome = await s.dealer1.subscribe([s.topics.lot1, s.topics.auction, `user/${idUser}/offer`, `user/${idUser}/outbid`, 'server/clock']);
    expect(outcome).toEqual({ granted: [1, 1, 1, 1, 1], error: null, disconnected: false });
    const lot = await s.dealer1.waitFor<{ status: string; offersCount: number }>(s.topics.lot1, () => true, 5_000, 'the retained lot state');
    expect(lot.payload).toMatchObject({ status: 'SCH', offersCount: 0 });
    expect(lot.retain).toBe(true);
    await s.dealer1.waitFor(s.topics.auction, () => true, 5_000, 'the retained auction state');
    timings.subscribeToRetainedMs = Date.now() - t0;
    // The API's clock tick reaches Mosquitto's clients too (pages watch it for a frozen server).
    await s.dealer1.waitFor('server/clock', () => true, 3_000, 'a clock tick');
  });

  it('hostile filters are refused one by one, the connection stays, and the user\'s own topics are still granted', async () => {
    const { live, idUser } = await browserLogin('dealer2');
    const dealer2 = await connect('dealer2', live.password, 'dealer2');
    const other = s.idUsers.dealer1!;
    const hostile = [
      '#', '+/#', '+', '$SYS/#', '$SYS/broker/clients/connected', 'user/#', 'user/+/offer', `user/${other}/offer`, `user/${other}/#`,
      '$share/g/auction/#', '$CONTROL/#', '$CONTROL/auction-edge/v1', `auction/no-such-auction/lot/x`, `auction/${'x'.repeat(5_000)}`,
      `user/${idUser}x/offer`, 'server/#',
    ];
    const outcome = await dealer2.subscribe(hostile);
    expect(outcome.disconnected).toBe(false);
    expect(outcome.granted).toEqual(hostile.map(() => 128));
    const own = await dealer2.subscribe([`user/${idUser}/offer`, s.topics.lot1]);
    expect(own).toEqual({ granted: [1, 1], error: null, disconnected: false });
  });

  it('each user gets only its own user topics; publishes by live clients reach nobody', async () => {
    const dealer2 = clients.find((c) => c.label === 'dealer2')!;
    const d1 = await ApiClient.login(server!.baseUrl, 'dealer1');
    // The auction starts ~3 s after it was created.
    let answer = await d1.post<unknown>(paths.offer(s.id, s.lot1), { body: { offer: 1000, clickAndBuy: false } });
    for (let i = 0; answer.status !== 201 && i < 40; i++) {
      await sleep(250);
      answer = await d1.post<unknown>(paths.offer(s.id, s.lot1), { body: { offer: 1000, clickAndBuy: false } });
    }
    expect(answer.status).toBe(201);
    await s.dealer1.waitFor(`user/${s.idUsers.dealer1}/offer`, () => true, 5_000, 'the notice of its own offer');
    await s.dealer1.waitFor<{ offersCount: number }>(s.topics.lot1, (p) => p.offersCount === 1, 5_000, 'the lot after the offer');
    await dealer2.waitFor<{ offersCount: number }>(s.topics.lot1, (p) => p.offersCount === 1, 5_000, 'the lot after the offer');
    // A live client's publishes (to a lot, to another user's topic, to the plugin's control topic) are dropped.
    dealer2.client.publish(s.topics.lot1, JSON.stringify({ forged: true }), { qos: 1, retain: true });
    dealer2.client.publish(`user/${s.idUsers.dealer1}/offer`, JSON.stringify({ forged: true }), { qos: 1 });
    dealer2.client.publish('$CONTROL/auction-edge/v1', 'forget-follows', { qos: 1 });
    await sleep(1_000);
    expect(dealer2.messages.filter((m) => m.topic.startsWith(`user/${s.idUsers.dealer1}/`))).toEqual([]);
    expect(s.dealer1.messages.filter((m) => (m.payload as { forged?: boolean }).forged)).toEqual([]);
    const { live } = await browserLogin('dealer3');
    const late = await connect('dealer3', live.password, 'dealer3-late');
    await late.subscribe([s.topics.lot1]);
    const retained = await late.waitFor<{ offersCount?: number }>(s.topics.lot1, () => true, 5_000, 'the retained lot');
    expect(retained.payload).toMatchObject({ offersCount: 1 });
  });

  it('who sees what: a hidden auction is refused, and through auction/# its messages reach a dealer only while its template is enabled for it', async () => {
    const S = '/api/v1/secure';
    const [admin, auctioneer, bidder] = await Promise.all(['admin', 'auctioneer', 'dealer10'].map((u) => ApiClient.login(server!.baseUrl, u)));
    const template = async (templateName: string) => {
      const res = await auctioneer.post<{ idTemplate: string }>(`${S}/template`, { body: { templateName, idMarket: 'IT', provenance: 'RENT-IT' } });
      expect(res.status).toBe(201);
      return res.body.idTemplate;
    };
    const [tA, tB] = [await template(`A ${runTag()}`), await template(`B ${runTag()}`)];
    const enable = async (idUser: string, idTemplate: string, flgEnabled: boolean) =>
      expect((await admin.put('/api/v1/admin/user-buyer-template', { body: { idUser, idTemplate, flgEnabled } })).status).toBe(200);
    await enable('dealer9', tB, true);
    await enable('dealer10', tA, true);
    const startMs = Math.ceil((Date.now() + 3_000) / 1000) * 1000;
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: {
        ...createAuctionBody({
          name: `Edge template A ${runTag()}`, startMs, endMs: startMs + 120_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: [{ licensePlate: `ETA${runTag()}`, basePrice: 1000, minIncrement: 100 }],
        }),
        idTemplate: tA,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.idAuction;
    const lotTopic = `auction/${id}/lot/${created.body.lots[0]!.idLot}`;
    const offer = async (amount: number) => {
      let res = await bidder.post(paths.offer(id, created.body.lots[0]!.idLot), { body: { offer: amount, clickAndBuy: false } });
      for (let i = 0; res.status !== 201 && i < 40; i++) {
        await sleep(250);
        res = await bidder.post(paths.offer(id, created.body.lots[0]!.idLot), { body: { offer: amount, clickAndBuy: false } });
      }
      expect(res.status).toBe(201);
    };
    const witness = await connect('dealer10', (await browserLogin('dealer10')).live.password, 'dealer10');
    expect((await witness.subscribe([lotTopic])).granted).toEqual([1]);
    const hidden = await connect('dealer9', (await browserLogin('dealer9')).live.password, 'dealer9');
    expect((await hidden.subscribe([`auction/${id}`, lotTopic, `auction/${id}/#`])).granted).toEqual([128, 128, 128]);
    expect((await hidden.subscribe(['auction/#'])).granted).toEqual([1]);
    const bestOn = (c: MqttRecorder, amount: number) => c.on<{ bestOffer?: number }>(lotTopic).some((m) => m.payload.bestOffer === amount);

    await offer(1100);
    await witness.waitFor<{ bestOffer?: number }>(lotTopic, (p) => p.bestOffer === 1100, 5_000, 'the offer of 1100');
    await sleep(500);
    expect(hidden.messages.filter((m) => m.topic.startsWith(`auction/${id}`))).toEqual([]);

    await enable('dealer9', tA, true);
    await sleep(500);
    await offer(1200);
    await hidden.waitFor<{ bestOffer?: number }>(lotTopic, (p) => p.bestOffer === 1200, 5_000, 'the offer of 1200 once template A is enabled');

    await enable('dealer9', tA, false);
    await sleep(500);
    await offer(1300);
    await witness.waitFor<{ bestOffer?: number }>(lotTopic, (p) => p.bestOffer === 1300, 5_000, 'the offer of 1300');
    await sleep(1_000);
    expect(bestOn(hidden, 1300)).toBe(false);
    expect(hidden.connected).toBe(true);
  }, 60_000);

  it(`a client holds at most ${MAX_FILTERS} filters (plugin_opt_max_filters); an unsubscribe frees one`, async () => {
    const { live } = await browserLogin('dealer4');
    const c = await connect('dealer4', live.password, 'dealer4');
    const filters = Array.from({ length: MAX_FILTERS + 4 }, (_, i) => `auction/${s.id}/lot/n${i}`);
    const outcome = await c.subscribe(filters);
    expect(outcome.granted).toEqual(filters.map((_, i) => (i < MAX_FILTERS ? 1 : 128)));
    await c.client.unsubscribeAsync(filters[0]!);
    expect((await c.subscribe([filters.at(-1)!])).granted).toEqual([1]);
    expect(c.connected).toBe(true);
  });

  it(`a user asks at most ${2 * MAX_FILTERS} filters a minute: past that its filters are refused unasked, on every connection of it, until the budget refills`, async () => {
    // One SUBSCRIBE of 5,000 refused filters asked the API 5,000 times on the broker's only thread (every client held 14 s).
    const { live, idUser } = await browserLogin('dealer11');
    const c = await connect('dealer11', live.password, 'dealer11');
    const refused = Array.from({ length: 2 * MAX_FILTERS + 200 }, (_, i) => `auction/no-such-auction-${i}`);
    expect((await c.subscribe(refused)).granted).toEqual(refused.map(() => 128));
    // Its own topic, on this connection and on a new one: refused without asking the API.
    expect((await c.subscribe([`user/${idUser}/offer`])).granted).toEqual([128]);
    const again = await connect('dealer11', live.password, 'dealer11-again');
    expect((await again.subscribe([`user/${idUser}/offer`])).granted).toEqual([128]);
    expect(broker!.log()).toMatch(/user dealer11 asks too many filters: refused unasked/);
    // Other users are not affected; the budget refills at ${2 * MAX_FILTERS} a minute.
    expect((await s.dealer1.subscribe([`user/${s.idUsers.dealer1}/outbid`])).granted).toEqual([1]);
    await sleep(60_000 / (2 * MAX_FILTERS) + 1_000);
    expect((await again.subscribe([`user/${idUser}/offer`])).granted).toEqual([1]);
    expect(c.connected && again.connected).toBe(true);
  }, 30_000);

  it(`a logout disconnects that session's clients within ${CLOSE_WITHIN_MS} ms; other users stay`, async () => {
    const { client, live } = await browserLogin('dealer5');
    const c = await connect('dealer5', live.password, 'dealer5');
    expect((await c.subscribe([s.topics.lot1])).granted).toEqual([1]);
    const loggedOutAt = await logout(client);
    await until(() => c.closedAt !== null, 5_000, () => 'dealer5 still connected after the logout');
    // Negative: closed before the logout's answer reached the test.
    timings.logoutToCloseMs = c.closedAt! - loggedOutAt;
    expect(timings.logoutToCloseMs).toBeLessThan(CLOSE_WITHIN_MS);
    expect(s.dealer1.connected).toBe(true);
    // The ended token is refused at CONNECT.
    expect((await tryConnect(broker!.wsUrl, 'dealer5', live.password)).connected).toBe(false);
  });

  it('a logout of a client with a durable MQTT 5 session disconnects it, and Mosquitto stays up for everyone else', async () => {
    // Before: the kick ran the client's disconnect (which freed its record) inside the loop over the records: the next
    // step read freed memory and Mosquitto died of SIGSEGV (every browser and the API's publisher cut off).
    const { client, live, idUser } = await browserLogin('dealer13');
    // On MQTT over TCP (the token is good on every listener): there Mosquitto disconnects at once, inside the kick.
    const c = await MqttRecorder.connect(broker!.mqttUrl, 'dealer13', live.password, 'dealer13', {
      protocolVersion: 5, clean: false, properties: { sessionExpiryInterval: 3_600 },
    });
    clients.push(c);
    expect((await c.subscribe([`user/${idUser}/offer`])).granted).toEqual([1]);
    const loggedOutAt = await logout(client);
    await until(() => c.closedAt !== null, 5_000, () => 'dealer13 still connected after the logout');
    expect(c.closedAt! - loggedOutAt).toBeLessThan(CLOSE_WITHIN_MS);
    await sleep(1_000);
    expect(s.dealer1.connected).toBe(true);
    expect((await s.dealer1.subscribe([`user/${s.idUsers.dealer1}/outbid`])).granted).toEqual([1]);
    // Its durable session does not bring the ended token back.
    const back = await tryConnect(broker!.mqttUrl, 'dealer13', live.password);
    expect(back.connected).toBe(false);
  });

  it('an expired live token: the connection is closed at its expiry and refused at CONNECT', async () => {
    const { live } = await browserLogin('dealer6');
    const c = await connect('dealer6', live.password, 'dealer6');
    const expiresAt = Date.parse(live.expiresAt);
    await until(() => c.closedAt !== null, (TTL_S + 5) * 1000, () => 'dealer6 still connected after its token expired');
    timings.expiryToCloseMs = c.closedAt! - expiresAt;
    expect(timings.expiryToCloseMs).toBeGreaterThan(-1_000);
    expect(timings.expiryToCloseMs).toBeLessThan(CLOSE_WITHIN_MS);
    expect((await tryConnect(broker!.wsUrl, 'dealer6', live.password)).connected).toBe(false);
  }, (TTL_S + 15) * 1000);

  it('after an API restart, admitted clients stay checked: a logout on the new instance still disconnects, at once', async () => {
    const { client, live } = await browserLogin('dealer7');
    const c = await connect('dealer7', live.password, 'dealer7');
    await server!.stop();
    // While the API is down the plugin's questions fail and it stops asking for a pause, 1 s doubling to 16 s (its guard
    // against a hung API): wait until the pause is long, so the logout below comes while it lasts.
    await until(() => /did not answer \/edge\/check \(not asked for 8 s\)/.test(broker!.log()), 30_000, () => 'no pause of 8 s in the plugin\'s log');
    server = await startServer(storage!, env);
    // A token that expired meanwhile closes the client by design (the expiry test): that would be this test's timing, not a fault.
    expect(Date.now()).toBeLessThan(Date.parse(live.expiresAt));
    expect(c.connected).toBe(true);
    // Same PORT: the browser's client (its session cookie) talks to the restarted API, at once (the API answers from its
    // listen on, its live channel and edge control start a moment later).
    const loggedOutAt = await logout(client);
    // Whether the live channel (and its edge control) had started when the logout was answered: 503 before.
    timings.readyStatusAtRestartLogout = (await fetch(`${server!.baseUrl}/api/ready`)).status;
    await until(() => c.closedAt !== null, RESTART_CLOSE_WITHIN_MS + 20_000, () => 'dealer7 still connected after its logout on the restarted API');
    timings.logoutAfterRestartToCloseMs = c.closedAt! - loggedOutAt;
    // Before: the pause went on after the API was back (the plugin did not ask), the logout's recheck-user got no answer,
    // and only the periodic re-check after the pause closed the client (3.7 s on CI, up to ~16 s). Now the restarted API
    // announces itself (api-up ends the pause) and tells the plugin of the logouts it served before its edge control ran.
    expect(timings.logoutAfterRestartToCloseMs).toBeLessThan(RESTART_CLOSE_WITHIN_MS);
  }, 150_000);

  it(`tokens that stop holding without any message (a new session secret) are dropped by the plugin's re-check (${RECHECK_S} s)`, async () => {
    const { live } = await browserLogin('dealer8');
    const c = await connect('dealer8', live.password, 'dealer8');
    await server!.stop();
    env = { ...env, SESSION_SECRET: randomBytes(32).toString('base64') };
    server = await startServer(storage!, env);
    const restartedAt = Date.now();
    // The re-check comes once the plugin asks the API again: at the restarted API's api-up (see the test above).
    await until(() => c.closedAt !== null, RECHECK_S * 1000 + RESTART_CLOSE_WITHIN_MS, () => 'dealer8 still connected after its token stopped holding');
    timings.recheckCloseAfterRestartMs = c.closedAt! - restartedAt;
    expect(broker!.log()).toMatch(/disconnecting e2e-live-dealer8-\w+ \(user dealer8\): its token no longer holds \(periodic check\)/);
  }, 150_000);

  it('an API that hangs holds Mosquitto for one timeout per pause (1 s, doubling), never two timeouts every second', async () => {
    // Before: each question was sent twice with a 1 s timeout and the API left alone for 1 s only: the broker's one
    // thread stood still 2 s out of every 3 while a browser retried its CONNECT.
    const probe = await connectAsync(broker!.mqttUrl, { ...EDGE_SERVICE_USER, clientId: `e2e-edge-probe-${runTag()}`, reconnectPeriod: 0 });
    const topic = `auction/e2e-probe-${runTag()}`;
    await probe.subscribeAsync(topic);
    const delays: number[] = [];
    probe.on('message', (_t, payload) => delays.push(Date.now() - Number(payload.toString())));
    const { live } = await browserLogin('dealer12');
    const ticks = setInterval(() => probe.publish(topic, String(Date.now())), 50);
    process.kill(server!.pid, 'SIGSTOP');
    const t0 = Date.now();
    try {
      const attempts: Promise<unknown>[] = [];
      while (Date.now() - t0 < 7_000) {
        attempts.push(tryConnect(broker!.wsUrl, 'dealer12', live.password, 3_000));
        await sleep(500);
      }
      await Promise.all(attempts);
    } finally {
      process.kill(server!.pid, 'SIGCONT');
      clearInterval(ticks);
    }
    await sleep(500);
    await probe.endAsync();
    const held = delays.filter((d) => d > 500).length;
    timings.hungApiMaxHoldMs = Math.max(...delays);
    timings.hungApiHeldShare = Math.round((held / delays.length) * 100) / 100;
    expect(timings.hungApiMaxHoldMs).toBeLessThan(1_500);
    expect(timings.hungApiHeldShare).toBeLessThan(0.3);
    expect(broker!.log()).toMatch(/did not answer \/edge\/connect in time \(not asked for 2 s\)/);
    // The API answers again: so does the edge.
    let admitted = false;
    for (const deadline = Date.now() + 20_000; !admitted && Date.now() < deadline; await sleep(500)) {
      admitted = (await tryConnect(broker!.wsUrl, 'dealer12', live.password)).connected;
    }
    expect(admitted).toBe(true);
  }, 60_000);
});
