/**
 * The mobile app's calls in the order the app makes them (issue 22 item 7, "Done when"), through HTTP against the
 * built server: token, running auctions, the regulation, the offer sent as a GET (a retry with the same key counted
 * once, a refused offer then a valid one), observed lots, the showcase, my lot, buy, purchases, feedback. Then the
 * refusals: a session cookie on a mobile route, a browser page sending the GET offer, another dealer's data, bad
 * input (a numeric errorCode, never a 500).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import {
  ApiClient, DEMO_PASSWORD, type ApiResult, type RunningServer, type ServerStorage, ServerClock, createStorage, describeResult, startServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';

const M = '/api/v1/mobile';
const HOUR = 3_600_000;
interface Page<T> { items: T[]; total: number; limit: number; offset: number }
interface Vehicle { idVehicle: string; licensePlate: string; state: string; inMyLot: boolean; boughtByMe: boolean }
interface Purchase { idAuction: string | null; idLot: string | null; idVehicle: string | null; licensePlate: string; price: number; channel: string }

let storage: ServerStorage;
let server: RunningServer;
const s = {} as {
  d1: ApiClient; d2: ApiClient; auctioneer: ApiClient; exhibitor: ApiClient; tag: string; auction: AuctionView; vehicles: Vehicle[];
};
const offerPath = (idLot: string, query: string) => `${M}/auction/${s.auction.idAuction}/offer/${idLot}?${query}`;
const lot = (n: number) => s.auction.lots[n]!.idLot;

/** A GET with exactly these headers (Node's fetch always adds `Sec-Fetch-Mode: cors`): status and errorCode. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; errorCode: unknown }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(server.baseUrl + path, { headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => { text += chunk.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, errorCode: (JSON.parse(text) as { errorCode?: unknown }).errorCode }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Every answer of a refusal: a 4xx with a numeric errorCode, never a 5xx. */
function expectRefused(res: ApiResult, status: number, code?: number): void {
  expect({ status: res.status, numeric: typeof res.body?.errorCode === 'number' }).toEqual({ status, numeric: true });
  if (code !== undefined) expect(res.body.errorCode).toBe(code);
}

beforeAll(async () => {
  storage = await createStorage('embedded');
  server = await startServer(storage, { DEMO_DEALERS: '3' });
  const base = server.baseUrl;
  s.auctioneer = await ApiClient.login(base, 'auctioneer');
  s.exhibitor = await ApiClient.login(base, 'exhibitor');
  s.tag = runTag();
  const clock = await ServerClock.sync(s.auctioneer);
  const now = Math.ceil(clock.now() / 1000) * 1000;
  const body = createAuctionBody({
    name: `Mobile ${s.tag}`, startMs: now - 60_000, endMs: now + HOUR, regulationRequired: true, extension: { windowSeconds: 0, extendSeconds: 0 },
    lots: [
      { licensePlate: `MA${s.tag}1`, basePrice: 5000, minIncrement: 100 },
      { licensePlate: `MA${s.tag}2`, basePrice: 7000, minIncrement: 100, reservePrice: 8000, buyNowPrice: 9000 },
    ],
  });
  const created = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
  if (created.status !== 201) throw new Error(`create auction: ${describeResult(created)}`);
  s.auction = created.body;
  const showcase = await s.exhibitor.post<{ vehicles: Vehicle[] }>('/api/v1/secure/showcase', {
    body: { idMarket: 'IT', vehicles: [{ licensePlate: `MS${s.tag}1`, brand: 'Fiat', model: 'Panda', price: 6000 }, { licensePlate: `MS${s.tag}2`, brand: 'Fiat', model: 'Tipo', price: 8000 }] },
  });
  if (showcase.status !== 201) throw new Error(`create showcase: ${describeResult(showcase)}`);
  s.vehicles = showcase.body.vehicles;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('the mobile app, call by call', () => {
  test('1. token: the app logs in and every later call carries the token header', async () => {
    const res = await ApiClient.anonymous(server.baseUrl).post<{ token: string }>(`${M}/token`, { body: { username: 'dealer1', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    s.d1 = new ApiClient(server.baseUrl, { token: res.body.token }, 'dealer1');
    s.d2 = await ApiClient.login(server.baseUrl, 'dealer2');
    expect((await s.d1.get(`${M}/time`)).status).toBe(200);
  });

  test('2. running auctions, the auction with its lots, its search, base prices and a random vehicle', async () => {
    const running = await s.d1.get<Page<{ idAuction: string; lotsCount: number }>>(`${M}/auction/running?toSearch=${s.tag}`);
    expect(running.status).toBe(200);
    expect(running.body.items.map((a) => [a.idAuction, a.lotsCount])).toEqual([[s.auction.idAuction, 2]]);
    const full = await s.d1.get<AuctionView & { lotsPage: { total: number } }>(`${M}/auctionFull?idAuction=${s.auction.idAuction}`);
    expect(full.status).toBe(200);
    expect(full.body.lots.map((l) => l.idLot)).toEqual([lot(0), lot(1)]);
    const found = await s.d1.get<AuctionView>(`${M}/auctionFull/${s.auction.idAuction}/search?licensePlate=ma ${s.tag.toLowerCase()}2`);
    expect(found.body.lots.map((l) => l.idLot)).toEqual([lot(1)]);
    const byRegion = await s.d1.get<AuctionView>(`${M}/auctionFull/${s.auction.idAuction}/search?region=Lazio`);
    expect(byRegion.body.lots).toEqual([]);
    const base = await s.d1.get<Page<{ idLot: string; basePrice: number; nextMinimumOffer: number }>>(`${M}/auction/${s.auction.idAuction}/base/?idLot=${lot(0)}`);
    expect(base.body.items).toEqual([expect.objectContaining({ idLot: lot(0), basePrice: 5000, nextMinimumOffer: 5000 })]);
    const random = await s.d1.get<{ idAuction: string; idLot: string; licensePlate: string }>(`${M}/random-vehicle?idAuctions[]=${s.auction.idAuction}`);
    expect(random.status).toBe(200);
    expect([lot(0), lot(1)]).toContain(random.body.idLot);
    expect(random.body.licensePlate).toMatch(new RegExp(`^MA${s.tag}`));
    const secure = await s.d1.get<Page<{ idAuction: string }>>(`/api/v1/secure/auction?ids[]=${s.auction.idAuction}&ids[]=unknown-1`);
    expect(secure.body.items.map((a) => a.idAuction)).toEqual([s.auction.idAuction]);
  });

  test('3. regulation: not accepted, refused offer, accepted', async () => {
    const before = await s.d1.get(`${M}/auction/${s.auction.idAuction}/accepted-regulation`);
    expect(before.body).toEqual({ accepted: false });
    expectRefused(await s.d1.get(offerPath(lot(0), 'offer=5000')), 409);
    expect((await s.d1.patch(`${M}/auction/${s.auction.idAuction}/accept-regulation`)).status).toBe(204);
    await eventually(() => s.d1.get(`${M}/auction/${s.auction.idAuction}/accepted-regulation`), (r) => expect(r.body).toEqual({ accepted: true }));
  });

  test('4. offer by GET: a retry with the same key counts once, a low offer is refused, then a valid one is accepted; never cached', async () => {
    const first = await s.d1.get(offerPath(lot(0), 'offer=5000'), { idempotencyKey: `m-${s.tag}-1` });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ offer: 5000, bestOffer: 5000, leading: true });
    expect(first.headers.get('cache-control')).toContain('no-store');
    const retry = await s.d1.get(offerPath(lot(0), 'offer=5000'), { idempotencyKey: `m-${s.tag}-1` });
    expect(retry.body).toEqual(first.body);
    expectRefused(await s.d1.get(offerPath(lot(0), 'offer=5050'), { idempotencyKey: `m-${s.tag}-1` }), 409, 409100);
    expectRefused(await s.d1.get(offerPath(lot(0), 'offer=5050')), 422);
    const valid = await s.d1.get(offerPath(lot(0), 'offer=5100'));
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ offer: 5100, bestOffer: 5100 });
    const report = await s.auctioneer.get<Page<{ offer: number }>>(paths.report(s.auction.idAuction));
    expect(report.body.items.map((o) => o.offer)).toEqual([5000, 5100]);
  });

  test('5. observed: one lot, then several at once, by auction and in the list', async () => {
    expect((await s.d1.post(`${M}/auction/${s.auction.idAuction}/observe/${lot(0)}`)).status).toBe(204);
    const many = await s.d1.post<Page<{ idLot: string }>>(`${M}/auction/${s.auction.idAuction}/observed`, { body: { idLots: [lot(0), lot(1)] } });
    expect(many.status).toBe(200);
    expect(many.body.items.map((l) => l.idLot)).toEqual([lot(0), lot(1)]);
    await eventually(() => s.d1.get<Page<{ idLot: string }>>(`${M}/auction/observed`), (r) => expect(r.body.items.map((l) => l.idLot)).toEqual([lot(0), lot(1)]));
    const inAuction = await s.d1.get<Page<{ idLot: string }>>(`${M}/auction/${s.auction.idAuction}/observed`);
    expect(inAuction.body.total).toBe(2);
    const searched = await s.d1.post<Page<{ idLot: string }>>(`${M}/auction/observed`, { body: { idAuctions: [s.auction.idAuction], limit: 1 } });
    expect(searched.body).toMatchObject({ total: 2, limit: 1 });
    // The body may be left out (every auction, the first page: the description says so); one that is there is checked.
    const bodiless = await s.d1.post<Page<{ idLot: string }>>(`${M}/auction/observed`);
    expect([bodiless.status, bodiless.body.total, bodiless.body.limit]).toEqual([200, 2, 50]);
    for (const rawBody of ['null', '[]', '7']) {
      const refused = await s.d1.post<{ errorCode: number }>(`${M}/auction/observed`, { rawBody });
      expect([rawBody, refused.status, refused.body.errorCode]).toEqual([rawBody, 400, 400001]);
    }
    const none = await s.d2.get<Page<unknown>>(`${M}/auction/observed`);
    expect(none.body.total).toBe(0);
  });

  test('6. showcase: enabled, the catalogue, the regulation', async () => {
    expect((await s.d1.get(`${M}/showcase-enabled?idMarket=IT`)).body).toEqual({ enabled: true });
    const catalogue = await s.d1.get<Page<Vehicle>>(`${M}/showcase?idMarket=IT`);
    expect(catalogue.body.items.map((v) => v.licensePlate)).toEqual(expect.arrayContaining([`MS${s.tag}1`, `MS${s.tag}2`]));
    const search = await s.d1.get<Page<Vehicle>>(`${M}/showcase/search-vehicles?licensePlate=MS${s.tag}2`);
    expect(search.body.items.map((v) => v.idVehicle)).toEqual([s.vehicles[1]!.idVehicle]);
    expect((await s.d1.patch(`${M}/showcase/accept-regulation`)).status).toBe(204);
    await eventually(() => s.d1.get(`${M}/showcase/accepted-regulation`), (r) => expect(r.body).toEqual({ accepted: true }));
  });

  test('7. my lot: add, see, remove one, book', async () => {
    const ids = s.vehicles.map((v) => v.idVehicle);
    const added = await s.d1.post<{ ok: boolean }[]>(`${M}/showcase/add-to-myLot`, { body: { idVehicles: ids } });
    expect(added.body.map((o) => o.ok)).toEqual([true, true]);
    const removed = await s.d1.delete<{ ok: boolean }[]>(`${M}/showcase/remove-from-myLot?idVehicles[]=${ids[1]}`);
    expect(removed.body.map((o) => o.ok)).toEqual([true]);
    await eventually(() => s.d1.get<Page<Vehicle>>(`${M}/showcase/myLot`), (r) => expect(r.body.items.map((v) => v.idVehicle)).toEqual([ids[0]]));
    const booked = await s.d1.patch<{ ok: boolean }[]>(`${M}/showcase/book-myLot`);
    expect(booked.body.map((o) => o.ok)).toEqual([true]);
    const preempted = await s.d1.patch<{ ok: boolean }>(`${M}/showcase/preempt-vehicle`, { body: { idVehicle: ids[1] } });
    expect(preempted.body.ok).toBe(true);
  });

  test('8. buy: the booked vehicle, and a lot bought now by the GET offer', async () => {
    const bought = await s.d1.put<{ ok: boolean }[]>(`${M}/showcase/buy`, { body: { idVehicles: [s.vehicles[0]!.idVehicle] } });
    expect(bought.body.map((o) => o.ok)).toEqual([true]);
    const buyNow = await s.d1.get(offerPath(lot(1), 'offer=9000&clickAndBuy=true'));
    expect(buyNow.status).toBe(200);
  });

  test('9. purchases: the auction lot and the showcase vehicle, the caller\'s only', async () => {
    const { value } = await eventually(() => s.d1.get<Page<Purchase>>(`${M}/purchases`), (r) => expect(r.body.total).toBe(2));
    expect(value.body.items.map((p) => [p.channel, p.licensePlate, p.price]).sort()).toEqual([['AUCTION', `MA${s.tag}2`, 9000], ['SHOWCASE', `MS${s.tag}1`, 6000]]);
    const auctionOnly = await s.d1.get<Page<Purchase>>(`${M}/purchases?channel=AUCTION`);
    expect(auctionOnly.body.items.map((p) => p.idLot)).toEqual([lot(1)]);
    expect((await s.d2.get<Page<Purchase>>(`${M}/purchases`)).body.total).toBe(0);
  });

  test('10. feedback: on the auction won and on the showcase purchase, once each; not by a dealer who bought nothing', async () => {
    const auction = await eventually(() => s.d1.post(`${M}/auction/${s.auction.idAuction}/feedback`, { body: { rating: 5 } }), (r) => expect(r.status).toBe(201));
    expect(typeof auction.value.body.idFeedback).toBe('string');
    const showcase = await s.d1.post(`${M}/showcase/feedback/${s.vehicles[0]!.idVehicle}`, { body: { rating: 4 } });
    expect(showcase.status).toBe(201);
    expectRefused(await s.d2.post(`${M}/auction/${s.auction.idAuction}/feedback`, { body: { rating: 1 } }), 422, 422011);
    expectRefused(await s.d2.post(`${M}/showcase/feedback/${s.vehicles[0]!.idVehicle}`, { body: { rating: 1 } }), 422);
  });
});

describe('refusals of the mobile routes', () => {
  test('a session cookie is never accepted on a mobile route (401), though it is on the web call', async () => {
    const { client: cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer2');
    expect((await cookie.get('/api/v1/secure/running-auctions')).status).toBe(200);
    for (const path of [`${M}/auction/running`, `${M}/purchases`, offerPath(lot(0), 'offer=6000')]) expectRefused(await cookie.get(path), 401);
    expectRefused(await cookie.patch(`${M}/showcase/accept-regulation`), 401);
  });

  test('the GET offer from a browser page (Origin, Sec-Fetch-*) is refused with 403220 and places nothing', async () => {
    await s.d2.patch(`${M}/auction/${s.auction.idAuction}/accept-regulation`);
    const browser: Record<string, string>[] = [
      { origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-dest': 'image' },
    ];
    for (const headers of browser) expectRefused(await s.d2.get(offerPath(lot(0), 'offer=6000'), { headers }), 403, 403220);
    const token = s.d2.credentials.token!;
    for (const mode of ['navigate', 'no-cors', 'same-origin']) {
      expect(await rawGet(offerPath(lot(0), 'offer=6000'), { token, 'sec-fetch-mode': mode })).toEqual({ status: 403, errorCode: 403220 });
    }
    const res = await s.d2.get(offerPath(lot(0), 'offer=6000'));
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const report = await s.auctioneer.get<Page<{ offer: number }>>(paths.report(s.auction.idAuction));
    expect(report.body.items.map((o) => o.offer)).toEqual([5000, 5100, 9000, 6000]);
  });

  test('a read-only dealer may look, but its GET offer is a change: 403020, nothing placed', async () => {
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const set = await admin.put('/api/v1/admin/user', { body: { idUser: 'dealer3', readOnly: true } });
    expect(set.status).toBe(200);
    const d3 = await ApiClient.login(server.baseUrl, 'dealer3');
    expect((await d3.get(`${M}/auction/running`)).status).toBe(200);
    expectRefused(await d3.get(offerPath(lot(0), 'offer=9000')), 403, 403020);
    const best = await s.d1.get<Page<{ bestOffer: number }>>(`${M}/auction/${s.auction.idAuction}/base?idLot=${lot(0)}`);
    expect(best.body.items[0]!.bestOffer).toBe(6000);
  });

  test('another dealer\'s data: its observed lots, purchases and my lot are its own; a non-dealer may not bid', async () => {
    expect((await s.d2.get<Page<unknown>>(`${M}/showcase/myLot`)).body.total).toBe(0);
    expect((await s.d2.get<Page<unknown>>(`${M}/auction/${s.auction.idAuction}/observed`)).body.total).toBe(0);
    const taken = await s.d2.put<{ ok: boolean; errorCode?: number }[]>(`${M}/showcase/buy`, { body: { idVehicles: [s.vehicles[0]!.idVehicle] } });
    expect(taken.status).toBeGreaterThanOrEqual(400);
    expectRefused(await s.auctioneer.get(offerPath(lot(0), 'offer=7000')), 403, 403001);
    expectRefused(await s.auctioneer.get(`${M}/purchases`), 403, 403001);
  });

  test('bad input: a numeric errorCode, never a 500', async () => {
    const id = s.auction.idAuction;
    const bad: [string, number][] = [
      [offerPath(lot(0), 'offer=1e4'), 400], [offerPath(lot(0), 'offer=-5'), 400], [offerPath(lot(0), 'offer=6000.001'), 400],
      [offerPath(lot(0), 'offer=0x1800'), 400], [offerPath(lot(0), ''), 400], [offerPath(lot(0), 'offer=6000&clickAndBuy=yes'), 400],
      [`${M}/auction/${id}/offer/unknown-lot?offer=6000`, 404], [`${M}/auction/${id}/offer/bad%20id?offer=6000`, 400],
      [`${M}/random-vehicle`, 400], [`${M}/random-vehicle?idAuctions[]=unknown-1`, 404], [`${M}/auctionFull`, 400],
      [`${M}/auctionFull/${id}/search?limit=0`, 400], [`${M}/auction/${id}/base?idLot=unknown-lot`, 404], [`${M}/auction/unknown-1/observed`, 404],
      ['/api/v1/secure/auction', 400], [`/api/v1/secure/auction?ids[]=${id}&ids[]=${id}`, 400], [`${M}/showcase?idMarket=XX`, 400],
    ];
    const wrong: string[] = [];
    for (const [path, status] of bad) {
      const res = await s.d2.get(path);
      if (res.status !== status || typeof res.body?.errorCode !== 'number') wrong.push(`GET ${path}: ${describeResult(res)}`);
    }
    const none = await s.d2.get(`${M}/random-vehicle?idAuctions[]=unknown-1`);
    expect(none.body.errorCode).toBe(404220);
    for (const body of [{ idLots: [] }, { idLots: ['a', 'a'] }, { idLots: 'x' }]) {
      const res = await s.d2.post(`${M}/auction/${id}/observed`, { body });
      if (res.status !== 400 || typeof res.body?.errorCode !== 'number') wrong.push(`POST observed ${JSON.stringify(body)}: ${describeResult(res)}`);
    }
    expect(wrong).toEqual([]);
  });
});
