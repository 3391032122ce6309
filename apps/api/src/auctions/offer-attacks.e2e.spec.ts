/**
 * Attacks on offers (issue 21 items 10, 11, 13) through HTTP against the real built server on PostgreSQL: an
 * `Idempotency-Key` reused across lots, concurrently, with another amount, after a refusal; a body sent long after
 * its head (slowloris) and a chunked body held open past the lot's end; the paging limits of the dealer lists.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, DEMO_PASSWORD, type RunningServer, type ServerStorage, ServerClock, createStorage, sleep, startServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, getAuction, paths, runTag } from '../testing/auction.test-support.js';
import { slowRequest } from '../testing/raw-request.test-support.js';

describe('attacks on offers (postgres)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let auctioneer: ApiClient;
  let dealer: ApiClient;
  let token: string;
  let clock: ServerClock;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [auctioneer, dealer] = await Promise.all(['auctioneer', 'dealer3'].map((u) => ApiClient.login(server.baseUrl, u)));
    const login = await ApiClient.anonymous(server.baseUrl).post<{ token: string }>('/api/v1/mobile/token', { body: { username: 'dealer4', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    token = login.body.token;
    clock = await ServerClock.sync(auctioneer);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  async function auction(lots: number, endInMs = 3_600_000): Promise<{ idAuction: string; lotIds: string[] }> {
    const tag = runTag();
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Attack ${tag}`, startMs: clock.now() - 1000, endMs: clock.now() + endInMs, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: Array.from({ length: lots }, (_, i) => ({ licensePlate: `AT${tag}${i}`, basePrice: 1000, minIncrement: 10 })),
      }),
    });
    expect(created.status).toBe(201);
    return { idAuction: created.body.idAuction, lotIds: created.body.lots.map((l) => l.idLot) };
  }

  test('one key on two lots at once: one offer placed, the other 409100', async () => {
    const { idAuction, lotIds } = await auction(2);
    const key = `two-lots-${runTag()}`;
    const [a, b] = await Promise.all(lotIds.map((l) => dealer.post(paths.offer(idAuction, l), { body: { offer: 1000 }, idempotencyKey: key })));
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.errorCode).toBe(409100);
    const lots = (await getAuction(auctioneer, idAuction)).lots;
    expect(lots.reduce((n, l) => n + l.offersCount, 0)).toBe(1);
  }, 60_000);

  test('one key twice at once on one lot, then with another amount: one offer; 409100', async () => {
    const { idAuction, lotIds } = await auction(1);
    const key = `twice-${runTag()}`;
    const send = (offer: number) => dealer.post(paths.offer(idAuction, lotIds[0]!), { body: { offer }, idempotencyKey: key });
    const [a, b] = await Promise.all([send(1000), send(1000)]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body).toEqual(a.body);
    const other = await send(1100);
    expect(`${other.status} ${other.body.errorCode}`).toBe('409 409100');
    expect((await getAuction(auctioneer, idAuction)).lots[0]!.offersCount).toBe(1);
  }, 60_000);

  test('a refused offer forgets its key: the same key then places a valid offer once', async () => {
    const { idAuction, lotIds } = await auction(1);
    const key = `refused-${runTag()}`;
    const send = (offer: number) => dealer.post(paths.offer(idAuction, lotIds[0]!), { body: { offer }, idempotencyKey: key });
    const low = await send(500);
    expect(low.status).toBeGreaterThanOrEqual(400);
    expect(low.status).toBeLessThan(500);
    const ok = await send(1000);
    expect(ok.status).toBe(201);
    expect((await send(1000)).body).toEqual(ok.body);
    expect((await getAuction(auctioneer, idAuction)).lots[0]!.offersCount).toBe(1);
  }, 60_000);

  test('a head sent before the lot\'s end and its body after it (slowloris, plain and chunked): 409004', async () => {
    const { idAuction, lotIds } = await auction(2, 6_000);
    const url = new URL(server.baseUrl);
    const path = paths.offer(idAuction, lotIds[0]!);
    const body = JSON.stringify({ offer: 1000 });
    const plainHead = `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\ntoken: ${token}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`;
    const chunkPath = path.replace(lotIds[0]!, lotIds[1]!);
    const chunkHead = `POST ${chunkPath} HTTP/1.1\r\nHost: ${url.host}\r\ntoken: ${token}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`
      + `${body.length.toString(16)}\r\n${body}\r\n`;
    // The control: the same split, its body completed before the end, is on time.
    const control = await slowRequest(server.baseUrl, plainHead.replace(lotIds[0]!, lotIds[1]!) + body.slice(0, 3), body.slice(3), 300);
    expect(control).toMatch(/^HTTP\/1\.1 201/);
    const wait = clock.now() + 6_000 - Date.now() + 1_500;
    const [plain, chunked] = await Promise.all([
      slowRequest(server.baseUrl, plainHead + body.slice(0, 3), body.slice(3), Math.max(wait, 0)),
      slowRequest(server.baseUrl, chunkHead.replace('offer\":1000', 'offer\":1010'), '0\r\n\r\n', Math.max(wait, 0)),
    ]);
    expect(plain).toMatch(/^HTTP\/1\.1 409/);
    expect(plain).toContain('409004');
    expect(chunked).toMatch(/^HTTP\/1\.1 409/);
    expect(chunked).toContain('409004');
    await sleep(100);
  }, 60_000);

  test('the seller\'s side cannot bid: a user moved into the seller\'s dealer mid-session, its MULTI_AUCTIONEER and the owner given BUYER', async () => {
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const { idAuction, lotIds } = await auction(1);
    const mover = await ApiClient.login(server.baseUrl, 'dealer5');
    const card = await admin.get<{ idDealer: string }>('/api/v1/admin/user?idUser=dealer5');
    expect((await admin.put('/api/v1/admin/user', { body: { idUser: 'dealer5', idDealer: 'D-AUCT' } })).status).toBe(200);
    const moved = await mover.post(paths.offer(idAuction, lotIds[0]!), { body: { offer: 1000 } });
    expect(`${moved.status} ${moved.body.errorCode}`).toBe('422 422050');
    for (const who of ['multiauctioneer', 'auctioneer']) {
      expect((await admin.post('/api/v1/admin/user/permission', { body: { idUser: who, permission: 'BUYER' } })).status).toBe(200);
      const seller = await ApiClient.login(server.baseUrl, who);
      const r = await seller.post(paths.offer(idAuction, lotIds[0]!), { body: { offer: 1000 } });
      expect(`${who} ${r.status} ${r.body.errorCode}`).toBe(`${who} 422 422050`);
    }
    expect((await getAuction(auctioneer, idAuction)).lots[0]!.offersCount).toBe(0);
    if (card.status === 200) await admin.put('/api/v1/admin/user', { body: { idUser: 'dealer5', idDealer: card.body.idDealer } });
  }, 60_000);

  test('running auctions paged one by one while an offer extends a lot: each auction once, none missed', async () => {
    const tag = runTag();
    const create = async (name: string, endInMs: number) => {
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `Pages ${tag} ${name}`, startMs: clock.now() - 1000, endMs: clock.now() + endInMs, regulationRequired: false,
          extension: { windowSeconds: 3600, extendSeconds: 1800 }, lots: [{ licensePlate: `PG${tag}${name}`, basePrice: 1000, minIncrement: 10 }],
        }),
      });
      expect(created.status).toBe(201);
      return created.body;
    };
    const soon = await create('A', 120_000);
    const later = await create('B', 600_000);
    const page = async (offset: number) => (await dealer.get<{ items: { idAuction: string }[] }>(
      `/api/v1/secure/running-auctions?toSearch=${encodeURIComponent(`Pages ${tag}`)}&limit=1&offset=${offset}`)).body.items.map((a) => a.idAuction);
    const first = await page(0);
    // An offer in the extension window moves the soon auction's lot (and its shown end) past the later one's.
    expect((await dealer.post(paths.offer(soon.idAuction, soon.lots[0]!.idLot), { body: { offer: 1000 } })).status).toBe(201);
    const second = await page(1);
    expect([...first, ...second].sort()).toEqual([soon.idAuction, later.idAuction].sort());
  }, 60_000);

  test('my bids paged one by one while an offer extends a lot: each lot once, none missed', async () => {
    const bidder = await ApiClient.login(server.baseUrl, 'dealer6');
    const tag = runTag();
    const create = async (name: string, endInMs: number) => {
      const created = await auctioneer.post<AuctionView>(paths.auctions, {
        body: createAuctionBody({
          name: `Bids ${tag} ${name}`, startMs: clock.now() - 1000, endMs: clock.now() + endInMs, regulationRequired: false,
          extension: { windowSeconds: 3600, extendSeconds: 1800 }, lots: [{ licensePlate: `MB${tag}${name}`, basePrice: 1000, minIncrement: 10 }],
        }),
      });
      expect(created.status).toBe(201);
      return { idAuction: created.body.idAuction, idLot: created.body.lots[0]!.idLot };
    };
    // Latest end first: the later lot leads until an offer extends the sooner one past it.
    const soon = await create('A', 600_000);
    const later = await create('B', 1_200_000);
    for (const l of [soon, later]) expect((await bidder.post(paths.offer(l.idAuction, l.idLot), { body: { offer: 1000 } })).status).toBe(201);
    const page = async (offset: number) => (await bidder.get<{ items: { idLot: string }[] }>(`/api/v1/secure/my-bids?limit=1&offset=${offset}`))
      .body.items.map((b) => b.idLot);
    const first = await page(0);
    expect(first).toEqual([later.idLot]);
    expect((await dealer.post(paths.offer(soon.idAuction, soon.idLot), { body: { offer: 1010 } })).status).toBe(201);
    const second = await page(1);
    expect([...first, ...second].sort()).toEqual([soon.idLot, later.idLot].sort());
  }, 60_000);

  test('paged dealer lists refuse malformed limits and offsets with a code, and answer past the end', async () => {
    const lists: [ApiClient, string][] = [
      ...['running-auctions', 'scheduled-auctions', 'my-bids', 'running-auctions/search'].map((l): [ApiClient, string] => [dealer, `/api/v1/secure/${l}`]),
      [auctioneer, '/api/v1/secure/auction-management'],
    ];
    for (const [client, list] of lists) {
      for (const q of ['limit=100.5', 'limit=1e2', 'limit=101', 'limit=0', 'limit=-1', 'offset=-1', 'limit=5&limit=6', 'limit=', 'offset=1.5', 'limit=%2050']) {
        const r = await client.get(`${list}?${q}`);
        expect(`${list}?${q} ${r.status} ${typeof r.body?.errorCode}`).toBe(`${list}?${q} 400 number`);
      }
      const far = await client.get<{ items: unknown[]; total: number; offset: number }>(`${list}?offset=999999`);
      expect(far.status).toBe(200);
      expect(far.body.items).toEqual([]);
      const first = await client.get<{ items: unknown[]; total: number; limit: number }>(list);
      expect(far.body.total).toBe(first.body.total);
      expect(first.body.limit).toBe(50);
    }
  }, 60_000);
});
