/**
 * The live channel inside a small Nest app (no HTTP controllers, no demo data): the socket.io gateway at
 * `/live`, the embedded MQTT broker at `/mqtt` of the same port, and the publisher following an in-memory
 * event store fed by the real deciders. The auth service is a fake that knows two tokens.
 */
import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { connectAsync, type MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import {
  auctionDecider, lotDecider, streamId, toIso, type AuctionCommand, type Decider, type LotCommand,
} from '@auction/domain';
import { PgliteEventStore, type Subscription } from '@auction/event-store';
import { AuthService, type LiveSession } from '../../identity/auth.service.js';
import { JsonLogger } from '../config/json-logger.js';
import { CLOCK, EVENT_STORE } from '../engine/tokens.js';
import { SalesLookup } from '../engine/sales-lookup.js';
import { LiveReadModel } from '../engine/live-read-model.js';
import { LIVE_PROVIDERS, startLive, type LiveServices } from './live.providers.js';

const START = Date.parse('2026-11-21T09:00:00.000Z');
const END = Date.parse('2026-11-21T10:00:00.000Z');
const NOW = START + 10 * 60_000;
const LOTS = ['a1-lot-1', 'a1-lot-2'];
/** LIVE_CLEAR_FINAL_AFTER_MS: a page subscribing right after the award is served well within it on a loaded machine. */
const CLEAR_AFTER_MS = 3_000;

const session = (idUser: string, username: string): LiveSession => ({
  sid: `sid-${idUser}`, actor: { idUser, username, roles: ['BUYER'], idDealer: null, flgEnabled: true }, expiresAt: NOW + 3600_000, scope: 'live',
});
const SESSIONS: Record<string, LiveSession> = { 'token-alice': session('u-alice', 'alice'), 'token-bob': session('u-bob', 'bob') };
const fakeAuth = { authenticateLive: (token: string): LiveSession | null => SESSIONS[token] ?? null };

describe('live channel (socket.io /live and MQTT /mqtt on the API port)', () => {
  let store: PgliteEventStore;
  let indexFeed: Subscription | undefined;
  let app: NestFastifyApplication;
  let live: LiveServices;
  let base: string;
  const sockets: Socket[] = [];
  const mqttClients: MqttClient[] = [];

  beforeAll(async () => {
    store = new PgliteEventStore();
    await store.init();
    await scheduleRunningAuction(store);

    @Module({
      providers: [
        { provide: EVENT_STORE, useValue: store }, { provide: CLOCK, useValue: { now: () => NOW } },
        { provide: AuthService, useValue: fakeAuth }, LiveReadModel, SalesLookup, ...LIVE_PROVIDERS,
      ],
    })
    class LiveTestModule {}

    app = await NestFactory.create<NestFastifyApplication>(LiveTestModule, new FastifyAdapter(), { logger: false });
    await app.init();
    // The engine's index follows the log, as in the product (main.ts): who sees what asks it of every auction.
    const model = app.get(LiveReadModel);
    indexFeed = store.subscribe(0, (batch) => model.apply(batch));
    await model.waitFor(await store.headPosition());
    await app.listen({ port: 0, host: '127.0.0.1' });
    live = await startLive(app, { store, logger: new JsonLogger('error', 'json'), env: { MQTT_TCP_PORT: '0', LIVE_CLEAR_FINAL_AFTER_MS: String(CLEAR_AFTER_MS) } });
    const address = app.getHttpServer().address() as { port: number };
    base = `http://127.0.0.1:${address.port}`;
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all(mqttClients.map((c) => c.endAsync(true)));
    await live?.close();
    await indexFeed?.close();
    await app?.close();
    await store?.close();
  });

  const connect = (auth?: object): Socket => {
    const socket = io(`${base}/live`, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    return socket;
  };
  const connected = (socket: Socket) => new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });

  it('refuses a connection without a valid token', async () => {
    for (const auth of [undefined, { token: 'nope' }, { token: 42 }]) {
      const error = await connected(connect(auth)).then(() => null, (e: unknown) => e as Error & { data?: unknown });
      expect(error?.message).toBe('not logged in');
      expect(error?.data).toEqual({ errorCode: 401001 });
    }
  });

  it('answers subscribe with the current state, then emits lot and auction messages to the room', async () => {
    const alice = connect({ token: 'token-alice' });
    await connected(alice);
    const answer = await alice.timeout(5000).emitWithAck('subscribe', { idAuction: 'a1' });
    expect(answer.auction).toMatchObject({ idAuction: 'a1', status: 'RUN', auctionName: 'Fleet returns' });
    expect(answer.lots.map((l: { idLot: string; status: string }) => [l.idLot, l.status])).toEqual([[LOTS[0], 'RUN'], [LOTS[1], 'RUN']]);
    expect(answer.lots[0]).toMatchObject({ bestOffer: null, serverTime: toIso(NOW), position: expect.any(Number) });

    const lots: { idLot: string; bestOffer: number; position: number }[] = [];
    const outbids: unknown[] = [];
    alice.on('lot', (payload) => lots.push(payload));
    alice.on('outbid', (payload) => outbids.push(payload));
    await offer(store, LOTS[0]!, 'u-alice', 5000);
    await until(() => lots.some((l) => l.bestOffer === 5000));
    await offer(store, LOTS[0]!, 'u-bob', 5100);
    await until(() => lots.some((l) => l.bestOffer === 5100) && outbids.length === 1);
    expect(lots.map((l) => l.idLot)).toEqual([LOTS[0], LOTS[0]]);
    expect(lots[1]!.position).toBeGreaterThan(lots[0]!.position);
    expect(outbids).toEqual([expect.objectContaining({ idAuction: 'a1', idLot: LOTS[0], bestOffer: 5100, yourBestOffer: 5000 })]);

    await alice.timeout(5000).emitWithAck('unsubscribe', { idAuction: 'a1' });
    await offer(store, LOTS[1]!, 'u-bob', 6000);
    await until(() => live.stats().lastPosition >= lastOfferPosition);
    await sleep(100);
    expect(lots.map((l) => l.idLot)).not.toContain(LOTS[1]);
  });

  it('answers bad or unknown subscriptions with an error code', async () => {
    const bob = connect({ token: 'token-bob' });
    await connected(bob);
    expect(await bob.timeout(5000).emitWithAck('subscribe', { nope: 1 })).toMatchObject({ errorCode: 400001 });
    expect(await bob.timeout(5000).emitWithAck('subscribe', { idAuction: 'missing' })).toMatchObject({ errorCode: 404020 });
  });

  it('serves MQTT over WebSocket on the same port, with the retained state of every lot', async () => {
    const client = await connectAsync(`${base.replace('http', 'ws')}/mqtt`, { username: 'bob', password: 'token-bob', protocolVersion: 4, reconnectPeriod: 0 });
    mqttClients.push(client);
    const got = new Map<string, { bestOffer?: number; status?: string }>();
    // An empty payload: a cleared topic (a final lot, see the next test), nothing to parse.
    client.on('message', (topic, payload) => { if (payload.length) got.set(topic, JSON.parse(payload.toString())); });
    await client.subscribeAsync('auction/a1/#', { qos: 1 });
    await until(() => got.size === 3);
    expect(got.get('auction/a1')).toMatchObject({ status: 'RUN' });
    expect(got.get(`auction/a1/lot/${LOTS[0]}`)).toMatchObject({ bestOffer: 5100 });
    expect(got.get(`auction/a1/lot/${LOTS[1]}`)).toMatchObject({ bestOffer: 6000 });
    await expect(connectAsync(`${base.replace('http', 'ws')}/mqtt`, { username: 'alice', password: 'token-bob', protocolVersion: 4, reconnectPeriod: 0 }))
      .rejects.toThrow(/Bad username or password/i);
    expect(live.stats()).toMatchObject({ mqttClients: 1, pendingMessages: 0 });
  });

  it('clears a lot\'s retained state LIVE_CLEAR_FINAL_AFTER_MS after it was awarded; the running lot keeps its own', async () => {
    /** What a page subscribing now gets as retained state, once `expected` topics have come (waited for, not timed). */
    const retainedNow = async (expected: readonly string[]) => {
      const client = await connectAsync(`${base.replace('http', 'ws')}/mqtt`, { username: 'bob', password: 'token-bob', protocolVersion: 4, reconnectPeriod: 0 });
      mqttClients.push(client);
      const got = new Map<string, string>();
      client.on('message', (topic, payload, packet) => { if (packet.retain && payload.length) got.set(topic, payload.toString()); });
      await client.subscribeAsync('auction/a1/#', { qos: 1 });
      await until(() => expected.every((t) => got.has(t)), 15_000);
      await client.endAsync(true);
      return got;
    };
    /** Every retained message the embedded broker holds under the auction: the stream a new subscriber is sent, in full. */
    const retainedInBroker = async () => {
      const persistence = (live.broker.broker as unknown as { persistence: { createRetainedStreamCombi(p: string[]): AsyncIterable<{ topic: string; payload: Buffer }> } }).persistence;
      const held = new Map<string, string>();
      for await (const packet of persistence.createRetainedStreamCombi(['auction/a1/#'])) if (packet.payload.length) held.set(packet.topic, packet.payload.toString());
      return held;
    };
    const watcher = await connectAsync(`${base.replace('http', 'ws')}/mqtt`, { username: 'alice', password: 'token-alice', protocolVersion: 4, reconnectPeriod: 0 });
    mqttClients.push(watcher);
    const seen: { topic: string; raw: string }[] = [];
    watcher.on('message', (topic, payload) => seen.push({ topic, raw: payload.toString() }));
    await watcher.subscribeAsync(`auction/a1/lot/${LOTS[0]}`, { qos: 1 });

    await run(store, streamId.lot(LOTS[0]!), lotDecider, { type: 'CloseLot', now: END });
    const awarded = await run(store, streamId.lot(LOTS[0]!), lotDecider, { type: 'AwardLotIfReserveMet', now: END });
    await until(() => live.stats().lastPosition >= awarded);
    const publishedAt = Date.now();
    // Within the delay, a page subscribing gets the final state.
    const early = await retainedNow([`auction/a1/lot/${LOTS[0]}`]);
    expect(JSON.parse(early.get(`auction/a1/lot/${LOTS[0]}`) ?? '{}')).toMatchObject({ status: 'AWA', bestOffer: 5100 });
    // Then the watcher gets the clear (an empty message) and nobody gets the lot as retained state; the rest stays.
    await until(() => seen.some((m) => m.raw === '') && live.stats().retainedCleared >= 1, CLEAR_AFTER_MS + 15_000);
    expect(Date.now() - publishedAt).toBeGreaterThan(CLEAR_AFTER_MS / 2);
    expect([...(await retainedInBroker()).keys()].sort()).toEqual(['auction/a1', `auction/a1/lot/${LOTS[1]}`]);
    const late = await retainedNow(['auction/a1', `auction/a1/lot/${LOTS[1]}`]);
    expect([...late.keys()].sort()).toEqual(['auction/a1', `auction/a1/lot/${LOTS[1]}`]);
    expect(JSON.parse(late.get(`auction/a1/lot/${LOTS[1]}`)!)).toMatchObject({ status: 'RUN', bestOffer: 6000 });
    expect(live.stats()).toMatchObject({ retainedCleared: 1, clearsPending: 0 });
  });
});

let lastOfferPosition = 0;

async function scheduleRunningAuction(store: PgliteEventStore): Promise<void> {
  await run(store, streamId.auction('a1'), auctionDecider, {
    type: 'ScheduleAuction', idAuction: 'a1', idOwner: 'owner-1', now: START - 3600_000,
    definition: {
      auctionName: 'Fleet returns', idMarket: 'IT', auctionType: 'OTH', startDate: toIso(START), endDate: toIso(END),
      regulationRequired: false, windowSeconds: 60, extendSeconds: 60, lotIds: LOTS,
    },
  });
  for (const [i, idLot] of LOTS.entries()) {
    await run(store, streamId.lot(idLot), lotDecider, {
      type: 'ScheduleLot',
      data: {
        idLot, idAuction: 'a1', idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `GA${i}BC`, frame: null, brand: 'Fiat', model: '500',
        basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: null,
        startDate: toIso(START), endDate: toIso(END), windowSeconds: 60, extendSeconds: 60,
      },
    });
  }
  await run(store, streamId.auction('a1'), auctionDecider, { type: 'StartAuction', now: START });
}

async function offer(store: PgliteEventStore, idLot: string, idUser: string, amount: number): Promise<void> {
  lastOfferPosition = await run(store, streamId.lot(idLot), lotDecider, {
    type: 'PlaceOffer', idOffer: `offer-${idUser}-${amount}`, idUser, idDealer: null, username: idUser, amount, clickAndBuy: false,
    idempotencyKey: null, regulationAccepted: true, now: NOW,
  });
}

async function run<C extends AuctionCommand | LotCommand, E extends { type: string; data: object }, S>(
  store: PgliteEventStore, id: string, decider: Decider<C, E, S>, command: C,
): Promise<number> {
  const history = await store.readStream(id);
  const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as unknown as E), decider.initialState);
  const events = decider.decide(command, state);
  const result = await store.append(id, history.length, events.map((e) => ({
    type: e.type, data: e.data as Record<string, unknown>, metadata: { partitionKey: 'a1' },
  })));
  return result.positions.at(-1) ?? 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
