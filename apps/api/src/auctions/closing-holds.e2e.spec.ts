/**
 * Attacks on a lot's closing at its end (offers-in-flight.ts) through HTTP against the real built server on PostgreSQL:
 * a head sent before the end whose body comes after it (it held the closing for the whole cap), offers a few ms either
 * side of the end, and requests that note an offer in flight and then fail every way they can (none stays counted).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, DEMO_PASSWORD, type RunningServer, type ServerStorage, ServerClock, createStorage, sleep, startServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';
import { rawRequest } from '../testing/raw-request.test-support.js';

interface StoredEventJson { type: string; data: Record<string, unknown>; metadata: { time?: string } }

describe('a lot\'s closing held by offers in flight (postgres)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let auctioneer: ApiClient;
  let admin: ApiClient;
  let dealers: ApiClient[];
  let token: string;
  let clock: ServerClock;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { DEMO_DEALERS: '6' });
    [auctioneer, admin, ...dealers] = await Promise.all(['auctioneer', 'admin', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server.baseUrl, u)));
    const login = await ApiClient.anonymous(server.baseUrl).post<{ token: string }>('/api/v1/mobile/token', { body: { username: 'dealer3', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    token = login.body.token;
    clock = await ServerClock.sync(auctioneer);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  async function auction(endMs: number, buyNowPrice: number | null = null): Promise<{ idAuction: string; idLot: string }> {
    const tag = runTag();
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Holds ${tag}`, startMs: Math.min(endMs - 5_000, clock.now() - 1_000), endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: [{ licensePlate: `HD${tag}`, basePrice: 1000, minIncrement: 10, ...(buyNowPrice === null ? {} : { buyNowPrice }) }],
      }),
    });
    expect(created.status).toBe(201);
    return { idAuction: created.body.idAuction, idLot: created.body.lots[0]!.idLot };
  }

  async function lotEvents(idLot: string): Promise<StoredEventJson[]> {
    const res = await admin.get<StoredEventJson[]>(`/api/v1/admin/events/stream/lot-${idLot}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The lot's events once its LotClosed is stored (answers sent before the end can come back before the closing). */
  async function eventsOnceClosed(idLot: string): Promise<StoredEventJson[]> {
    return (await eventually(() => lotEvents(idLot), (events) => expect(events.some((e) => e.type === 'LotClosed')).toBe(true), 10_000)).value;
  }

  async function inFlight(): Promise<number> {
    const res = await fetch(`${server.baseUrl}/metrics`);
    const line = (await res.text()).split('\n').find((l) => l.startsWith('offers_in_flight '));
    expect(line).toBeDefined();
    return Number(line!.split(' ')[1]);
  }

  const offerHead = (idAuction: string, idLot: string, length: number, extra = '') =>
    `POST ${paths.offer(idAuction, idLot)} HTTP/1.1\r\nHost: x\r\ntoken: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  test('a head sent 150 ms before the end whose body comes 500 ms after it: refused, and the lot closes at its end, not at the cap', async () => {
    const endMs = Math.floor(clock.now()) + 6_000;
    const { idAuction, idLot } = await auction(endMs);
    const body = JSON.stringify({ offer: 1000 });
    await sleep(endMs - 150 - clock.now());
    const answer = await rawRequest(server.baseUrl, offerHead(idAuction, idLot, body.length), async () => {
      await sleep(endMs + 500 - clock.now());
      return body;
    });
    expect(answer).toMatch(/^HTTP\/1\.1 409/);
    expect(answer).toContain('409004');
    const events = await eventsOnceClosed(idLot);
    const closed = events.find((e) => e.type === 'LotClosed');
    const lag = Date.parse(closed!.metadata.time!) - endMs;
    process.stdout.write(`closing lag with a head sent before the end and its body after: ${lag} ms\n`);
    // Held by the head, it closed at the cap (250 ms); the body can only come after the end, so nothing holds it.
    expect(lag).toBeLessThan(150);
    expect(events.some((e) => e.type === 'OfferPlaced')).toBe(false);
    expect(await inFlight()).toBe(0);
  }, 60_000);

  test('offers every 2 ms from 20 ms before the end to 20 ms after: none placed at or after the end, none after the closing', async () => {
    // Whole milliseconds: the end is stored as an ISO instant (ms), and the server clock's offset is fractional.
    const endMs = Math.floor(clock.now()) + 6_000;
    const { idAuction, idLot } = await auction(endMs);
    await sleep(endMs - 40 - clock.now());
    const sends: Promise<{ status: number; body: { errorCode?: number } }>[] = [];
    for (let i = 0; i <= 20; i++) {
      const at = endMs - 20 + i * 2;
      await sleep(at - clock.now());
      const client = dealers[i % dealers.length]!;
      sends.push(client.post(paths.offer(idAuction, idLot), { body: { offer: 1000 + i * 10 } }));
    }
    const answers = await Promise.all(sends);
    const summary = answers.map((a) => (a.status === 201 ? 201 : `${a.status}/${a.body.errorCode}`));
    process.stdout.write(`around the end: ${summary.join(' ')}\n`);
    for (const a of answers) expect([201, 409, 422]).toContain(a.status);
    const events = await eventsOnceClosed(idLot);
    const closedAt = events.findIndex((e) => e.type === 'LotClosed');
    expect(closedAt).toBeGreaterThanOrEqual(0);
    const placed = events.filter((e) => e.type === 'OfferPlaced');
    expect(placed.length).toBe(answers.filter((a) => a.status === 201).length);
    for (const e of placed) expect(Date.parse(String(e.data.placedAt))).toBeLessThan(endMs);
    expect(events.slice(closedAt).some((e) => e.type === 'OfferPlaced')).toBe(false);
    expect(Date.parse(events[closedAt]!.metadata.time!)).toBeGreaterThanOrEqual(endMs);
    expect(await inFlight()).toBe(0);
  }, 60_000);

  test('buy-now and a plain offer sent together 5 ms before the end: at most one wins, nothing after the closing', async () => {
    const endMs = Math.floor(clock.now()) + 6_000;
    const { idAuction, idLot } = await auction(endMs, 5000);
    await sleep(endMs - 5 - clock.now());
    const [buy, plain] = await Promise.all([
      dealers[0]!.post(paths.offer(idAuction, idLot), { body: { offer: 5000, clickAndBuy: true } }),
      dealers[1]!.post(paths.offer(idAuction, idLot), { body: { offer: 1000 } }),
    ]);
    for (const a of [buy, plain]) expect([201, 409]).toContain(a.status);
    const events = await eventsOnceClosed(idLot);
    expect(events.filter((e) => e.type === 'LotClosed')).toHaveLength(1);
    const closedAt = events.findIndex((e) => e.type === 'LotClosed');
    expect(events.slice(closedAt).some((e) => e.type === 'OfferPlaced')).toBe(false);
    expect(await inFlight()).toBe(0);
  }, 60_000);

  test('requests on a lot that fail every way (auth, body, size, path, key replayed, aborted) leave no offer in flight', async () => {
    const { idAuction, idLot } = await auction(clock.now() + 3_600_000);
    const other = await auction(clock.now() + 3_600_000);
    const anonymous = ApiClient.anonymous(server.baseUrl);
    const dealer = dealers[0]!;
    const offer = paths.offer(idAuction, idLot);
    const key = `replay-${runTag()}`;
    const statuses: number[] = [];
    const note = (r: { status: number }) => statuses.push(r.status);
    for (let round = 0; round < 5; round++) {
      note(await anonymous.post(offer, { body: { offer: 1000 } }));
      note(await dealer.post(offer, { body: { offer: -1 } }));
      note(await dealer.post(offer, { body: { offer: 1 } }));
      note(await dealer.post(offer, { body: { offer: 1000 + round * 10 }, idempotencyKey: key }));
      note(await dealer.post(offer, { body: { offer: 1000 + round * 10 }, idempotencyKey: key }));
      note(await dealer.post(paths.offer(other.idAuction, idLot), { body: { offer: 5000 } }));
      note(await dealer.post(paths.offer(idAuction, 'no-such-lot'), { body: { offer: 5000 } }));
      for (const path of [`${offer}/`, offer.replace('/offer/', '//offer//'), offer.replace('/api/v1/secure/', '/API/V1/SECURE/'), offer.replace('/auction/', '/auction/%2e/../auction/')]) {
        note(await dealer.post(path, { body: { offer: 9000 + round * 100 } }));
      }
      note(await dealer.get(`/api/v1/mobile/auction/${idAuction}/offer/${idLot}?offer=1`));
      const huge = await fetch(`${server.baseUrl}${offer}`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: `{"offer":1${'0'.repeat(3 * 1024 * 1024)}}` })
        .then((r) => r.status, () => 413);
      statuses.push(huge);
      // Heads alone, then the connection dropped (before and after a part of the body).
      await rawRequest(server.baseUrl, offerHead(idAuction, idLot, 20), async () => { await sleep(20); return null; });
      await rawRequest(server.baseUrl, offerHead(idAuction, idLot, 20), async () => '{"offer"', true).catch(() => '');
      await rawRequest(server.baseUrl, offerHead(idAuction, idLot, 5), async () => '{"o":', true).catch(() => '');
      // A bad JSON text and a body on a lot of another auction by a mobile token.
      await rawRequest(server.baseUrl, offerHead(idAuction, idLot, 3), async () => '{{{');
      await rawRequest(server.baseUrl, offerHead(other.idAuction, idLot, 14), async () => '{"offer":1000}');
    }
    await sleep(300);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(await inFlight()).toBe(0);
  }, 120_000);
});
